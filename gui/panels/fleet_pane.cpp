// SPDX-License-Identifier: Apache-2.0
#include "panels/fleet_pane.h"

#include "controls/clear_action.h"

#include "model/editor_document.h"
#include "model/fleet_model.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace gui
{

FleetPane::FleetPane(QWidget* parent)
    : QWidget(parent)
    , m_model(new model::FleetModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTableView(this))
    , m_summary(new QLabel(this))
    , m_refresh(new QPushButton(tr("Refresh Live Routes"), this))
{
    setObjectName(QStringLiteral("fleetPane"));
    m_filter->setObjectName(QStringLiteral("fleetFilter"));
    m_filter->setPlaceholderText(tr("Filter by name, id or provider"));
    m_filter->setAccessibleName(tr("Filter the fleet by name, id or provider"));
    addClearAction(m_filter);
    m_summary->setObjectName(QStringLiteral("fleetSummary"));
    m_summary->setAccessibleName(tr("Fleet summary"));
    m_refresh->setObjectName(QStringLiteral("fleetRefresh"));
    m_refresh->setAccessibleName(tr("Refresh live routes"));
    m_refresh->setToolTip(tr("Read the routes kandev is running now again"));
    m_refresh->setVisible(false);

    // Sorted by the model's raw numbers, not by the words shown ("1 h" after "10 min").
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(model::FleetModel::SortRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setSortLocaleAware(true);
    m_proxy->setFilterRole(model::FleetModel::SearchTextRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(model::FleetModel::Profile);

    // A database can hold a thousand profiles: one model, uniform rows, no widgets per row.
    m_view->setObjectName(QStringLiteral("fleetView"));
    m_view->setAccessibleName(tr("Dynamic profiles of the fleet"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(model::FleetModel::Profile, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setTabKeyNavigation(false);  // Tab leaves the table, arrows walk it
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setResizeContentsPrecision(200);  // fitting reads 200 rows, not 10,000
    m_view->horizontalHeader()->setSortIndicatorShown(true);

    auto* top = new QHBoxLayout;
    top->addWidget(m_filter, 1);
    top->addWidget(m_refresh);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_summary);
    setTabOrder(m_filter, m_refresh);
    setTabOrder(m_refresh, m_view);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterFixedString(text.trimmed());
        // A row the filter hid and shows again is no longer current: the editor's profile is.
        if (m_doc && !m_view->currentIndex().isValid())
            showCurrentProfile(m_doc->currentProfile());
    });
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (index.isValid())
            emit profileChosen(index.data(model::FleetModel::ProfileIndexRole).toInt());
    });
    connect(m_refresh, &QPushButton::clicked, this, &FleetPane::refreshLiveRoutes);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &FleetPane::updateSummary);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &FleetPane::updateSummary);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &FleetPane::updateSummary);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &FleetPane::updateSummary);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &FleetPane::updateSummary);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        fitColumns();
        if (m_doc && m_attached)
            showCurrentProfile(m_doc->currentProfile());
    });
    updateSummary();
}

void FleetPane::setDocument(model::EditorDocument* document)
{
    disconnect(m_followCurrent);
    m_doc = document;
    m_columnsFitted = false;
    m_attached = false;
    m_refresh->setVisible(document && document->isDatabase());
    // Every row of a 1,000-profile export costs a few hundred milliseconds:
    // paid when the overview is first seen, not on every open.
    if (document && isVisible())
        attach();
    else
        m_model->setDocument(nullptr);
    updateSummary();
}

void FleetPane::attach()
{
    m_attached = true;
    m_model->setDocument(m_doc);
    refreshLiveRoutes();
    // The row of the profile the editor shows is the table's current one.
    m_followCurrent
        = connect(m_doc, &model::EditorDocument::currentProfileChanged, this, &FleetPane::showCurrentProfile);
    showCurrentProfile(m_doc->currentProfile());
}

void FleetPane::showCurrentProfile(int profileIndex)
{
    const int row = m_model->rowOfProfile(profileIndex);
    const QModelIndex index = row < 0 ? QModelIndex() : m_proxy->mapFromSource(m_model->index(row, 0));
    if (index.isValid() && m_view->currentIndex().row() != index.row())
        m_view->setCurrentIndex(index);
}

void FleetPane::setRuleSet(std::shared_ptr<const rules::RuleSet> ruleSet)
{
    m_model->setRuleSet(std::move(ruleSet));
}

void FleetPane::refreshLiveRoutes()
{
    QString error;
    if (!m_model->refreshLiveRoutes(&error))
        m_summary->setText(tr("Could not read the live routes (%1).").arg(error));
    else
        updateSummary();
    // The column says something only where the database keeps route state.
    m_view->setColumnHidden(model::FleetModel::LiveRoutes, !m_model->hasLiveRoutes());
}

void FleetPane::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_doc && !m_attached)
        attach();
    fitColumns();
}

void FleetPane::fitColumns()
{
    // Fitted once the pane is seen (a hidden view measures nothing) and has rows.
    if (m_columnsFitted || !isVisible() || m_model->rowCount() == 0)
        return;
    m_columnsFitted = true;
    m_view->resizeColumnsToContents();
}

void FleetPane::updateSummary()
{
    if (!m_doc || !m_attached) {
        m_summary->setText(tr("Open a document to see its dynamic profiles."));
        return;
    }
    const int total = m_model->rowCount();
    const int shown = m_proxy->rowCount();
    int withViolations = 0;
    for (int row = 0; row < shown; ++row) {
        if (m_proxy->index(row, 0).data(model::FleetModel::HasViolationsRole).toBool())
            ++withViolations;
    }
    const QString violations = tr("%n with violations.", nullptr, withViolations);
    m_summary->setText(shown == total
            ? tr("%n profile(s); %1", nullptr, total).arg(violations)
            : tr("Showing %1 of %n profile(s); %2", nullptr, total).arg(shown).arg(violations));
}

}  // namespace gui
