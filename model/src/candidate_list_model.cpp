// SPDX-License-Identifier: Apache-2.0
#include "model/candidate_list_model.h"

#include "model/commands.h"
#include "model/policy_text.h"

#include <QMimeData>

namespace model
{

namespace
{
constexpr auto kRowMime = "application/x-policy-studio-candidate-row";
}

CandidateListModel::CandidateListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CandidateListModel::setDocument(EditorDocument* document)
{
    beginResetModel();
    for (const auto& c : m_connections)
        disconnect(c);
    m_connections.clear();
    m_doc = document;
    if (m_doc) {
        m_connections << connect(m_doc, &EditorDocument::aboutToResetCandidates, this, [this] {
            beginResetModel();
        }) << connect(m_doc, &EditorDocument::candidatesReset, this, [this] {
            endResetModel();
        }) << connect(m_doc, &EditorDocument::candidateChanged, this, [this](int row) {
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        }) << connect(m_doc, &EditorDocument::aboutToInsertCandidate, this, [this](int row) {
            beginInsertRows({}, row, row);
        }) << connect(m_doc, &EditorDocument::candidateInserted, this, [this] {
            endInsertRows();
        }) << connect(m_doc, &EditorDocument::aboutToRemoveCandidate, this, [this](int row) {
            beginRemoveRows({}, row, row);
        }) << connect(m_doc, &EditorDocument::candidateRemoved, this, [this] {
            endRemoveRows();
        }) << connect(m_doc, &EditorDocument::aboutToMoveCandidate, this, [this](int from, int to) {
            // Qt wants the row before which the moved row lands.
            beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
        }) << connect(m_doc, &EditorDocument::candidateMoved, this, [this](int from, int to) {
            endMoveRows();
            // Positions of every row in between changed.
            emit headerDataChanged(Qt::Vertical, std::min(from, to), std::max(from, to));
        }) << connect(m_doc, &QObject::destroyed, this, [this] {
            // Views must learn that the rows are gone, never find out by asking.
            beginResetModel();
            m_doc = nullptr;
            endResetModel();
        }) << connect(m_doc, &EditorDocument::issuesChanged, this, [this] {
            if (rowCount() > 0)
                emit dataChanged(index(0, StatusColumn), index(rowCount() - 1, StatusColumn));
        });
    }
    endResetModel();
}

int CandidateListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_doc ? 0 : m_doc->candidateCount();
}

int CandidateListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CandidateListModel::ruleBadge(CandidateRule rule)
{
    switch (rule) {
    case CandidateRule::Missing: return tr("Stale: profile not found");
    case CandidateRule::Deleted: return tr("Stale: profile deleted");
    case CandidateRule::Disabled: return tr("Ineligible: profile disabled");
    case CandidateRule::AutoFallback: return tr("Ineligible: auto fallback");
    case CandidateRule::Dynamic: return tr("Ineligible: dynamic profile");
    case CandidateRule::Self: return tr("Ineligible: references itself");
    case CandidateRule::Duplicate: return tr("Ineligible: named twice");
    case CandidateRule::NoAgent: return tr("Ineligible: profile has no agent");
    case CandidateRule::Office: return tr("Ineligible: Office profile");
    case CandidateRule::NotLaunchable: return tr("Warning: agent may not be launchable");
    }
    return {};
}

QString CandidateListModel::withHouseRules(const QString& status, int row) const
{
    // The house rules this candidate breaks, by id (excepted ones are the Validation dock's to show).
    QStringList broken;
    for (const rules::Violation& v : m_doc->houseRuleViolations()) {
        if (v.candidateIndex == std::size_t(row) && !v.excepted())
            broken << QString::fromStdString(v.ruleId);
    }
    broken.removeDuplicates();
    if (broken.isEmpty())
        return status;
    //: %1: the ids of the house rules a candidate breaks
    const QString house = tr("House rule(s): %1", nullptr, int(broken.size())).arg(PolicyText::joinList(broken));
    return status.isEmpty() ? house : PolicyText::joinList({status, house});
}

QString CandidateListModel::statusText(const CandidateRules& rules, int issueCount)
{
    if (issueCount > 0)
        return tr("%n problem(s)", nullptr, issueCount);
    QStringList badges;
    for (const CandidateRule rule : rules.list())
        badges << ruleBadge(rule);
    return badges.join(QStringLiteral("; "));
}

QVariant CandidateListModel::data(const QModelIndex& index, int role) const
{
    if (!m_doc || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const policy::Candidate& c = m_doc->candidate(row);
    // Worked out only for the roles that show them: a view asks every cell
    // for a dozen roles each time it paints.
    const auto issues
        = [&] { return int(m_doc->issuesOfCandidate(row).size() + m_doc->legacyErrorsOfCandidate(row).size()); };
    const auto status = [&] { return withHouseRules(statusText(m_doc->candidateRules(row), issues()), row); };

    switch (role) {
    case ExecutionProfileIdRole: return QString::fromStdString(c.executionProfileId);
    case CandidateRulesRole: return int(m_doc->candidateRules(row).bits());
    case IssueCountRole: return issues();
    case StatusTextRole: return status();
    default: break;
    }

    switch (index.column()) {
    case NameColumn:
        if (role == Qt::DisplayRole)
            return m_doc->candidateName(row);
        if (role == Qt::ToolTipRole) {
            // The whole row in one tip: the compact route list shows only part of it.
            QString tip = tr("Agent profile: %1").arg(QString::fromStdString(c.executionProfileId));
            const QString summary = index.siblingAtColumn(SummaryColumn).data().toString();
            tip += QLatin1Char('\n') + summary;
            if (const QString s = status(); !s.isEmpty())
                tip += QLatin1Char('\n') + s;
            return tip;
        }
        break;
    case EnabledColumn:
        if (role == Qt::CheckStateRole)
            return c.enabled ? Qt::Checked : Qt::Unchecked;
        if (role == Qt::AccessibleTextRole)
            return c.enabled ? tr("Enabled") : tr("Disabled");
        break;
    case SummaryColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
            if (c.policies)
                return PolicyText::candidateSummary(*c.policies);
            return c.rules.empty() ? PolicyText::candidateSummary(policy::PolicyDocument {}) : tr("Legacy rules");
        }
        break;
    case StatusColumn:
        if (role == Qt::DisplayRole)
            return status();
        break;
    default: break;
    }
    return {};
}

bool CandidateListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!m_doc || m_doc->isReadOnly() || index.column() != EnabledColumn || role != Qt::CheckStateRole)
        return false;
    const bool enabled = value.toInt() == Qt::Checked;
    if (enabled == m_doc->candidate(index.row()).enabled)
        return false;
    m_doc->undoStack()->push(new SetEnabledCommand(m_doc, index.row(), enabled));
    return true;
}

QVariant CandidateListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical && role == Qt::DisplayRole)
        return section;  // the position in route order
    if (orientation == Qt::Vertical && role == Qt::ToolTipRole)
        return tr("Position %1 in the route").arg(section);
    // The Enabled column is as narrow as its check boxes: a check mark heads
    // it, and its name is in the tool tip and for screen readers. The room is the names'.
    if (orientation == Qt::Horizontal && section == EnabledColumn
        && (role == Qt::ToolTipRole || role == Qt::AccessibleTextRole))
        return tr("Enabled");
    if (orientation == Qt::Horizontal && section == EnabledColumn && role == Qt::DisplayRole)
        return QStringLiteral("\u2713");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Candidate");
    case SummaryColumn: return tr("Policies");
    case StatusColumn: return tr("Status");
    default: return {};
    }
}

Qt::ItemFlags CandidateListModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return m_doc && !m_doc->isReadOnly() ? Qt::ItemIsDropEnabled : Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (m_doc && !m_doc->isReadOnly()) {
        f |= Qt::ItemIsDragEnabled;
        if (index.column() == EnabledColumn)
            f |= Qt::ItemIsUserCheckable;
    }
    return f;
}

Qt::DropActions CandidateListModel::supportedDropActions() const
{
    return Qt::MoveAction;
}

QStringList CandidateListModel::mimeTypes() const
{
    return {QString::fromLatin1(kRowMime)};
}

QMimeData* CandidateListModel::mimeData(const QModelIndexList& indexes) const
{
    if (indexes.isEmpty())
        return nullptr;
    auto* data = new QMimeData;
    data->setData(QString::fromLatin1(kRowMime), QByteArray::number(indexes.first().row()));
    return data;
}

bool CandidateListModel::canDropMimeData(
    const QMimeData* data, Qt::DropAction action, int, int, const QModelIndex&) const
{
    return m_doc && !m_doc->isReadOnly() && action == Qt::MoveAction && data
        && data->hasFormat(QString::fromLatin1(kRowMime));
}

bool CandidateListModel::dropMimeData(
    const QMimeData* data, Qt::DropAction action, int row, int column, const QModelIndex& parent)
{
    if (!canDropMimeData(data, action, row, column, parent))
        return false;
    bool ok = false;
    const int from = data->data(QString::fromLatin1(kRowMime)).toInt(&ok);
    if (!ok || from < 0 || from >= rowCount())
        return false;
    // Dropped on an item: before it; between items: at row; below the list: at the end.
    int before = row >= 0 ? row : parent.isValid() ? parent.row() : rowCount();
    int to = before > from ? before - 1 : before;
    to = std::clamp(to, 0, rowCount() - 1);
    if (to != from)
        m_doc->undoStack()->push(new MoveCandidateCommand(m_doc, from, to));
    // The move is done through the command; tell the view not to remove the source row.
    return false;
}

}  // namespace model
