// SPDX-License-Identifier: Apache-2.0
#include "migration/migration.h"

#include "policy/catalogue.h"
#include "policy/text.h"

#include <algorithm>
#include <array>
#include <map>

namespace migration
{

using policy::ErrorClass;

std::optional<LegacyAction> legacyActionFromName(std::string_view name) noexcept
{
    if (name == "retry_same")
        return LegacyAction::RetrySame;
    if (name == "try_next")
        return LegacyAction::TryNext;
    if (name == "stop")
        return LegacyAction::Stop;
    return std::nullopt;
}

std::string_view legacyActionName(LegacyAction a) noexcept
{
    switch (a) {
    case LegacyAction::RetrySame: return "retry_same";
    case LegacyAction::TryNext: return "try_next";
    case LegacyAction::Stop: return "stop";
    }
    return "";
}

policy::ClassPolicy policyForAction(LegacyAction action)
{
    policy::ClassPolicy p;  // no wait, no retry
    switch (action) {
    case LegacyAction::TryNext: p.onExhausted = policy::Outcome::Skip; break;
    case LegacyAction::Stop: p.onExhausted = policy::Outcome::Stop; break;
    case LegacyAction::RetrySame:
        p.retry = {true, kRetrySameRetries, kRetrySameIntervalSeconds};
        p.onExhausted = policy::Outcome::Stop;
        break;
    }
    return p;
}

std::string_view sourceFormName(SourceForm f) noexcept
{
    switch (f) {
    case SourceForm::Canonical: return "canonical";
    case SourceForm::Legacy: return "legacy";
    case SourceForm::Default: return "default";
    }
    return "";
}

namespace
{

constexpr std::array<ErrorClass, 2> kClasses {ErrorClass::Transient, ErrorClass::Hard};

std::size_t slot(ErrorClass c)
{
    return c == ErrorClass::Hard ? 1 : 0;
}

std::string candidateName(const policy::Candidate& c, std::size_t index)
{
    return "candidate " + std::to_string(index) + " (\"" + c.executionProfileId + "\")";
}

// The candidate as a Diagnostic's first two arguments: its index and its id.
std::vector<std::string> candidateArgs(
    const policy::Candidate& c, std::size_t index, std::vector<std::string> more = {})
{
    std::vector<std::string> args {std::to_string(index), c.executionProfileId};
    args.insert(args.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    return args;
}

struct ParsedRule {
    const policy::LegacyRule* rule;
    std::string_view key;  // trimmed, as kandev reads it
    std::string_view actionName;
    LegacyAction action;
    std::vector<ErrorClass> classes;
    bool generic;
};

// Step 1: every rule must have a known action and a key that is
// on_provider_error or a transient/hard code.
std::vector<ParsedRule> parseRules(const policy::Candidate& c, CandidateMigration& m)
{
    std::vector<ParsedRule> parsed;
    const std::string who = candidateName(c, m.index);
    const std::string rulesPath = format::joinPath(m.path, "rules");
    for (const auto& rule : c.rules) {
        const std::string rulePath = rule.key.empty() ? rulesPath : format::joinPath(rulesPath, rule.key);
        // Keys and actions are trimmed of Unicode white space first, as kandev does.
        const std::string_view key = policy::trimSpace(rule.key);
        const std::string_view actionName = policy::trimSpace(rule.action);
        ParsedRule p {&rule, key, actionName, LegacyAction::Stop, {}, key == policy::kGenericRuleKey};
        bool ok = true;
        if (key.empty()) {
            m.errors.push_back({rulePath, who + ": a legacy rule has an empty key", 0, 0, "legacy.empty_key",
                candidateArgs(c, m.index)});
            ok = false;
        } else if (p.generic) {
            p.classes = {ErrorClass::Transient, ErrorClass::Hard};
        } else if (const ErrorClass cls = policy::catalogueClass(key); cls != ErrorClass::Unclassified) {
            p.classes = {cls};
        } else {
            m.errors.push_back({rulePath,
                who + ": legacy rule key \"" + rule.key
                    + "\" is neither on_provider_error nor a transient or hard error code",
                0, 0, "legacy.unknown_key", candidateArgs(c, m.index, {rule.key})});
            ok = false;
        }
        if (const auto action = legacyActionFromName(actionName)) {
            p.action = *action;
        } else {
            m.errors.push_back({rulePath,
                who + ": legacy rule \"" + rule.key + "\" has unknown action \"" + rule.action
                    + "\" (expected retry_same, try_next or stop)",
                0, 0, "legacy.unknown_action", candidateArgs(c, m.index, {rule.key, rule.action})});
            ok = false;
        }
        if (ok)
            parsed.push_back(std::move(p));
    }
    return parsed;
}

// Step 2: per class, the per-code rule wins over the generic one; two code
// rules of one class must agree.
struct ClassDecision {
    const ParsedRule* winner = nullptr;
};

std::array<ClassDecision, 2> decide(
    const policy::Candidate& c, const std::vector<ParsedRule>& rules, CandidateMigration& m)
{
    std::array<ClassDecision, 2> decisions;
    for (const ErrorClass cls : kClasses) {
        const ParsedRule* generic = nullptr;
        std::vector<const ParsedRule*> codes;
        for (const auto& r : rules) {
            if (std::find(r.classes.begin(), r.classes.end(), cls) == r.classes.end())
                continue;
            // Several keys that trim to on_provider_error: the one that sorts
            // last by bytes wins, as in kandev's sorted application.
            if (r.generic && (!generic || r.rule->key > generic->rule->key))
                generic = &r;
            else if (r.generic)
                continue;
            else
                codes.push_back(&r);
        }
        const bool conflict = std::any_of(
            codes.begin(), codes.end(), [&](const ParsedRule* r) { return r->action != codes.front()->action; });
        if (conflict) {
            std::string keys;
            for (const ParsedRule* r : codes)
                keys += (keys.empty() ? "" : ", ") + r->rule->key + " = " + r->rule->action;
            m.errors.push_back({format::joinPath(m.path, "rules"),
                candidateName(c, m.index) + ": conflicting legacy rules for " + std::string(policy::errorClassName(cls))
                    + " errors: " + keys,
                0, 0, "legacy.conflict", candidateArgs(c, m.index, {std::string(policy::errorClassName(cls)), keys})});
            RuleConflict conflict {cls, {}};
            for (const ParsedRule* r : codes)
                conflict.rules.push_back(*r->rule);
            m.conflicts.push_back(std::move(conflict));
            continue;
        }
        decisions[slot(cls)].winner = !codes.empty() ? codes.front() : generic;
    }
    return decisions;
}

// kandev's Go backend applies rules in sorted key order; the last one wins.
const ParsedRule* goBackendWinner(const std::vector<ParsedRule>& rules, ErrorClass cls)
{
    const ParsedRule* winner = nullptr;
    for (const auto& r : rules) {
        if (std::find(r.classes.begin(), r.classes.end(), cls) == r.classes.end())
            continue;
        if (!winner || r.rule->key > winner->rule->key)
            winner = &r;
    }
    return winner;
}

}  // namespace

CandidateMigration migrateCandidate(
    const policy::Candidate& candidate, std::size_t index, std::string path, policy::Reading reading)
{
    CandidateMigration m;
    m.reading = reading;
    m.index = index;
    m.executionProfileId = candidate.executionProfileId;
    m.path = std::move(path);
    m.legacyRules = candidate.rules;

    if (candidate.policies && !candidate.rules.empty()) {
        m.source = SourceForm::Legacy;
        m.errors.push_back({format::joinPath(m.path, "rules"),
            candidateName(candidate, index) + " carries both policies and legacy rules", 0, 0, "legacy.both_forms",
            candidateArgs(candidate, index)});
        return m;
    }
    if (candidate.policies) {
        m.source = SourceForm::Canonical;
        m.result = candidate.policies;
        return m;
    }
    if (candidate.rules.empty()) {
        m.source = SourceForm::Default;
        m.result = policy::PolicyDocument {};
        m.defaultedClasses = {ErrorClass::Transient, ErrorClass::Hard};
        return m;
    }

    m.source = SourceForm::Legacy;
    const std::vector<ParsedRule> rules = parseRules(candidate, m);
    const auto decisions = decide(candidate, rules, m);  // conflicts are errors in both readings
    std::array<const ParsedRule*, 2> documented {}, goBackend {}, winners {};
    for (const ErrorClass cls : kClasses) {
        documented[slot(cls)] = decisions[slot(cls)].winner;
        goBackend[slot(cls)] = documented[slot(cls)] ? goBackendWinner(rules, cls) : nullptr;
        winners[slot(cls)] = reading == policy::Reading::Spec ? documented[slot(cls)] : goBackend[slot(cls)];
    }

    for (const auto& r : rules) {
        RuleOutcome outcome {
            r.rule->key, r.rule->action, std::string(r.key), std::string(r.actionName), r.classes, {}, {}};
        for (const ErrorClass cls : r.classes) {
            const ParsedRule* winner = winners[slot(cls)];
            if (winner == &r)
                outcome.appliedTo.push_back(cls);
            // In SPEC's reading only on_provider_error gives way (to a per-code
            // rule); kandev's backend overwrites whatever sorted before.
            else if (winner && (r.generic || reading == policy::Reading::KandevBackend)
                && outcome.overriddenBy.find(winner->rule->key) == std::string::npos)
                outcome.overriddenBy += (outcome.overriddenBy.empty() ? "" : ", ") + winner->rule->key;
        }
        m.rules.push_back(std::move(outcome));
    }
    if (!m.errors.empty())
        return m;

    policy::PolicyDocument doc;
    for (const ErrorClass cls : kClasses) {
        const ParsedRule* ours = documented[slot(cls)];
        const ParsedRule* go = goBackend[slot(cls)];
        if (const ParsedRule* winner = winners[slot(cls)])
            doc.forClass(cls) = policyForAction(winner->action);
        else
            m.defaultedClasses.push_back(cls);
        if (ours && go && go->action != ours->action) {
            m.divergences.push_back(
                {cls, ours->rule->key, go->rule->key, policyForAction(ours->action), policyForAction(go->action)});
        }
    }
    m.result = doc;
    return m;
}

bool MigrationReport::hasErrors() const
{
    for (const auto& p : profiles) {
        for (const auto& c : p.candidates) {
            if (!c.errors.empty())
                return true;
        }
    }
    return false;
}

std::size_t MigrationReport::changedCandidates() const
{
    std::size_t n = 0;
    for (const auto& p : profiles)
        n += static_cast<std::size_t>(std::count_if(
            p.candidates.begin(), p.candidates.end(), [](const CandidateMigration& c) { return c.changes(); }));
    return n;
}

std::size_t MigrationReport::divergenceCount() const
{
    std::size_t n = 0;
    for (const auto& p : profiles) {
        for (const auto& c : p.candidates)
            n += c.divergences.size();
    }
    return n;
}

std::vector<format::Diagnostic> MigrationReport::errors() const
{
    std::vector<format::Diagnostic> out;
    for (const auto& p : profiles) {
        for (const auto& c : p.candidates)
            out.insert(out.end(), c.errors.begin(), c.errors.end());
    }
    return out;
}

MigrationReport planMigration(const format::Document& document, policy::Reading reading)
{
    MigrationReport report;
    report.reading = reading;
    for (std::size_t i = 0; i < document.profiles.size(); ++i) {
        const format::ProfileRecord& profile = document.profiles[i];
        if (!profile.dynamic)
            continue;
        ProfileMigration pm;
        pm.profileIndex = i;
        pm.profileId = profile.id;
        pm.path = document.dynamicPath(i);
        const auto& candidates = profile.dynamic->candidates;
        for (std::size_t k = 0; k < candidates.size(); ++k) {
            pm.candidates.push_back(migrateCandidate(
                candidates[k], k, format::indexPath(format::joinPath(pm.path, "candidates"), k), reading));
        }
        report.profiles.push_back(std::move(pm));
    }
    return report;
}

format::Document keepConflictingRule(format::Document document, std::size_t profileIndex, std::size_t candidateIndex,
    policy::ErrorClass errorClass, const std::string& keep)
{
    if (profileIndex >= document.profiles.size() || !document.profiles[profileIndex].dynamic)
        return document;
    auto& dynamic = *document.profiles[profileIndex].dynamic;
    if (candidateIndex >= dynamic.candidates.size())
        return document;
    policy::Candidate& c = dynamic.candidates[candidateIndex];
    const CandidateMigration planned = migrateCandidate(c, candidateIndex, {});
    const auto conflict = std::find_if(planned.conflicts.begin(), planned.conflicts.end(),
        [&](const RuleConflict& k) { return k.errorClass == errorClass; });
    if (conflict == planned.conflicts.end()
        || std::none_of(conflict->rules.begin(), conflict->rules.end(), [&](const auto& r) { return r.key == keep; }))
        return document;
    std::erase_if(c.rules, [&](const policy::LegacyRule& r) {
        return r.key != keep && std::find(conflict->rules.begin(), conflict->rules.end(), r) != conflict->rules.end();
    });
    // The candidate's original JSON no longer says what it holds.
    if (candidateIndex < dynamic.candidateSources.size())
        dynamic.candidateSources[candidateIndex].clear();
    return document;
}

std::optional<format::Document> applyMigration(format::Document document, const MigrationReport& report)
{
    if (report.hasErrors())
        return std::nullopt;
    format::Document migrated = std::move(document);
    for (const auto& pm : report.profiles) {
        auto& candidates = migrated.profiles[pm.profileIndex].dynamic->candidates;
        for (const auto& cm : pm.candidates) {
            if (!cm.changes())
                continue;
            policy::Candidate& c = candidates[cm.index];
            c.policies = cm.result;
            c.rules.clear();
        }
    }
    return migrated;
}

}  // namespace migration
