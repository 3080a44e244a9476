// SPDX-License-Identifier: Apache-2.0
#include "model/validation_model.h"

#include "model/policy_text.h"

#include <algorithm>
#include <limits>

namespace model
{

IssueTarget targetOf(const std::string& path)
{
    // Read back by the core function that knows how validation writes paths.
    const policy::IssueLocation at = policy::locateIssue(path);
    if (path == kProfileNameField.toStdString())
        return {-1, kProfileNameField, std::nullopt};  // the profile's own name, not a candidate's field
    if (!at.candidate || *at.candidate > std::size_t(std::numeric_limits<int>::max()))
        return {};
    return {int(*at.candidate), QString::fromUtf8(at.field.data(), qsizetype(at.field.size())), at.setting};
}

ValidationModel::ValidationModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ValidationModel::setDocument(EditorDocument* document)
{
    disconnect(m_connection);
    m_doc = document;
    if (m_doc)
        m_connection = connect(m_doc, &EditorDocument::issuesChanged, this, &ValidationModel::refresh);
    refresh();
}

void ValidationModel::refresh()
{
    beginResetModel();
    m_rows.clear();
    if (m_doc) {
        for (const auto& issue : m_doc->issues())
            m_rows.push_back({issue.path, PolicyText::issueMessage(issue)});
        for (const auto& error : m_doc->legacyErrors())
            m_rows.push_back({error.path, PolicyText::legacyError(error)});
        for (int row = 0; row < m_doc->candidateCount(); ++row) {
            const check::CandidateCheck& c = m_doc->candidateCheck(row);
            const QString id = QString::fromStdString(m_doc->candidate(row).executionProfileId).trimmed();
            const QString agent
                = c.profile && c.profile->agentName ? QString::fromStdString(*c.profile->agentName) : QString();
            for (const CandidateRule rule : c.rules.list()) {
                if (rule == CandidateRule::Duplicate)
                    continue;  // an issue of its own (DuplicateExecutionProfileId), listed above
                m_rows.push_back({"candidates[" + std::to_string(row) + "].execution_profile_id",
                    PolicyText::candidateRule(rule, id, agent, int(c.duplicateOf)), check::isWarning(rule)});
            }
        }
        const rules::RuleSet* house = m_doc->houseRules();
        for (const rules::Violation& v : m_doc->houseRuleViolations()) {
            const bool blocks = house && house->blocking && v.counts(rules::Severity::Error);
            m_rows.push_back(
                {v.path, PolicyText::houseRuleProblem(v), !blocks, QString::fromStdString(v.ruleId), v.excepted()});
        }
        std::stable_sort(m_rows.begin(), m_rows.end(),
            [](const Row& a, const Row& b) { return targetOf(a.path).row < targetOf(b.path).row; });
    }
    endResetModel();
}

int ValidationModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ValidationModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ValidationModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& problem = m_rows[std::size_t(index.row())];
    const IssueTarget target = targetOf(problem.path);
    switch (role) {
    case CandidateRowRole: return target.row;
    case FieldRole: return target.field;
    case WarningRole: return problem.warning;
    case HouseRuleRole: return problem.houseRule;
    case ExceptedRole: return problem.excepted;
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case MessageColumn: return problem.message;
        case CandidateColumn:
            return m_doc && target.row >= 0 && target.row < m_doc->candidateCount() ? m_doc->candidateName(target.row)
                                                                                    : QString();
        case PathColumn: return QString::fromStdString(problem.path);
        default: return {};
        }
    default: return {};
    }
}

int ValidationModel::errorCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [](const Row& r) { return !r.warning; }));
}

int ValidationModel::warningCount() const
{
    return int(
        std::count_if(m_rows.begin(), m_rows.end(), [](const Row& r) { return r.warning && r.houseRule.isEmpty(); }));
}

int ValidationModel::nonBlockingHouseRuleCount() const
{
    return int(std::count_if(
        m_rows.begin(), m_rows.end(), [](const Row& r) { return !r.houseRule.isEmpty() && r.warning && !r.excepted; }));
}

QVariant ValidationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case MessageColumn: return tr("Problem");
    case CandidateColumn: return tr("Candidate");
    case PathColumn: return tr("Field");
    default: return {};
    }
}

}  // namespace model
