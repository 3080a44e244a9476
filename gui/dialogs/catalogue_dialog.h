// SPDX-License-Identifier: Apache-2.0
#pragma once
// The error catalogue as reference: every code with its class and
// description, every rule with its id, priority, code and an example.

#include <QDialog>

class QTableWidget;

namespace gui
{

class CatalogueDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit CatalogueDialog(QWidget* parent = nullptr);
    QTableWidget* codes() const
    {
        return m_codes;
    }
    QTableWidget* rules() const
    {
        return m_rules;
    }

private:
    QTableWidget* m_codes;
    QTableWidget* m_rules;
};

}  // namespace gui
