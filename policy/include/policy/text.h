#pragma once
// Text rules the backend applies to ids and legacy rule keys, so that the
// editor reads them exactly as kandev does.

#include <string_view>

namespace policy {

// Removes leading and trailing Unicode white space (the White_Space property:
// ASCII space, \t \n \v \f \r, U+0085, U+00A0, U+1680, U+2000..U+200A, U+2028,
// U+2029, U+202F, U+205F, U+3000), as Go's strings.TrimSpace does. Bytes that
// are not valid UTF-8 are not white space.
std::string_view trimSpace(std::string_view utf8) noexcept;

}  // namespace policy
