// SPDX-License-Identifier: Apache-2.0
#include "check/document_check.h"

#include "check/eligibility.h"
#include "format/locate.h"
#include "format/validator.h"

#include "policy/validation.h"

#include <algorithm>
#include <unordered_set>

namespace check
{

using migration::CandidateMigration;
using migration::migrateCandidate;
using migration::planMigration;
namespace
{

// The paths reported so far, to tell whether a new diagnostic is about a
// field already reported, one inside it, or one that holds it ("a.b" and
// "a.b.c"): a hash lookup per ancestor, so n diagnostics cost n, not n².
class ReportedPaths
{
public:
    explicit ReportedPaths(const std::vector<format::Diagnostic>& reported)
    {
        for (const auto& d : reported)
            insert(d.path);
    }
    bool related(std::string_view path) const
    {
        if (m_paths.count(std::string(path)) || m_ancestors.count(std::string(path)))
            return true;
        bool insideReported = false;
        format::forEachAncestorPath(path, [&](std::string_view ancestor) {
            insideReported = insideReported || m_paths.count(std::string(ancestor));
        });
        return insideReported;
    }
    void insert(std::string_view path)
    {
        m_paths.emplace(path);
        format::forEachAncestorPath(path, [&](std::string_view ancestor) { m_ancestors.emplace(ancestor); });
    }

private:
    std::unordered_set<std::string> m_paths;
    std::unordered_set<std::string> m_ancestors;
};

bool hasNewerPolicyVersion(const format::Document& doc)
{
    for (const auto& p : doc.profiles) {
        if (!p.dynamic)
            continue;
        for (const auto& c : p.dynamic->candidates) {
            if (c.policies && c.policies->isNewerVersion())
                return true;
        }
    }
    return false;
}

}  // namespace

DocumentCheck checkDocument(std::string_view text, bool schemaFiles, format::RecordSources sources)
{
    DocumentCheck check;
    format::ParseResult parsed
        = format::parseDocument(text, schemaFiles ? format::SchemaFiles::Check : format::SchemaFiles::Skip, sources);
    check.errors = std::move(parsed.errors);
    if (!parsed.document)
        return check;
    check.document = std::move(parsed.document);
    const format::Document& doc = *check.document;
    check.legacy = doc.hasLegacyRules();
    check.readOnly = hasNewerPolicyVersion(doc);

    ReportedPaths reported(check.errors);
    std::vector<format::Diagnostic> more;  // the "more" counts of reporters that capped their own
    auto add = [&](format::Diagnostic d) {
        if (d.code == format::kMoreDiagnosticsCode)
            more.push_back(std::move(d));
        else if (!reported.related(d.path)) {
            reported.insert(d.path);
            check.errors.push_back(std::move(d));
        }
    };
    for (auto& d : format::validateDocument(doc, text))
        add(std::move(d));
    for (const auto& d : planMigration(doc).errors())
        add(d);
    const std::size_t beforeRules = check.errors.size();
    addCandidateRules(doc, {}, check.errors, check.warnings);
    for (std::size_t i = beforeRules; i < check.errors.size(); ++i)
        reported.insert(check.errors[i].path);
    // The schema files are the contract other tools read; anything they
    // reject that the rules above did not already report is reported too.
    for (auto& d : parsed.schemaErrors)
        add(std::move(d));
    for (auto& d : more)
        check.errors.push_back(std::move(d));
    format::capDiagnostics(check.errors);
    format::capDiagnostics(check.warnings);
    format::locateDiagnostics(text, check.errors);
    format::locateDiagnostics(text, check.warnings);
    return check;
}

void addCandidateRules(const format::Document& document, std::string_view text, std::vector<format::Diagnostic>& errors,
    std::vector<format::Diagnostic>& warnings)
{
    // The paths already reported: a candidate that could not be read is not
    // judged, and a duplicate validation reported is not told twice.
    std::unordered_set<std::string> reported;  // copies: `errors` grows below
    reported.reserve(errors.size());
    for (const auto& e : errors)
        reported.insert(e.path);
    const ProfileIndex index(document);
    for (std::size_t p = 0; p < document.profiles.size(); ++p) {
        if (!document.profiles[p].dynamic)
            continue;
        const auto& candidates = document.profiles[p].dynamic->candidates;
        const std::vector<CandidateCheck> checks = checkCandidates(index, p);
        const std::string listPath = format::joinPath(document.dynamicPath(p), "candidates");
        for (std::size_t i = 0; i < checks.size(); ++i) {
            if (checks[i].rules.empty())
                continue;
            const std::string candidatePath = format::indexPath(listPath, i);
            const std::string path = format::joinPath(candidatePath, "execution_profile_id");
            if (reported.count(candidatePath))
                continue;
            const bool idReported = reported.count(path) > 0;
            for (const CandidateRule rule : checks[i].rules.list()) {
                if (rule == CandidateRule::Duplicate && idReported)
                    continue;
                format::Diagnostic d {path, describeCandidateRule(rule, candidates[i].executionProfileId, checks[i])};
                (isWarning(rule) ? warnings : errors).push_back(std::move(d));
            }
        }
    }
    format::locateDiagnostics(text, errors);
    format::locateDiagnostics(text, warnings);
}

std::vector<policy::RouteCandidate> routeCandidates(const format::DynamicRecord& dynamic, std::string_view path)
{
    std::vector<policy::RouteCandidate> out;
    out.reserve(dynamic.candidates.size());
    for (std::size_t i = 0; i < dynamic.candidates.size(); ++i) {
        const policy::Candidate& c = dynamic.candidates[i];
        const std::string candidatePath = format::indexPath(format::joinPath(path, "candidates"), i);
        policy::RouteCandidate rc;
        rc.executionProfileId = c.executionProfileId;
        rc.enabled = c.enabled;
        const CandidateMigration m = migrateCandidate(c, i, candidatePath);
        if (!m.errors.empty()) {
            rc.configurationError = m.errors.front().message;
        } else {
            rc.policies = *m.result;
            const auto issues = policy::validate(rc.policies, format::joinPath(candidatePath, "policies"));
            if (!issues.empty())
                rc.configurationError = issues.front().path + ": " + format::describeIssue(issues.front());
        }
        out.push_back(std::move(rc));
    }
    return out;
}

std::vector<policy::RouteCandidate> routeCandidates(const format::Document& document, std::size_t profileIndex)
{
    return routeCandidates(ProfileIndex(document), profileIndex);
}

std::vector<policy::RouteCandidate> routeCandidates(const ProfileIndex& index, std::size_t profileIndex)
{
    const format::Document& document = index.document();
    const auto& dynamic = *document.profiles[profileIndex].dynamic;
    auto route = routeCandidates(dynamic, document.dynamicPath(profileIndex));
    // What a run of the route can use: a profile that breaks no rule but the
    // warning (a duplicate is the route's problem, not the profile's).
    for (std::size_t i = 0; i < route.size(); ++i)
        route[i].eligible = !index.rulesOf(profileIndex, dynamic.candidates[i].executionProfileId).hasError();
    return route;
}

}  // namespace check
