// SPDX-License-Identifier: Apache-2.0
#include "model/timeline_preview.h"

#include "model/policy_text.h"

#include "check/document_check.h"

#include "policy/catalogue.h"

#include <unordered_map>

namespace model
{

TimelinePreview::TimelinePreview(QObject* parent)
    : QObject(parent)
    , m_scenario(policy::findScenarioPreset(policy::kDefaultScenarioId)->scenario)
{
}

void TimelinePreview::setDocument(EditorDocument* document)
{
    for (const auto& c : m_connections)
        disconnect(c);
    m_connections.clear();
    m_doc = document;
    if (m_doc) {
        // Every kind of edit changes the route: settings, order, enabled flags, the profile shown.
        for (auto signal : {&EditorDocument::candidatesReset, &EditorDocument::issuesChanged})
            m_connections << connect(m_doc, signal, this, &TimelinePreview::recompute);
        m_connections << connect(m_doc, &EditorDocument::candidateChanged, this, &TimelinePreview::recompute)
                      << connect(m_doc, &EditorDocument::candidateMoved, this, &TimelinePreview::recompute)
                      << connect(m_doc, &EditorDocument::candidateInserted, this, &TimelinePreview::recompute)
                      << connect(m_doc, &EditorDocument::candidateRemoved, this, &TimelinePreview::recompute);
    }
    recompute();
}

void TimelinePreview::setScenario(const policy::Scenario& scenario)
{
    m_scenario = scenario;
    recompute();
}

void TimelinePreview::recompute()
{
    m_candidates.clear();
    m_labels.clear();
    if (m_doc && m_doc->currentProfile() >= 0) {
        const auto& doc = m_doc->document();
        const auto index = std::size_t(m_doc->currentProfile());
        m_candidates = check::routeCandidates(doc, index);
        // The same route policyctl timeline simulates; eligibility is shown as badges, not simulated.
        for (int row = 0; row < m_doc->candidateCount(); ++row)
            m_labels.push_back(m_doc->candidateName(row));
    }
    m_timeline = policy::simulateRouteCycle(m_candidates, m_scenario);
    m_review = policy::reviewRoute(m_candidates);
    // Compared whether it is shown or not: whether the profile is edited decides what the view offers.
    m_saved = m_doc && m_doc->currentProfile() >= 0
        ? compareWithSaved(*m_doc, m_doc->currentProfile(), m_scenario, m_candidates, m_timeline)
        : RouteComparison {};
    placeSavedEvents();
    emit changed();
}

void TimelinePreview::setComparing(bool on)
{
    if (on == m_comparing)
        return;
    m_comparing = on;
    recompute();
}

QString TimelinePreview::comparisonSummary() const
{
    return m_comparing ? m_saved.summary : QString();
}

void TimelinePreview::placeSavedEvents()
{
    // Each saved event goes to the lane of its candidate by id: a moved candidate keeps its lane.
    m_savedLanes.clear();
    m_savedOnlyLabels.clear();
    if (!showsSaved())
        return;
    std::unordered_map<std::string, std::size_t> lanes;
    for (std::size_t i = m_candidates.size(); i-- > 0;)
        lanes[m_candidates[i].executionProfileId] = i;
    std::unordered_map<std::string, std::string> names;
    for (const policy::TimelineEvent& e : m_saved.saved.events) {
        if (e.kind == policy::EventKind::Exhausted || e.kind == policy::EventKind::Truncated) {
            m_savedLanes.push_back(kEndRow);
            continue;
        }
        auto lane = lanes.find(e.candidate);
        if (lane == lanes.end()) {  // removed by the edit: a lane of its own, under the edited route's
            if (m_savedOnlyLabels.empty())
                names = m_doc->agentProfileNames();
            const auto name = names.find(e.candidate);
            m_savedOnlyLabels.push_back(
                QString::fromStdString(name == names.end() || name->second.empty() ? e.candidate : name->second));
            lane = lanes.emplace(e.candidate, m_candidates.size() + m_savedOnlyLabels.size() - 1).first;
        }
        m_savedLanes.push_back(lane->second);
    }
}

QString TimelinePreview::candidateLabel(std::size_t index) const
{
    return index < m_labels.size() ? m_labels[index] : QString();
}

QString TimelinePreview::eventTitle(const policy::TimelineEvent& e)
{
    using policy::EventKind;
    switch (e.kind) {
    case EventKind::Attempt: return tr("Attempt %1").arg(e.attempt);
    case EventKind::RetryWait:
        return tr("Retry %1 after %2").arg(e.retryOrdinal).arg(PolicyText::duration(e.delaySeconds));
    case EventKind::WaitForReset: return tr("Reset wait %1").arg(PolicyText::duration(e.delaySeconds));
    case EventKind::Skip: return tr("Skip to the next candidate");
    case EventKind::Stop: return tr("Stop: action required");
    case EventKind::Success: return tr("Success");
    case EventKind::Exhausted: return tr("No eligible candidate left");
    case EventKind::ConfigError: return tr("Configuration error");
    case EventKind::Truncated: return tr("Simulation stopped at its event limit");
    case EventKind::CircuitOpen:
        return tr("Passed over: circuit open for %1").arg(PolicyText::duration(e.delaySeconds));
    }
    return {};
}

QString TimelinePreview::eventDetails(const policy::TimelineEvent& e) const
{
    using policy::EventKind;
    //: %1: what the error is ("model at capacity"), %2: its class ("transient errors")
    const QString error
        = tr("%1 (%2)").arg(PolicyText::codeDescription(e.code), PolicyText::classInSentence(e.errorClass));
    switch (e.kind) {
    // Times are offsets from the first failure, as the Time column counts: a
    // preset's start is a made-up date, and its clock time would mean nothing.
    case EventKind::RetryWait:
        //: %3: the deadline as an offset from the first failure
        return tr("%1 · retry ordinal %2 · until +%3 · then %4")
            .arg(error)
            .arg(e.retryOrdinal)
            .arg(PolicyText::duration(e.offsetSeconds + e.delaySeconds), PolicyText::outcome(e.pendingOutcome));
    case EventKind::WaitForReset:
        return tr("%1 · trusted reset at +%2 · then %3")
            .arg(error, PolicyText::duration(e.offsetSeconds + e.delaySeconds), PolicyText::outcome(e.pendingOutcome));
    case EventKind::Skip: return error;
    case EventKind::Stop:
        return e.gateStop ? tr("%1 · safety gate: unclassified or after side effects").arg(error) : error;
    case EventKind::ConfigError: return configurationError(e);
    case EventKind::CircuitOpen:
        return tr("%1 · %2 · until %3")
            .arg(QString::fromStdString(e.resourceKey), QString::fromStdString(e.code),
                QString::fromStdString(policy::formatRfc3339(e.deadline)));
    default: return {};
    }
}

QString TimelinePreview::configurationError(const policy::TimelineEvent& e) const
{
    // The document's own issues of the candidate, as codes: the simulation's reason is the core's English.
    if (m_doc && e.candidateIndex < m_candidates.size() && int(e.candidateIndex) < m_doc->candidateCount()) {
        const int row = int(e.candidateIndex);
        for (const policy::Issue& issue : m_doc->issuesOfCandidate(row)) {
            using policy::IssueCode;
            if (issue.code == IssueCode::OutOfRange || issue.code == IssueCode::MustBeZeroWhenDisabled
                || issue.code == IssueCode::MissingOutcome || issue.code == IssueCode::UnsupportedVersion)
                return QString::fromStdString(issue.path) + QStringLiteral(": ") + PolicyText::issueMessage(issue);
        }
        if (const auto errors = m_doc->legacyErrorsOfCandidate(row); !errors.empty())
            return PolicyText::legacyError(errors.front());
    }
    // A document that is not this one's: the core's reason is English or a code.
    return tr("This candidate's configuration cannot be simulated.");
}

QString TimelinePreview::profileTitle() const
{
    return m_doc && m_doc->currentProfile() >= 0 ? m_doc->profileTitle(m_doc->currentProfile()) : QString();
}

QString TimelinePreview::eventReason(std::size_t index) const
{
    using policy::EventKind;
    const auto& events = m_timeline.events;
    if (index >= events.size())
        return {};
    // Every reason is the evaluator's, carried by the event: nothing here repeats its tests.
    const auto& e = events[index];
    const bool known = e.candidateIndex < m_candidates.size();
    const bool classified = e.errorClass != policy::ErrorClass::Unclassified;
    const policy::ClassPolicy policy
        = known && classified ? m_candidates[e.candidateIndex].policies.forClass(e.errorClass) : policy::ClassPolicy {};
    const QString cls = classified ? PolicyText::classInSentence(e.errorClass) : QString();
    const auto join = [](const QString& a, const QString& b) {
        return a.isEmpty() ? b : PolicyText::joinSentences({a, b});
    };
    const QString unusedHint = PolicyText::unusedResetHint(
        e.resetHint, e.errorClass, e.resetHintSeconds.value_or(0), policy.waitForReset.maxWaitSeconds);

    switch (e.kind) {
    case EventKind::Attempt: return {};
    case EventKind::WaitForReset:
        return tr("The provider reports a trusted reset in %1, within this candidate's %2 maximum wait for %3, so it "
                  "waits and tries once more.")
            .arg(PolicyText::duration(e.delaySeconds), PolicyText::duration(policy.waitForReset.maxWaitSeconds), cls);
    case EventKind::RetryWait:
        return join(unusedHint,
            tr("Retry %1 of %2: the first retry after %3, doubled for each retry after it.")
                .arg(e.retryOrdinal)
                .arg(policy.retry.maxRetries)
                .arg(PolicyText::duration(policy.retry.initialIntervalSeconds)));
    case EventKind::Skip:
    case EventKind::Stop: {
        if (policy::isGateStop(e.decisionReason))
            return PolicyText::gateStopReason(e.decisionReason, e.code);
        const QString spent = e.decisionReason == policy::DecisionReason::RetriesUsed
            ? tr("All %n retry(s) are used.", nullptr, int(policy.retry.maxRetries))
            : tr("Retrying is off for %1 on this candidate.").arg(cls);
        const QString then = e.kind == EventKind::Skip
            ? tr("Once recovery is exhausted, %1 on this candidate skip to the next candidate.").arg(cls)
            : tr("Once recovery is exhausted, %1 on this candidate stop for manual recovery.").arg(cls);
        return join(join(unusedHint, spent), then);
    }
    case EventKind::Success: return tr("Attempt %1 succeeds in this scenario.").arg(e.attempt);
    case EventKind::Exhausted:
        return tr("Every later candidate is disabled or was skipped: no candidate is left to try.");
    case EventKind::ConfigError:
        return tr("This candidate's policies are not valid (%1), so the cycle stops here.").arg(configurationError(e));
    case EventKind::Truncated: return tr("The scenario never ends; the preview stops at its event limit.");
    case EventKind::CircuitOpen:
        //: %1: a resource key such as profile:claude-sonnet, %2: a failure code, %3: a time
        return tr(
            "kandev paused %1 after %2 until %3; a candidate whose circuit is open is passed over without an attempt.")
            .arg(QString::fromStdString(e.resourceKey), QString::fromStdString(e.code),
                QString::fromStdString(policy::formatRfc3339(e.deadline)));
    }
    return {};
}

QString TimelinePreview::totalsText() const
{
    const auto& t = m_timeline.totals;
    QString ending;
    switch (t.finalEvent) {
    case policy::EventKind::Success: ending = tr("success"); break;
    case policy::EventKind::Stop: ending = tr("stop for manual recovery"); break;
    case policy::EventKind::Exhausted: ending = tr("no eligible candidate left"); break;
    case policy::EventKind::ConfigError: ending = tr("a configuration error"); break;
    default: ending = tr("the event limit"); break;
    }
    QString text = tr("%n attempt(s) in %1, ending in %2.", nullptr, int(t.attempts))
                       .arg(PolicyText::duration(t.durationSeconds), ending);
    auto worst = [this](const policy::ClassWorstCase& w) {
        return w.finalOutcome == policy::Outcome::Stop && w.stoppingCandidate
            ? tr("%1, then stop on %2").arg(PolicyText::duration(w.seconds), candidateLabel(*w.stoppingCandidate))
            : tr("%1, then no eligible candidate").arg(PolicyText::duration(w.seconds));
    };
    // One paragraph, not two lines: it wraps in the width there is, a line less under the picture.
    return PolicyText::joinSentences({text,
        tr("Worst case from the first failure: transient errors %1; hard errors %2.")
            .arg(worst(m_review.transient), worst(m_review.hard))});
}

QStringList TimelinePreview::warningTexts() const
{
    using policy::ReviewWarningCode;
    QStringList out;
    for (const auto& w : m_review.warnings) {
        const QString who = w.candidateIndex ? candidateLabel(*w.candidateIndex) : QString();
        const QString cls = w.errorClass ? PolicyText::classInSentence(*w.errorClass) : QString();
        switch (w.code) {
        case ReviewWarningCode::DisabledCandidate: out << tr("%1 is disabled and never tried.").arg(who); break;
        case ReviewWarningCode::InvalidCandidate:
            out << tr("%1 is invalid and stops every cycle that reaches it.").arg(who);
            break;
        case ReviewWarningCode::UnreachableCandidate:
            out << tr("%1 is never reached for %2: an earlier candidate stops.").arg(who, cls);
            break;
        case ReviewWarningCode::AllCandidatesSkip:
            out << tr("Every candidate skips %1: the route ends with no eligible candidate.").arg(cls);
            break;
        case ReviewWarningCode::HardRetryWithoutResetWait:
            out << tr(
                "%1 retries hard errors without a reset wait; quota and credential errors rarely clear that fast.")
                       .arg(who);
            break;
        case ReviewWarningCode::NoEnabledCandidate: out << tr("No candidate is enabled."); break;
        case ReviewWarningCode::IneligibleCandidate:
            out << tr("%1 references a profile it may not use; kandev will not run it.").arg(who);
            break;
        }
    }
    if (m_timeline.truncated)
        out << tr("The simulation stopped after %n event(s).", nullptr, int(m_scenario.maxEvents));
    return out;
}

QString TimelinePreview::accessibleSummary() const
{
    const QString text
        = tr("Retry timeline for the scenario %1. %2").arg(PolicyText::scenarioName(m_scenario.name), totalsText());
    const QString comparison = comparisonText();
    return comparison.isEmpty() ? text : PolicyText::joinSentences({text, comparison});
}

QString TimelinePreview::comparisonText() const
{
    const QString summary = comparisonSummary();
    if (summary.isEmpty() || !m_saved.comparison.comparable())  // that one says it cannot compare, and why
        return summary;
    //: %1: what the edit does to the route ("+1 attempt, 40 s longer"); the saved route is drawn dashed
    return tr("Compared with the saved policy: %1.").arg(summary);
}

TimelineEventModel::TimelineEventModel(TimelinePreview* preview, QObject* parent)
    : QAbstractTableModel(parent)
    , m_preview(preview)
{
    connect(preview, &TimelinePreview::changed, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

int TimelineEventModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_preview->timeline().events.size());
}

int TimelineEventModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TimelineEventModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)
        || role != Qt::DisplayRole)
        return {};
    const auto& e = m_preview->timeline().events[std::size_t(index.row())];
    const bool hasCandidate = e.kind != policy::EventKind::Exhausted && e.kind != policy::EventKind::Truncated;
    switch (index.column()) {
    case TimeColumn: return QStringLiteral("+") + PolicyText::duration(e.offsetSeconds);
    case EventColumn: return TimelinePreview::eventTitle(e);
    case CandidateColumn: return hasCandidate ? m_preview->candidateLabel(e.candidateIndex) : QString();
    case ErrorColumn: return e.code.empty() ? QString() : PolicyText::codeDescription(e.code);
    case DetailColumn: return m_preview->eventDetails(e);
    case ReasonColumn: return m_preview->eventReason(std::size_t(index.row()));
    default: return {};
    }
}

QVariant TimelineEventModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TimeColumn: return tr("Time");
    case EventColumn: return tr("Event");
    case CandidateColumn: return tr("Candidate");
    case ErrorColumn: return tr("Error");
    case DetailColumn: return tr("Decision");
    case ReasonColumn: return tr("Why");
    default: return {};
    }
}

}  // namespace model
