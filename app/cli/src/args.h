// SPDX-License-Identifier: Apache-2.0
#pragma once
// A small option parser: --name value, --name=value, flags, positionals.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cli
{

struct OptionSpec {
    std::string name;  // without dashes
    bool takesValue;
    bool repeatable = false;
};

class Args
{
public:
    // Returns an error message, or "" when the arguments fit the spec.
    std::string parse(const std::vector<std::string>& args, const std::vector<OptionSpec>& spec);

    bool has(const std::string& name) const
    {
        return m_values.count(name) > 0;
    }
    std::optional<std::string> value(const std::string& name) const;
    std::vector<std::string> values(const std::string& name) const;
    const std::vector<std::string>& positional() const
    {
        return m_positional;
    }

private:
    std::multimap<std::string, std::string> m_values;
    std::vector<std::string> m_positional;
};

// Parses a whole decimal integer; nullopt for anything else.
std::optional<long long> parseInteger(const std::string& text);

}  // namespace cli
