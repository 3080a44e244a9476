// SPDX-License-Identifier: Apache-2.0
#include "policy/policy_keys.h"

namespace policy
{

std::string renderSetting(Setting s)
{
    const SettingKeys k = settingKeys(s);
    std::string path;
    path.reserve(k.section.size() + k.key.size() + 1);
    if (!k.section.empty()) {
        path.append(k.section);
        path.push_back('.');
    }
    path.append(k.key);
    return path;
}

std::optional<Setting> parseSetting(std::string_view path) noexcept
{
    for (const Setting s : kSettings) {
        const SettingKeys k = settingKeys(s);
        if (k.section.empty()) {
            if (path == k.key)
                return s;
        } else if (path.size() == k.section.size() + 1 + k.key.size() && path.starts_with(k.section)
            && path[k.section.size()] == '.' && path.ends_with(k.key)) {
            return s;
        }
    }
    return std::nullopt;
}

std::string renderPath(SettingPath p)
{
    const std::string_view cls = classKey(p.errorClass);
    std::string setting = renderSetting(p.setting);
    if (cls.empty())
        return setting;
    std::string path;
    path.reserve(cls.size() + 1 + setting.size());
    path.append(cls);
    path.push_back('.');
    path.append(setting);
    return path;
}

std::optional<SettingPath> parsePath(std::string_view path) noexcept
{
    for (const ErrorClass c : kPolicyClasses) {
        const std::string_view cls = classKey(c);
        if (path.size() > cls.size() && path.starts_with(cls) && path[cls.size()] == '.') {
            if (const auto s = parseSetting(path.substr(cls.size() + 1)))
                return SettingPath {c, *s};
            return std::nullopt;
        }
    }
    return std::nullopt;
}

}  // namespace policy
