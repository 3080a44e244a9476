// SPDX-License-Identifier: Apache-2.0
#include "migration/report_json.h"

#include "format/codec.h"
#include "policy/catalogue.h"

namespace migration
{

using Json = nlohmann::ordered_json;

namespace
{

Json classesToJson(const std::vector<policy::ErrorClass>& classes)
{
    Json j = Json::array();
    for (const auto c : classes)
        j.push_back(std::string(policy::errorClassName(c)));
    return j;
}

}  // namespace

Json policiesToJson(const policy::PolicyDocument& doc)
{
    // Written by the format's one policy writer, so a report and a file never spell a policy two ways.
    return Json::parse(format::serializePolicies(doc));
}

Json diagnosticToJson(const format::Diagnostic& d)
{
    Json j = Json::object();
    j["path"] = d.path;
    j["message"] = d.message;
    j["line"] = d.line > 0 ? Json(d.line) : Json(nullptr);
    j["column"] = d.column > 0 ? Json(d.column) : Json(nullptr);
    return j;
}

namespace
{

Json candidateToJson(const CandidateMigration& c)
{
    Json cj = Json::object();
    cj["index"] = c.index;
    cj["path"] = c.path;
    cj["execution_profile_id"] = c.executionProfileId;
    cj["source"] = std::string(sourceFormName(c.source));
    cj["changed"] = c.changes();
    Json legacy = Json::object();
    for (const auto& r : c.legacyRules)
        legacy[r.key] = r.action;
    cj["legacy_rules"] = std::move(legacy);
    Json rules = Json::array();
    for (const auto& r : c.rules) {
        Json rj = Json::object();
        rj["key"] = r.key;
        rj["action"] = r.action;
        rj["read_as"] = Json {{"key", r.readKey}, {"action", r.readAction}};
        rj["covers"] = classesToJson(r.classes);
        rj["applied_to"] = classesToJson(r.appliedTo);
        rj["overridden_by"] = r.overriddenBy.empty() ? Json(nullptr) : Json(r.overriddenBy);
        rules.push_back(std::move(rj));
    }
    cj["rules"] = std::move(rules);
    cj["defaulted_classes"] = classesToJson(c.defaultedClasses);
    cj["policies"] = c.result ? policiesToJson(*c.result) : Json(nullptr);
    Json warnings = Json::array();
    for (const auto& d : c.divergences) {
        Json w = Json::object();
        w["code"] = "go_backend_divergence";
        w["class"] = std::string(policy::errorClassName(d.errorClass));
        w["our_rule"] = d.ourKey;
        w["go_backend_rule"] = d.goKey;
        w["ours"] = Json::parse(format::serializeClassPolicy(d.ours));
        w["go_backend"] = Json::parse(format::serializeClassPolicy(d.go));
        warnings.push_back(std::move(w));
    }
    cj["warnings"] = std::move(warnings);
    Json errors = Json::array();
    for (const auto& e : c.errors)
        errors.push_back(diagnosticToJson(e));
    cj["errors"] = std::move(errors);
    return cj;
}

Json profileToJson(const ProfileMigration& p)
{
    Json pj = Json::object();
    pj["profile_id"] = p.profileId.empty() ? Json(nullptr) : Json(p.profileId);
    pj["path"] = p.path;
    pj["candidates"] = Json::array();
    return pj;
}

std::string dumpCompact(const Json& j)
{
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

Json reportToJson(const MigrationReport& report)
{
    Json profiles = Json::array();
    for (const auto& p : report.profiles) {
        Json pj = profileToJson(p);
        for (const auto& c : p.candidates)
            pj["candidates"].push_back(candidateToJson(c));
        profiles.push_back(std::move(pj));
    }
    Json j = Json::object();
    j["reading"] = report.reading == policy::Reading::Spec ? "spec" : "kandev";
    j["profiles"] = std::move(profiles);
    j["changed_candidates"] = report.changedCandidates();
    j["divergences"] = report.divergenceCount();
    j["errors"] = report.errors().size();
    return j;
}

void writeReportJson(const MigrationReport& report, const std::function<void(std::string_view)>& write)
{
    write(R"({"reading":)");
    write(report.reading == policy::Reading::Spec ? R"("spec")" : R"("kandev")");
    write(R"(,"profiles":[)");
    for (std::size_t p = 0; p < report.profiles.size(); ++p) {
        // The profile's own members, then its candidates one at a time.
        std::string head = dumpCompact(profileToJson(report.profiles[p]));
        head.resize(head.size() - 2);  // the empty candidate list's "]}"
        write(p > 0 ? "," : "");
        write(head);
        const auto& candidates = report.profiles[p].candidates;
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            write(c > 0 ? "," : "");
            write(dumpCompact(candidateToJson(candidates[c])));
        }
        write("]}");
    }
    write(R"(],"changed_candidates":)" + std::to_string(report.changedCandidates()));
    write(R"(,"divergences":)" + std::to_string(report.divergenceCount()));
    write(R"(,"errors":)" + std::to_string(report.errors().size()) + "}");
}

}  // namespace migration
