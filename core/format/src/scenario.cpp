// SPDX-License-Identifier: Apache-2.0
#include "format/scenario.h"

#include "format/codec.h"

#include "json_parse.h"

#include <nlohmann/json.hpp>

namespace format
{

using Json = nlohmann::ordered_json;

namespace
{

class ScenarioReader
{
public:
    explicit ScenarioReader(std::string_view text)
        : m_errors(text)
    {
    }

    void error(const std::string& path, const std::string& message)
    {
        m_errors.add({path, message});
    }

    std::optional<policy::Scenario> read(const Json& root)
    {
        if (!root.is_object()) {
            error("", "a scenario must be a JSON object");
            return std::nullopt;
        }
        policy::Scenario s;
        s.start = *policy::parseRfc3339(policy::kDefaultScenarioStart);
        for (auto it = root.begin(); it != root.end(); ++it) {
            const std::string& key = it.key();
            const Json& v = it.value();
            if (key == "name") {
                if (v.is_string())
                    s.name = v.get<std::string>();
                else if (!v.is_null())
                    error(key, "expected a string");
            } else if (key == "start") {
                const auto t = v.is_string() ? policy::parseRfc3339(v.get<std::string>()) : std::nullopt;
                if (!t)
                    error(key, "expected an RFC 3339 time such as 2026-01-01T00:00:00Z");
                else
                    s.start = *t;
            } else if (key == "then") {
                if (v == "repeat")
                    s.then = policy::ScenarioThen::Repeat;
                else if (v == "success")
                    s.then = policy::ScenarioThen::Success;
                else
                    error(key, "expected \"repeat\" or \"success\"");
            } else if (key == "attempts") {
                if (!v.is_array()) {
                    error(key, "expected an array of attempts");
                    continue;
                }
                for (std::size_t i = 0; i < v.size(); ++i)
                    s.attempts.push_back(attempt(v[i], indexPath("attempts", i)));
            } else {
                error(key, "unknown key (a scenario has name, start, attempts and then)");
            }
        }
        if (!root.contains("attempts"))
            error("attempts", "attempts is missing");
        if (!m_errors.empty())
            return std::nullopt;
        return s;
    }

    std::vector<Diagnostic> takeErrors()
    {
        return m_errors.take();
    }

private:
    policy::ScenarioAttempt attempt(const Json& v, const std::string& path)
    {
        policy::ScenarioAttempt a;
        if (!v.is_object()) {
            error(path, "expected an attempt object");
            return a;
        }
        if (const auto it = v.find("success"); it != v.end()) {
            if (*it != true || v.size() != 1)
                error(path, "a success entry is exactly {\"success\": true}");
            return policy::ScenarioAttempt::successful();
        }
        for (auto it = v.begin(); it != v.end(); ++it) {
            const std::string fieldPath = joinPath(path, it.key());
            const Json& f = it.value();
            if (it.key() == "code") {
                if (f.is_string() && !f.get<std::string>().empty())
                    a.code = f.get<std::string>();
                else
                    error(fieldPath, "expected a non-empty error code");
            } else if (it.key() == "reset_after_seconds") {
                if (f.is_number_integer() && f.get<std::int64_t>() >= 0 && f.get<std::int64_t>() <= 366LL * 86400)
                    a.resetAfterSeconds = f.get<std::int64_t>();
                else if (!f.is_null())
                    error(fieldPath, "expected a whole number of seconds from 0 to 31622400 (366 days)");
            } else if (it.key() == "effect_safe") {
                if (f.is_boolean())
                    a.effectSafe = f.get<bool>();
                else
                    error(fieldPath, "expected true or false");
            } else if (it.key() == "confidence") {
                const auto c = f.is_string() ? policy::confidenceFromName(f.get<std::string>()) : std::nullopt;
                if (c)
                    a.confidence = *c;
                else
                    error(fieldPath, "expected \"high\", \"medium\" or \"low\"");
            } else if (it.key() == "class") {
                if (f.is_string())
                    a.statedClass = f.get<std::string>();
                else if (!f.is_null())
                    error(fieldPath, "expected a string");
            } else {
                error(fieldPath,
                    "unknown key (an attempt has code, reset_after_seconds, effect_safe, confidence "
                    "and class, or is {\"success\": true})");
            }
        }
        if (!v.contains("code"))
            error(joinPath(path, "code"), "code is missing");
        return a;
    }

    DiagnosticCollector m_errors;
};

}  // namespace

ScenarioParseResult parseScenario(std::string_view text)
{
    ScenarioParseResult result;
    Json root;
    if (auto error = detail::parseJsonText(text, root)) {
        result.errors.push_back(std::move(*error));
        return result;
    }
    ScenarioReader reader(text);
    result.scenario = reader.read(root);
    result.errors = reader.takeErrors();
    return result;
}

std::string serializeScenario(const policy::Scenario& s)
{
    Json j = Json::object();
    if (!s.name.empty())
        j["name"] = s.name;
    j["start"] = policy::formatRfc3339(s.start);
    Json attempts = Json::array();
    for (const auto& a : s.attempts) {
        if (a.success) {
            attempts.push_back({{"success", true}});
            continue;
        }
        Json aj = Json::object();
        aj["code"] = a.code;
        if (a.resetAfterSeconds)
            aj["reset_after_seconds"] = *a.resetAfterSeconds;
        aj["effect_safe"] = a.effectSafe;
        if (a.confidence != policy::Confidence::High)
            aj["confidence"] = std::string(policy::confidenceName(a.confidence));
        if (!a.statedClass.empty())
            aj["class"] = a.statedClass;
        attempts.push_back(std::move(aj));
    }
    j["attempts"] = std::move(attempts);
    j["then"] = s.then == policy::ScenarioThen::Repeat ? "repeat" : "success";
    return j.dump(2) + "\n";
}

}  // namespace format
