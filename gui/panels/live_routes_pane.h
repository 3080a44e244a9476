// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Live Routes dock: the routes kandev is running now under the profile
// being edited, read from kandev's database on demand and every few seconds
// while the dock is visible, with each deadline counting down, what happens
// next, how the policy it was scheduled under differs from the one being
// edited, and the circuits that pause candidates.

#include "window/document_view.h"

#include "model/live_routes_model.h"

#include <QPointer>
#include <QWidget>

#include <QTime>

#include <functional>
#include <optional>

class QLabel;
class QPushButton;
class QTableView;
class QTimer;

namespace model
{
class EditorDocument;
}

namespace gui
{

class LiveRoutesPane final : public QWidget, public DocumentView
{
    Q_OBJECT
public:
    // How often a visible dock reads the database again.
    static constexpr int kRefreshIntervalMs = 5000;

    explicit LiveRoutesPane(QWidget* parent = nullptr);
    // A document read from a database shows its routes; any other clears the pane.
    void setDocument(model::EditorDocument* document) override;
    // Whether the database has kandev's route-state tables (an older kandev has none).
    bool available() const
    {
        return m_available;
    }

    QTableView* view() const
    {
        return m_view;
    }
    model::LiveRoutesModel* model() const
    {
        return m_model;
    }
    QPushButton* refreshButton() const
    {
        return m_refresh;
    }
    QPushButton* timelineButton() const
    {
        return m_showTimeline;
    }
    QLabel* details() const
    {
        return m_details;
    }
    QLabel* status() const
    {
        return m_status;
    }
    // Tests: the clock the countdown and the circuits are measured with.
    void setClock(std::function<policy::Seconds()> clock)
    {
        m_clock = std::move(clock);
    }

public slots:
    void refresh();

signals:
    void availabilityChanged(bool available);
    void scenarioRequested(const policy::Scenario& scenario);

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    // Analyses the rows last read against the document as it is now and shows them.
    void showRoutes();
    void updateDetails();
    void tick();
    void setAvailable(bool available);
    policy::Seconds now() const;
    QPointer<model::EditorDocument> m_doc;
    model::LiveRoutesModel* m_model;
    QTableView* m_view;
    QLabel* m_status;
    QLabel* m_circuits;
    QLabel* m_details;
    QPushButton* m_refresh;
    QPushButton* m_showTimeline;
    QTimer* m_refreshTimer;
    QTimer* m_countdown;
    QTimer* m_reanalyse;  // an edit re-analyses the rows read, without reading again
    QTime m_readAt;
    std::function<policy::Seconds()> m_clock;
    bool m_available = false;
};

}  // namespace gui
