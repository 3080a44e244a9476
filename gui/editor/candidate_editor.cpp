// SPDX-License-Identifier: Apache-2.0
#include "editor/candidate_editor.h"

#include <algorithm>

#include "editor/class_policy_panel.h"
#include "editor/switching_explanation.h"

#include "model/candidate_list_model.h"
#include "model/commands.h"
#include "model/policy_text.h"

#include "policy/validation.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QToolButton>
#include <QVBoxLayout>

namespace gui
{

CandidateEditor::CandidateEditor(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_subtitle(new QLabel(this))
    , m_notice(new QLabel(this))
    , m_legacy(new QLabel(this))
    , m_transient(new ClassPolicyPanel(policy::ErrorClass::Transient, this))
    , m_hard(new ClassPolicyPanel(policy::ErrorClass::Hard, this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    QFont f = m_title->font();
    f.setPointSizeF(f.pointSizeF() * 1.35);
    f.setBold(true);
    m_title->setFont(f);
    m_notice->setWordWrap(true);
    m_notice->setObjectName(QStringLiteral("notice"));
    // The candidate's name and what it runs on one line: the room below is the panels'.
    auto* heading = new QHBoxLayout;
    heading->setSpacing(12);
    heading->addWidget(m_title, 0, Qt::AlignBaseline);
    m_subtitle->setWordWrap(true);
    heading->addWidget(m_subtitle, 1, Qt::AlignBaseline);
    m_switching = new SwitchingExplanation(this);
    // In the heading, where it costs no row, and no taller than the title beside it.
    m_switching->toggle()->setMaximumHeight(m_title->sizeHint().height());
    heading->addWidget(m_switching->toggle(), 0, Qt::AlignVCenter);
    layout->addLayout(heading);
    layout->addWidget(m_notice);
    m_legacy->setObjectName(QStringLiteral("legacyRules"));
    m_legacy->setTextFormat(Qt::RichText);
    m_legacy->setWordWrap(true);
    m_legacy->setFrameShape(QFrame::StyledPanel);
    m_legacy->setMargin(10);
    m_legacy->hide();
    layout->addWidget(m_legacy);
    m_panels = new QBoxLayout(QBoxLayout::LeftToRight);
    m_panels->setSpacing(10);
    m_panels->addWidget(m_transient, 1, Qt::AlignTop);
    m_panels->addWidget(m_hard, 1, Qt::AlignTop);
    layout->addLayout(m_panels);
    layout->addWidget(m_switching);
    layout->addStretch(1);

    for (auto* panel : {m_transient, m_hard}) {
        connect(panel, &ClassPolicyPanel::edited, this,
            [this, panel](const policy::ClassPolicy& p, const QString& text, const QString& key) {
                onEdited(panel->errorClass(), p, text, key);
            });
    }
    setRow(-1);
}

bool CandidateEditor::panelsSideBySide() const
{
    return m_panels->direction() == QBoxLayout::LeftToRight;
}

int CandidateEditor::fullHeightHint(int width) const
{
    // At the width it is shown in: wrapped explanations are as tall as that
    // width makes them, and the panels stand as that width arranges them
    // (not as they stand now: the window may not have its final size yet).
    const int now = layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(width) : sizeHint().height();
    if (!m_transient->isVisible())
        return now;
    const QMargins margins = layout()->contentsMargins();
    const int inner = width - margins.left() - margins.right();
    const bool sideBySide = sideBySideAt(width);
    const int panelWidth = sideBySide ? (inner - m_panels->spacing()) / 2 : inner;
    // Each panel with every section on. Explanations someone opened to read
    // are not settings: they scroll with the editor rather than take the timeline's lanes.
    const auto full = [panelWidth](const ClassPolicyPanel* panel) {
        const int h = panel->hasHeightForWidth() ? panel->heightForWidth(panelWidth) : panel->sizeHint().height();
        return h + panel->closedSectionsHeight() - panel->explanationHeight(panelWidth);
    };
    const int panelsNow
        = m_panels->hasHeightForWidth() ? m_panels->heightForWidth(inner) : m_panels->sizeHint().height();
    const int panels = sideBySide ? std::max(full(m_transient), full(m_hard))
                                  : full(m_transient) + full(m_hard) + m_panels->spacing();
    const int switching = m_switching->isOpen() ? m_switching->text()->heightForWidth(inner) : 0;
    return now - panelsNow + panels - switching;
}

bool CandidateEditor::sideBySideAt(int available) const
{
    // Whole means at the panels' own minimum widths in the language shown
    // (German labels are wider than English ones), never below kPanelMinimumWidth.
    const auto panelWidth
        = [](const QWidget* panel) { return std::max(kPanelMinimumWidth, panel->minimumSizeHint().width()); };
    const int needed = panelWidth(m_transient) + panelWidth(m_hard) + m_panels->spacing()
        + layout()->contentsMargins().left() + layout()->contentsMargins().right();
    return available >= needed;
}

void CandidateEditor::arrangePanels()
{
    // Side by side when both panels get their width, stacked when not. The
    // width that counts is the scroll area's view (the parent), not the
    // editor's own: side by side, the editor's minimum is two panels wide.
    // A stacked editor is taller, so a scroll bar that comes with it never
    // flips the choice back.
    const int available = parentWidget() ? parentWidget()->width() : width();
    const auto direction = sideBySideAt(available) ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (m_panels->direction() != direction)
        m_panels->setDirection(direction);
}

void CandidateEditor::resizeEvent(QResizeEvent* event)
{
    arrangePanels();
    QWidget::resizeEvent(event);
}

bool CandidateEditor::event(QEvent* event)
{
    if (event->type() == QEvent::ParentAboutToChange && parentWidget())
        parentWidget()->removeEventFilter(this);
    if (event->type() == QEvent::ParentChange && parentWidget())
        parentWidget()->installEventFilter(this);
    return QWidget::event(event);
}

bool CandidateEditor::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize)
        arrangePanels();
    return QWidget::eventFilter(watched, event);
}

void CandidateEditor::setDocument(model::EditorDocument* document)
{
    for (const auto& c : m_connections)
        disconnect(c);
    m_connections.clear();
    m_doc = document;
    m_row = -1;
    if (m_doc) {
        m_connections << connect(m_doc, &model::EditorDocument::candidateChanged, this,
            [this](int row) {
                if (row == m_row)
                    refresh();
            }) << connect(m_doc, &model::EditorDocument::issuesChanged, this, &CandidateEditor::refresh)
                      << connect(m_doc, &model::EditorDocument::readOnlyChanged, this, &CandidateEditor::refresh);
    }
    refresh();
}

void CandidateEditor::setRow(int row)
{
    m_row = row;
    refresh();
}

QString CandidateEditor::legacyReason() const
{
    // A candidate with policies of its own is read-only because of the legacy
    // rules of others in its route: name them, and whether they cannot be
    // migrated or were only not migrated.
    if (!m_doc->isDocumentReadOnly())
        return {};  // a profile of a database is read-only for reasons of its own
    QStringList unmigratable, declined;
    for (int row = 0; row < m_doc->candidateCount(); ++row) {
        const policy::Candidate& c = m_doc->candidate(row);
        if (c.policies && c.policies->isNewerVersion())
            return {};  // read-only for a newer policy version, whatever else
        if (!c.isLegacy())
            continue;
        (m_doc->legacyErrorsOfCandidate(row).empty() ? declined : unmigratable) << m_doc->candidateName(row);
    }
    if (!unmigratable.isEmpty())
        return tr("Read-only: this candidate already has versioned policies, but the legacy rules of %1 cannot be "
                  "migrated, so the document is open read-only.")
            .arg(model::PolicyText::joinList(unmigratable));
    if (!declined.isEmpty())
        return tr("Read-only: this candidate already has versioned policies, but the legacy rules of %1 were not "
                  "migrated, so the document is open read-only.")
            .arg(model::PolicyText::joinList(declined));
    return {};
}

void CandidateEditor::refresh()
{
    const bool valid = m_doc && m_row >= 0 && m_row < m_doc->candidateCount();
    const bool legacy = valid && m_doc->candidate(m_row).isLegacy();
    m_transient->setVisible(valid && !legacy);
    m_hard->setVisible(valid && !legacy);
    m_legacy->setVisible(legacy);
    if (!valid) {
        // A route without candidates has nothing to select: say what to do instead.
        const bool empty = m_doc && m_doc->candidateCount() == 0;
        m_title->setText(empty ? tr("No candidates yet") : tr("No candidate selected"));
        m_subtitle->setText(empty
                ? tr("Add the route's first candidate with Add Candidate (Edit menu) to set what happens "
                     "when its provider fails.")
                : tr("Select a candidate in the route to edit what happens when its provider fails."));
        m_notice->hide();
        return;
    }
    const policy::Candidate& c = m_doc->candidate(m_row);
    m_title->setText(tr("%1. %2").arg(m_row).arg(m_doc->candidateName(m_row)));
    m_subtitle->setText(tr("Agent profile %1 · %2")
                            .arg(QString::fromStdString(c.executionProfileId),
                                c.enabled ? tr("enabled") : tr("disabled: the route skips it")));
    const model::CandidateRules rules = m_doc->candidateRules(m_row);
    const QString status = model::CandidateListModel::statusText(rules, 0);
    const bool unmigratable = legacy && !m_doc->legacyErrorsOfCandidate(m_row).empty();
    if (m_doc->isReadOnly()) {
        if (unmigratable)
            m_notice->setText(
                tr("Read-only: this candidate's legacy rules cannot be migrated. They are shown as they are."));
        else if (legacy)
            m_notice->setText(tr("Read-only: this candidate's legacy rules can be migrated, but the document is open "
                                 "read-only (%1).")
                                  .arg(m_doc->readOnlyReason()));
        else if (const QString others = legacyReason(); !others.isEmpty())
            m_notice->setText(others);
        else
            m_notice->setText(tr("Read-only: %1").arg(m_doc->readOnlyReason()));
        m_notice->show();
    } else if (rules.hasError()) {
        m_notice->setText(
            tr("%1. The route cannot use this candidate until it references an eligible profile.").arg(status));
        m_notice->show();
    } else if (!rules.empty()) {  // only the warning: kandev may refuse the profile's agent
        const auto* profile = m_doc->candidateCheck(m_row).profile;
        m_notice->setText(model::PolicyText::candidateRule(model::CandidateRule::NotLaunchable,
            QString::fromStdString(c.executionProfileId).trimmed(),
            profile && profile->agentName ? QString::fromStdString(*profile->agentName) : QString(), 0));
        m_notice->show();
    } else {
        m_notice->hide();
    }

    if (legacy) {
        m_transient->setEditable(false);
        m_hard->setEditable(false);
        showLegacy(c);
        return;  // no invented policies for a candidate that has none
    }
    if (m_shownDocument != m_doc.data() || m_shownId != c.executionProfileId) {
        m_shownDocument = m_doc.data();
        m_shownId = c.executionProfileId;
        m_transient->forgetRestoreValues();
        m_hard->forgetRestoreValues();
    }
    const policy::PolicyDocument policies = c.policies.value_or(policy::PolicyDocument {});
    // Each panel takes the issues of its class, with paths relative to the class.
    std::vector<policy::Issue> transientIssues, hardIssues;
    for (auto issue : m_doc->issuesOfCandidate(m_row)) {
        const policy::IssueLocation at = policy::locateIssue(issue.path);
        if (!at.setting || at.candidate != std::size_t(m_row))
            continue;
        issue.path = policy::renderSetting(at.setting->setting);
        (at.setting->errorClass == policy::ErrorClass::Hard ? hardIssues : transientIssues).push_back(std::move(issue));
    }
    m_transient->setCandidateName(m_doc->candidateName(m_row));
    m_hard->setCandidateName(m_doc->candidateName(m_row));
    m_transient->setPolicy(policies.transient, transientIssues);
    m_hard->setPolicy(policies.hard, hardIssues);
    // The house rules a setting breaks, under the setting.
    std::vector<std::pair<policy::Setting, QString>> transientNotes, hardNotes;
    for (const rules::Violation& v : m_doc->houseRuleViolations()) {
        const policy::IssueLocation at = policy::locateIssue(v.path);
        if (!at.setting || at.candidate != std::size_t(m_row) || v.excepted())
            continue;
        (at.setting->errorClass == policy::ErrorClass::Hard ? hardNotes : transientNotes)
            .emplace_back(at.setting->setting, model::PolicyText::houseRuleProblem(v));
    }
    m_transient->showHouseRuleNotes(transientNotes);
    m_hard->showHouseRuleNotes(hardNotes);
    const bool editable = !m_doc->isReadOnly() && (c.policies || c.rules.empty());
    m_transient->setEditable(editable);
    m_hard->setEditable(editable);
}

void CandidateEditor::onEdited(
    policy::ErrorClass cls, const policy::ClassPolicy& p, const QString& text, const QString& mergeKey)
{
    if (!m_doc || m_row < 0 || m_doc->isReadOnly())
        return;
    policy::PolicyDocument doc = m_doc->candidate(m_row).policies.value_or(policy::PolicyDocument {});
    doc.forClass(cls) = p;
    m_doc->undoStack()->push(new model::SetPoliciesCommand(m_doc, m_row, doc, text, mergeKey));
}

void CandidateEditor::showLegacy(const policy::Candidate& c)
{
    QString html = QStringLiteral("<b>%1</b><table cellspacing=\"0\" cellpadding=\"2\">").arg(tr("Legacy rules"));
    for (const auto& rule : c.rules) {
        html += QStringLiteral("<tr><td><code>%1</code></td><td>&nbsp;→&nbsp;</td><td><code>%2</code></td></tr>")
                    .arg(QString::fromStdString("\"" + rule.key + "\"").toHtmlEscaped(),
                        QString::fromStdString("\"" + rule.action + "\"").toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    const auto errors = m_doc->legacyErrorsOfCandidate(m_row);
    if (!errors.empty()) {
        for (const auto& e : errors)
            html += QStringLiteral("<p><b>%1</b></p>").arg(model::PolicyText::legacyError(e).toHtmlEscaped());
    } else {
        if (const auto migrated = m_doc->migratedPolicies(m_row))
            html += QStringLiteral("<p>%1</p>")
                        .arg(tr("Migrated, they become: %1")
                                 .arg(model::PolicyText::candidateSummary(*migrated))
                                 .toHtmlEscaped());
    }
    m_legacy->setText(html);
}

bool CandidateEditor::focusField(const QString& field)
{
    const auto setting = policy::candidateSetting(field.toStdString());
    return setting && focusSetting(*setting);
}

bool CandidateEditor::focusSetting(const policy::SettingPath& setting)
{
    return (setting.errorClass == policy::ErrorClass::Hard ? m_hard : m_transient)->focusField(setting.setting);
}

}  // namespace gui
