// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Fleet Overview dock: every dynamic profile of the open document in one
// table (model::FleetModel), sortable by any column and filtered by name, id
// or provider; activating a row (Enter, double-click) makes that profile the
// one the editor shows. The rows are computed when the pane is first seen.

#include "window/document_view.h"

#include <QPointer>
#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace model
{
class EditorDocument;
class FleetModel;
}  // namespace model
namespace rules
{
struct RuleSet;
}

namespace gui
{

class FleetPane final : public QWidget, public DocumentView
{
    Q_OBJECT
public:
    explicit FleetPane(QWidget* parent = nullptr);
    void setDocument(model::EditorDocument* document) override;
    // The house rules in force (null: kandev's own); it must outlive the pane or be replaced first.
    void setRuleSet(std::shared_ptr<const rules::RuleSet> ruleSet);

    model::FleetModel* model() const
    {
        return m_model;
    }
    QSortFilterProxyModel* proxy() const
    {
        return m_proxy;
    }
    QLineEdit* filterEdit() const
    {
        return m_filter;
    }
    QTableView* view() const
    {
        return m_view;
    }
    QLabel* summary() const
    {
        return m_summary;
    }
    QPushButton* refreshButton() const
    {
        return m_refresh;
    }

public slots:
    // Reads the live routes again (a database with route state only).
    void refreshLiveRoutes();

signals:
    // A row was activated: the editor shows that profile (an index into the document's profiles).
    void profileChosen(int profileIndex);

protected:
    void showEvent(QShowEvent* event) override;

private:
    // Gives the model the document: its rows are computed once the pane is seen.
    void attach();
    void showCurrentProfile(int profileIndex);
    void updateSummary();
    void fitColumns();
    QPointer<model::EditorDocument> m_doc;
    model::FleetModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QTableView* m_view;
    QLabel* m_summary;
    QPushButton* m_refresh;
    QMetaObject::Connection m_followCurrent;
    bool m_attached = false;  // the model has m_doc
    bool m_columnsFitted = false;  // fitted to the first rows shown; later the user's widths stay
};

}  // namespace gui
