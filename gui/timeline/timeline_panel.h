// SPDX-License-Identifier: Apache-2.0
#pragma once
// The timeline preview (a dock): the scenario (a preset or the user's own,
// kept in the settings), the picture with its fixed axis, legend, linear / log
// toggle and exports, the same events as a table, the warnings, the totals.

#include "window/document_view.h"

#include "model/timeline_preview.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QScrollArea;
class QStackedWidget;
class QTabBar;
class QTableView;

namespace gui
{

class TimelineAxis;
class TimelineLegend;
class TimelineView;

class TimelinePanel final : public QWidget, public DocumentView
{
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget* parent = nullptr);
    void setDocument(model::EditorDocument* document) override;

    model::TimelinePreview* preview() const
    {
        return m_preview;
    }
    TimelineView* view() const
    {
        return m_view;
    }
    QTableView* table() const
    {
        return m_table;
    }
    QComboBox* scenarioBox() const
    {
        return m_scenario;
    }
    QCheckBox* logBox() const
    {
        return m_log;
    }
    // "Compare with saved" (kept in the settings), and the line beside it
    // that says what the edit does to the route: a row above the picture,
    // shown while the profile differs from the one saved.
    QCheckBox* compareBox() const
    {
        return m_compare;
    }
    QLabel* comparisonLabel() const
    {
        return m_comparison;
    }
    QLabel* totalsLabel() const
    {
        return m_totals;
    }
    QListWidget* warningsList() const
    {
        return m_warnings;
    }
    QScrollArea* lanesArea() const
    {
        return m_lanes;
    }
    TimelineAxis* axis() const
    {
        return m_axis;
    }
    TimelineLegend* legend() const
    {
        return m_legend;
    }
    QTabBar* tabs() const
    {
        return m_tabs;
    }
    int warningCount() const
    {
        return m_warningCount;
    }
    QSize sizeHint() const override;
    // "timeline-<profile>-<scenario>.svg"
    QString defaultExportName() const;
    void setCustomScenario(const policy::Scenario& scenario);  // stores it and selects it
    void showScenario(const policy::Scenario& scenario);  // shows it once, without storing it

    // How many pixels the lanes lack to show every lane at its smallest (0 when they fit).
    int lanesShortBy() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void warningCountChanged(int count);
    // A comparison with the saved route under the picture left the lanes too little room.
    void lanesNeedRoom();

private:
    void applyScenario();
    void editCustomScenario();
    void exportPicture();
    void updateTotals();

    model::TimelinePreview* m_preview;
    model::TimelineEventModel* m_events;
    QComboBox* m_scenario;
    QCheckBox* m_log;
    QCheckBox* m_compare;
    QLabel* m_comparison;
    QWidget* m_comparisonRow = nullptr;
    TimelineView* m_view;
    QTableView* m_table;
    QLabel* m_totals;
    QListWidget* m_warnings;
    QTabBar* m_tabs = nullptr;
    QStackedWidget* m_pages = nullptr;
    QScrollArea* m_lanes = nullptr;
    TimelineAxis* m_axis = nullptr;
    TimelineLegend* m_legend = nullptr;
    int m_warningCount = 0;
    policy::Scenario m_shown;  // the one showScenario() was given
};

}  // namespace gui
