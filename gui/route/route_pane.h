// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Route dock: a filter, the document's dynamic profiles (shown when there
// are several), the current profile's own settings, and its candidates in route order.

#include "window/document_view.h"

#include <QPointer>
#include <QWidget>

class QLineEdit;
class QListView;
class QSortFilterProxyModel;
class QSplitter;

namespace model
{
class EditorDocument;
class ProfileListModel;
}  // namespace model

namespace gui
{

class CandidateListPanel;
class ProfileSettingsBox;

class RoutePane final : public QWidget, public DocumentView
{
    Q_OBJECT
public:
    explicit RoutePane(model::ProfileListModel* profiles, QWidget* parent = nullptr);

    QLineEdit* filterEdit() const
    {
        return m_filter;
    }
    QListView* profileList() const
    {
        return m_profiles;
    }
    CandidateListPanel* candidates() const
    {
        return m_candidates;
    }
    ProfileSettingsBox* profileSettings() const
    {
        return m_settings;
    }
    // The profile list's document. The candidates panel is a view of its own:
    // the window attaches it last, so that its first selection reaches views
    // that already have the document.
    void setDocument(model::EditorDocument* document) override;
    // Selects the profile (an index into the document's profiles) in the list.
    void showProfile(int profileIndex);
    // The split between the profiles and the candidates, for the window's saved layout.
    QByteArray saveSplitState() const;
    void restoreSplitState(const QByteArray& state);
    // The profile list is shown only when there is a choice.
    void updateProfileListVisibility();

signals:
    void profileChosen(int profileIndex);

private:
    void applyFilter(const QString& text);

    model::ProfileListModel* m_profileModel;
    QPointer<model::EditorDocument> m_doc;
    ProfileSettingsBox* m_settings;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QListView* m_profiles;
    CandidateListPanel* m_candidates;
    QSplitter* m_split;
};

}  // namespace gui
