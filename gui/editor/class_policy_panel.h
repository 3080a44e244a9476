// SPDX-License-Identifier: Apache-2.0
#pragma once
// The editor of one class policy ("Transient errors" or "Hard errors"): what
// the class means, then retry, reset wait and exhausted outcome under
// progressive disclosure, with the schedule the settings imply and inline
// validation. One class used twice; it edits a value and emits it, the
// candidate editor turns that into an undo command.

#include "policy/policy_keys.h"
#include "policy/types.h"
#include "policy/validation.h"

#include <QFrame>
#include <QMap>

#include <optional>

class QButtonGroup;
class QCheckBox;
class QHBoxLayout;
class QLabel;
class QVBoxLayout;
class QRadioButton;
class QToolButton;

namespace gui
{

template <typename T> class Setting;
class DurationEdit;
class ValueSpinBox;

class ClassPolicyPanel final : public QFrame
{
    Q_OBJECT
public:
    explicit ClassPolicyPanel(policy::ErrorClass errorClass, QWidget* parent = nullptr);

    policy::ErrorClass errorClass() const
    {
        return m_class;
    }
    // issues: those of this class, with paths relative to it (policy::renderSetting).
    void setPolicy(const policy::ClassPolicy& policy, const std::vector<policy::Issue>& issues);
    // After setPolicy: the house rules a setting of this class breaks, under
    // that setting in the warning tone (a kandev problem there comes first).
    void showHouseRuleNotes(const std::vector<std::pair<policy::Setting, QString>>& notes);
    const policy::ClassPolicy& policy() const
    {
        return m_policy;
    }
    void setEditable(bool editable);
    // Another candidate is shown: switching a section on fills the declared
    // defaults, never the values of the candidate shown before.
    void forgetRestoreValues();
    void setExpanded(bool expanded);
    bool isExpanded() const;
    // The class explained in words under the title (Show explanation); the choice is remembered per user.
    void setExplanationShown(bool shown);
    bool isExplanationShown() const;
    QToolButton* explainButton() const
    {
        return m_explain;
    }
    QLabel* explanationLabel() const
    {
        return m_explanation;
    }
    // The "?" of the retry, reset wait and outcome sections, in that order.
    const QList<QToolButton*>& helpButtons() const
    {
        return m_helpButtons;
    }
    // What switching on its closed sections would add to the panel's height.
    int closedSectionsHeight() const;
    // What the class explanation, when shown, adds to it at this panel width.
    int explanationHeight(int panelWidth) const;
    // Focuses the editor of a setting; a field is a path that policy::parseSetting reads.
    bool focusField(policy::Setting setting);
    bool focusField(const QString& field);

    // For tests and accessibility checks.
    QCheckBox* retrySwitch() const
    {
        return m_retryOn;
    }
    QCheckBox* waitSwitch() const
    {
        return m_waitOn;
    }
    ValueSpinBox* maxRetriesBox() const
    {
        return m_maxRetries;
    }
    DurationEdit* intervalEdit() const
    {
        return m_interval;
    }
    DurationEdit* maxWaitEdit() const
    {
        return m_maxWait;
    }
    QRadioButton* skipButton() const
    {
        return m_skip;
    }
    QRadioButton* stopButton() const
    {
        return m_stop;
    }
    QLabel* scheduleLabel() const
    {
        return m_schedule;
    }
    QLabel* summaryLabel() const
    {
        return m_summary;
    }
    QString fieldError(policy::Setting setting) const;
    QString fieldError(const QString& field) const;

    // The candidate the panel edits, for the undo entries' words.
    void setCandidateName(const QString& name)
    {
        m_candidateName = name;
    }

signals:
    void edited(const policy::ClassPolicy& policy, const QString& undoText, const QString& mergeKey);

private:
    QString m_candidateName;
    void emitEdit(const policy::ClassPolicy& p, const QString& what, std::optional<policy::Setting> setting);
    void refresh();
    QLabel* makeErrorLabel(policy::Setting setting);
    // The constructor's parts, in the order they stand in the panel; the
    // labels are untranslated (tr() here, in this class's context).
    QHBoxLayout* buildHeader();
    void buildRetrySection(QVBoxLayout* body, const char* retry, const char* maxRetries, const char* interval);
    void buildWaitSection(QVBoxLayout* body, const char* wait, const char* maxWait);
    void buildOutcomeSection(QVBoxLayout* body, const char* skip, const char* stop);
    // Every edit becomes one undoable command, named for the undo history.
    void connectEdits();
    QToolButton* makeHelpButton(const QString& option, const QString& help, QLabel** text);
    QWidget* withHelp(QWidget* control, QToolButton* help, QLabel* text);
    static const Setting<bool>& explanationSetting(policy::ErrorClass errorClass);

    policy::ErrorClass m_class;
    policy::ClassPolicy m_policy;
    // Values restored when a section is switched on again.
    policy::RetryPolicy m_lastRetry;
    policy::ResetWaitPolicy m_lastWait;
    bool m_showRetry = false;  // the retry details are shown (on, or off but invalid)
    bool m_showWait = false;

    QToolButton* m_toggle;
    QToolButton* m_explain;
    QLabel* m_explanation;
    QList<QToolButton*> m_helpButtons;
    QLabel* m_summary;
    QWidget* m_body;
    QCheckBox* m_retryOn;
    QWidget* m_retryDetails;
    ValueSpinBox* m_maxRetries;
    DurationEdit* m_interval;
    QLabel* m_schedule;
    QCheckBox* m_waitOn;
    QWidget* m_waitDetails;
    DurationEdit* m_maxWait;
    QRadioButton* m_skip;
    QRadioButton* m_stop;
    QButtonGroup* m_outcomes;
    QMap<policy::Setting, QLabel*> m_errorLabels;
    QMap<policy::Setting, QWidget*> m_fieldEditors;
};

}  // namespace gui
