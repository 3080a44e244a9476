// SPDX-License-Identifier: Apache-2.0
#pragma once
// The routes kandev is running now for the profile being edited, one row per
// route, for the Live Routes dock. The analysis is routes::analyseLiveRoutes
// (the same as policyctl routes); this model only words it, translated, and
// counts deadlines down: setNow() changes only the "Deadline" and "Left" columns.

#include "routes/live_routes.h"

#include <QAbstractTableModel>

#include <optional>
#include <string>

namespace model
{

class LiveRoutesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // Policy (same/differs) stands beside State, so drift stays in sight when
    // the dock is too narrow for every column; Then, a word, is last, where the
    // view stretches the column to the dock's width.
    enum Column {
        Session,
        Candidate,
        Version,
        State,
        Policy,
        Failure,
        Retry,
        ResetWaits,
        Deadline,
        Left,
        Then,
        ColumnCount
    };

    explicit LiveRoutesModel(QObject* parent = nullptr);

    // Replaces the rows; a route whose session was shown before keeps its row's identity in views (reset).
    void setRoutes(routes::LiveRoutes routes, policy::Seconds now);
    // Keeps a read of the routes kandev runs for `profileId`; analyse() shows it.
    void setRead(routes::LiveRoutesRead read, std::string profileId);
    // Forgets the read and shows no rows.
    void clearRead(policy::Seconds now);
    bool hasRead() const
    {
        return m_read.has_value();
    }
    // The last read, analysed against the document being edited at `now`
    // (what policyctl routes prints), shown in place of the rows.
    void analyse(const format::Document& document, policy::Seconds now);
    // Routes scheduled under another policy than the one being edited.
    int routesUnderAnotherPolicy() const;
    // What the timeline shows to continue the route in `row` from now; none for no route.
    std::optional<policy::Scenario> scenarioFor(int row) const;
    void setNow(policy::Seconds now);
    const routes::LiveRoutes& routes() const
    {
        return m_routes;
    }
    const routes::LiveRoute* route(int row) const;
    policy::Seconds now() const
    {
        return m_now;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Translated sentences for the details under the table.
    static QString stateText(const routes::LiveRoute& r);
    static QString nextStepText(const routes::NextStep& next);
    static QString driftText(const routes::PolicyDrift& drift);
    static QString briefPolicy(const policy::ClassPolicy& p, bool withOutcome);
    static QString timeLeft(policy::Seconds deadline, policy::Seconds now);
    // "Deadline 4 Dec 2026 18:40, in 1 min 30 s." or "..., due now." once it has passed.
    static QString deadlineText(policy::Seconds deadline, policy::Seconds now);
    // A time as the dock shows it: local, in the locale's short format.
    static QString localTime(policy::Seconds t);
    // The same, without the date when it falls on the same local day as `now`.
    static QString localTimeOnDayOf(policy::Seconds t, policy::Seconds now);
    // The snapshot's pending_outcome as stored: skip, stop, or unknown (shown, never guessed).
    static QString pendingOutcomeText(const std::string& stored);

private:
    std::optional<routes::LiveRoutesRead> m_read;
    std::string m_readProfileId;
    routes::LiveRoutes m_routes;
    policy::Seconds m_now {};
};

}  // namespace model
