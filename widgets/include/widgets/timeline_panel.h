#pragma once
// The timeline preview under the candidate editor: the scenario (a preset or
// the user's own, kept in the settings), the picture with its linear / log
// toggle and exports, the same events as a table, and the totals and warnings.

#include "model/timeline_preview.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QTableView;

namespace widgets {

class TimelineView;

class TimelinePanel final : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget* parent = nullptr);
    void setDocument(model::EditorDocument* document);

    model::TimelinePreview* preview() const { return m_preview; }
    TimelineView* view() const { return m_view; }
    QTableView* table() const { return m_table; }
    QComboBox* scenarioBox() const { return m_scenario; }
    QCheckBox* logBox() const { return m_log; }
    QLabel* totalsLabel() const { return m_totals; }
    void setCustomScenario(const policy::Scenario& scenario);  // stores it and selects it
    void showScenario(const policy::Scenario& scenario);       // shows it once, without storing it

private:
    void applyScenario();
    void editCustomScenario();
    void exportPicture();
    void updateTotals();

    model::TimelinePreview* m_preview;
    model::TimelineEventModel* m_events;
    QComboBox* m_scenario;
    QCheckBox* m_log;
    TimelineView* m_view;
    QTableView* m_table;
    QLabel* m_totals;
    QLabel* m_warnings;
    policy::Scenario m_shown;  // the one showScenario() was given
};

}  // namespace widgets
