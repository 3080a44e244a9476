// SPDX-License-Identifier: Apache-2.0
#include "window/start_page.h"

#include "controls/bundled_icons.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace gui
{

StartPage::StartPage(QWidget* parent)
    : QWidget(parent)
    , m_openFile(new QPushButton(bundledIcon(QStringLiteral("open")), tr("Open File…"), this))
    , m_openDatabase(new QPushButton(bundledIcon(QStringLiteral("database")), tr("Open kandev Database…"), this))
    , m_openDefault(new QPushButton(bundledIcon(QStringLiteral("database")), QString(), this))
    , m_openSample(new QPushButton(tr("Open the Sample"), this))
    , m_newProfile(new QPushButton(bundledIcon(QStringLiteral("add")), tr("New Dynamic Profile"), this))
    , m_recentTitle(new QLabel(tr("Recent files"), this))
    , m_recent(new QListWidget(this))
{
    setObjectName(QStringLiteral("startPage"));
    auto* outer = new QVBoxLayout(this);
    outer->addStretch(1);
    auto* column = new QVBoxLayout;
    auto* title = new QLabel(tr("Policy Studio"), this);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    title->setFont(big);
    column->addWidget(title);
    auto* intro
        = new QLabel(tr("Edit how kandev's dynamic profiles recover from provider errors: open a profile document, "
                        "kandev's own database, or the sample to look around."),
            this);
    intro->setWordWrap(true);
    column->addWidget(intro);
    column->addSpacing(12);
    // No mnemonics here: the File menu's own (Alt+F, O) work on this page, and
    // the editor that replaces it owns the letters.
    for (QPushButton* b : {m_openFile, m_openDatabase, m_openDefault, m_openSample, m_newProfile}) {
        b->setMinimumHeight(32);
        column->addWidget(b);
    }
    m_openDefault->hide();
    m_openDefault->setToolTip(tr("kandev's own SQLite database on this machine"));
    column->addSpacing(12);
    QFont bold = m_recentTitle->font();
    bold.setBold(true);
    m_recentTitle->setFont(bold);
    column->addWidget(m_recentTitle);
    m_recent->setAccessibleName(tr("Recent files"));
    m_recent->setMaximumHeight(180);
    column->addWidget(m_recent);
    // A readable column in the middle, however wide the window.
    auto* row = new QHBoxLayout;
    row->addStretch(1);
    auto* holder = new QWidget(this);
    holder->setLayout(column);
    holder->setMaximumWidth(560);
    holder->setMinimumWidth(360);
    row->addWidget(holder, 3);
    row->addStretch(1);
    outer->addLayout(row);
    outer->addStretch(2);

    connect(m_openFile, &QPushButton::clicked, this, &StartPage::openFileRequested);
    connect(m_openDatabase, &QPushButton::clicked, this, &StartPage::openDatabaseRequested);
    connect(
        m_openDefault, &QPushButton::clicked, this, [this] { emit openDefaultDatabaseRequested(m_defaultDatabase); });
    connect(m_openSample, &QPushButton::clicked, this, &StartPage::openSampleRequested);
    connect(m_newProfile, &QPushButton::clicked, this, &StartPage::newProfileRequested);
    connect(m_recent, &QListWidget::itemActivated, this,
        [this](QListWidgetItem* item) { emit recentFileRequested(item->data(Qt::UserRole).toString()); });
    setRecentFiles({});
}

void StartPage::setRecentFiles(const QStringList& paths)
{
    m_recent->clear();
    for (const QString& path : paths) {
        if (!QFileInfo::exists(path))
            continue;
        auto* item = new QListWidgetItem(
            tr("%1 — %2").arg(QFileInfo(path).fileName(), QDir::toNativeSeparators(path)), m_recent);
        item->setData(Qt::UserRole, path);
        item->setToolTip(QDir::toNativeSeparators(path));
    }
    m_recentTitle->setVisible(m_recent->count() > 0);
    m_recent->setVisible(m_recent->count() > 0);
}

void StartPage::setDefaultDatabase(const QString& path)
{
    m_defaultDatabase = QFileInfo(path).isFile() ? path : QString();
    m_openDefault->setVisible(!m_defaultDatabase.isEmpty());
    m_openDefault->setText(tr("Open %1").arg(QDir::toNativeSeparators(m_defaultDatabase)));
}

void StartPage::setSampleAvailable(bool available)
{
    m_openSample->setVisible(available);
}

}  // namespace gui
