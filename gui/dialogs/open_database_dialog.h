// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where kandev's database is: a SQLite file, a PostgreSQL server (the
// password is typed here and kept nowhere), or kandev's own
// KANDEV_DATABASE_* environment variables.

#include "store/database_target.h"

#include <QDialog>

#include <optional>

class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace gui
{

class OpenDatabaseDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit OpenDatabaseDialog(QWidget* parent = nullptr);
    // nullopt (with the reason) when the fields do not name a database.
    std::optional<store::DatabaseTarget> target(QString* error) const;

    QLineEdit* sqlitePath() const
    {
        return m_path;
    }

private:
    QRadioButton* m_sqlite;
    QRadioButton* m_postgres;
    QRadioButton* m_environment;
    QLineEdit* m_path;
    QLineEdit* m_host;
    QSpinBox* m_port;
    QLineEdit* m_user;
    QLineEdit* m_password;
    QLineEdit* m_name;
};

}  // namespace gui
