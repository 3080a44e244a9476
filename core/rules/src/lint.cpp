// SPDX-License-Identifier: Apache-2.0
#include "rules/lint.h"

#include "rules/glob.h"

#include "check/document_check.h"

#include "format/diagnostic.h"
#include "format/locate.h"

#include <algorithm>
#include <array>
#include <set>

namespace rules
{
namespace
{

constexpr std::string_view kCandidatesKey = "candidates";
constexpr std::string_view kExecutionProfileIdKey = "execution_profile_id";

std::string_view trimmed(std::string_view s)
{
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

bool anyMatches(const std::vector<std::string>& globs, std::string_view text, std::string* matched = nullptr)
{
    for (const std::string& g : globs) {
        if (globMatches(g, text)) {
            if (matched)
                *matched = g;
            return true;
        }
    }
    return false;
}

std::span<const policy::ErrorClass> classesOf(const Rule& rule)
{
    static constexpr std::array<policy::ErrorClass, 1> transient {policy::ErrorClass::Transient};
    static constexpr std::array<policy::ErrorClass, 1> hard {policy::ErrorClass::Hard};
    if (!rule.errorClass)
        return policy::kPolicyClasses;
    return *rule.errorClass == policy::ErrorClass::Hard ? std::span<const policy::ErrorClass>(hard)
                                                        : std::span<const policy::ErrorClass>(transient);
}

const policy::ClassWorstCase& worstCase(const policy::RouteReview& review, policy::ErrorClass cls)
{
    return cls == policy::ErrorClass::Hard ? review.hard : review.transient;
}

bool usable(const policy::RouteCandidate& c)
{
    return !c.configurationError;
}

// One key for a rule and a profile; the length prefix keeps any two pairs apart.
std::string exceptionKey(std::string_view rule, std::string_view profile)
{
    std::string key = std::to_string(rule.size()) + ':';
    key += rule;
    key += profile;
    return key;
}

// What one profile's rules read, computed once for all of them.
struct ProfileFacts {
    std::vector<policy::RouteCandidate> route;
    std::vector<check::CandidateCheck> checks;
    policy::RouteReview review;
};

// Lints one profile: knows where things are in the document and how a violation starts.
class ProfileLint
{
public:
    ProfileLint(const format::Document& document, std::size_t profileIndex, const check::ProfileIndex& index,
        const std::unordered_map<std::string, std::string>& exceptions, std::vector<Violation>& out)
        : m_profile(document.profiles[profileIndex])
        , m_profileIndex(profileIndex)
        , m_exceptions(exceptions)
        , m_out(out)
    {
        m_dynamicPath = document.dynamicPath(profileIndex);
        m_candidatesPath = format::joinPath(m_dynamicPath, kCandidatesKey);
        m_profilePath = document.profilePath(profileIndex);
        m_routePath = m_profilePath;
        if (m_routePath.empty())
            m_routePath = m_dynamicPath;
        m_facts.route = check::routeCandidates(*m_profile.dynamic, m_dynamicPath);
        m_facts.checks = check::checkCandidates(index, profileIndex);
        for (std::size_t k = 0; k < m_facts.route.size() && k < m_facts.checks.size(); ++k) {
            check::CandidateRules broken = m_facts.checks[k].rules;
            broken.remove(check::CandidateRule::Duplicate);  // the route's problem, not the profile's
            m_facts.route[k].eligible = !broken.hasError();
        }
        m_facts.review = policy::reviewRoute(m_facts.route);
        m_validateDocumentShape = document.shape != format::FileShape::DynamicDocument;
    }

    void lint(const Rule& rule)
    {
        m_rule = &rule;
        const auto e = m_exceptions.find(exceptionKey(rule.id, m_profile.id));
        m_exceptionReason = e != m_exceptions.end() ? std::optional<std::string>(e->second) : std::nullopt;
        switch (rule.kind) {
        case RuleKind::MaxHoldSeconds:
        case RuleKind::MaxAttempts: worstCaseLimit(rule); break;
        case RuleKind::MaxRetries:
        case RuleKind::MaxResetWaitSeconds: settingLimit(rule); break;
        case RuleKind::EndsInStop: ending(rule); break;
        case RuleKind::MinEnabledCandidates: enabledCount(rule); break;
        case RuleKind::ProviderDiversity: providers(rule); break;
        case RuleKind::NoUnreachableCandidates: unreachable(rule); break;
        case RuleKind::CandidateAllowed: allowed(rule); break;
        case RuleKind::CandidateForbidden: forbidden(rule); break;
        case RuleKind::SamePolicyForClass: samePolicy(rule); break;
        case RuleKind::KandevValid: kandevValid(); break;
        case RuleKind::KandevEligible: kandevEligible(); break;
        }
    }

private:
    Violation& add(std::string path)
    {
        Violation& v = m_out.emplace_back();
        v.ruleId = m_rule->id;
        v.kind = m_rule->kind;
        v.severity = m_rule->severity;
        v.profileIndex = m_profileIndex;
        v.profileId = m_profile.id;
        v.profileName = m_profile.name;
        v.message = m_rule->message;
        v.path = std::move(path);
        v.exceptionReason = m_exceptionReason;
        return v;
    }
    Violation& addForCandidate(std::size_t k, std::string path)
    {
        Violation& v = add(std::move(path));
        v.candidateIndex = k;
        v.executionProfileId = m_profile.dynamic->candidates[k].executionProfileId;
        return v;
    }
    std::string candidatePath(std::size_t k) const
    {
        return format::indexPath(m_candidatesPath, k);
    }
    std::string settingPath(std::size_t k, policy::ErrorClass cls, policy::Setting setting) const
    {
        return format::joinPath(
            format::joinPath(candidatePath(k), policy::keys::kPolicies), policy::renderPath({cls, setting}));
    }
    const format::ProfileRecord* profileOf(std::size_t k) const
    {
        return k < m_facts.checks.size() ? m_facts.checks[k].profile : nullptr;
    }
    // The agent a candidate's profile runs, when the document says.
    std::optional<std::string> agentOf(std::size_t k) const
    {
        const format::ProfileRecord* p = profileOf(k);
        if (!p || !p->agentName || p->agentMissing || p->agentName->empty())
            return std::nullopt;
        return *p->agentName;
    }

    void worstCaseLimit(const Rule& rule)
    {
        for (const policy::ErrorClass cls : classesOf(rule)) {
            const policy::ClassWorstCase& wc = worstCase(m_facts.review, cls);
            const std::int64_t measured = rule.kind == RuleKind::MaxHoldSeconds ? wc.seconds : wc.attempts;
            if (measured > rule.value) {
                Violation& v = add(m_routePath);
                v.errorClass = cls;
                v.measured = measured;
                v.limit = rule.value;
            }
        }
    }

    void settingLimit(const Rule& rule)
    {
        const bool retries = rule.kind == RuleKind::MaxRetries;
        for (std::size_t k = 0; k < m_facts.route.size(); ++k) {
            if (!usable(m_facts.route[k]))
                continue;
            for (const policy::ErrorClass cls : classesOf(rule)) {
                const policy::ClassPolicy& p = m_facts.route[k].policies.forClass(cls);
                const bool on = retries ? p.retry.enabled : p.waitForReset.enabled;
                const std::int64_t value = retries ? p.retry.maxRetries : p.waitForReset.maxWaitSeconds;
                if (on && value > rule.value) {
                    Violation& v = addForCandidate(k,
                        settingPath(
                            k, cls, retries ? policy::Setting::RetryMaxRetries : policy::Setting::ResetMaxWait));
                    v.errorClass = cls;
                    v.measured = value;
                    v.limit = rule.value;
                }
            }
        }
    }

    void ending(const Rule& rule)
    {
        for (const policy::ErrorClass cls : classesOf(rule)) {
            const policy::ClassWorstCase& wc = worstCase(m_facts.review, cls);
            const ExpectedEnding found
                = wc.finalOutcome == policy::Outcome::Stop ? ExpectedEnding::Stop : ExpectedEnding::NoneLeft;
            if (found != rule.ending) {
                Violation& v = wc.stoppingCandidate
                    ? addForCandidate(*wc.stoppingCandidate, candidatePath(*wc.stoppingCandidate))
                    : add(m_routePath);
                v.errorClass = cls;
                v.ending = found;
            }
        }
    }

    std::int64_t enabledCandidates() const
    {
        return std::count_if(m_facts.route.begin(), m_facts.route.end(), [](const auto& c) { return c.enabled; });
    }

    void enabledCount(const Rule& rule)
    {
        const std::int64_t enabled = enabledCandidates();
        if (enabled < rule.value) {
            Violation& v = add(m_routePath);
            v.measured = enabled;
            v.limit = rule.value;
        }
    }

    void providers(const Rule& rule)
    {
        std::set<std::string> agents;
        for (std::size_t k = 0; k < m_facts.route.size(); ++k) {
            if (m_facts.route[k].enabled) {
                if (const auto agent = agentOf(k))
                    agents.insert(*agent);
            }
        }
        if (std::int64_t(agents.size()) < rule.value) {
            Violation& v = add(m_routePath);
            v.measured = std::int64_t(agents.size());
            v.limit = rule.value;
            v.agents.assign(agents.begin(), agents.end());
        }
    }

    void unreachable(const Rule& rule)
    {
        const auto classes = classesOf(rule);
        for (const policy::ReviewWarning& w : m_facts.review.warnings) {
            if (w.code != policy::ReviewWarningCode::UnreachableCandidate || !w.candidateIndex || !w.errorClass
                || std::find(classes.begin(), classes.end(), *w.errorClass) == classes.end())
                continue;
            Violation& v = addForCandidate(*w.candidateIndex, candidatePath(*w.candidateIndex));
            v.errorClass = w.errorClass;
        }
    }

    std::string executionIdPath(std::size_t k) const
    {
        return format::joinPath(candidatePath(k), kExecutionProfileIdKey);
    }

    void allowed(const Rule& rule)
    {
        for (std::size_t k = 0; k < m_facts.route.size(); ++k) {
            const auto agent = agentOf(k);
            const bool ok = (agent && anyMatches(rule.agents, *agent))
                || anyMatches(rule.profiles, trimmed(m_profile.dynamic->candidates[k].executionProfileId));
            if (!ok)
                addForCandidate(k, executionIdPath(k)).agent = agent.value_or("");
        }
    }

    void forbidden(const Rule& rule)
    {
        for (std::size_t k = 0; k < m_facts.route.size(); ++k) {
            const auto agent = agentOf(k);
            std::string matched;
            if ((agent && anyMatches(rule.agents, *agent, &matched))
                || anyMatches(rule.profiles, trimmed(m_profile.dynamic->candidates[k].executionProfileId), &matched)) {
                Violation& v = addForCandidate(k, executionIdPath(k));
                v.agent = agent.value_or("");
                v.pattern = matched;
            }
        }
    }

    void samePolicy(const Rule& rule)
    {
        for (const policy::ErrorClass cls : classesOf(rule)) {
            const policy::ClassPolicy* first = nullptr;
            for (std::size_t k = 0; k < m_facts.route.size(); ++k) {
                const policy::RouteCandidate& c = m_facts.route[k];
                if (!c.enabled || !usable(c))
                    continue;
                if (!first) {
                    first = &c.policies.forClass(cls);
                } else if (c.policies.forClass(cls) != *first) {
                    Violation& v = addForCandidate(k,
                        format::joinPath(
                            format::joinPath(candidatePath(k), policy::keys::kPolicies), policy::classKey(cls)));
                    v.errorClass = cls;
                }
            }
        }
    }

    void kandevValid()
    {
        if (m_validateDocumentShape && !m_profile.deleted) {
            if (const auto issue = policy::validateProfileName(m_profile.name, m_profilePath))
                add(issue->path).issue = *issue;
        }
        for (const policy::Issue& issue : policy::validateCandidates(m_profile.dynamic->candidates, m_dynamicPath)) {
            const policy::IssueLocation where = policy::locateIssue(
                issue.path.substr(m_dynamicPath.empty() ? 0 : std::min(issue.path.size(), m_dynamicPath.size() + 1)));
            Violation& v = where.candidate ? addForCandidate(*where.candidate, issue.path) : add(issue.path);
            v.issue = issue;
        }
        // Legacy rules that cannot be migrated: a route kandev cannot run as the file says.
        for (std::size_t k = 0; k < m_facts.route.size(); ++k) {
            if (m_profile.dynamic->candidates[k].isLegacy() && m_facts.route[k].configurationError)
                addForCandidate(k, candidatePath(k)).migrationError = *m_facts.route[k].configurationError;
        }
    }

    void kandevEligible()
    {
        for (std::size_t k = 0; k < m_facts.checks.size(); ++k) {
            for (const check::CandidateRule broken : m_facts.checks[k].rules.list()) {
                if (broken == check::CandidateRule::Duplicate)
                    continue;  // kandev_valid reports it (validation's duplicate)
                Violation& v = addForCandidate(k, executionIdPath(k));
                v.candidateRule = broken;
                v.agent = agentOf(k).value_or("");
                if (check::isWarning(broken))
                    v.severity = Severity::Warning;
            }
        }
    }

    const format::ProfileRecord& m_profile;
    std::size_t m_profileIndex;
    const std::unordered_map<std::string, std::string>& m_exceptions;
    std::vector<Violation>& m_out;
    ProfileFacts m_facts;
    std::string m_dynamicPath;
    std::string m_candidatesPath;
    std::string m_profilePath;  // "" for a bare document or an agent profile file
    std::string m_routePath;  // where a route-wide violation points: the profile, else its document
    bool m_validateDocumentShape = false;
    const Rule* m_rule = nullptr;
    std::optional<std::string> m_exceptionReason;
};

// By rule id and profile id; the first exception recorded wins, as in exceptionFor.
std::unordered_map<std::string, std::string> exceptionsByKey(const RuleSet& ruleSet)
{
    std::unordered_map<std::string, std::string> out;
    for (const RuleException& e : ruleSet.exceptions)
        out.emplace(exceptionKey(e.rule, e.profile), e.reason);
    return out;
}

}  // namespace

bool appliesTo(const Rule& rule, const format::ProfileRecord& profile) noexcept
{
    if (rule.appliesTo.empty())
        return true;
    for (const std::string& entry : rule.appliesTo) {
        if (globMatches(entry, profile.id) || (!profile.name.empty() && globMatches(entry, profile.name)))
            return true;
    }
    return false;
}

Linter::Linter(const format::Document& document, const RuleSet& ruleSet)
    : m_document(document)
    , m_rules(ruleSet)
    , m_ownIndex(std::in_place, document)
    , m_index(*m_ownIndex)
    , m_exceptions(exceptionsByKey(ruleSet))
{
}

Linter::Linter(const format::Document& document, const check::ProfileIndex& index, const RuleSet& ruleSet)
    : m_document(document)
    , m_rules(ruleSet)
    , m_index(index)
    , m_exceptions(exceptionsByKey(ruleSet))
{
}

std::vector<Violation> Linter::lintProfile(std::size_t profileIndex) const
{
    std::vector<Violation> out;
    const format::ProfileRecord& profile = m_document.profiles[profileIndex];
    if (!profile.dynamic)
        return out;
    std::optional<ProfileLint> lint;
    for (const Rule& rule : m_rules.rules) {
        if (!appliesTo(rule, profile))
            continue;
        if (!lint)
            lint.emplace(m_document, profileIndex, m_index, m_exceptions, out);
        lint->lint(rule);
    }
    return out;
}

std::vector<Violation> Linter::lintDocument() const
{
    std::vector<Violation> out;
    for (std::size_t i = 0; i < m_document.profiles.size(); ++i) {
        std::vector<Violation> one = lintProfile(i);
        out.insert(out.end(), std::make_move_iterator(one.begin()), std::make_move_iterator(one.end()));
    }
    return out;
}

std::size_t Linter::dynamicProfileCount() const
{
    return std::count_if(
        m_document.profiles.begin(), m_document.profiles.end(), [](const auto& p) { return p.isDynamic(); });
}

void locateViolations(std::string_view text, std::vector<Violation>& violations)
{
    std::vector<format::Diagnostic> places;
    places.reserve(violations.size());
    for (const Violation& v : violations)
        places.push_back({v.path, {}, 0, 0});
    format::locateDiagnostics(text, places);
    for (std::size_t i = 0; i < violations.size(); ++i) {
        violations[i].line = places[i].line;
        violations[i].column = places[i].column;
    }
}

LintCounts countViolations(const std::vector<Violation>& violations) noexcept
{
    LintCounts c;
    for (const Violation& v : violations) {
        if (v.excepted())
            ++c.excepted;
        else if (v.severity == Severity::Error)
            ++c.errors;
        else
            ++c.warnings;
    }
    return c;
}

}  // namespace rules
