// SPDX-License-Identifier: Apache-2.0
#pragma once
// Edits the user's own failure scenario: a sequence of failures, each with an
// error code, an optional reset hint and whether it came before any output,
// then whether the last failure repeats or the next attempt succeeds.

#include "policy/timeline.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QTableWidget;

namespace gui
{

class ScenarioEditorDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit ScenarioEditorDialog(const policy::Scenario& scenario, QWidget* parent = nullptr);
    policy::Scenario scenario() const;
    QTableWidget* table() const
    {
        return m_table;
    }
    void addFailure(const policy::ScenarioAttempt& attempt);

private:
    QLineEdit* m_name;
    QTableWidget* m_table;
    QComboBox* m_then;
    policy::Seconds m_start;
};

}  // namespace gui
