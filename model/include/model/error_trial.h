// SPDX-License-Identifier: Apache-2.0
#pragma once
// "Try an error", computed: how the catalogue classifies a pasted error and
// what a candidate's policy decides for it, as the texts the panel shows
// (rich text, HTML-escaped where they quote the error). The panel only
// displays them.

#include "catalogue/classifier.h"

#include "policy/evaluator.h"
#include "policy/timeline.h"

#include <QCoreApplication>
#include <QString>

namespace model
{

class EditorDocument;

struct ErrorTrialInput {
    QString raw;  // what was pasted
    QString provider;  // kandev's agent id; "" unknown
    QString phase;  // kandev's phase; "" not known
    bool beforeOutput = true;  // before any output or tool activity
    policy::Seconds now {};
};

struct ErrorTrialResult {
    bool empty = true;  // nothing was pasted
    catalogue::Classification classification;
    std::optional<policy::Decision> decision;  // none without a selected candidate
    QString classificationText;  // rich text
    QString excerpt;  // plain text: the redacted excerpt
    QString decisionText;  // rich text (escaped)
};

class ErrorTrial
{
    Q_DECLARE_TR_FUNCTIONS(ErrorTrial)
public:
    // document and row may be null / out of range: no decision then.
    static ErrorTrialResult run(const ErrorTrialInput& input, const EditorDocument* document, int row);
    // The route cycle for the classified error, every attempt: for the timeline.
    static policy::Scenario scenario(
        const catalogue::Classification& classification, bool beforeOutput, policy::Seconds now);
};

}  // namespace model
