// SPDX-License-Identifier: Apache-2.0
#pragma once
// The route: candidates in order, with add, remove, move and copy actions
// (also reachable from the menus and by keyboard) and drag-and-drop reordering.

#include "window/document_view.h"

#include "model/candidate_list_model.h"

#include <QPointer>
#include <QWidget>

class QAction;
class QLabel;
class QTableView;
class QToolBar;

namespace gui
{

class CandidateListPanel final : public QWidget, public DocumentView
{
    Q_OBJECT
public:
    explicit CandidateListPanel(QWidget* parent = nullptr);
    void setDocument(model::EditorDocument* document) override;

    QTableView* view() const
    {
        return m_view;
    }
    model::CandidateListModel* model() const
    {
        return m_model;
    }
    int currentRow() const;
    void selectRow(int row);
    // Shows only candidates whose name or agent profile id contains the text,
    // and the one being edited, which a note marks as not matching.
    void setFilterText(const QString& text);
    bool matchesFilter(int row) const;

    QAction* addAction() const
    {
        return m_add;
    }
    QAction* removeAction() const
    {
        return m_remove;
    }
    QAction* moveUpAction() const
    {
        return m_up;
    }
    QAction* moveDownAction() const
    {
        return m_down;
    }
    QAction* copyPoliciesAction() const
    {
        return m_copy;
    }
    // Its own row of buttons for those actions; a window with a main tool bar hides it.
    QToolBar* actionBar() const
    {
        return m_bar;
    }

signals:
    // The candidate being edited; emitted again after every move, insert,
    // remove and reset, so that followers never show another candidate.
    void currentRowChanged(int row);

private:
    void updateActions();
    void applyFilter();
    void announceCurrent();
    void keepSelectionAfterChange();
    void addCandidate();
    void removeCandidate();
    void move(int delta);
    void copyPolicies();

    QPointer<model::EditorDocument> m_doc;
    model::CandidateListModel* m_model;
    QTableView* m_view;
    QAction* m_add;
    QAction* m_remove;
    QAction* m_up;
    QAction* m_down;
    QAction* m_copy;
    QToolBar* m_bar = nullptr;
    QLabel* m_filterNote;
    int m_lastAnnounced = -1;
    QString m_filter;
};

}  // namespace gui
