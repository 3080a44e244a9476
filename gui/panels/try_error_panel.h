// SPDX-License-Identifier: Apache-2.0
#pragma once
// "Try an error": paste what a provider or an agent CLI printed, say which
// agent printed it and in which phase, and see how the catalogue classifies
// it (code, class, rule, catalogue version, confidence, what kandev's own
// rules say where they differ, the reset hint with the text it came from and
// whether it is trusted, the redacted excerpt), what the selected
// candidate's policy decides, and the route cycle that follows.

#include "window/document_view.h"

#include "model/editor_document.h"
#include "model/error_trial.h"

#include "policy/timeline.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace gui
{

class TryErrorPanel final : public QWidget, public DocumentView
{
    Q_OBJECT
public:
    explicit TryErrorPanel(QWidget* parent = nullptr);
    void setDocument(model::EditorDocument* document) override;
    void setRow(int row);
    void setNow(policy::Seconds now);  // tests: a fixed clock

    QPlainTextEdit* input() const
    {
        return m_input;
    }
    QCheckBox* beforeOutputBox() const
    {
        return m_beforeOutput;
    }
    QComboBox* providerBox() const
    {
        return m_provider;
    }  // kandev's agent ids; data "" = unknown
    QComboBox* phaseBox() const
    {
        return m_phase;
    }  // kandev's phases; data "" = not known
    QLabel* excerptLabel() const
    {
        return m_excerpt;
    }
    QLabel* classificationLabel() const
    {
        return m_classification;
    }
    QLabel* decisionLabel() const
    {
        return m_decision;
    }
    const catalogue::Classification& classification() const
    {
        return m_trial.classification;
    }

signals:
    // The route cycle for this error, every attempt: for the timeline.
    void scenarioRequested(const policy::Scenario& scenario);

private:
    void update();
    policy::Seconds now() const;

    QPointer<model::EditorDocument> m_doc;
    int m_row = -1;
    std::optional<policy::Seconds> m_fixedNow;
    model::ErrorTrialResult m_trial;
    QPlainTextEdit* m_input;
    QComboBox* m_provider;
    QComboBox* m_phase;
    QCheckBox* m_beforeOutput;
    QLabel* m_classification;
    QLabel* m_excerpt;
    QLabel* m_decision;
    QPushButton* m_showTimeline;
};

}  // namespace gui
