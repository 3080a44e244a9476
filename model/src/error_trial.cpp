// SPDX-License-Identifier: Apache-2.0
#include "model/error_trial.h"

#include "model/editor_document.h"
#include "model/policy_text.h"

namespace model
{

ErrorTrialResult ErrorTrial::run(const ErrorTrialInput& input, const EditorDocument* document, int row)
{
    ErrorTrialResult out;
    if (input.raw.trimmed().isEmpty()) {
        out.classificationText = tr("Paste an error to see how it is classified.");
        return out;
    }
    out.empty = false;
    const policy::Seconds at = input.now;
    catalogue::Evidence evidence = catalogue::parseRawError(input.raw.toStdString());
    evidence.provider = input.provider.toStdString();
    evidence.phase = input.phase.toStdString();
    // It was pasted because it is an error: no "exit code: 1" line is needed to read it as one.
    evidence.knownFailure = true;
    out.classification = catalogue::classify(evidence, at);
    const auto& c = out.classification;
    const auto html = [](const std::string& v) { return QString::fromStdString(v).toHtmlEscaped(); };
    QString text = tr("<b>%1</b> — %2<br/>%3 · rule <code>%4</code> · %5 · confidence %6 · scope %7")
                       .arg(PolicyText::codeDescription(c.code).toHtmlEscaped(), PolicyText::className(c.errorClass),
                           html(c.code), html(c.rule), html(c.catalogueVersion), PolicyText::confidence(c.confidence),
                           PolicyText::scope(c.scope));
    if (c.kandevCode != c.code)
        text += QStringLiteral("<br/>")
            + tr("kandev's own rules say <code>%1</code> here; this catalogue differs on purpose (see the README).")
                  .arg(html(c.kandevCode));
    if (c.hint) {
        const QString from = tr("“%1” (%2)").arg(html(c.hint->value), html(c.hint->source));
        text += QStringLiteral("<br/>")
            + (c.hint->trusted && c.resetAt ? tr("Reset hint from %1: in %2 (trusted)")
                                                  .arg(from, PolicyText::duration((*c.resetAt - at).count()))
                                            : tr("Reset hint from %1: not trusted (%2)")
                                                  .arg(from, PolicyText::hintVerdict(*c.hint).toHtmlEscaped()));
    } else {
        text += QStringLiteral("<br/>") + tr("No reset hint.");
    }
    if (c.truncated)
        text += QStringLiteral("<br/>") + tr("Only the first 16 KiB and 64 headers were read.");
    out.classificationText = text;
    out.excerpt = QString::fromStdString(c.excerpt);

    if (!document || row < 0 || row >= document->candidateCount()) {
        out.decisionText = tr("Select a candidate to see its decision.").toHtmlEscaped();
        return out;
    }
    const policy::PolicyDocument policies = document->candidate(row).policies.value_or(policy::PolicyDocument {});
    policy::EvaluationInput in;
    in.failure = policy::Failure {c.code, "", c.confidence, c.catalogueVersion, c.resetAt};
    in.failure->untrustedResetHint = c.hint && !c.resetAt;
    in.now = at;
    in.effectSafe = input.beforeOutput;
    const policy::Decision d = policy::evaluate(policies, in);
    out.decision = d;
    QString decision = PolicyText::decision(d, d.deadline ? (*d.deadline - at).count() : 0);
    // A hint that the decision leaves unused says why, so nobody wonders where the reset went.
    const policy::ErrorClass cls = d.errorClass.value_or(policy::ErrorClass::Unclassified);
    const QString unused = PolicyText::unusedResetHint(d.resetHint, cls, c.resetAt ? (*c.resetAt - at).count() : 0,
        policies.forClass(cls).waitForReset.maxWaitSeconds);
    if (!unused.isEmpty())
        decision = PolicyText::joinSentences({decision, unused});
    out.decisionText = tr("%1: %2").arg(document->candidateName(row), decision).toHtmlEscaped();
    return out;
}

policy::Scenario ErrorTrial::scenario(
    const catalogue::Classification& classification, bool beforeOutput, policy::Seconds now)
{
    policy::Scenario s;
    s.name = tr("The pasted error, every attempt").toStdString();
    s.start = now;
    policy::ScenarioAttempt a;
    a.code = classification.code;
    a.confidence = classification.confidence;
    a.effectSafe = beforeOutput;
    if (classification.resetAt)
        a.resetAfterSeconds = (*classification.resetAt - s.start).count();
    s.attempts = {a};
    return s;
}

}  // namespace model
