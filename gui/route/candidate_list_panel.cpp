// SPDX-License-Identifier: Apache-2.0
#include "route/candidate_list_panel.h"

#include "dialogs/candidate_picker_dialog.h"

#include "route/route_item_delegate.h"

#include "model/commands.h"

#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace gui
{

CandidateListPanel::CandidateListPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new model::CandidateListModel(this))
    , m_view(new QTableView(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);

    // No icons here: the window gives its bundled ones (an icon theme lookup costs a tenth of start-up).
    m_add = new QAction(tr("&Add Candidate…"), this);
    m_add->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_add->setToolTip(tr("Add an eligible agent profile at the end of the route"));
    m_remove = new QAction(tr("Re&move Candidate"), this);
    m_remove->setShortcut(QKeySequence::Delete);
    m_remove->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_up = new QAction(tr("Move U&p"), this);
    m_up->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    m_down = new QAction(tr("Move &Down"), this);
    m_down->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    m_copy = new QAction(tr("&Copy Policies To…"), this);
    m_copy->setToolTip(tr("Copy the selected candidate's policies to other candidates"));
    m_remove->setParent(m_view);
    m_view->addAction(m_remove);

    auto* bar = new QToolBar(this);
    m_bar = bar;
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setIconSize(QSize(16, 16));
    for (QAction* a : {m_add, m_remove, m_up, m_down, m_copy})
        bar->addAction(a);
    layout->addWidget(bar);
    m_filterNote = new QLabel(this);
    m_filterNote->setObjectName(QStringLiteral("filterNote"));
    m_filterNote->setWordWrap(true);
    m_filterNote->setContentsMargins(4, 2, 4, 2);
    m_filterNote->hide();
    layout->addWidget(m_filterNote);

    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setDragDropMode(QAbstractItemView::InternalMove);
    m_view->setDragEnabled(true);
    m_view->setAcceptDrops(true);
    m_view->setDropIndicatorShown(true);
    m_view->setDefaultDropAction(Qt::MoveAction);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    // Tab leaves the route for the editor; arrows move between candidates.
    m_view->setTabKeyNavigation(false);
    m_view->setAccessibleName(tr("Route candidates"));
    // Compact rows for a narrow dock: the check, then position, name, badge
    // and summary painted in two lines (the summary and status columns stay
    // in the model for other views and for accessibility).
    using model::CandidateListModel;
    m_view->setItemDelegateForColumn(CandidateListModel::NameColumn, new RouteItemDelegate(m_view));
    m_view->setColumnHidden(CandidateListModel::SummaryColumn, true);
    m_view->setColumnHidden(CandidateListModel::StatusColumn, true);
    QHeaderView* header = m_view->horizontalHeader();
    header->moveSection(header->visualIndex(CandidateListModel::EnabledColumn), 0);
    header->setSectionResizeMode(CandidateListModel::EnabledColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(CandidateListModel::NameColumn, QHeaderView::Stretch);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(RouteItemDelegate().sizeHint(QStyleOptionViewItem(), {}).height());
    m_view->setShowGrid(false);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(m_view);

    connect(m_add, &QAction::triggered, this, &CandidateListPanel::addCandidate);
    connect(m_remove, &QAction::triggered, this, &CandidateListPanel::removeCandidate);
    connect(m_up, &QAction::triggered, this, [this] { move(-1); });
    connect(m_down, &QAction::triggered, this, [this] { move(+1); });
    connect(m_copy, &QAction::triggered, this, &CandidateListPanel::copyPolicies);
    // The selection model's current index is the one record of which candidate
    // is being edited. It is persistent, so it follows the candidate through
    // moves, inserts and removes; but Qt does not announce those shifts, and it
    // changes the current row while a removal is half done. So: ignore changes
    // made in the middle of a structural change, and announce the current row
    // again once each change is complete.
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        if (m_doc && m_doc->isChangingStructure())
            return;
        announceCurrent();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_model->rowCount() > 0)
            selectRow(0);  // a reset (profile switch, undo of a migration) loses the selection
        announceCurrent();
    });
    connect(m_model, &QAbstractItemModel::rowsMoved, this, &CandidateListPanel::keepSelectionAfterChange);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &CandidateListPanel::keepSelectionAfterChange);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &CandidateListPanel::keepSelectionAfterChange);
    // A filtered route stays filtered through edits, moves and profile switches.
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &CandidateListPanel::applyFilter);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &CandidateListPanel::applyFilter);
    connect(m_model, &QAbstractItemModel::rowsMoved, this, &CandidateListPanel::applyFilter);
    connect(m_model, &QAbstractItemModel::modelReset, this, &CandidateListPanel::applyFilter);
    updateActions();
}

void CandidateListPanel::setDocument(model::EditorDocument* document)
{
    if (m_doc)
        disconnect(m_doc, nullptr, this, nullptr);
    m_doc = document;
    m_model->setDocument(document);
    if (m_doc)
        connect(m_doc, &model::EditorDocument::readOnlyChanged, this, &CandidateListPanel::updateActions);
    if (m_model->rowCount() > 0)
        selectRow(0);
    updateActions();
}

void CandidateListPanel::keepSelectionAfterChange()
{
    if (currentRow() < 0 && m_model->rowCount() > 0)
        selectRow(std::min(m_lastAnnounced < 0 ? 0 : m_lastAnnounced, m_model->rowCount() - 1));
    announceCurrent();
}

void CandidateListPanel::announceCurrent()
{
    updateActions();
    if (currentRow() != m_lastAnnounced)
        applyFilter();  // the row left behind may hide now, the new one shows
    m_lastAnnounced = currentRow();
    emit currentRowChanged(m_lastAnnounced);
}

void CandidateListPanel::setFilterText(const QString& text)
{
    m_filter = text.trimmed();
    applyFilter();
}

bool CandidateListPanel::matchesFilter(int row) const
{
    if (m_filter.isEmpty())
        return true;
    const QModelIndex name = m_model->index(row, model::CandidateListModel::NameColumn);
    return name.data().toString().contains(m_filter, Qt::CaseInsensitive)
        || name.data(model::CandidateListModel::ExecutionProfileIdRole)
               .toString()
               .contains(m_filter, Qt::CaseInsensitive);
}

void CandidateListPanel::applyFilter()
{
    // Rows are hidden, not filtered through a proxy: positions, drag and drop
    // and the editor's row stay the model's own. The candidate being edited is
    // never hidden: the editor would show a candidate the route does not.
    const int current = currentRow();
    for (int row = 0; row < m_model->rowCount(); ++row)
        m_view->setRowHidden(row, !matchesFilter(row) && row != current);
    const bool outside = current >= 0 && !matchesFilter(current);
    if (outside && m_doc)
        m_filterNote->setText(tr("%1, being edited, does not match the filter.").arg(m_doc->candidateName(current)));
    m_filterNote->setVisible(outside && m_doc);
}

int CandidateListPanel::currentRow() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void CandidateListPanel::selectRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const QModelIndex index = m_model->index(row, model::CandidateListModel::NameColumn);
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index);
}

void CandidateListPanel::updateActions()
{
    const bool editable = m_doc && !m_doc->isReadOnly();
    const int row = currentRow();
    const int count = m_model->rowCount();
    m_add->setEnabled(editable);
    m_remove->setEnabled(editable && row >= 0 && count > 1);  // a profile keeps at least one candidate
    m_up->setEnabled(editable && row > 0);
    m_down->setEnabled(editable && row >= 0 && row + 1 < count);
    m_copy->setEnabled(editable && row >= 0 && count > 1);
}

void CandidateListPanel::addCandidate()
{
    if (!m_doc)
        return;
    const auto picked = CandidatePickerDialog::pick(this, *m_doc);
    if (!picked)
        return;
    const int row = m_doc->candidateCount();
    m_doc->undoStack()->push(
        new model::InsertCandidateCommand(m_doc, row, model::newCandidate(picked->id.toStdString()), picked->name));
    selectRow(row);
}

void CandidateListPanel::removeCandidate()
{
    const int row = currentRow();
    if (!m_doc || row < 0 || m_doc->candidateCount() <= 1)
        return;
    m_doc->undoStack()->push(new model::RemoveCandidateCommand(m_doc, row));
    selectRow(std::min(row, m_doc->candidateCount() - 1));
}

void CandidateListPanel::move(int delta)
{
    const int row = currentRow();
    const int to = row + delta;
    if (!m_doc || row < 0 || to < 0 || to >= m_doc->candidateCount())
        return;
    m_doc->undoStack()->push(new model::MoveCandidateCommand(m_doc, row, to));
    selectRow(to);
}

void CandidateListPanel::copyPolicies()
{
    const int source = currentRow();
    if (!m_doc || source < 0)
        return;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Copy Policies"));
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(
        tr("Copy the transient and hard error policies of %1 to:").arg(m_doc->candidateName(source)), &dialog));
    QList<QPair<int, QCheckBox*>> boxes;
    for (int row = 0; row < m_doc->candidateCount(); ++row) {
        if (row == source)
            continue;
        auto* box = new QCheckBox(tr("%1. %2").arg(row).arg(m_doc->candidateName(row)), &dialog);
        layout->addWidget(box);
        boxes.append({row, box});
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QPushButton* copy = buttons->button(QDialogButtonBox::Ok);
    copy->setText(tr("Copy"));
    // Nothing to copy to until a candidate is ticked.
    const auto updateCopy = [copy, &boxes] {
        copy->setEnabled(std::any_of(boxes.begin(), boxes.end(), [](const auto& b) { return b.second->isChecked(); }));
    };
    for (const auto& [row, box] : boxes)
        connect(box, &QCheckBox::toggled, &dialog, updateCopy);
    updateCopy();
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const policy::PolicyDocument policies = m_doc->candidate(source).policies.value_or(policy::PolicyDocument {});
    QList<int> targets;
    for (const auto& [row, box] : boxes) {
        if (box->isChecked())
            targets << row;
    }
    if (targets.isEmpty())
        return;
    m_doc->undoStack()->beginMacro(
        tr("Copy policies of %1 to %n candidate(s)", nullptr, int(targets.size())).arg(m_doc->candidateName(source)));
    for (const int row : targets)
        m_doc->undoStack()->push(new model::SetPoliciesCommand(m_doc, row, policies, tr("Copy policies")));
    m_doc->undoStack()->endMacro();
    selectRow(source);
}

}  // namespace gui
