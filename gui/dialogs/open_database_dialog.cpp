// SPDX-License-Identifier: Apache-2.0
#include "dialogs/open_database_dialog.h"

#include "window/settings.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace gui
{

OpenDatabaseDialog::OpenDatabaseDialog(const QString& defaultSqlitePath, QWidget* parent)
    : QDialog(parent)
    , m_sqlite(new QRadioButton(tr("&SQLite file"), this))
    , m_postgres(new QRadioButton(tr("&PostgreSQL server"), this))
    , m_environment(new QRadioButton(tr("kandev's &environment (KANDEV_DATABASE_*)"), this))
    , m_path(new QLineEdit(this))
    , m_host(new QLineEdit(this))
    , m_port(new QSpinBox(this))
    , m_user(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_name(new QLineEdit(this))
{
    setWindowTitle(tr("Open kandev Database"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(
        new QLabel(tr("The database opens read-only; nothing is written until you save or apply a migration."), this));

    layout->addWidget(m_sqlite);
    auto* pathRow = new QHBoxLayout;
    pathRow->setContentsMargins(24, 0, 0, 0);
    m_path->setAccessibleName(tr("SQLite file"));
    // The last file used, else kandev's own default location when it is there.
    const QString lastPath = settings::lastSqlitePath.value();
    m_path->setText(!lastPath.isEmpty() || !QFileInfo(defaultSqlitePath).isFile() ? lastPath : defaultSqlitePath);
    auto* browse = new QPushButton(tr("&Browse…"), this);
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    layout->addLayout(pathRow);

    layout->addWidget(m_postgres);
    auto* server = new QFormLayout;
    server->setContentsMargins(24, 0, 0, 0);
    const QStringList last = settings::lastServer.value();
    m_host->setText(last.value(0, QStringLiteral("127.0.0.1")));
    m_port->setRange(1, 65535);
    m_port->setValue(last.value(1, QStringLiteral("5432")).toInt());
    m_user->setText(last.value(2, QStringLiteral("kandev")));
    m_name->setText(last.value(4, QStringLiteral("kandev")));
    m_password->setEchoMode(QLineEdit::Password);
    struct Row {
        const char* label;
        QWidget* field;
    };
    for (const Row& row :
        {Row {QT_TR_NOOP("&Host:"), m_host}, Row {QT_TR_NOOP("P&ort:"), m_port}, Row {QT_TR_NOOP("&User:"), m_user},
            Row {QT_TR_NOOP("Pass&word:"), m_password}, Row {QT_TR_NOOP("&Database:"), m_name}}) {
        auto* label = new QLabel(tr(row.label), this);
        label->setBuddy(row.field);
        row.field->setAccessibleName(label->text().remove(QLatin1Char('&')).remove(QLatin1Char(':')));
        server->addRow(label, row.field);
    }
    layout->addLayout(server);
    layout->addWidget(m_environment);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("kandev SQLite Database"), m_path->text(),
            tr("SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)"));
        if (!path.isEmpty()) {
            m_path->setText(path);
            m_sqlite->setChecked(true);
        }
    });
    auto update = [this] {
        m_path->setEnabled(m_sqlite->isChecked());
        for (QWidget* w : {static_cast<QWidget*>(m_host), static_cast<QWidget*>(m_port), static_cast<QWidget*>(m_user),
                 static_cast<QWidget*>(m_password), static_cast<QWidget*>(m_name)})
            w->setEnabled(m_postgres->isChecked());
    };
    for (auto* b : {m_sqlite, m_postgres, m_environment})
        connect(b, &QRadioButton::toggled, this, update);
    m_sqlite->setChecked(true);
    if (!qEnvironmentVariableIsEmpty("KANDEV_DATABASE_DRIVER"))
        m_environment->setChecked(true);
    update();
}

std::optional<DatabaseChoice> OpenDatabaseDialog::choice(QString* error) const
{
    DatabaseChoice c;
    if (m_environment->isChecked()) {
        c.kind = DatabaseChoice::Kind::Environment;
        return c;
    }
    if (m_sqlite->isChecked()) {
        c.path = m_path->text().trimmed();
        if (c.path.isEmpty()) {
            if (error)
                *error = tr("Choose a SQLite file.");
            return std::nullopt;
        }
        settings::lastSqlitePath.setValue(c.path);
        return c;
    }
    c.kind = DatabaseChoice::Kind::Server;
    c.host = m_host->text().trimmed();
    c.port = m_port->value();
    c.user = m_user->text().trimmed();
    c.password = m_password->text();
    c.database = m_name->text().trimmed();
    // Never the password.
    settings::lastServer.setValue(QStringList {c.host, QString::number(c.port), c.user, QString(), c.database});
    return c;
}

}  // namespace gui
