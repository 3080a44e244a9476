// SPDX-License-Identifier: Apache-2.0
#pragma once
// Translated, human-readable renderings of policies and durations for the
// editor. Every limit is a %1 argument, never baked into a string.

#include "catalogue/classifier.h"
#include "check/eligibility.h"
#include "format/diagnostic.h"
#include "rules/lint.h"

#include "policy/evaluator.h"
#include "policy/types.h"
#include "policy/validation.h"

#include <QCoreApplication>
#include <QString>

namespace model
{

class PolicyText
{
    Q_DECLARE_TR_FUNCTIONS(PolicyText)
public:
    // 5 -> "5 s", 90 -> "1 min 30 s", 3600 -> "1 h", 86400 -> "1 d"
    static QString duration(std::int64_t seconds);
    // "3 retries from 5 s, then skip"; "wait up to 5 min, then stop"; "skip immediately"
    static QString classSummary(const policy::ClassPolicy& p);
    // "Transient: … · Hard: …"
    static QString candidateSummary(const policy::PolicyDocument& doc);
    // "Retries after 5 s, 10 s, 20 s, then skip. 3 retries: 4 attempts in all, up to 35 s."
    static QString scheduleLine(const policy::ClassPolicy& p);
    static QString outcome(policy::Outcome o);
    // The catalogue's words for a classification, translated: "high", "account", "structured".
    static QString confidence(policy::Confidence c);
    static QString scope(catalogue::Scope s);
    static QString stage(catalogue::Stage s);
    // Why a reset hint was trusted or not ("disagrees with retry-after").
    static QString hintVerdict(const catalogue::TimingHint& hint);
    // A scenario's name: a built-in one's translated, any other as it was named.
    static QString scenarioName(const std::string& name);
    // Joins the items of a list ("a, b, c"; "a、b、c" in Chinese) and
    // sentences ("One. Two."; "一。二。" without a space in Chinese).
    static QString joinList(const QStringList& items);
    static QString joinSentences(const QStringList& sentences);
    static QString className(policy::ErrorClass c);
    static QString classInSentence(
        policy::ErrorClass c);  // "transient errors", lower case only where the language wants it
    static QString classDescription(policy::ErrorClass c);
    static QString classExamples(policy::ErrorClass c);
    // What belongs to neither class, and so always stops: said under each class's explanation.
    static QString neverInAClass();
    // "When kandev switches candidates", one paragraph each: which errors
    // switch, which never do, the circuit's pause and probe, the reset wait.
    static QStringList switchingExplanation();
    static QString codeDescription(std::string_view code);
    static QString issueMessage(const policy::Issue& issue);
    // A broken candidate rule of a candidate naming `id` (its profile's agent
    // `agent`, where known), as the validation pane shows it; a warning
    // (NotLaunchable) says it is one.
    static QString candidateRule(check::CandidateRule rule, const QString& id, const QString& agent, int duplicateOf);
    // Why a profile cannot be picked as a candidate, in a few words ("deleted";
    // "agent x may not be launchable"); several rules joined by commas.
    static QString candidateRuleReason(check::CandidateRule rule, const QString& agent);
    static QString candidateRuleReasons(const check::CandidateRules& rules, const QString& agent);
    // What a house rule measured and what it allows, in one sentence ("The
    // worst-case hold for hard errors is 1 d 1 h; the house allows 1 d.").
    static QString houseRuleViolation(const rules::Violation& v);
    // The validation pane's text: that sentence, the house's own message, the
    // rule's id, and for an excepted profile the recorded reason.
    static QString houseRuleProblem(const rules::Violation& v);
    // A problem of a document's text (JSON, schema, a policy's value) in the
    // language shown; what a JSON parser or schema validator says is quoted as it said it.
    static QString diagnostic(const format::Diagnostic& d);
    // A row of kandev's database that cannot be read (a value of the wrong
    // type, a rules_json that is too long, unreadable or newer).
    static QString rowProblem(const format::Diagnostic& d);
    // Why a legacy candidate cannot be migrated (the migration's own detail).
    static QString legacyError(const format::Diagnostic& error);
    // The same without "cannot be migrated": what is wrong with the rules.
    static QString legacyProblem(const format::Diagnostic& error);
    // What the decision does, and for a stop of the safety gate, why (from d.reason).
    static QString decision(const policy::Decision& d, std::int64_t nowOffsetSecondsForDeadline);
    // Why a reset hint led to no wait, "" when none was reported or it was used
    // (or the safety gate decided first). hintSeconds: the hint, from now.
    static QString unusedResetHint(
        policy::ResetHintUse use, policy::ErrorClass c, std::int64_t hintSeconds, std::int64_t maxWaitSeconds);
    // Why the safety gate stopped the cycle ("" for any other reason).
    static QString gateStopReason(policy::DecisionReason reason, std::string_view code);
};

}  // namespace model
