// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where kandev's database is: a SQLite file, a PostgreSQL server (the
// password is typed here and kept nowhere), or kandev's own
// KANDEV_DATABASE_* environment variables.

#include <QDialog>
#include <QString>

#include <optional>

class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace gui
{

// What the person chose, as typed; DatabaseSession makes a database target of it.
struct DatabaseChoice {
    enum class Kind { SqliteFile, Server, Environment };
    Kind kind = Kind::SqliteFile;
    QString path;  // SqliteFile
    QString host;  // Server
    int port = 5432;
    QString user;
    QString password;  // empty: from kandev's variables or PGPASSWORD
    QString database;
};

class OpenDatabaseDialog final : public QDialog
{
    Q_OBJECT
public:
    // `defaultSqlitePath`: kandev's own database file, offered when it exists
    // and no other file was used before.
    explicit OpenDatabaseDialog(const QString& defaultSqlitePath, QWidget* parent = nullptr);
    // nullopt (with the reason) when the fields do not name a database.
    std::optional<DatabaseChoice> choice(QString* error) const;

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
