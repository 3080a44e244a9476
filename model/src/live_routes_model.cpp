// SPDX-License-Identifier: Apache-2.0
#include "model/live_routes_model.h"

#include <algorithm>

#include "model/policy_text.h"

#include <QBrush>
#include <QDateTime>
#include <QGuiApplication>
#include <QPalette>

namespace model
{

namespace
{

QString text(const std::string& s)
{
    return QString::fromStdString(s);
}

bool isKnownOutcome(const std::string& stored)
{
    return stored == policy::outcomeName(policy::Outcome::Skip) || stored == policy::outcomeName(policy::Outcome::Stop);
}

}  // namespace

LiveRoutesModel::LiveRoutesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void LiveRoutesModel::setRead(routes::LiveRoutesRead read, std::string profileId)
{
    m_read = std::move(read);
    m_readProfileId = std::move(profileId);
}

void LiveRoutesModel::clearRead(policy::Seconds now)
{
    m_read.reset();
    m_readProfileId.clear();
    setRoutes({}, now);
}

void LiveRoutesModel::analyse(const format::Document& document, policy::Seconds now)
{
    if (m_read)
        setRoutes(routes::analyseLiveRoutes(*m_read, document, m_readProfileId, now), now);
}

int LiveRoutesModel::routesUnderAnotherPolicy() const
{
    return int(std::count_if(m_routes.routes.begin(), m_routes.routes.end(),
        [](const routes::LiveRoute& r) { return r.drift.has_value(); }));
}

std::optional<policy::Scenario> LiveRoutesModel::scenarioFor(int row) const
{
    const routes::LiveRoute* r = route(row);
    if (!r)
        return std::nullopt;
    return routes::scenarioForRoute(*r, m_routes.circuits, m_now);
}

void LiveRoutesModel::setRoutes(routes::LiveRoutes routes, policy::Seconds now)
{
    beginResetModel();
    m_routes = std::move(routes);
    m_now = now;
    endResetModel();
}

void LiveRoutesModel::setNow(policy::Seconds now)
{
    if (now == m_now)
        return;
    m_now = now;
    if (!m_routes.routes.empty())
        emit dataChanged(
            index(0, Deadline), index(rowCount() - 1, Left), {Qt::DisplayRole});  // the date shows from midnight on
}

const routes::LiveRoute* LiveRoutesModel::route(int row) const
{
    return row >= 0 && row < rowCount() ? &m_routes.routes[std::size_t(row)] : nullptr;
}

int LiveRoutesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_routes.routes.size());
}

int LiveRoutesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString LiveRoutesModel::stateText(const routes::LiveRoute& r)
{
    switch (r.state) {
    case routes::RouteState::Selecting: return tr("Selecting");
    case routes::RouteState::Starting: return tr("Starting");
    case routes::RouteState::Waiting: return tr("Waiting (no candidate)");
    case routes::RouteState::Retrying: return tr("Retrying");
    case routes::RouteState::RetryWait: return tr("Retry wait");
    case routes::RouteState::WaitingForReset: return tr("Waiting for reset");
    case routes::RouteState::ActionRequired: return tr("Action required");
    case routes::RouteState::Unknown: break;
    }
    return tr("Unknown: %1").arg(text(r.row.state));
}

QString LiveRoutesModel::localTime(policy::Seconds t)
{
    return QLocale().toString(
        QDateTime::fromSecsSinceEpoch(t.time_since_epoch().count()).toLocalTime(), QLocale::ShortFormat);
}

QString LiveRoutesModel::localTimeOnDayOf(policy::Seconds t, policy::Seconds now)
{
    const QDateTime at = QDateTime::fromSecsSinceEpoch(t.time_since_epoch().count()).toLocalTime();
    const QDateTime today = QDateTime::fromSecsSinceEpoch(now.time_since_epoch().count()).toLocalTime();
    return at.date() == today.date() ? QLocale().toString(at.time(), QLocale::ShortFormat) : localTime(t);
}

QString LiveRoutesModel::timeLeft(policy::Seconds deadline, policy::Seconds now)
{
    const auto left = (deadline - now).count();
    return left <= 0 ? tr("due") : PolicyText::duration(left);
}

QString LiveRoutesModel::deadlineText(policy::Seconds deadline, policy::Seconds now)
{
    const auto left = (deadline - now).count();
    return left <= 0 ? tr("Deadline %1, due now.").arg(localTime(deadline))
                     : tr("Deadline %1, in %2.").arg(localTime(deadline), PolicyText::duration(left));
}

QString LiveRoutesModel::pendingOutcomeText(const std::string& stored)
{
    if (stored.empty())
        return QString();
    for (const policy::Outcome o : {policy::Outcome::Skip, policy::Outcome::Stop}) {
        if (stored == policy::outcomeName(o))
            return PolicyText::outcome(o);
    }
    return tr("unknown: %1").arg(text(stored));
}

QString LiveRoutesModel::briefPolicy(const policy::ClassPolicy& p, bool withOutcome)
{
    QStringList parts;
    if (p.waitForReset.enabled)
        parts << tr("wait up to %1 for a reset").arg(PolicyText::duration(p.waitForReset.maxWaitSeconds));
    if (p.retry.enabled && p.retry.maxRetries > 0)
        parts << tr("%n retries from %1", nullptr, int(p.retry.maxRetries))
                     .arg(PolicyText::duration(p.retry.initialIntervalSeconds));
    if (parts.isEmpty())
        parts << tr("no wait, no retry");
    if (withOutcome)
        parts << PolicyText::outcome(p.onExhausted);
    return parts.join(tr(", then "));
}

QString LiveRoutesModel::nextStepText(const routes::NextStep& next)
{
    const QString skip = next.nextCandidate.empty() ? tr("skip, but no candidate is left (the route waits)")
                                                    : tr("skip to %1").arg(text(next.nextCandidate));
    const QString afterwards = next.then == policy::Outcome::Skip ? skip : tr("stop for a person");
    switch (next.kind) {
    case policy::DecisionKind::RetryWait:
        return tr("If the same error repeats at the deadline: retry %1 of %2 in %3, then %4.")
            .arg(next.retryOrdinal)
            .arg(next.maxRetries)
            .arg(PolicyText::duration(next.delaySeconds), afterwards);
    case policy::DecisionKind::WaitingForReset:
        return tr("If the same error repeats at the deadline: wait %1 for the provider's reset, then %2.")
            .arg(PolicyText::duration(next.delaySeconds), afterwards);
    case policy::DecisionKind::Skip: return tr("If the same error repeats at the deadline: %1.").arg(skip);
    case policy::DecisionKind::Stop: break;
    }
    return next.gateStop
        ? tr("If the same error repeats at the deadline: stop for a person (the error is not classified).")
        : tr("If the same error repeats at the deadline: stop for a person.");
}

QString LiveRoutesModel::driftText(const routes::PolicyDrift& drift)
{
    const bool outcomes = drift.scheduled.onExhausted != drift.editing.onExhausted;
    return tr("%1: scheduled under %2; you are editing %3.")
        .arg(PolicyText::className(drift.errorClass), briefPolicy(drift.scheduled, outcomes),
            briefPolicy(drift.editing, outcomes));
}

QVariant LiveRoutesModel::data(const QModelIndex& index, int role) const
{
    const routes::LiveRoute* r = index.isValid() ? route(index.row()) : nullptr;
    if (!r)
        return {};
    const format::RouteSnapshot* s = r->snapshot ? &*r->snapshot : nullptr;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Session: return text(r->row.sessionId);
        case Candidate: return text(m_routes.nameOf(r->row.executionProfileId));
        case State: return stateText(*r);
        case Failure:
            if (!r->snapshotError.empty() || !r->row.rowError.empty())
                return tr("unreadable");
            if (!s || s->failureCode.empty())
                return QString();
            if (s->failureClass.empty())
                return text(s->failureCode);
            // The class as kandev stored it, translated; a value this build cannot read, quoted as it is.
            if (const auto c = policy::errorClassFromName(s->failureClass))
                return tr("%1 (%2)").arg(text(s->failureCode), PolicyText::className(*c));
            return tr("%1 (%2)").arg(text(s->failureCode), text(s->failureClass));
        case Retry: return s ? QVariant(qlonglong(s->retryOrdinal)) : QVariant();
        case ResetWaits: {
            if (!s)
                return QString();
            QStringList used;
            if (s->transientResetWaitUsed)
                used << PolicyText::className(policy::ErrorClass::Transient);
            if (s->hardResetWaitUsed)
                used << PolicyText::className(policy::ErrorClass::Hard);
            return used.isEmpty() ? tr("none") : PolicyText::joinList(used);
        }
        case Then: return s ? pendingOutcomeText(s->pendingOutcome) : QString();
        case Deadline: return s && s->deadline ? localTimeOnDayOf(*s->deadline, m_now) : QString();
        case Left: return s && s->deadline ? timeLeft(*s->deadline, m_now) : QString();
        case Version: return r->row.rowError.empty() ? QVariant(qlonglong(r->row.profileVersion)) : QVariant();
        case Policy:
            if (r->drift)
                return tr("differs");
            if (s && !s->policiesError.empty())
                return tr("unreadable");
            return s && s->policies ? tr("same") : QString();
        }
        return {};
    }
    if (role == Qt::ToolTipRole) {
        QStringList tips;
        // The name is shown; the id kandev stores is where it helps.
        if (index.column() == Candidate && !r->row.executionProfileId.empty())
            tips << tr("Agent profile %1").arg(text(r->row.executionProfileId));
        if (!r->row.rowError.empty())
            tips << tr("This route's row cannot be read: %1").arg(text(r->row.rowError));
        if (!r->snapshotError.empty())
            tips << tr("policy_state_json cannot be read: %1").arg(text(r->snapshotError));
        if (s && !s->policiesError.empty())
            tips << tr("The policy it was scheduled under cannot be read: %1").arg(text(s->policiesError));
        if (r->next)
            tips << nextStepText(*r->next);
        if (r->drift)
            tips << driftText(*r->drift);
        return tips.isEmpty() ? QVariant() : QVariant(tips.join(QLatin1Char('\n')));
    }
    if (role == Qt::ForegroundRole) {
        const bool unknownOutcome = s && !s->pendingOutcome.empty() && !isKnownOutcome(s->pendingOutcome);
        const bool warn = (index.column() == Policy && r->drift)
            || (index.column() == State && r->state == routes::RouteState::Unknown)
            || (index.column() == Failure && !(r->snapshotError.empty() && r->row.rowError.empty()))
            || (index.column() == Then && unknownOutcome);
        if (warn)
            return QBrush(QColor(0xb0, 0x5a, 0x00));
        return {};
    }
    if (role == Qt::TextAlignmentRole
        && (index.column() == Retry || index.column() == Version || index.column() == Left))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant LiveRoutesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == Then)
        return tr(
            "What the route does when its waits and retries are used up (the pending outcome it was scheduled with)");
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == ResetWaits)
        return tr("The classes whose wait for a provider reset this route cycle has used");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Session: return tr("Session");
    case Candidate: return tr("Candidate");
    case State: return tr("State");
    case Failure: return tr("Failure");
    case Retry: return tr("Retry");
    case ResetWaits: return tr("Reset waits");
    case Then: return tr("Then");
    case Deadline: return tr("Deadline");
    case Left: return tr("Left");
    case Version: return tr("Version");
    case Policy: return tr("Policy");
    }
    return {};
}

}  // namespace model
