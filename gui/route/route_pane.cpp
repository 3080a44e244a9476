// SPDX-License-Identifier: Apache-2.0
#include "route/route_pane.h"

#include "controls/clear_action.h"
#include "route/candidate_list_panel.h"
#include "route/profile_settings_box.h"

#include "model/editor_document.h"
#include "model/profile_list_model.h"

#include <QLineEdit>
#include <QListView>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QVBoxLayout>

namespace gui
{

RoutePane::RoutePane(model::ProfileListModel* profiles, QWidget* parent)
    : QWidget(parent)
    , m_profileModel(profiles)
    , m_settings(new ProfileSettingsBox(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_profiles(new QListView(this))
    , m_candidates(new CandidateListPanel(this))
    , m_split(new QSplitter(Qt::Vertical, this))
{
    setObjectName(QStringLiteral("routePane"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    m_filter->setObjectName(QStringLiteral("routeFilter"));
    m_filter->setPlaceholderText(tr("Filter profiles and candidates"));
    m_filter->setAccessibleName(tr("Filter profiles and candidates"));
    addClearAction(m_filter);
    layout->addWidget(m_filter);

    // A kandev database can hold hundreds of profiles: one model, uniform rows, no widgets per row.
    m_proxy->setSourceModel(m_profileModel);
    m_proxy->setFilterRole(model::ProfileListModel::SearchTextRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_profiles->setModel(m_proxy);
    m_profiles->setUniformItemSizes(true);
    m_profiles->setAccessibleName(tr("Dynamic profiles"));
    m_profiles->setObjectName(QStringLiteral("profileList"));
    m_split->setObjectName(QStringLiteral("routeSplitter"));
    m_split->setChildrenCollapsible(false);
    m_split->addWidget(m_profiles);
    // The profile's settings stand over its candidates: both are the profile chosen above.
    auto* profileAndCandidates = new QWidget(this);
    auto* column = new QVBoxLayout(profileAndCandidates);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(4);
    column->addWidget(m_settings);
    column->addWidget(m_candidates, 1);
    m_split->addWidget(profileAndCandidates);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 2);
    layout->addWidget(m_split, 1);

    connect(m_filter, &QLineEdit::textChanged, this, &RoutePane::applyFilter);
    connect(m_profiles->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& index) {
        if (index.isValid())
            emit profileChosen(index.data(model::ProfileListModel::ProfileIndexRole).toInt());
    });
    connect(m_profileModel, &QAbstractItemModel::modelReset, this, &RoutePane::updateProfileListVisibility);
    // Profiles added or deleted reset the list: the profile shown stays chosen.
    connect(m_profileModel, &QAbstractItemModel::modelReset, this, [this] {
        if (m_doc)
            showProfile(m_doc->currentProfile());
    });
    connect(m_profileModel, &QAbstractItemModel::rowsInserted, this, &RoutePane::updateProfileListVisibility);
    connect(m_profileModel, &QAbstractItemModel::rowsRemoved, this, &RoutePane::updateProfileListVisibility);
    updateProfileListVisibility();
}

void RoutePane::setDocument(model::EditorDocument* document)
{
    m_doc = document;
    m_profileModel->setDocument(document);
    m_settings->setDocument(document);
}

void RoutePane::applyFilter(const QString& text)
{
    m_proxy->setFilterFixedString(text.trimmed());
    m_candidates->setFilterText(text);
}

void RoutePane::showProfile(int profileIndex)
{
    const QModelIndex index = m_proxy->mapFromSource(m_profileModel->index(m_profileModel->rowOfProfile(profileIndex)));
    if (index.isValid() && m_profiles->currentIndex() != index)
        m_profiles->setCurrentIndex(index);
}

QByteArray RoutePane::saveSplitState() const
{
    return m_split->saveState();
}

void RoutePane::restoreSplitState(const QByteArray& state)
{
    m_split->restoreState(state);
}

void RoutePane::updateProfileListVisibility()
{
    m_profiles->setVisible(m_profileModel->rowCount() > 1);
}

}  // namespace gui
