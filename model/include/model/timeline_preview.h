// SPDX-License-Identifier: Apache-2.0
#pragma once

// The route cycle of the current profile for one scenario, recomputed by the
// shared evaluator (policy::simulateRouteCycle, policy::reviewRoute) whenever
// the profile changes. Views read it; they compute nothing themselves.

#include "model/editor_document.h"

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

public slots:
    void recompute();

signals:
    void changed();

private:
    QPointer<EditorDocument> m_doc;
    policy::Scenario m_scenario;
    std::vector<policy::RouteCandidate> m_candidates;
    std::vector<QString> m_labels;
    policy::Timeline m_timeline;
    policy::RouteReview m_review;
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
