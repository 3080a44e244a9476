// SPDX-License-Identifier: Apache-2.0
#include "lint_output.h"

#include "commands.h"

#include "english/lint.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace cli
{
namespace
{

using Json = nlohmann::ordered_json;

constexpr std::string_view kSarifSchema = "https://json.schemastore.org/sarif-2.1.0.json";

std::string sentence(const rules::Violation& v)
{
    return english::describeViolation(v);
}

Json orNull(const std::optional<std::int64_t>& v)
{
    return v ? Json(*v) : Json(nullptr);
}

Json className(const std::optional<policy::ErrorClass>& c)
{
    return c ? Json(std::string(policy::classKey(*c))) : Json(nullptr);
}

// A path as a relative URI reference: unreserved characters and '/' as they
// are, every other byte percent-encoded (a space, '#', '%', non-ASCII).
std::string uriOf(std::string_view path)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char ch : path) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
            out += ch;
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

// Text safe in XML 1.0: controls escaped as shown() does (XML cannot carry
// most of them even as references), then the five markup characters.
std::string xml(std::string_view raw)
{
    std::string out;
    for (const char c : shown(raw)) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string withHouseMessage(const rules::Violation& v)
{
    return v.message.empty() ? sentence(v) : sentence(v) + " (" + v.message + ")";
}

std::string_view sarifLevel(rules::Severity s)
{
    return s == rules::Severity::Error ? "error" : "warning";
}

}  // namespace

void writeLintText(const LintRun& run, std::ostream& out)
{
    for (const LintedInput& input : run.inputs) {
        for (const rules::Violation& v : input.violations) {
            out << shown(input.label);
            if (v.line > 0)
                out << ':' << v.line << ':' << v.column;
            out << ": " << (v.excepted() ? "excepted" : rules::severityName(v.severity)) << ": [" << shown(v.ruleId)
                << "] profile \"" << shown(v.profileId) << "\": " << shown(sentence(v));
            if (!v.message.empty())
                out << " -- " << shown(v.message);
            if (v.excepted())
                out << " (exception: " << shown(*v.exceptionReason) << ")";
            out << "\n";
        }
        const rules::LintCounts c = rules::countViolations(input.violations);
        std::size_t dynamic = 0;
        for (const auto& p : input.document->profiles)
            dynamic += p.isDynamic() ? 1 : 0;
        out << shown(input.label) << ": " << dynamic << (dynamic == 1 ? " dynamic profile, " : " dynamic profiles, ")
            << c.errors << (c.errors == 1 ? " error, " : " errors, ") << c.warnings
            << (c.warnings == 1 ? " warning, " : " warnings, ") << c.excepted << " excepted\n";
    }
}

void writeLintJson(const LintRun& run, std::ostream& out)
{
    Json files = Json::array();
    rules::LintCounts total;
    for (const LintedInput& input : run.inputs) {
        Json list = Json::array();
        for (const rules::Violation& v : input.violations) {
            Json j = Json::object();
            j["rule_id"] = v.ruleId;
            j["kind"] = std::string(rules::descriptor(v.kind).name);
            j["severity"] = std::string(rules::severityName(v.severity));
            j["profile_id"] = v.profileId;
            j["profile_name"] = v.profileName;
            j["candidate_index"] = v.candidateIndex ? Json(*v.candidateIndex) : Json(nullptr);
            j["execution_profile_id"] = v.candidateIndex ? Json(v.executionProfileId) : Json(nullptr);
            j["class"] = className(v.errorClass);
            j["measured"] = orNull(v.measured);
            j["limit"] = orNull(v.limit);
            j["path"] = v.path;
            j["line"] = v.line > 0 ? Json(v.line) : Json(nullptr);
            j["column"] = v.line > 0 ? Json(v.column) : Json(nullptr);
            j["message"] = sentence(v);
            j["rule_message"] = v.message.empty() ? Json(nullptr) : Json(v.message);
            j["excepted"] = v.excepted();
            j["exception_reason"] = v.excepted() ? Json(*v.exceptionReason) : Json(nullptr);
            list.push_back(std::move(j));
        }
        const rules::LintCounts c = rules::countViolations(input.violations);
        total.errors += c.errors;
        total.warnings += c.warnings;
        total.excepted += c.excepted;
        std::size_t dynamic = 0;
        for (const auto& p : input.document->profiles)
            dynamic += p.isDynamic() ? 1 : 0;
        files.push_back(Json {{input.database ? "database" : "file", input.label}, {"dynamic_profiles", dynamic},
            {"violations", std::move(list)}});
    }
    const Json rulesJson {
        {"file", run.rulesLabel.empty() ? Json(nullptr) : Json(run.rulesLabel)}, {"blocking", run.ruleSet->blocking}};
    out << jsonOutput(Json {{"rules", rulesJson}, {"files", std::move(files)}, {"errors", total.errors},
        {"warnings", total.warnings}, {"excepted", total.excepted}})
        << "\n";
}

void writeLintSarif(const LintRun& run, std::ostream& out)
{
    Json rulesList = Json::array();
    std::map<std::string, std::size_t> ruleIndex;
    for (const rules::Rule& r : run.ruleSet->rules) {
        ruleIndex.emplace(r.id, rulesList.size());
        Json rule {{"id", r.id}, {"name", std::string(rules::descriptor(r.kind).name)},
            {"shortDescription", {{"text", english::describeKind(r.kind)}}}};
        if (!r.message.empty())
            rule["fullDescription"] = {{"text", r.message}};
        rule["defaultConfiguration"] = {{"level", std::string(sarifLevel(r.severity))}};
        rulesList.push_back(std::move(rule));
    }
    Json results = Json::array();
    for (const LintedInput& input : run.inputs) {
        for (const rules::Violation& v : input.violations) {
            Json location = Json::object();
            if (!input.database) {
                Json physical {{"artifactLocation", {{"uri", uriOf(input.label)}}}};
                if (v.line > 0)
                    physical["region"] = {{"startLine", v.line}, {"startColumn", v.column}};
                location["physicalLocation"] = std::move(physical);
            }
            // A database has no file: the profile and the field are the location.
            location["logicalLocations"] = Json::array({Json {
                {"name", v.profileId}, {"fullyQualifiedName", input.database ? input.label + ":" + v.path : v.path}}});
            Json result {{"ruleId", v.ruleId}};
            if (const auto it = ruleIndex.find(v.ruleId); it != ruleIndex.end())
                result["ruleIndex"] = it->second;
            result["level"] = std::string(sarifLevel(v.severity));
            result["message"] = {{"text", "profile \"" + v.profileId + "\": " + withHouseMessage(v)}};
            result["locations"] = Json::array({std::move(location)});
            if (v.excepted())
                result["suppressions"]
                    = Json::array({Json {{"kind", "external"}, {"justification", *v.exceptionReason}}});
            Json properties {{"profile_id", v.profileId}};
            if (v.candidateIndex) {
                properties["candidate_index"] = *v.candidateIndex;
                properties["execution_profile_id"] = v.executionProfileId;
            }
            if (v.errorClass)
                properties["class"] = className(v.errorClass);
            if (v.measured)
                properties["measured"] = *v.measured;
            if (v.limit)
                properties["limit"] = *v.limit;
            result["properties"] = std::move(properties);
            results.push_back(std::move(result));
        }
    }
    const Json driver {{"name", "policyctl"}, {"version", run.version}, {"rules", std::move(rulesList)}};
    const Json sarif {{"$schema", std::string(kSarifSchema)}, {"version", "2.1.0"},
        {"runs", Json::array({Json {{"tool", {{"driver", driver}}}, {"results", std::move(results)}}})}};
    out << sarif.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

// JUnit as Ant's schema has it (the one GitLab and Jenkins read): one
// testsuite per dynamic profile, one testcase per rule that applies to it,
// one failure element holding every violation of that rule there.
void writeLintJunit(const LintRun& run, std::ostream& out)
{
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n";
    std::size_t suiteId = 0;
    for (const LintedInput& input : run.inputs) {
        // Each profile's violations, found once: the suites cost what the violations do.
        std::vector<std::vector<const rules::Violation*>> byProfile(input.document->profiles.size());
        for (const rules::Violation& v : input.violations)
            byProfile[v.profileIndex].push_back(&v);
        for (std::size_t i = 0; i < input.document->profiles.size(); ++i) {
            const format::ProfileRecord& p = input.document->profiles[i];
            if (!p.isDynamic())
                continue;
            std::string cases;
            std::size_t tests = 0, failures = 0, skipped = 0;
            for (const rules::Rule& r : run.ruleSet->rules) {
                if (!rules::appliesTo(r, p))
                    continue;
                ++tests;
                std::vector<const rules::Violation*> found;
                bool excepted = false;
                for (const rules::Violation* v : byProfile[i]) {
                    if (v->ruleId != r.id)
                        continue;
                    if (v->excepted())
                        excepted = true;
                    else
                        found.push_back(v);
                }
                cases += "    <testcase name=\"" + xml(r.id) + "\" classname=\"" + xml(p.id) + "\" time=\"0\"";
                if (!found.empty()) {
                    ++failures;
                    const bool error = std::any_of(found.begin(), found.end(),
                        [](const auto* v) { return v->severity == rules::Severity::Error; });
                    cases += ">\n      <failure type=\"" + std::string(error ? "error" : "warning") + "\" message=\""
                        + xml(withHouseMessage(*found.front())) + "\">";
                    for (const rules::Violation* v : found) {
                        cases += xml(input.label)
                            + (v->line > 0 ? ":" + std::to_string(v->line) + ":" + std::to_string(v->column) : "")
                            + ": " + xml(v->path) + ": " + xml(withHouseMessage(*v)) + "\n";
                    }
                    cases += "</failure>\n    </testcase>\n";
                } else if (const rules::RuleException* e = run.ruleSet->exceptionFor(r.id, p.id); excepted && e) {
                    ++skipped;
                    cases += ">\n      <skipped message=\"" + xml("excepted: " + e->reason) + "\"/>\n    </testcase>\n";
                } else {
                    cases += "/>\n";
                }
            }
            out << "  <testsuite package=\"" << xml(input.label) << "\" id=\"" << suiteId++ << "\" name=\"" << xml(p.id)
                << "\" timestamp=\"" << run.timestamp << "\" hostname=\"policyctl\" tests=\"" << tests
                << "\" failures=\"" << failures << "\" errors=\"0\" skipped=\"" << skipped << "\" time=\"0\">\n"
                << "    <properties/>\n"
                << cases << "    <system-out/>\n    <system-err/>\n  </testsuite>\n";
        }
    }
    out << "</testsuites>\n";
}

}  // namespace cli
