// SPDX-License-Identifier: Apache-2.0
#include "format/route_snapshot.h"

#include "format/codec.h"
#include "format/diagnostic.h"

#include "policy/text.h"
#include "policy/validation.h"

#include "json_parse.h"

#include <nlohmann/json.hpp>

namespace format
{

namespace
{

using Json = nlohmann::ordered_json;

// Go's time.Time zero value, which json.Marshal writes when a deadline was never set.
constexpr std::string_view kGoZeroTime = "0001-01-01T00:00:00Z";

RouteSnapshotRead failed(std::string message)
{
    RouteSnapshotRead r;
    r.error = std::move(message);
    return r;
}

const char* typeName(const Json& v)
{
    return v.is_null()   ? "null"
        : v.is_boolean() ? "a boolean"
        : v.is_number()  ? "a number"
        : v.is_string()  ? "a string"
        : v.is_array()   ? "an array"
                         : "an object";
}

// policy_json: a v1 document this build reads, or why not.
void readPolicies(const std::string& policyJson, RouteSnapshot& s)
{
    RulesJson read = parseRulesJson(policyJson);
    if (!read.errors.empty()) {
        const Diagnostic& e = read.errors.front();
        s.policiesError = (e.path.empty() ? std::string("policy_json") : "policy_json." + e.path) + ": " + e.message;
    } else if (!read.policies) {
        s.policiesError = "policy_json: not a versioned policy document";
    } else if (read.policies->isNewerVersion()) {
        s.policiesError = "policy_json: policy version " + std::to_string(read.policies->version)
            + " is newer than this build's " + std::to_string(policy::kSupportedPolicyVersion);
    } else if (const auto issues = policy::validate(*read.policies, "policy_json"); !issues.empty()) {
        // Out of range, a class missing, no outcome: such a policy is shown
        // as unreadable and never evaluated (invalid data authorizes nothing).
        s.policiesError = issues.front().path + ": " + describeIssue(issues.front());
    } else {
        s.policies = std::move(read.policies);
    }
}

}  // namespace

RouteSnapshotRead parseRouteSnapshot(std::string_view text, PolicyJsonCache* cache)
{
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return {};
    // The database counts characters (length() in SQLite and PostgreSQL), and so does this message.
    if (const std::size_t characters = policy::utf8Characters(text); characters > kMaxRouteSnapshotCharacters)
        return failed("policy_state_json is " + std::to_string(characters) + " characters long; at most "
            + std::to_string(kMaxRouteSnapshotCharacters) + " are read");
    Json root;
    if (const auto e = detail::parseJsonText(text, root)) {
        std::string where = "policy_state_json";
        if (e->line > 0)
            where += " (line " + std::to_string(e->line) + ", column " + std::to_string(e->column) + ")";
        return failed(where + ": " + e->message);
    }
    if (!root.is_object())
        return failed(std::string("policy_state_json: expected an object, found ") + typeName(root));

    RouteSnapshot s;
    // Each key: absent or null is its zero value (as in Go); another type is an error.
    auto wrong = [](const std::string& key, const char* expected, const Json& v) {
        return failed("policy_state_json." + key + ": expected " + expected + ", found " + typeName(v));
    };
    auto stringField = [&](const char* key, std::string& out) -> std::optional<RouteSnapshotRead> {
        const auto it = root.find(key);
        if (it == root.end() || it->is_null())
            return std::nullopt;
        if (!it->is_string())
            return wrong(key, "a string", *it);
        out = it->get<std::string>();
        return std::nullopt;
    };
    auto boolField = [&](const Json& object, const std::string& path, const char* key,
                         bool& out) -> std::optional<RouteSnapshotRead> {
        const auto it = object.find(key);
        if (it == object.end() || it->is_null())
            return std::nullopt;
        if (!it->is_boolean())
            return wrong(path, "true or false", *it);
        out = it->get<bool>();
        return std::nullopt;
    };

    std::string policyJson, deadline;
    for (auto [key, out] : {std::pair {"failure_code", &s.failureCode}, std::pair {"failure_class", &s.failureClass},
             std::pair {"catalogue_version", &s.catalogueVersion}, std::pair {"policy_json", &policyJson},
             std::pair {"deadline", &deadline}, std::pair {"pending_outcome", &s.pendingOutcome}}) {
        if (auto e = stringField(key, *out))
            return *e;
    }
    if (const auto it = root.find("retry_ordinal"); it != root.end() && !it->is_null()) {
        if (!it->is_number_integer() || it->get<std::int64_t>() < 0)
            return wrong("retry_ordinal", "a whole number of at least 0", *it);
        s.retryOrdinal = it->get<std::int64_t>();
    }
    bool used = false;
    if (auto e = boolField(root, "reset_wait_used", "reset_wait_used", used))
        return *e;
    // kandev's rule: the per-class map when present, else the single flag for the failure's class.
    if (const auto it = root.find("reset_wait_classes"); it != root.end() && !it->is_null()) {
        if (!it->is_object())
            return wrong("reset_wait_classes", "an object", *it);
        if (auto e = boolField(*it, "reset_wait_classes.transient", "transient", s.transientResetWaitUsed))
            return *e;
        if (auto e = boolField(*it, "reset_wait_classes.hard", "hard", s.hardResetWaitUsed))
            return *e;
    } else if (used) {
        s.transientResetWaitUsed = s.failureClass == "transient";
        s.hardResetWaitUsed = s.failureClass == "hard";
    }
    if (!deadline.empty() && deadline != kGoZeroTime) {
        s.deadline = policy::parseRfc3339(deadline);
        if (!s.deadline)
            return failed("policy_state_json.deadline: \"" + deadline + "\" is not an RFC 3339 time");
    }
    if (!policyJson.empty() && policyJson != "null") {
        if (cache) {
            if (const auto hit = cache->entries.find(policyJson); hit != cache->entries.end()) {
                s.policies = hit->second.first;
                s.policiesError = hit->second.second;
            } else {
                readPolicies(policyJson, s);
                cache->entries.emplace(policyJson, std::pair {s.policies, s.policiesError});
            }
        } else {
            readPolicies(policyJson, s);
        }
    }
    RouteSnapshotRead r;
    r.snapshot = std::move(s);
    return r;
}

}  // namespace format
