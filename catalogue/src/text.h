#pragma once
// Small text helpers shared inside catalogue/.

#include <cctype>
#include <string>
#include <string_view>

namespace catalogue::detail {

inline std::string lowered(std::string_view s)
{
    std::string out(s);
    for (auto& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace catalogue::detail
