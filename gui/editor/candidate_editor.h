// SPDX-License-Identifier: Apache-2.0
#pragma once
// The selected candidate: its name and status, and its two class panels.
// Panel edits become SetPoliciesCommands on the document.

#include "window/document_view.h"

#include "model/editor_document.h"

#include "policy/policy_keys.h"

#include <QPointer>
#include <QWidget>

class QBoxLayout;
class QLabel;

namespace gui
{

class ClassPolicyPanel;
class SwitchingExplanation;

class CandidateEditor final : public QWidget, public DocumentView
{
    Q_OBJECT
public:
    explicit CandidateEditor(QWidget* parent = nullptr);
    void setDocument(model::EditorDocument* document) override;
    void setRow(int row);
    int row() const
    {
        return m_row;
    }
    // Focuses a field given relative to the candidate (policies.hard.retry.max_retries),
    // read back by policy::candidateSetting.
    bool focusField(const QString& field);
    bool focusSetting(const policy::SettingPath& setting);

    ClassPolicyPanel* transientPanel() const
    {
        return m_transient;
    }
    ClassPolicyPanel* hardPanel() const
    {
        return m_hard;
    }
    SwitchingExplanation* switchingExplanation() const
    {
        return m_switching;
    }
    // The height the editor needs with every section of both panels switched
    // on: the room it is given, so that switching one on never needs a scroll bar.
    int fullHeightHint(int width) const;
    // Whether the panels stand side by side in this much width.
    bool sideBySideAt(int available) const;
    QLabel* titleLabel() const
    {
        return m_title;
    }
    QLabel* noticeLabel() const
    {
        return m_notice;
    }
    // A legacy candidate's rules as they are, and why they cannot be migrated
    // or what they would become.
    QLabel* legacyLabel() const
    {
        return m_legacy;
    }
    // Below two panels' width the panels stack.
    static constexpr int kPanelMinimumWidth = 400;
    bool panelsSideBySide() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refresh();
    QString legacyReason() const;
    void arrangePanels();
    void showLegacy(const policy::Candidate& c);
    void onEdited(policy::ErrorClass cls, const policy::ClassPolicy& p, const QString& text, const QString& mergeKey);

    QPointer<model::EditorDocument> m_doc;
    int m_row = -1;
    QLabel* m_title;
    QLabel* m_subtitle;
    QLabel* m_notice;
    QLabel* m_legacy;
    const void* m_shownDocument = nullptr;  // with the id: which candidate the panels remember values of
    std::string m_shownId;
    ClassPolicyPanel* m_transient;
    ClassPolicyPanel* m_hard;
    SwitchingExplanation* m_switching;
    QBoxLayout* m_panels;
    QList<QMetaObject::Connection> m_connections;
};

}  // namespace gui
