// SPDX-License-Identifier: Apache-2.0
#include "model/fleet_model.h"

#include "model/policy_text.h"

#include "check/document_check.h"
#include "routes/live_routes.h"

#include <QHash>

#include <algorithm>
#include <set>

namespace model
{

FleetModel::FleetModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_defaults(rules::RuleSet::kandevDefaults())
{
}

FleetModel::~FleetModel() = default;

void FleetModel::setDocument(EditorDocument* document)
{
    for (const auto& c : m_connections)
        disconnect(c);
    m_connections.clear();
    m_doc = document;
    m_liveRoutes.reset();
    if (m_doc) {
        m_current = m_doc->currentProfile();
        // Every candidate signal concerns the current profile: its row alone changes.
        const auto currentEdited = [this] { updateProfile(m_doc->currentProfile()); };
        m_connections << connect(m_doc, &EditorDocument::candidateChanged, this, currentEdited)
                      << connect(m_doc, &EditorDocument::candidateInserted, this, currentEdited)
                      << connect(m_doc, &EditorDocument::candidateRemoved, this, currentEdited)
                      << connect(m_doc, &EditorDocument::candidateMoved, this, currentEdited)
                      << connect(m_doc, &EditorDocument::profileChanged, this, &FleetModel::updateProfile)
                      << connect(m_doc, &EditorDocument::profilesChanged, this, &FleetModel::rebuild)
                      << connect(
                             m_doc, &EditorDocument::currentProfileChanged, this, &FleetModel::onCurrentProfileChanged);
    }
    rebuild();
}

void FleetModel::onCurrentProfileChanged(int profileIndex)
{
    // Switching profiles changes no row. The same profile told again is
    // replaceDocument (a migration applied or undone): every profile may have changed.
    const bool replaced = profileIndex == m_current && profileIndex >= 0;
    m_current = profileIndex;
    if (replaced)
        rebuild();
}

void FleetModel::setRuleSet(std::shared_ptr<const rules::RuleSet> ruleSet)
{
    if (ruleSet == m_ruleSet)
        return;
    m_ruleSet = std::move(ruleSet);
    if (m_doc && m_index)
        m_linter = std::make_unique<rules::Linter>(m_doc->document(), *m_index, rulesInForce());
    updateAllRows();
}

const rules::RuleSet& FleetModel::rulesInForce() const
{
    return m_ruleSet ? *m_ruleSet : m_defaults;
}

bool FleetModel::refreshLiveRoutes(QString* error)
{
    std::optional<std::unordered_map<std::string, int>> counts;
    if (m_doc && m_doc->isDatabase()) {
        // One read for every profile (an empty id reads them all), not one per row.
        const auto read = m_doc->readLiveRoutes({}, error);
        if (!read)
            return false;
        if (read->hasTables()) {
            counts.emplace();
            for (const routes::RouteStateRow& route : read->routes)
                ++(*counts)[route.logicalProfileId];
        }
    }
    m_liveRoutes = std::move(counts);
    if (!m_rows.empty())
        emit dataChanged(index(0, LiveRoutes), index(rowCount() - 1, LiveRoutes));
    return true;
}

void FleetModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    m_rowOfProfile.clear();
    m_linter.reset();
    m_index.reset();
    if (m_doc) {
        m_current = m_doc->currentProfile();
        m_index = std::make_unique<check::ProfileIndex>(m_doc->document());
        m_linter = std::make_unique<rules::Linter>(m_doc->document(), *m_index, rulesInForce());
        const std::vector<int> profiles = m_doc->dynamicProfiles();
        m_rows.reserve(profiles.size());
        for (const int profile : profiles) {
            m_rowOfProfile.emplace(profile, int(m_rows.size()));
            m_rows.push_back(computeRow(profile));
        }
    }
    endResetModel();
}

FleetModel::Row FleetModel::computeRow(int profileIndex) const
{
    const format::Document& document = m_doc->document();
    const format::ProfileRecord& profile = document.profiles[std::size_t(profileIndex)];
    Row row;
    row.profileIndex = profileIndex;
    row.name = m_doc->profileTitle(profileIndex);
    row.id = QString::fromStdString(profile.id);
    row.enabled = profile.enabled;
    std::set<QString> providers;
    for (const policy::Candidate& c : profile.dynamic->candidates) {
        ++row.candidates;
        if (!c.enabled)
            continue;
        ++row.enabledCandidates;
        const format::ProfileRecord* named = m_index->find(c.executionProfileId);
        if (named && named->agentName && !named->agentName->empty())
            providers.insert(QString::fromStdString(*named->agentName));
        else
            row.unknownProvider = true;
    }
    row.providers = QStringList(providers.begin(), providers.end());
    const auto route = check::routeCandidates(*m_index, std::size_t(profileIndex));
    const policy::RouteReview review = policy::reviewRoute(route);
    row.transient = review.transient;
    row.hard = review.hard;
    const std::vector<rules::Violation> violations = m_linter->lintProfile(std::size_t(profileIndex));
    row.violations = rules::countViolations(violations);
    for (const rules::Violation& v : violations) {
        if (!v.excepted())
            row.violatedRules << QString::fromStdString(v.ruleId);
    }
    return row;
}

void FleetModel::updateProfile(int profileIndex)
{
    const auto it = m_rowOfProfile.find(profileIndex);
    if (!m_doc || it == m_rowOfProfile.end())
        return;
    m_rows[std::size_t(it->second)] = computeRow(profileIndex);
    emit dataChanged(index(it->second, 0), index(it->second, ColumnCount - 1));
}

void FleetModel::updateAllRows()
{
    if (!m_doc || m_rows.empty())
        return;
    for (Row& row : m_rows)
        row = computeRow(row.profileIndex);
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int FleetModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FleetModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int FleetModel::rowOfProfile(int profileIndex) const
{
    const auto it = m_rowOfProfile.find(profileIndex);
    return it == m_rowOfProfile.end() ? -1 : it->second;
}

int FleetModel::profilesWithViolations() const
{
    return int(std::count_if(
        m_rows.cbegin(), m_rows.cend(), [](const Row& r) { return r.violations.errors + r.violations.warnings > 0; }));
}

int FleetModel::liveRoutesOf(const Row& row) const
{
    if (!m_liveRoutes)
        return -1;
    const auto it = m_liveRoutes->find(row.id.toStdString());
    return it == m_liveRoutes->end() ? 0 : it->second;
}

QString FleetModel::holdText(const policy::ClassWorstCase& worst)
{
    const bool stops = worst.finalOutcome == policy::Outcome::Stop;
    if (worst.seconds == 0)
        return stops ? tr("stops at once") : tr("none left");
    return stops ? tr("%1, then stop").arg(PolicyText::duration(worst.seconds))
                 : tr("%1, then none left").arg(PolicyText::duration(worst.seconds));
}

QVariant FleetModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return display(row, index.column());
    case Qt::ToolTipRole: return toolTip(row, index.column());
    case SortRole: return sortValue(row, index.column());
    case ProfileIndexRole: return row.profileIndex;
    case SearchTextRole:
        return QStringList {row.name, row.id, row.providers.join(QLatin1Char(' '))}.join(QLatin1Char('\n'));
    case HasViolationsRole: return row.violations.errors + row.violations.warnings > 0;
    case Qt::TextAlignmentRole:
        return index.column() == LiveRoutes ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    default: return {};
    }
}

QVariant FleetModel::display(const Row& row, int column) const
{
    switch (Column(column)) {
    case Profile: return row.name;
    case Enabled: return row.enabled ? tr("enabled") : tr("disabled");
    case Candidates: return tr("%1 of %n enabled", nullptr, row.candidates).arg(row.enabledCandidates);
    case HoldTransient: return holdText(row.transient);
    case HoldHard: return holdText(row.hard);
    case Attempts: return tr("%1 / %2").arg(row.transient.attempts).arg(row.hard.attempts);
    case Providers: {
        QStringList names = row.providers;
        if (row.unknownProvider)
            names << tr("unknown");
        return names.isEmpty() ? tr("none") : PolicyText::joinList(names);
    }
    case LiveRoutes: {
        const int live = liveRoutesOf(row);
        return live < 0 ? QVariant() : QVariant(live);
    }
    case Violations: {
        const auto& v = row.violations;
        if (v.errors == 0 && v.warnings == 0)
            return tr("none");
        QStringList parts;
        if (v.errors > 0)
            parts << tr("%n error(s)", nullptr, int(v.errors));
        if (v.warnings > 0)
            parts << tr("%n warning(s)", nullptr, int(v.warnings));
        return PolicyText::joinList(parts);
    }
    case ColumnCount: break;
    }
    return {};
}

QVariant FleetModel::sortValue(const Row& row, int column) const
{
    switch (Column(column)) {
    case Profile: return row.name;
    case Enabled: return int(row.enabled);
    case Candidates: return row.enabledCandidates;
    case HoldTransient: return qlonglong(row.transient.seconds);
    case HoldHard: return qlonglong(row.hard.seconds);
    // The longer cycle first: that is the one an admin looks for.
    case Attempts: return qlonglong(std::max(row.transient.attempts, row.hard.attempts));
    case Providers: return int(row.providers.size());
    case LiveRoutes: return liveRoutesOf(row);
    // Errors weigh more than any number of warnings.
    case Violations: return qlonglong(row.violations.errors) * 1000000 + qlonglong(row.violations.warnings);
    case ColumnCount: break;
    }
    return {};
}

QString FleetModel::toolTip(const Row& row, int column) const
{
    switch (Column(column)) {
    case Profile: return row.id.isEmpty() ? QString() : tr("Profile id: %1").arg(row.id);
    case HoldTransient:
    case HoldHard:
        return tr("The longest a route cycle can hold a task for %1 before it stops for a person or no candidate "
                  "is left.")
            .arg(PolicyText::classInSentence(
                column == HoldHard ? policy::ErrorClass::Hard : policy::ErrorClass::Transient));
    case Attempts:
        return tr("Attempts in the worst-case cycle: %1 for transient errors, %2 for hard errors.")
            .arg(row.transient.attempts)
            .arg(row.hard.attempts);
    case Providers:
        return row.unknownProvider ? tr("Some enabled candidate names a profile whose agent the document does not say.")
                                   : QString();
    case Violations: {
        if (row.violatedRules.isEmpty() && row.violations.excepted == 0)
            return {};
        // Each rule once, with how often it fired.
        QStringList rules;
        QHash<QString, int> fired;
        for (const QString& id : row.violatedRules) {
            if (fired[id]++ == 0)
                rules << id;
        }
        for (QString& id : rules) {
            const int times = fired.value(id);
            id = times > 1 ? tr("%1 (%n time(s))", nullptr, times).arg(ruleName(id)) : ruleName(id);
        }
        QString text = rules.isEmpty() ? QString() : tr("Rules broken: %1").arg(PolicyText::joinList(rules));
        if (row.violations.excepted > 0)
            text += QLatin1Char('\n') + tr("%n excepted by the rules file.", nullptr, int(row.violations.excepted));
        return text.trimmed();
    }
    default: return {};
    }
}

QString FleetModel::ruleName(const QString& ruleId)
{
    // The built-in rules (no rules file) are named; a house's rules by their ids, as its file spells them.
    if (ruleId.toStdString() == rules::kKandevLimitsRuleId)
        return tr("kandev's limits");
    if (ruleId.toStdString() == rules::kKandevEligibilityRuleId)
        return tr("kandev's candidate rules");
    return ruleId;
}

QVariant FleetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Profile: return tr("Profile");
    case Enabled: return tr("State");
    case Candidates: return tr("Candidates");
    case HoldTransient: return tr("Hold, transient");
    case HoldHard: return tr("Hold, hard");
    case Attempts: return tr("Attempts");
    case Providers: return tr("Providers");
    case LiveRoutes: return tr("Live routes");
    case Violations: return tr("Violations");
    case ColumnCount: break;
    }
    return {};
}

}  // namespace model
