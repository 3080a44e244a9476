// SPDX-License-Identifier: Apache-2.0
#pragma once

// The route cycle of the current profile for one scenario, recomputed by the
// shared evaluator (policy::simulateRouteCycle, policy::reviewRoute) whenever
// the profile changes. Views read it; they compute nothing themselves.

#include "model/editor_document.h"
#include "model/route_comparison.h"

#include "policy/review.h"
#include "policy/timeline.h"

#include <QAbstractTableModel>
#include <QPointer>

namespace model
{

class TimelinePreview final : public QObject
{
    Q_OBJECT
public:
    explicit TimelinePreview(QObject* parent = nullptr);
    void setDocument(EditorDocument* document);
    void setScenario(const policy::Scenario& scenario);
    const policy::Scenario& scenario() const
    {
        return m_scenario;
    }

    const policy::Timeline& timeline() const
    {
        return m_timeline;
    }
    const policy::RouteReview& review() const
    {
        return m_review;
    }
    const std::vector<policy::RouteCandidate>& candidates() const
    {
        return m_candidates;
    }
    QString candidateLabel(std::size_t index) const;
    QString profileTitle() const;  // the profile being previewed, "" when none

    // Translated renderings for views and tooltips.
    static QString eventTitle(const policy::TimelineEvent& e);
    QString eventDetails(const policy::TimelineEvent& e) const;
    // Why the event happened, from the candidate's policy and the scenario
    // ("the 6 h reset is beyond this candidate's 1 h maximum wait, …").
    QString eventReason(std::size_t index) const;
    QString totalsText() const;
    // Why a candidate's policies stop the cycle, in the user's language: the
    // validation issue's code, or the legacy rules' migration error.
    QString configurationError(const policy::TimelineEvent& e) const;
    QStringList warningTexts() const;
    QString accessibleSummary() const;

    // "Compare with saved": the profile as read or last saved, simulated for
    // the same scenario, beside the edited one (on by default).
    void setComparing(bool on);
    bool isComparing() const
    {
        return m_comparing;
    }
    const RouteComparison& savedRoute() const
    {
        return m_saved;
    }
    // Whether the profile shown differs from the one read or last saved (comparing or not).
    bool isEdited() const
    {
        return m_saved.edited();
    }
    // The one-line summary of what the edit does to the route; "" while the
    // profile is as saved, or comparing is off.
    QString comparisonSummary() const;
    // The same as a sentence that stands alone ("Compared with the saved
    // policy: +1 attempt, 40 s longer."; why it cannot compare); "" as the summary.
    QString comparisonText() const;
    // Whether the picture draws the saved route too: comparing, edited, and
    // the two differ event for event.
    bool showsSaved() const
    {
        return m_comparing && m_saved.differs();
    }
    // Where the saved route's event `index` is drawn: the lane of the edited
    // route's candidate with the same id, a lane of its own under them for a
    // candidate the edit removed (savedOnlyLabels), or kEndRow.
    static constexpr std::size_t kEndRow = std::size_t(-1);
    std::size_t savedLane(std::size_t index) const
    {
        return index < m_savedLanes.size() ? m_savedLanes[index] : kEndRow;
    }
    const std::vector<QString>& savedOnlyLabels() const
    {
        return m_savedOnlyLabels;
    }

public slots:
    void recompute();

signals:
    void changed();

private:
    void placeSavedEvents();

    QPointer<EditorDocument> m_doc;
    policy::Scenario m_scenario;
    std::vector<policy::RouteCandidate> m_candidates;
    std::vector<QString> m_labels;
    policy::Timeline m_timeline;
    policy::RouteReview m_review;
    bool m_comparing = true;
    RouteComparison m_saved;
    std::vector<std::size_t> m_savedLanes;  // per event of m_saved.saved
    std::vector<QString> m_savedOnlyLabels;
    QList<QMetaObject::Connection> m_connections;
};

// The same events as a table: the accessible alternative to the picture.
class TimelineEventModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TimeColumn, EventColumn, CandidateColumn, ErrorColumn, DetailColumn, ReasonColumn, ColumnCount };
    explicit TimelineEventModel(TimelinePreview* preview, QObject* parent = nullptr);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    TimelinePreview* m_preview;
};

}  // namespace model
