// SPDX-License-Identifier: Apache-2.0
#include "lint_output.h"

#include "commands.h"

#include "english/lint.h"
#include "pretty_json.h"
#include "protocol/evaluate_line.h"

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

// One violation as a JSON object, written with the one escaper every output
// uses (protocol::appendJsonString): a fleet's tens of thousands of
// violations are written without a JSON tree.
void appendViolationJson(std::string& out, const rules::Violation& v)
{
    const auto key = [&out](std::string_view name) {
        out += out.back() == '{' ? "\"" : ",\"";
        out += name;
        out += "\":";
    };
    const auto text = [&](std::string_view name, std::string_view value) {
        key(name);
        protocol::appendJsonString(out, value);
    };
    const auto textOrNull = [&](std::string_view name, bool present, std::string_view value) {
        key(name);
        if (present)
            protocol::appendJsonString(out, value);
        else
            out += "null";
    };
    const auto number = [&](std::string_view name, std::optional<std::int64_t> value) {
        key(name);
        out += value ? std::to_string(*value) : "null";
    };
    out += '{';
    text("rule_id", v.ruleId);
    text("kind", rules::descriptor(v.kind).name);
    text("severity", rules::severityName(v.severity));
    text("profile_id", v.profileId);
    text("profile_name", v.profileName);
    number("candidate_index",
        v.candidateIndex ? std::optional<std::int64_t>(std::int64_t(*v.candidateIndex)) : std::nullopt);
    textOrNull("execution_profile_id", v.candidateIndex.has_value(), v.executionProfileId);
    textOrNull("class", v.errorClass.has_value(), v.errorClass ? policy::classKey(*v.errorClass) : "");
    number("measured", v.measured);
    number("limit", v.limit);
    text("path", v.path);
    number("line", v.line > 0 ? std::optional<std::int64_t>(v.line) : std::nullopt);
    number("column", v.line > 0 ? std::optional<std::int64_t>(v.column) : std::nullopt);
    text("message", sentence(v));
    textOrNull("rule_message", !v.message.empty(), v.message);
    key("excepted");
    out += v.excepted() ? "true" : "false";
    textOrNull("exception_reason", v.excepted(), v.exceptionReason.value_or(""));
    out += '}';
}

void writeLintJson(const LintRun& run, std::ostream& out)
{
    rules::LintCounts total;
    for (const LintedInput& input : run.inputs) {
        const rules::LintCounts c = rules::countViolations(input.violations);
        total.errors += c.errors;
        total.warnings += c.warnings;
        total.excepted += c.excepted;
    }
    std::string buffer = "{\"rules\":{\"file\":";
    if (run.rulesLabel.empty())
        buffer += "null";
    else
        protocol::appendJsonString(buffer, run.rulesLabel);
    buffer += run.ruleSet->blocking ? ",\"blocking\":true},\"files\":[" : ",\"blocking\":false},\"files\":[";
    for (std::size_t f = 0; f < run.inputs.size(); ++f) {
        const LintedInput& input = run.inputs[f];
        std::size_t dynamic = 0;
        for (const auto& p : input.document->profiles)
            dynamic += p.isDynamic() ? 1 : 0;
        buffer += f ? ",{\"" : "{\"";
        buffer += input.database ? "database\":" : "file\":";
        protocol::appendJsonString(buffer, input.label);
        buffer += ",\"dynamic_profiles\":" + std::to_string(dynamic) + ",\"violations\":[";
        for (std::size_t k = 0; k < input.violations.size(); ++k) {
            if (k)
                buffer += ',';
            appendViolationJson(buffer, input.violations[k]);
            if (buffer.size() > 64 * 1024) {  // written in pieces, never one string of everything
                out << buffer;
                buffer.clear();
            }
        }
        buffer += "]}";
    }
    buffer += "],\"errors\":" + std::to_string(total.errors) + ",\"warnings\":" + std::to_string(total.warnings)
        + ",\"excepted\":" + std::to_string(total.excepted) + "}\n";
    out << buffer;
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
    const Json driver {{"name", "policyctl"}, {"version", run.version}, {"rules", std::move(rulesList)}};
    const Json sarif {{"$schema", std::string(kSarifSchema)}, {"version", "2.1.0"},
        {"runs", Json::array({Json {{"tool", {{"driver", driver}}}, {"results", Json::array()}}})}};
    // The small skeleton is dumped whole; the results are written into its one
    // empty array as they are made, laid out as the dump lays out the rest.
    const std::string skeleton = sarif.dump(2, ' ', false, Json::error_handler_t::replace);
    constexpr std::string_view kEmptyResults = "\"results\": []";
    const std::size_t split = skeleton.find(kEmptyResults) + kEmptyResults.size() - 1;
    std::string buffer(skeleton, 0, split);
    bool first = true;
    for (const LintedInput& input : run.inputs) {
        for (const rules::Violation& v : input.violations) {
            buffer += first ? "\n        " : ",\n        ";
            first = false;
            PrettyJson j(buffer, 4);
            j.beginObject();
            j.string("ruleId", v.ruleId);
            if (const auto it = ruleIndex.find(v.ruleId); it != ruleIndex.end())
                j.number("ruleIndex", std::int64_t(it->second));
            j.string("level", sarifLevel(v.severity));
            j.beginObject("message");
            j.string("text", "profile \"" + v.profileId + "\": " + withHouseMessage(v));
            j.endObject();
            j.beginArray("locations");
            j.beginObject();
            if (!input.database) {
                j.beginObject("physicalLocation");
                j.beginObject("artifactLocation");
                j.string("uri", uriOf(input.label));
                j.endObject();
                if (v.line > 0) {
                    j.beginObject("region");
                    j.number("startLine", v.line);
                    j.number("startColumn", v.column);
                    j.endObject();
                }
                j.endObject();
            }
            // A database has no file: the profile and the field are the location.
            j.beginArray("logicalLocations");
            j.beginObject();
            j.string("name", v.profileId);
            j.string("fullyQualifiedName", input.database ? input.label + ":" + v.path : v.path);
            j.endObject();
            j.endArray();
            j.endObject();
            j.endArray();
            if (v.excepted()) {
                j.beginArray("suppressions");
                j.beginObject();
                j.string("kind", "external");
                j.string("justification", *v.exceptionReason);
                j.endObject();
                j.endArray();
            }
            j.beginObject("properties");
            j.string("profile_id", v.profileId);
            if (v.candidateIndex) {
                j.number("candidate_index", std::int64_t(*v.candidateIndex));
                j.string("execution_profile_id", v.executionProfileId);
            }
            if (v.errorClass)
                j.string("class", policy::classKey(*v.errorClass));
            if (v.measured)
                j.number("measured", *v.measured);
            if (v.limit)
                j.number("limit", *v.limit);
            j.endObject();
            j.endObject();
            if (buffer.size() > 64 * 1024) {  // written in pieces, never one string of everything
                out << buffer;
                buffer.clear();
            }
        }
    }
    buffer += first ? "" : "\n      ";
    buffer.append(skeleton, split);
    buffer += '\n';
    out << buffer;
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
