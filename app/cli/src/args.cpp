// SPDX-License-Identifier: Apache-2.0
#include "args.h"

#include <charconv>

namespace cli
{

std::string Args::parse(const std::vector<std::string>& args, const std::vector<OptionSpec>& spec)
{
    bool optionsEnded = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (optionsEnded || a.size() < 2 || a.rfind("--", 0) != 0) {
            if (a == "-" || optionsEnded || a.empty() || a[0] != '-') {
                m_positional.push_back(a);
                continue;
            }
            return "unknown option " + a;
        }
        if (a == "--") {
            optionsEnded = true;
            continue;
        }
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name.resize(eq);
        }
        const OptionSpec* match = nullptr;
        for (const auto& s : spec) {
            if (s.name == name)
                match = &s;
        }
        if (!match)
            return "unknown option --" + name;
        if (!match->repeatable && has(name))
            return "--" + name + " given twice";
        if (!match->takesValue) {
            if (inlineValue)
                return "--" + name + " takes no value";
            m_values.emplace(name, "");
            continue;
        }
        if (!inlineValue) {
            if (i + 1 >= args.size())
                return "--" + name + " needs a value";
            inlineValue = args[++i];
        }
        m_values.emplace(name, *inlineValue);
    }
    return {};
}

std::optional<std::string> Args::value(const std::string& name) const
{
    const auto it = m_values.find(name);
    if (it == m_values.end())
        return std::nullopt;
    return it->second;
}

std::vector<std::string> Args::values(const std::string& name) const
{
    std::vector<std::string> out;
    const auto [begin, end] = m_values.equal_range(name);
    for (auto it = begin; it != end; ++it)
        out.push_back(it->second);
    return out;
}

std::optional<long long> parseInteger(const std::string& text)
{
    long long value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || text.empty())
        return std::nullopt;
    return value;
}

}  // namespace cli
