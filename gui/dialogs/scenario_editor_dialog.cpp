// SPDX-License-Identifier: Apache-2.0
#include "dialogs/scenario_editor_dialog.h"

#include "model/policy_text.h"

#include "policy/catalogue.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gui
{

namespace
{
enum Column { CodeColumn, ResetColumn, SafeColumn };
constexpr int kNoReset = -1;
}  // namespace

ScenarioEditorDialog::ScenarioEditorDialog(const policy::Scenario& scenario, QWidget* parent)
    : QDialog(parent)
    , m_name(new QLineEdit(this))
    , m_table(new QTableWidget(0, 3, this))
    , m_then(new QComboBox(this))
    , m_start(scenario.start)
{
    setWindowTitle(tr("Custom Scenario"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    auto* nameLabel = new QLabel(tr("&Name:"), this);
    nameLabel->setBuddy(m_name);
    m_name->setText(model::PolicyText::scenarioName(scenario.name));
    form->addRow(nameLabel, m_name);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("The n-th attempt of the route cycle meets the n-th failure:"), this));
    m_table->setHorizontalHeaderLabels({tr("Error"), tr("Reset hint after (s)"), tr("Before any output")});
    m_table->horizontalHeader()->setSectionResizeMode(CodeColumn, QHeaderView::Stretch);
    // The other columns are as wide as their headers (and their fields), never clipped.
    m_table->horizontalHeader()->setSectionResizeMode(ResetColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(SafeColumn, QHeaderView::ResizeToContents);
    m_table->setAccessibleName(tr("Failures"));
    layout->addWidget(m_table);
    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("&Add Failure"), this);
    auto* remove = new QPushButton(tr("&Remove Failure"), this);
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    auto* thenLabel = new QLabel(tr("A&fter the last failure:"), this);
    thenLabel->setBuddy(m_then);
    m_then->addItem(tr("the last failure repeats"));
    m_then->addItem(tr("the next attempt succeeds"));
    m_then->setCurrentIndex(scenario.then == policy::ScenarioThen::Repeat ? 0 : 1);
    auto* thenForm = new QFormLayout;
    thenForm->addRow(thenLabel, m_then);
    layout->addLayout(thenForm);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(box);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(add, &QPushButton::clicked, this, [this] {
        policy::ScenarioAttempt a;
        a.code = "model_capacity";
        addFailure(a);
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_table->currentRow() >= 0)
            m_table->removeRow(m_table->currentRow());
    });
    for (const auto& a : scenario.attempts) {
        if (!a.success)
            addFailure(a);
    }
    resize(620, 420);
}

void ScenarioEditorDialog::addFailure(const policy::ScenarioAttempt& attempt)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto* code = new QComboBox(m_table);
    code->setAccessibleName(tr("Error of failure %1").arg(row + 1));
    for (const auto& e : policy::kCatalogue)
        code->addItem(
            model::PolicyText::codeDescription(e.name), QString::fromUtf8(e.name.data(), qsizetype(e.name.size())));
    for (const auto c : policy::kUnclassifiedCodes)
        code->addItem(model::PolicyText::codeDescription(c), QString::fromUtf8(c.data(), qsizetype(c.size())));
    code->setCurrentIndex(std::max(0, code->findData(QString::fromStdString(attempt.code))));
    m_table->setCellWidget(row, CodeColumn, code);
    auto* reset = new QSpinBox(m_table);
    reset->setRange(kNoReset, 366 * 86400);
    reset->setSpecialValueText(tr("none"));
    reset->setValue(attempt.resetAfterSeconds ? int(*attempt.resetAfterSeconds) : kNoReset);
    reset->setAccessibleName(tr("Reset hint of failure %1").arg(row + 1));
    m_table->setCellWidget(row, ResetColumn, reset);
    auto* safe = new QCheckBox(m_table);
    safe->setChecked(attempt.effectSafe);
    safe->setAccessibleName(tr("Failure %1 came before any output").arg(row + 1));
    m_table->setCellWidget(row, SafeColumn, safe);
}

policy::Scenario ScenarioEditorDialog::scenario() const
{
    policy::Scenario s;
    s.name = m_name->text().trimmed().isEmpty() ? tr("Custom scenario").toStdString()
                                                : m_name->text().trimmed().toStdString();
    s.start = m_start;
    s.then = m_then->currentIndex() == 0 ? policy::ScenarioThen::Repeat : policy::ScenarioThen::Success;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        policy::ScenarioAttempt a;
        a.code = qobject_cast<QComboBox*>(m_table->cellWidget(row, CodeColumn))->currentData().toString().toStdString();
        const int reset = qobject_cast<QSpinBox*>(m_table->cellWidget(row, ResetColumn))->value();
        if (reset != kNoReset)
            a.resetAfterSeconds = reset;
        a.effectSafe = qobject_cast<QCheckBox*>(m_table->cellWidget(row, SafeColumn))->isChecked();
        s.attempts.push_back(a);
    }
    return s;
}

}  // namespace gui
