// SPDX-License-Identifier: Apache-2.0
#include "model/policy_text.h"

#include "format/locate.h"
#include "policy/timeline.h"

#include "policy/catalogue.h"
#include "policy/limits.h"
#include "policy/schedule.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <limits>

namespace model
{

namespace
{
// Joins parts with a translated pair pattern ("%1, %2"), so that a language
// decides what goes between them (a space, a comma, or nothing at all).
QString fold(const QStringList& parts, const QString& pair)
{
    // The usual "%1<between>%2" joins in one pass; a pattern that wraps or
    // reorders its parts is applied pair by pair.
    const QString probe = pair.arg(QChar(1), QChar(2));
    if (probe.startsWith(QChar(1)) && probe.endsWith(QChar(2)))
        return parts.join(probe.mid(1, probe.size() - 2));
    QString out;
    for (const QString& part : parts)
        out = out.isEmpty() ? part : pair.arg(out, part);
    return out;
}

// A diagnostic's i-th variable part; "" past the last, so that a message
// from another build still reads.
QString argOf(const format::Diagnostic& d, std::size_t i)
{
    return QString::fromStdString(i < d.args.size() ? d.args[i] : std::string());
}
}  // namespace

QString PolicyText::duration(std::int64_t seconds)
{
    if (seconds <= 0)
        return tr("0 s");
    QStringList parts;
    const std::int64_t d = seconds / 86400, h = seconds % 86400 / 3600, m = seconds % 3600 / 60, s = seconds % 60;
    //: duration parts: days, hours, minutes, seconds
    if (d)
        parts << tr("%1 d").arg(d);
    if (h)
        parts << tr("%1 h").arg(h);
    if (m)
        parts << tr("%1 min").arg(m);
    if (s)
        parts << tr("%1 s").arg(s);
    //: two parts of a duration: "1 min 30 s"
    return fold(parts, tr("%1 %2", "duration parts"));
}

QString PolicyText::outcome(policy::Outcome o)
{
    switch (o) {
    case policy::Outcome::Skip: return tr("skip");
    case policy::Outcome::Stop: return tr("stop");
    case policy::Outcome::Unset: return tr("no outcome");
    }
    return {};
}

QString PolicyText::confidence(policy::Confidence c)
{
    switch (c) {
    case policy::Confidence::High: return tr("high", "confidence");
    case policy::Confidence::Medium: return tr("medium", "confidence");
    case policy::Confidence::Low: return tr("low", "confidence");
    }
    return {};
}

QString PolicyText::scope(catalogue::Scope s)
{
    //: what a failure affects: the provider, the account, the model or this request
    switch (s) {
    case catalogue::Scope::Provider: return tr("provider", "scope");
    case catalogue::Scope::Account: return tr("account", "scope");
    case catalogue::Scope::Model: return tr("model", "scope");
    case catalogue::Scope::Request: return tr("request", "scope");
    }
    return {};
}

QString PolicyText::stage(catalogue::Stage s)
{
    //: where a classification rule sits in kandev's order
    switch (s) {
    case catalogue::Stage::Guard: return tr("guard", "stage");
    case catalogue::Stage::Structured: return tr("structured", "stage");
    case catalogue::Stage::Provider: return tr("agent CLI", "stage");
    case catalogue::Stage::Neutral: return tr("provider-neutral", "stage");
    case catalogue::Stage::Runtime: return tr("runtime", "stage");
    case catalogue::Stage::Fallback: return tr("phase fallback", "stage");
    }
    return {};
}

QString PolicyText::hintVerdict(const catalogue::TimingHint& hint)
{
    const QString detail = QString::fromStdString(hint.detail);
    switch (hint.verdict) {
    case catalogue::HintVerdict::Trusted: return tr("parsed, in the future, and no other hint disagrees");
    case catalogue::HintVerdict::Unparsable: return tr("could not be parsed");
    case catalogue::HintVerdict::Unrepresentable: return tr("cannot be represented: past %1").arg(detail);
    case catalogue::HintVerdict::NotInFuture: return tr("not in the future");
    case catalogue::HintVerdict::TooFar: return tr("more than a year away");
    //: %1: another hint's source, e.g. retry-after
    case catalogue::HintVerdict::Agrees: return tr("agrees with %1").arg(detail);
    case catalogue::HintVerdict::Disagrees: return tr("disagrees with %1").arg(detail);
    case catalogue::HintVerdict::Conflicting: return tr("conflicting hints: none is trusted");
    case catalogue::HintVerdict::NoTimeZone: return tr("a time of day without a time zone is ambiguous");
    //: %1: the time zone's name as the error wrote it
    case catalogue::HintVerdict::UnknownTimeZone: return tr("unknown time zone %1").arg(detail);
    case catalogue::HintVerdict::NotACalendarDate: return tr("not a calendar date");
    }
    return {};
}

namespace
{
// The built-in scenarios' names, for translation (the presets live in policy/).
[[maybe_unused]] constexpr const char* kPresetNames[] = {
    QT_TRANSLATE_NOOP("PolicyText", "Capacity error before output, every attempt"),
    QT_TRANSLATE_NOOP("PolicyText", "Quota exhausted, reset in 1 min"),
    QT_TRANSLATE_NOOP("PolicyText", "Quota exhausted, reset in 6 h"),
    QT_TRANSLATE_NOOP("PolicyText", "Two transient errors, then success"),
    QT_TRANSLATE_NOOP("PolicyText", "Unknown error"),
    QT_TRANSLATE_NOOP("PolicyText", "Failure after tool activity"),
};
}  // namespace

QString PolicyText::scenarioName(const std::string& name)
{
    for (const auto& p : policy::scenarioPresets()) {
        if (p.scenario.name == name)
            return tr(p.scenario.name.c_str());
    }
    return QString::fromStdString(name);
}

QString PolicyText::joinList(const QStringList& items)
{
    //: two items of a list: "a, b" in English, "a、b" in Chinese
    return fold(items, tr("%1, %2", "list"));
}

QString PolicyText::joinSentences(const QStringList& sentences)
{
    //: two sentences one after the other: a space between them in English, none in Chinese
    return fold(sentences, tr("%1 %2", "sentences"));
}

QString PolicyText::classSummary(const policy::ClassPolicy& p)
{
    QStringList steps;
    if (p.waitForReset.enabled)
        steps << tr("wait up to %1").arg(duration(p.waitForReset.maxWaitSeconds));
    if (p.retry.enabled)
        steps
            << tr("%n retries from %1", nullptr, int(p.retry.maxRetries)).arg(duration(p.retry.initialIntervalSeconds));
    if (steps.isEmpty())
        return p.onExhausted == policy::Outcome::Stop ? tr("stop immediately")
            : p.onExhausted == policy::Outcome::Skip  ? tr("skip immediately")
                                                      : tr("no outcome set");
    //: %1: what is tried, %2: skip or stop
    return tr("%1, then %2").arg(steps.join(tr(", ")), outcome(p.onExhausted));
}

QString PolicyText::candidateSummary(const policy::PolicyDocument& doc)
{
    return tr("Transient: %1 · Hard: %2").arg(classSummary(doc.transient), classSummary(doc.hard));
}

QString PolicyText::scheduleLine(const policy::ClassPolicy& p)
{
    if (!p.retry.enabled)
        return tr("No retries: the first failure goes straight to the outcome.");
    // An out-of-range value has no schedule; showing "0 s, 0 s, …" would invent one.
    if (!policy::withinLimits(policy::Field::RetryMaxRetries, p.retry.maxRetries)
        || !policy::withinLimits(policy::Field::RetryInitialInterval, p.retry.initialIntervalSeconds))
        return tr("No schedule until the retry values above are within their limits.");
    const policy::Schedule s = policy::schedule(p.retry);
    QStringList delays;
    for (const auto d : s.delaysSeconds)
        delays << duration(d);
    QStringList line {tr("Retries after %1, then %2.").arg(joinList(delays), outcome(p.onExhausted)),
        tr("%n retries: %1 attempts in all, up to %2 of waiting.", nullptr, int(s.delaysSeconds.size()))
            .arg(s.delaysSeconds.size() + 1)
            .arg(duration(s.totalSeconds))};
    if (s.capped)
        line << tr("Delays stop growing at the %1 cap.").arg(duration(policy::kMaxRetryDelaySeconds));
    return joinSentences(line);
}

QString PolicyText::className(policy::ErrorClass c)
{
    switch (c) {
    case policy::ErrorClass::Transient: return tr("Transient errors");
    case policy::ErrorClass::Hard: return tr("Hard errors");
    case policy::ErrorClass::Unclassified: return tr("Unclassified errors");
    }
    return {};
}

QString PolicyText::classInSentence(policy::ErrorClass c)
{
    //: the class inside a sentence ("retries for transient errors of X"); German keeps the noun's capital
    switch (c) {
    case policy::ErrorClass::Transient: return tr("transient errors");
    case policy::ErrorClass::Hard: return tr("hard errors");
    case policy::ErrorClass::Unclassified: return tr("unclassified errors");
    }
    return {};
}

QString PolicyText::classDescription(policy::ErrorClass c)
{
    switch (c) {
    case policy::ErrorClass::Transient:
        return tr("The provider, the network or the model is briefly unable to serve. These usually clear on their "
                  "own within seconds or minutes.");
    case policy::ErrorClass::Hard:
        return tr("The account, subscription, quota, credentials, configuration or model needs a long reset or a "
                  "person. Retrying soon rarely helps; a trusted reset time can.");
    case policy::ErrorClass::Unclassified:
        return tr("Anything the catalogue does not know. It always stops automatic recovery.");
    }
    return {};
}

QString PolicyText::classExamples(policy::ErrorClass c)
{
    QStringList names;
    for (const auto& e : policy::kCatalogue) {
        if (e.errorClass == c)
            names << codeDescription(e.name);
    }
    return tr("For example: %1.").arg(names.join(tr("; ")));
}

QString PolicyText::neverInAClass()
{
    return tr("Never in either class: unknown (unclassified) errors, task, repository, permission or tool errors, and "
              "any error after the agent produced output or used a tool. Those always stop for a person, so that no "
              "work runs twice.");
}

QStringList PolicyText::switchingExplanation()
{
    return {tr("A route moves to the next candidate only after a classified provider error, and only when that "
               "candidate's policy for the class says skip once its retries are used up: transient errors (rate "
               "limits, overload, capacity, network, provider outages) and hard errors (quota, subscription, "
               "credentials, configuration, unavailable models)."),
        tr("It never switches for an unclassified error (unknown, task, repository, permission or tool errors) nor "
           "for any error after the agent produced output or used a tool: those stop for a person, so that no work "
           "runs twice."),
        tr("After a provider fails, kandev pauses it for one minute, or until the reset time it reported, and then "
           "lets a single health probe through before any route uses it again."),
        tr("Waiting for a reset happens at most once per candidate and class in a route cycle, only for a trusted "
           "reset time within the maximum wait, and it does not use up a retry: after the wait, kandev tries the "
           "candidate once more before its retries apply.")};
}

// A code is not a status (a quota arrives on 429, an overload on 503 or with
// none at all): no description names one, so none is shown that was not seen.
QString PolicyText::codeDescription(std::string_view code)
{
    static const struct {
        std::string_view code;
        const char* text;
    } texts[] = {
        {"network_unavailable", QT_TR_NOOP("network unavailable")},
        {"provider_unavailable", QT_TR_NOOP("provider unavailable")},
        {"provider_overloaded", QT_TR_NOOP("provider overloaded")},
        {"model_capacity", QT_TR_NOOP("model at capacity")},
        {"rate_limited", QT_TR_NOOP("short rate limit")},
        {"agent_transport_lost", QT_TR_NOOP("agent connection lost")},
        {"auth_required", QT_TR_NOOP("sign-in required")},
        {"missing_credentials", QT_TR_NOOP("missing API key")},
        {"subscription_required", QT_TR_NOOP("subscription or billing required")},
        {"quota_limited", QT_TR_NOOP("quota or spend limit reached")},
        {"model_unavailable", QT_TR_NOOP("model not available")},
        {"provider_not_configured", QT_TR_NOOP("provider not configured")},
        {"unknown_provider_error", QT_TR_NOOP("unknown provider error")},
        {"agent_runtime_error", QT_TR_NOOP("agent runtime error")},
        {"task_error", QT_TR_NOOP("task error")},
        {"repo_error", QT_TR_NOOP("repository error")},
        {"permission_denied_by_user", QT_TR_NOOP("permission denied by the user")},
        {"resume_corrupted", QT_TR_NOOP("corrupted resume state")},
        {"npx_cache_corrupted", QT_TR_NOOP("corrupted npx cache")},
        {"managed_runtime_npm_resolution", QT_TR_NOOP("agent package version not found by npm")},
    };
    for (const auto& t : texts) {
        if (t.code == code)
            return tr(t.text);
    }
    return QString::fromUtf8(code.data(), qsizetype(code.size()));
}

QString PolicyText::issueMessage(const policy::Issue& issue)
{
    using policy::IssueCode;
    const bool seconds = QString::fromStdString(issue.path).endsWith(QLatin1String("seconds"));
    switch (issue.code) {
    case IssueCode::OutOfRange:
        if (seconds)
            return tr("Must be between %1 and %2 (found %3).")
                .arg(duration(issue.min), duration(issue.max), duration(issue.value));
        return tr("Must be between %1 and %2 (found %3).").arg(issue.min).arg(issue.max).arg(issue.value);
    case IssueCode::MustBeZeroWhenDisabled:
        return tr("Must be 0 while this section is off (found %1).").arg(issue.value);
    case IssueCode::MissingOutcome: return tr("Choose what happens when recovery is exhausted.");
    case IssueCode::UnsupportedVersion:
        return tr("Unsupported policy version %1; this editor supports %2.").arg(issue.value).arg(issue.min);
    case IssueCode::EmptyCandidateList: return tr("A dynamic profile needs at least one candidate.");
    case IssueCode::PositionMismatch:
        return tr("Candidate %1 carries position %2; positions are renumbered on save.")
            .arg(issue.min)
            .arg(issue.value);
    case IssueCode::EmptyExecutionProfileId: return tr("The candidate does not name an agent profile.");
    case IssueCode::PoliciesWithRules: return tr("The candidate has both policies and legacy rules.");
    case IssueCode::DuplicateExecutionProfileId:
        return tr("Candidate %1 already names this agent profile; kandev refuses a route that names a profile twice.")
            .arg(issue.value);
    case IssueCode::ProfileNameRequired: return tr("Profile name is required.");
    }
    return {};
}

QString PolicyText::candidateRule(check::CandidateRule rule, const QString& id, const QString& agent, int duplicateOf)
{
    using check::CandidateRule;
    switch (rule) {
    case CandidateRule::Self:
        return tr("The candidate is this dynamic profile itself; kandev refuses a profile as its own candidate.");
    case CandidateRule::Duplicate:
        return tr("Candidate %1 already names this agent profile; kandev refuses a route that names a profile twice.")
            .arg(duplicateOf);
    case CandidateRule::Missing:
        return tr("Agent profile %1 is not in this file; kandev refuses a candidate whose profile does not exist.")
            .arg(id);
    case CandidateRule::Deleted: return tr("Agent profile %1 is deleted; kandev refuses it as a candidate.").arg(id);
    case CandidateRule::NoAgent:
        return tr("Agent profile %1 has no agent; kandev refuses a profile without an agent.").arg(id);
    case CandidateRule::Dynamic:
        return tr("Agent profile %1 is a dynamic profile; kandev refuses dynamic profiles as candidates.").arg(id);
    case CandidateRule::Office:
        return tr("Agent profile %1 is an Office profile (it has a workspace or a role); kandev refuses Office "
                  "profiles as candidates.")
            .arg(id);
    case CandidateRule::AutoFallback:
        return tr("Agent profile %1 has automatic fallback; kandev refuses such profiles as candidates.").arg(id);
    case CandidateRule::Disabled:
        return tr("Agent profile %1 is disabled; a disabled profile cannot be a candidate.").arg(id);
    case CandidateRule::NotLaunchable:
        //: %3 is the date of the kandev release whose list of agents this build knows
        return tr("Warning: kandev may refuse agent profile %1: its agent %2 is not one of the inference agents "
                  "kandev of %3 knows.")
            .arg(id, agent,
                QString::fromUtf8(check::kInferenceAgentsDate.data(), qsizetype(check::kInferenceAgentsDate.size())));
    }
    return {};
}

QString PolicyText::candidateRuleReason(check::CandidateRule rule, const QString& agent)
{
    using check::CandidateRule;
    switch (rule) {
    case CandidateRule::Self: return tr("this profile itself");
    case CandidateRule::Duplicate: return tr("already in the route");
    case CandidateRule::Missing: return tr("not in this file");
    case CandidateRule::Deleted: return tr("deleted");
    case CandidateRule::NoAgent: return tr("no agent");
    case CandidateRule::Dynamic: return tr("a dynamic profile");
    case CandidateRule::Office: return tr("an Office profile");
    case CandidateRule::AutoFallback: return tr("automatic fallback");
    case CandidateRule::Disabled: return tr("disabled");
    case CandidateRule::NotLaunchable: return tr("agent %1 may not be launchable").arg(agent);
    }
    return {};
}

QString PolicyText::candidateRuleReasons(const check::CandidateRules& rules, const QString& agent)
{
    QStringList reasons;
    for (const check::CandidateRule rule : rules.list())
        reasons << candidateRuleReason(rule, agent);
    return joinList(reasons);
}

namespace
{
// The phrases the document reader names what it expected and found with
// ("expected an integer, found a string"), for translation.
[[maybe_unused]] constexpr const char* kShapePhrases[] = {
    QT_TRANSLATE_NOOP("PolicyText", "an integer"),
    QT_TRANSLATE_NOOP("PolicyText", "true or false"),
    QT_TRANSLATE_NOOP("PolicyText", "a string"),
    QT_TRANSLATE_NOOP("PolicyText", "an object"),
    QT_TRANSLATE_NOOP("PolicyText", "an array"),
    QT_TRANSLATE_NOOP("PolicyText", "a boolean"),
    QT_TRANSLATE_NOOP("PolicyText", "null"),
    QT_TRANSLATE_NOOP("PolicyText", "an unsupported value"),
    QT_TRANSLATE_NOOP("PolicyText", "\"skip\" or \"stop\""),
    QT_TRANSLATE_NOOP("PolicyText", "a candidate object"),
    QT_TRANSLATE_NOOP("PolicyText", "an object mapping error codes to actions"),
    QT_TRANSLATE_NOOP("PolicyText", "an action string"),
    QT_TRANSLATE_NOOP("PolicyText", "a dynamic profile object"),
    QT_TRANSLATE_NOOP("PolicyText", "an array of candidates"),
    QT_TRANSLATE_NOOP("PolicyText", "an agent profile object"),
    QT_TRANSLATE_NOOP("PolicyText", "an array of agent profiles"),
    QT_TRANSLATE_NOOP("PolicyText", "a class policy"),
    QT_TRANSLATE_NOOP("PolicyText", "a policy document"),
};
}  // namespace

QString PolicyText::diagnostic(const format::Diagnostic& d)
{
    const auto arg = [&d](std::size_t i) { return argOf(d, i); };
    const auto bytes = [&](std::size_t i) {
        return QLocale().formattedDataSize(arg(i).toLongLong(), 1, QLocale::DataSizeTraditionalFormat);
    };
    if (d.code.rfind("row.", 0) == 0 || d.code.rfind("rules_json.", 0) == 0 || d.code.rfind("route.", 0) == 0)
        return rowProblem(d);
    if (d.issue)
        return issueMessage(*d.issue);
    if (d.code.rfind("legacy.", 0) == 0)
        return legacyProblem(d);
    //: After the first hundred problems of a file: how many more there are.
    if (d.code == format::kMoreDiagnosticsCode)
        return tr("and %n more problem(s) not listed; correct these and check again", nullptr,
            static_cast<int>(std::min<qlonglong>(arg(0).toLongLong(), std::numeric_limits<int>::max())));
    //: %1: the JSON parser's own words, in English
    if (d.code == "json.syntax")
        return tr("syntax error: %1").arg(arg(0));
    if (d.code == "json.empty")
        return tr("the file is empty; expected a JSON document");
    if (d.code == "json.too_large")
        return tr("the file is %1; documents are limited to %2").arg(bytes(0), bytes(1));
    if (d.code == "json.too_deep")
        return tr("JSON is nested more than %1 levels deep").arg(arg(0));
    if (d.code == "json.duplicate_key")
        return tr("duplicate key %1: each key may appear once per object").arg(arg(0));
    if (d.code == "json.negative_zero")
        return tr("-0 is not a valid integer here; write 0");
    //: %1: the JSON Schema validator's own words, in English
    if (d.code == "schema")
        return tr("schema: %1").arg(arg(0));
    // A phrase the reader uses, translated where it is one of kShapePhrases.
    const auto phrase = [&](std::size_t i) { return tr(i < d.args.size() ? d.args[i].c_str() : ""); };
    //: %1: what the document should hold there ("an integer"), %2: what it holds ("a string")
    if (d.code == "type" && d.args.size() > 2 && d.args[1] == "the fraction")
        return tr("expected %1, found the fraction %2").arg(phrase(0), arg(2));
    if (d.code == "type")
        return tr("expected %1, found %2").arg(phrase(0), phrase(1));
    //: %1: the key as written, quoted; %2: where ("a class policy"); %3: the keys allowed there
    if (d.code == "unknown_key")
        return tr("unknown key %1 in %2 (allowed: %3)").arg(arg(0), phrase(1), arg(2));
    if (d.code == "unknown_outcome")
        return tr("unknown on_exhausted %1 (expected \"skip\" or \"stop\")").arg(arg(0));
    //: %1: the field's key, e.g. execution_profile_id
    if (d.code == "missing")
        return tr("%1 is missing").arg(arg(0));
    if (d.code == "integer_range")
        return tr("the integer %1 is out of range (largest allowed: %2)").arg(arg(0), arg(1));
    if (d.code == "beyond_int64")
        return tr("the number is beyond the 64-bit integer range (allowed: %1 to %2)").arg(arg(0), arg(1));
    if (d.code == "negative_version")
        return tr("the profile version must not be negative");
    if (d.code == "not_dynamic")
        return tr("this agent profile is not dynamic: it has no \"dynamic\" document");
    if (d.code == "not_a_document")
        return tr("not a policy document: expected a dynamic profile (\"candidates\"), an agent profile "
                  "(\"dynamic\") or an export (an array, or \"profiles\")");
    //: %1: the field path of the other profile
    if (d.code == "duplicate_id")
        return tr("is also the id of %1; kandev keeps one profile per id (agent_profiles' primary key)").arg(arg(0));
    return QString::fromStdString(d.message);
}

QString PolicyText::rowProblem(const format::Diagnostic& d)
{
    const auto arg = [&d](std::size_t i) { return argOf(d, i); };
    if (d.code == "rules_json.unreadable") {
        // The problem inside the column, said as a file's would be.
        format::Diagnostic inner {d.args.size() > 2 ? d.args[2] : "", d.args.size() > 6 ? d.args[6] : "",
            arg(3).toInt(), arg(4).toInt(), d.args.size() > 5 ? d.args[5] : "",
            d.args.size() > 7 ? std::vector<std::string>(d.args.begin() + 7, d.args.end())
                              : std::vector<std::string> {},
            d.issue};
        const QString column = inner.path.empty() ? QStringLiteral("rules_json")
                                                  : QStringLiteral("rules_json.") + QString::fromStdString(inner.path);
        //: %1: rules_json and a field path in it, %2: its line, %3: its column
        const QString at
            = inner.line > 0 ? tr("%1 (line %2, column %3)").arg(column).arg(inner.line).arg(inner.column) : column;
        //: %1: a profile id, %2: a route's position
        return tr("profile “%1”, position %2: %3: %4").arg(arg(0), arg(1), at, diagnostic(inner));
    }
    if (d.code == "rules_json.too_long")
        return tr("profile “%1”, position %2: rules_json is %3 characters long; a route's rules are limited to %4 "
                  "characters, so this profile is left untouched")
            .arg(arg(0), arg(1), arg(2), arg(3));
    if (d.code == "rules_json.newer")
        return tr("profile “%1”, position %2: rules_json has policy version %3, newer than this build's %4; this "
                  "profile is read and never written")
            .arg(arg(0), arg(1), arg(2), arg(3));
    if (d.code == "route.empty_id")
        return tr("profile “%1”, position %2: execution_profile_id is empty once white space is trimmed; kandev's "
                  "backend rejects the route, so this profile is left untouched")
            .arg(arg(0), arg(1));
    if (d.code != "row.refused")
        return QString::fromStdString(d.message);
    // args: the profile, the table, the column, what is wrong, the value's kind and text.
    const QString kind = arg(4);
    const QString value = kind == QLatin1String("real") ? tr("the real number %1").arg(arg(5))
        : kind == QLatin1String("blob")                 ? tr("a blob of %1 bytes").arg(arg(5))
        : kind == QLatin1String("boolean")              ? tr("the boolean %1").arg(arg(5))
        : kind == QLatin1String("text")                 ? tr("the text “%1”").arg(arg(5))
        : kind == QLatin1String("null")                 ? QStringLiteral("NULL")
                                                        : arg(5);
    const QString code = arg(3);
    QString why;
    if (code == QLatin1String("past_int64"))
        why = tr("%1 is past the 64-bit integer range kandev reads").arg(value);
    else if (code == QLatin1String("not_integer"))
        why = tr("%1 is not an integer, which kandev reads here").arg(value);
    else if (code == QLatin1String("null_integer"))
        why = tr("NULL where kandev reads an integer");
    else if (code == QLatin1String("not_boolean"))
        why = tr("%1 is not a boolean (0 or 1), which kandev reads here").arg(value);
    else if (code == QLatin1String("not_text"))
        why = tr("%1 is not text, which kandev reads here").arg(value);
    else if (code == QLatin1String("null_text"))
        why = tr("NULL where kandev reads text");
    else
        return QString::fromStdString(d.message);
    //: %1: a profile id, %2: kandev's table, %3: its column, %4: what is wrong with the value
    return tr("profile “%1”: %2, column %3: %4; this profile is left untouched").arg(arg(0), arg(1), arg(2), why);
}

QString PolicyText::legacyError(const format::Diagnostic& error)
{
    return tr("Legacy rules cannot be migrated: %1").arg(legacyProblem(error));
}

QString PolicyText::legacyProblem(const format::Diagnostic& error)
{
    // args: the candidate's index and id, then the code's own parts.
    const auto arg = [&error](std::size_t i) { return argOf(error, i); };
    //: %1: the candidate's index in the route, %2: its profile id
    const QString who = tr("candidate %1 (“%2”)").arg(arg(0), arg(1));
    QString why;
    if (error.code == "legacy.empty_key") {
        why = tr("%1: a legacy rule has an empty key").arg(who);
    } else if (error.code == "legacy.unknown_key") {
        //: %2: the rule's key as written, e.g. rate_limitd
        why = tr("%1: the legacy rule key “%2” is neither on_provider_error nor a transient or hard error code")
                  .arg(who, arg(2));
    } else if (error.code == "legacy.unknown_action") {
        why = tr("%1: the legacy rule “%2” has the unknown action “%3” (expected retry_same, try_next or stop)")
                  .arg(who, arg(2), arg(3));
    } else if (error.code == "legacy.conflict") {
        const auto cls = policy::errorClassFromName(error.args.size() > 2 ? error.args[2] : "");
        //: %2: the class in a sentence ("transient errors"); %3: the rules, e.g. rate_limited = stop
        why = tr("%1: conflicting legacy rules for %2: %3").arg(who, cls ? classInSentence(*cls) : arg(2), arg(3));
    } else if (error.code == "legacy.both_forms") {
        why = tr("%1 carries both policies and legacy rules").arg(who);
    } else {
        why = QString::fromStdString(error.message);
    }
    return why;
}

QString PolicyText::decision(const policy::Decision& d, std::int64_t deadlineOffset)
{
    using policy::DecisionReason;
    switch (d.kind) {
    case policy::DecisionKind::WaitingForReset:
        return tr("Wait %1 for the provider's reset, then try this candidate once more; if that fails too: %2.")
            .arg(duration(deadlineOffset), outcome(d.pendingOutcome));
    case policy::DecisionKind::RetryWait:
        return tr("Retry %1 of this candidate after %2; when retries run out: %3.")
            .arg(d.retryOrdinal)
            .arg(duration(deadlineOffset), outcome(d.pendingOutcome));
    case policy::DecisionKind::Skip: return tr("Skip to the next candidate now.");
    case policy::DecisionKind::Stop:
        switch (d.reason) {
        case DecisionReason::InvalidPolicies:
            return tr("Stop: this candidate's policies are invalid, and invalid settings never authorize work.");
        case DecisionReason::AfterSideEffects:
            return tr("Stop for manual recovery: the failure came after output or tool activity, so retrying could "
                      "repeat side effects.");
        case DecisionReason::NoFailure:
        case DecisionReason::UnknownError:
            return tr("Stop for manual recovery: the classifier could not classify this error, and unclassified "
                      "errors always stop.");
        case DecisionReason::TrustedReset:
        case DecisionReason::RetryLeft:
        case DecisionReason::RetryOff:
        case DecisionReason::RetriesUsed: return tr("Stop for manual recovery.");
        }
    }
    return {};
}

QString PolicyText::unusedResetHint(
    policy::ResetHintUse use, policy::ErrorClass c, std::int64_t hintSeconds, std::int64_t maxWaitSeconds)
{
    using policy::ResetHintUse;
    const QString cls = classInSentence(c);
    const QString hint = duration(std::max<std::int64_t>(0, hintSeconds));
    switch (use) {
    case ResetHintUse::NotConsidered:
    case ResetHintUse::NoHint:
    case ResetHintUse::Used: return {};
    case ResetHintUse::NotTrusted: return tr("The reset hint is not trusted for this error, so it is not used.");
    case ResetHintUse::WaitDisabled:
        return tr("Wait-for-reset is off for %1 on this candidate, so the %2 hint is not used.").arg(cls, hint);
    case ResetHintUse::AlreadyWaited:
        return tr("This candidate already waited for a reset of %1 in this cycle, so the %2 reset is not used.")
            .arg(cls, hint);
    case ResetHintUse::NotInFuture: return tr("The reported reset is not in the future, so it is not used.");
    case ResetHintUse::BeyondMaxWait:
        return tr("The %1 hint is beyond this candidate's %2 maximum wait for %3, so it is not used.")
            .arg(hint, duration(maxWaitSeconds), cls);
    }
    return {};
}

QString PolicyText::gateStopReason(policy::DecisionReason reason, std::string_view code)
{
    switch (reason) {
    case policy::DecisionReason::UnknownError:
        return tr("%1 is neither transient nor hard: unknown errors always stop for a person.")
            .arg(QString::fromUtf8(code.data(), qsizetype(code.size())));
    case policy::DecisionReason::AfterSideEffects:
        return tr("The failure came after output or tool activity: errors after side effects always stop.");
    case policy::DecisionReason::InvalidPolicies:
        return tr("Stop: this candidate's policies are invalid, and invalid settings never authorize work.");
    default: return {};
    }
}

}  // namespace model
