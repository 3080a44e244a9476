// SPDX-License-Identifier: Apache-2.0
#include "editor/class_policy_panel.h"

#include "window/colour_scheme.h"
#include "window/settings.h"
#include "editor/field_binder.h"
#include "controls/value_controls.h"

#include "model/policy_text.h"

#include "policy/panel_sections.h"

#include "controls/flow_layout.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace gui
{

using model::PolicyText;
using policy::Field;

namespace
{

QLabel* wrapped(const QString& text, QWidget* parent, bool secondary = false)
{
    auto* label = new QLabel(text, parent);
    // Not selectable: a selectable label carries a whole QTextDocument, and
    // these explanations are rebuilt on every edit and at start-up.
    label->setWordWrap(true);
    if (secondary)
        label->setForegroundRole(QPalette::PlaceholderText);  // follows a palette change (View > Colour Scheme)
    return label;
}

QLabel* sectionTitle(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    return label;
}

// Indents a section's details under its switch.
QWidget* indented(QLayout* content, QWidget* parent)
{
    auto* w = new QWidget(parent);
    auto* outer = new QHBoxLayout(w);
    outer->setContentsMargins(24, 0, 0, 4);
    outer->addLayout(content);
    return w;
}

// The panel's labels. The two panels share a window, so each class has its
// own mnemonics: no Alt+letter may be ambiguous (File, Edit, View and Help
// take F, E, V and H).
struct PanelTexts {
    const char* retry;
    const char* maxRetries;
    const char* interval;
    const char* wait;
    const char* maxWait;
    const char* skip;
    const char* stop;
};

}  // namespace

ClassPolicyPanel::ClassPolicyPanel(policy::ErrorClass errorClass, QWidget* parent)
    : QFrame(parent)
    , m_class(errorClass)
    , m_lastRetry {true, policy::descriptor(Field::RetryMaxRetries).enabledDefault,
          policy::descriptor(Field::RetryInitialInterval).enabledDefault}
    , m_lastWait {true, policy::descriptor(Field::ResetMaxWait).enabledDefault}
{
    static constexpr PanelTexts kTransientTexts {QT_TR_NOOP("&Retry the same candidate"), QT_TR_NOOP("&Max retries:"),
        QT_TR_NOOP("F&irst retry after:"), QT_TR_NOOP("&Wait for provider reset"), QT_TR_NOOP("Ma&ximum wait:"),
        QT_TR_NOOP("S&kip to the next candidate"), QT_TR_NOOP("St&op for manual recovery")};
    static constexpr PanelTexts kHardTexts {QT_TR_NOOP("Retr&y the same candidate"), QT_TR_NOOP("Max re&tries:"),
        QT_TR_NOOP("First retry &after:"), QT_TR_NOOP("Wait for provi&der reset"), QT_TR_NOOP("Maxim&um wait:"),
        QT_TR_NOOP("Skip to the &next candidate"), QT_TR_NOOP("Sto&p for manual recovery")};
    const PanelTexts& texts = errorClass == policy::ErrorClass::Hard ? kHardTexts : kTransientTexts;

    setFrameShape(QFrame::StyledPanel);
    setObjectName(
        errorClass == policy::ErrorClass::Transient ? QStringLiteral("transientPanel") : QStringLiteral("hardPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->setSpacing(4);
    layout->addLayout(buildHeader());
    layout->addWidget(m_explanation);

    m_body = new QWidget(this);
    auto* body = new QVBoxLayout(m_body);
    body->setContentsMargins(0, 2, 0, 0);
    body->setSpacing(4);
    buildRetrySection(body, texts.retry, texts.maxRetries, texts.interval);
    buildWaitSection(body, texts.wait, texts.maxWait);
    buildOutcomeSection(body, texts.skip, texts.stop);
    layout->addWidget(m_body);
    connectEdits();
    setExplanationShown(explanationSetting(m_class).value());
    setPolicy(policy::ClassPolicy {}, {});
}

const Setting<bool>& ClassPolicyPanel::explanationSetting(policy::ErrorClass errorClass)
{
    return errorClass == policy::ErrorClass::Hard ? settings::explainHardErrors : settings::explainTransientErrors;
}

void ClassPolicyPanel::setExplanationShown(bool shown)
{
    const QSignalBlocker block(m_explain);
    m_explain->setChecked(shown);
    // One short word, pressed while open: a longer text would widen the panel past side by side.
    m_explain->setText(tr("Explain"));
    m_explanation->setVisible(shown && m_toggle->isChecked());  // a closed panel shows its summary line alone
}

bool ClassPolicyPanel::isExplanationShown() const
{
    return m_explain->isChecked();
}

// Disclosure toggle, title, the class explained one click away, and a
// one-line summary that stays visible when collapsed.
QHBoxLayout* ClassPolicyPanel::buildHeader()
{
    auto* header = new QHBoxLayout;
    m_toggle = new QToolButton(this);
    m_toggle->setAutoRaise(true);
    m_toggle->setCheckable(true);
    m_toggle->setChecked(true);
    m_toggle->setArrowType(Qt::DownArrow);
    //: %1: the class in a sentence ("transient errors")
    m_toggle->setAccessibleName(tr("Show or hide the settings for %1").arg(PolicyText::classInSentence(m_class)));
    auto* title = new QLabel(PolicyText::className(m_class), this);
    QFont titleFont = title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    title->setFont(titleFont);
    // What the class means, which errors belong to it and which never do:
    // text to read under the title, one click away, and open from then on
    // (remembered per user), never only a hover.
    m_explain = new QToolButton(this);
    m_explain->setObjectName(QStringLiteral("explainClass"));
    m_explain->setCheckable(true);
    m_explain->setAutoRaise(true);
    m_explain->setAccessibleName(tr("Explain %1").arg(PolicyText::classInSentence(m_class)));
    m_explanation = wrapped(QStringLiteral("%1 %2\n%3")
                                .arg(PolicyText::classDescription(m_class), PolicyText::classExamples(m_class),
                                    PolicyText::neverInAClass()),
        this, true);
    m_explanation->setObjectName(QStringLiteral("classExplanation"));
    m_explain->setAccessibleDescription(m_explanation->text());
    // The summary beside the title, not under it: a row less in each panel,
    // which is what lets a laptop show both panels and the whole timeline.
    m_summary = wrapped(QString(), this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->hide();  // the panel starts open
    header->addWidget(m_toggle);
    header->addWidget(title);
    header->addSpacing(6);
    header->addWidget(m_summary, 1);
    header->addWidget(m_explain, 0, Qt::AlignTop);
    return header;
}

QToolButton* ClassPolicyPanel::makeHelpButton(const QString& option, const QString& help, QLabel** text)
{
    // A button that Tab reaches and a screen reader names, which shows the
    // help as text under its setting: hover is never the only way to it.
    auto* button = new QToolButton(m_body);
    button->setText(QStringLiteral("?"));
    button->setCheckable(true);
    button->setAutoRaise(true);
    button->setFocusPolicy(Qt::StrongFocus);
    //: %1 is a setting (the retry, the reset wait, the outcome), %2 the class ("transient errors").
    button->setAccessibleName(tr("Explain %1 for %2").arg(option, PolicyText::classInSentence(m_class)));
    button->setAccessibleDescription(help);
    button->setToolTip(help);
    *text = wrapped(help, m_body, true);
    (*text)->hide();
    connect(button, &QToolButton::toggled, *text, &QWidget::setVisible);
    m_helpButtons << button;
    return button;
}

// A section's switch or title with its help button beside it, and the help's text under both.
QWidget* ClassPolicyPanel::withHelp(QWidget* control, QToolButton* help, QLabel* text)
{
    auto* row = new QWidget(m_body);
    auto* column = new QVBoxLayout(row);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    auto* line = new QHBoxLayout;
    line->setContentsMargins(0, 0, 0, 0);
    line->addWidget(control);
    // No taller than what it explains: the panels' height is the timeline's loss.
    help->setMaximumHeight(control->sizeHint().height());
    line->addWidget(help);
    line->addStretch(1);
    column->addLayout(line);
    column->addWidget(text);
    return row;
}

void ClassPolicyPanel::buildRetrySection(
    QVBoxLayout* body, const char* retry, const char* maxRetries, const char* interval)
{
    // Retry the same candidate.
    m_retryOn = new QCheckBox(tr(retry), m_body);
    // Bold like a section title; no throwaway label for the font, which would
    // lie unlaid over the check box and swallow its clicks.
    QFont switchFont = m_retryOn->font();
    switchFont.setBold(true);
    m_retryOn->setFont(switchFont);
    QLabel* retryHelp = nullptr;
    QToolButton* retryHelpButton = makeHelpButton(tr("the retry"),
        tr("Tries the same candidate again after a delay that doubles each time, up to the maximum retries; then "
           "the outcome below applies."),
        &retryHelp);
    body->addWidget(withHelp(m_retryOn, retryHelpButton, retryHelp));
    auto* retryForm = new QFormLayout;
    retryForm->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    auto* retriesLabel = new QLabel(tr(maxRetries), m_body);
    m_maxRetries = new ValueSpinBox(m_body);
    bindCountSpinBox(m_maxRetries, policy::descriptor(Field::RetryMaxRetries), retriesLabel);
    retryForm->addRow(retriesLabel, m_maxRetries);
    retryForm->addRow(QString(), makeErrorLabel(policy::Setting::RetryMaxRetries));
    auto* intervalLabel = new QLabel(tr(interval), m_body);
    m_interval = new DurationEdit(m_body);
    m_interval->bind(policy::descriptor(Field::RetryInitialInterval), intervalLabel);
    retryForm->addRow(intervalLabel, m_interval);
    retryForm->addRow(QString(), makeErrorLabel(policy::Setting::RetryInitialInterval));
    m_schedule = wrapped(QString(), m_body);
    m_schedule->setObjectName(QStringLiteral("schedule"));
    retryForm->addRow(m_schedule);
    m_retryDetails = indented(retryForm, m_body);
    body->addWidget(m_retryDetails);
    m_fieldEditors.insert(policy::Setting::RetryMaxRetries, m_maxRetries);
    m_fieldEditors.insert(policy::Setting::RetryInitialInterval, m_interval->spinBox());
    m_fieldEditors.insert(policy::Setting::RetryEnabled, m_retryOn);
}

void ClassPolicyPanel::buildWaitSection(QVBoxLayout* body, const char* wait, const char* maxWait)
{
    // Wait for the provider's reset.
    m_waitOn = new QCheckBox(tr(wait), m_body);
    m_waitOn->setFont(m_retryOn->font());
    QLabel* waitHelp = nullptr;
    QToolButton* waitHelpButton = makeHelpButton(tr("the reset wait"),
        tr("When the provider reports a trusted reset time within the maximum wait, kandev waits until then and "
           "tries once more. At most once per candidate and class in a route cycle, and it never uses up one of "
           "the retries."),
        &waitHelp);
    body->addWidget(withHelp(m_waitOn, waitHelpButton, waitHelp));
    auto* waitForm = new QFormLayout;
    waitForm->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    auto* waitLabel = new QLabel(tr(maxWait), m_body);
    m_maxWait = new DurationEdit(m_body);
    m_maxWait->bind(policy::descriptor(Field::ResetMaxWait), waitLabel);
    waitForm->addRow(waitLabel, m_maxWait);
    waitForm->addRow(QString(), makeErrorLabel(policy::Setting::ResetMaxWait));
    m_waitOn->setToolTip(tr("Only a trusted reset time that the provider reports, lies in the future and is no "
                            "further away than the maximum wait is used; then the candidate is tried once more. "
                            "The wait does not use up retries."));
    waitForm->addRow(wrapped(tr("Only trusted reset times within this maximum; no retry is used up."), m_body, true));
    m_waitDetails = indented(waitForm, m_body);
    body->addWidget(m_waitDetails);
    m_fieldEditors.insert(policy::Setting::ResetMaxWait, m_maxWait->spinBox());
    m_fieldEditors.insert(policy::Setting::ResetEnabled, m_waitOn);
}

void ClassPolicyPanel::buildOutcomeSection(QVBoxLayout* body, const char* skip, const char* stop)
{
    // After recovery is exhausted.
    QLabel* outcomeHelp = nullptr;
    QToolButton* outcomeHelpButton = makeHelpButton(tr("the outcome"),
        tr("What happens once the reset wait and every retry are used up: skip to the next enabled candidate, or "
           "stop the route until a person acts."),
        &outcomeHelp);
    body->addWidget(withHelp(sectionTitle(tr("After recovery is exhausted"), m_body), outcomeHelpButton, outcomeHelp));
    // Side by side: two short choices take one row of the panel, not three;
    // where a language makes them too wide for the panel, one under the other.
    auto* outcome = new FlowLayout;
    m_skip = new QRadioButton(tr(skip), m_body);
    m_stop = new QRadioButton(tr(stop), m_body);
    m_outcomes = new QButtonGroup(this);
    m_outcomes->addButton(m_skip);
    m_outcomes->addButton(m_stop);
    outcome->addWidget(m_skip);
    outcome->addWidget(m_stop);
    body->addWidget(indented(outcome, m_body));
    body->addWidget(makeErrorLabel(policy::Setting::OnExhausted));
    m_fieldEditors.insert(policy::Setting::OnExhausted, m_skip);
}

void ClassPolicyPanel::connectEdits()
{
    // Undo entries name the class, the candidate and the value: "Set max
    // retries for transient errors of claude-sonnet to 4".
    const QString cls = PolicyText::classInSentence(m_class);
    connect(m_toggle, &QToolButton::toggled, this, &ClassPolicyPanel::setExpanded);
    connect(m_explain, &QToolButton::toggled, this, [this](bool open) {
        setExplanationShown(open);
        explanationSetting(m_class).setValue(open);
    });
    connect(m_retryOn, &QCheckBox::toggled, this, [this, cls](bool on) {
        policy::ClassPolicy p = m_policy;
        p.retry = on ? m_lastRetry : policy::RetryPolicy {};  // off stores zeros, as the contract requires
        p.retry.enabled = on;
        emitEdit(p,
            on ? tr("Turn on retries for %1 of %2").arg(cls, m_candidateName)
               : tr("Turn off retries for %1 of %2").arg(cls, m_candidateName),
            {});
    });
    connect(m_maxRetries, &ValueSpinBox::valueEdited, this, [this, cls](std::int64_t value) {
        policy::ClassPolicy p = m_policy;
        p.retry.maxRetries = value;
        emitEdit(p, tr("Set max retries for %1 of %2 to %3").arg(cls, m_candidateName, QString::number(value)),
            policy::Setting::RetryMaxRetries);
    });
    connect(m_interval, &DurationEdit::valueEdited, this, [this, cls](std::int64_t seconds) {
        policy::ClassPolicy p = m_policy;
        p.retry.initialIntervalSeconds = seconds;
        emitEdit(p,
            tr("Set the first retry for %1 of %2 to %3").arg(cls, m_candidateName, PolicyText::duration(seconds)),
            policy::Setting::RetryInitialInterval);
    });
    connect(m_waitOn, &QCheckBox::toggled, this, [this, cls](bool on) {
        policy::ClassPolicy p = m_policy;
        p.waitForReset = on ? m_lastWait : policy::ResetWaitPolicy {};
        p.waitForReset.enabled = on;
        emitEdit(p,
            on ? tr("Turn on reset waits for %1 of %2").arg(cls, m_candidateName)
               : tr("Turn off reset waits for %1 of %2").arg(cls, m_candidateName),
            {});
    });
    connect(m_maxWait, &DurationEdit::valueEdited, this, [this, cls](std::int64_t seconds) {
        policy::ClassPolicy p = m_policy;
        p.waitForReset.maxWaitSeconds = seconds;
        emitEdit(p,
            tr("Set the maximum reset wait for %1 of %2 to %3")
                .arg(cls, m_candidateName, PolicyText::duration(seconds)),
            policy::Setting::ResetMaxWait);
    });
    connect(m_skip, &QRadioButton::toggled, this, [this, cls](bool checked) {
        if (!checked)
            return;
        policy::ClassPolicy p = m_policy;
        p.onExhausted = policy::Outcome::Skip;
        emitEdit(p, tr("Skip to the next candidate when %1 of %2 are not recovered").arg(cls, m_candidateName), {});
    });
    connect(m_stop, &QRadioButton::toggled, this, [this, cls](bool checked) {
        if (!checked)
            return;
        policy::ClassPolicy p = m_policy;
        p.onExhausted = policy::Outcome::Stop;
        emitEdit(p, tr("Stop for a person when %1 of %2 are not recovered").arg(cls, m_candidateName), {});
    });
}

namespace
{
void setTextTone(QLabel* label, Tone tone)
{
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, toneText(tone, p));
    label->setPalette(p);
}
}  // namespace

QLabel* ClassPolicyPanel::makeErrorLabel(policy::Setting setting)
{
    auto* label = new QLabel(this);
    label->setWordWrap(true);
    label->setObjectName(QStringLiteral("error:") + QString::fromStdString(policy::renderSetting(setting)));
    setTextTone(label, Tone::Error);
    label->hide();
    m_errorLabels.insert(setting, label);
    return label;
}

void ClassPolicyPanel::emitEdit(
    const policy::ClassPolicy& p, const QString& what, std::optional<policy::Setting> setting)
{
    if (p == m_policy)
        return;
    // Edits of one setting of one class merge into one undo entry.
    emit edited(p, what,
        setting ? QStringLiteral("%1.%2").arg(int(m_class)).arg(QString::fromStdString(policy::renderSetting(*setting)))
                : QString());
}

void ClassPolicyPanel::setPolicy(const policy::ClassPolicy& p, const std::vector<policy::Issue>& issues)
{
    m_policy = p;
    if (p.retry.enabled && policy::withinLimits(Field::RetryMaxRetries, p.retry.maxRetries)
        && policy::withinLimits(Field::RetryInitialInterval, p.retry.initialIntervalSeconds))
        m_lastRetry = p.retry;
    if (p.waitForReset.enabled && policy::withinLimits(Field::ResetMaxWait, p.waitForReset.maxWaitSeconds))
        m_lastWait = p.waitForReset;
    // A section that is off but holds values is invalid: show its values, and
    // the errors under them, instead of hiding them.
    const policy::PanelSections shown = policy::panelSections(p, issues);
    m_showRetry = shown.retry;
    m_showWait = shown.wait;

    const QSignalBlocker b1(m_retryOn), b3(m_waitOn), b4(m_skip), b5(m_stop);
    m_retryOn->setChecked(p.retry.enabled);
    // As the document holds them, in range or not.
    m_maxRetries->setValue(m_showRetry ? p.retry.maxRetries : m_lastRetry.maxRetries);
    m_interval->setSeconds(m_showRetry ? p.retry.initialIntervalSeconds : m_lastRetry.initialIntervalSeconds);
    m_waitOn->setChecked(p.waitForReset.enabled);
    m_maxWait->setSeconds(m_showWait ? p.waitForReset.maxWaitSeconds : m_lastWait.maxWaitSeconds);
    // Unset shows neither button checked, which an exclusive group refuses
    // (the checked button of one cannot be unchecked): not exclusive meanwhile.
    m_outcomes->setExclusive(false);
    m_skip->setChecked(p.onExhausted == policy::Outcome::Skip);
    m_stop->setChecked(p.onExhausted == policy::Outcome::Stop);
    m_outcomes->setExclusive(true);

    for (auto* label : std::as_const(m_errorLabels))
        label->hide();
    for (auto* editor : std::as_const(m_fieldEditors)) {
        editor->setPalette(QPalette());  // back to the inherited palette
        editor->setToolTip(QString());
    }
    for (const auto& issue : issues) {
        const auto setting = policy::parseSetting(issue.path);
        if (!setting)
            continue;
        if (auto* label = m_errorLabels.value(*setting)) {
            label->setText(PolicyText::issueMessage(issue));
            setTextTone(label, Tone::Error);
            label->show();
        }
        if (auto* editor = m_fieldEditors.value(*setting)) {
            // Tint the field (no style sheet: they slow every widget down);
            // the message below it says what is wrong, so colour is not the only cue.
            QPalette p = editor->palette();
            const QColor base = p.color(QPalette::Base);
            p.setColor(QPalette::Base,
                QColor::fromRgbF(
                    std::min(1.0f, base.redF() * 0.6f + 0.4f), base.greenF() * 0.75f, base.blueF() * 0.75f));
            editor->setPalette(p);
            editor->setToolTip(PolicyText::issueMessage(issue));
        }
    }
    refresh();
}

void ClassPolicyPanel::showHouseRuleNotes(const std::vector<std::pair<policy::Setting, QString>>& notes)
{
    for (const auto& [setting, note] : notes) {
        QLabel* label = m_errorLabels.value(setting);
        if (!label || !label->isHidden())
            continue;  // kandev's own problem with the value is told first
        label->setText(note);
        setTextTone(label, Tone::Warning);
        label->show();
        if (auto* editor = m_fieldEditors.value(setting))
            editor->setToolTip(note);
    }
}

void ClassPolicyPanel::refresh()
{
    m_retryDetails->setVisible(m_showRetry);
    m_waitDetails->setVisible(m_showWait);
    m_schedule->setText(PolicyText::scheduleLine(m_policy));
    m_summary->setText(PolicyText::classSummary(m_policy));
    m_summary->setAccessibleName(tr("Summary for %1").arg(PolicyText::classInSentence(m_class)));
}

int ClassPolicyPanel::closedSectionsHeight() const
{
    int height = 0;
    for (const QWidget* details : {m_retryDetails, m_waitDetails}) {
        if (!details->isHidden())
            continue;
        // At the body's width: a hidden section's own width is stale, and its wrapped hint as tall as that width makes
        // it.
        const int h
            = details->hasHeightForWidth() ? details->heightForWidth(m_body->width()) : details->sizeHint().height();
        height += h + m_body->layout()->spacing();
    }
    return height;
}

int ClassPolicyPanel::explanationHeight(int panelWidth) const
{
    if (m_explanation->isHidden())
        return 0;
    const QMargins margins = layout()->contentsMargins();
    const int labelWidth = panelWidth - margins.left() - margins.right() - 2 * frameWidth();
    return m_explanation->heightForWidth(labelWidth) + layout()->spacing();
}

void ClassPolicyPanel::forgetRestoreValues()
{
    m_lastRetry = {true, policy::descriptor(Field::RetryMaxRetries).enabledDefault,
        policy::descriptor(Field::RetryInitialInterval).enabledDefault};
    m_lastWait = {true, policy::descriptor(Field::ResetMaxWait).enabledDefault};
}

void ClassPolicyPanel::setEditable(bool editable)
{
    m_body->setEnabled(editable);
}

void ClassPolicyPanel::setExpanded(bool expanded)
{
    m_toggle->setChecked(expanded);
    m_toggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_body->setVisible(expanded);
    m_explanation->setVisible(expanded && m_explain->isChecked());
    // Open, the settings say it all; closed, the summary beside the title says it in a line.
    m_summary->setVisible(!expanded);
}

bool ClassPolicyPanel::isExpanded() const
{
    return m_toggle->isChecked();
}

bool ClassPolicyPanel::focusField(const QString& field)
{
    const auto setting = policy::parseSetting(field.toStdString());
    return setting && focusField(*setting);
}

bool ClassPolicyPanel::focusField(policy::Setting setting)
{
    QWidget* editor = m_fieldEditors.value(setting);
    if (!editor)
        return false;
    setExpanded(true);
    editor->setFocus(Qt::OtherFocusReason);
    return true;
}

QString ClassPolicyPanel::fieldError(const QString& field) const
{
    const auto setting = policy::parseSetting(field.toStdString());
    return setting ? fieldError(*setting) : QString();
}

QString ClassPolicyPanel::fieldError(policy::Setting setting) const
{
    const QLabel* label = m_errorLabels.value(setting);
    return label && !label->isHidden() ? label->text() : QString();
}

}  // namespace gui
