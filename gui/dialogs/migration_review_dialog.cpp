// SPDX-License-Identifier: Apache-2.0
#include "dialogs/migration_review_dialog.h"

#include "window/colour_scheme.h"

#include "model/policy_text.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QScrollBar>
#include <QTimer>
#include <QUrl>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace gui
{

MigrationReviewDialog::MigrationReviewDialog(
    model::MigrationReview review, const QString& fileName, QWidget* parent, const QStringList& unreadable)
    : QDialog(parent)
    , m_review(std::move(review))
    , m_unreadable(unreadable)
    , m_browser(new QTextBrowser(this))
    , m_buttons(new QDialogButtonBox(this))
    , m_intro(new QLabel(this))
{
    m_name = fileName;
    setWindowTitle(tr("Review Migration — %1").arg(fileName));
    auto* layout = new QVBoxLayout(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    m_browser->setOpenLinks(false);
    m_browser->setAccessibleName(tr("Migration report"));
    layout->addWidget(m_browser, 1);
    offerButtons();
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &MigrationReviewDialog::followLink);
    render();
    resize(780, 580);
}

void MigrationReviewDialog::offerButtons()
{
    const bool errors = m_review.hasErrors();
    const QString name = m_name.toHtmlEscaped();
    // A database migrates what it can, as policyctl migrate --db --apply does; a file all or nothing.
    const bool migrate = m_database ? m_review.canMigrateSome() : !errors;
    if (!errors)
        m_intro->setText(tr("<b>%1 uses legacy rules.</b> Before it can be edited, its %n candidate(s) are converted "
                            "to versioned policies as shown. Nothing is written until you save.",
            nullptr, m_review.changedCandidates())
                             .arg(name));
    else if (!m_database)
        m_intro->setText(tr("<b>%1 uses legacy rules that cannot be migrated.</b> It opens read-only; fix the rules "
                            "marked below in the file, or in kandev, and open it again.")
                             .arg(name));
    else if (migrate)
        m_intro->setText(tr("<b>%1 holds legacy rules.</b> The profiles without problems can be migrated as shown; "
                            "the profiles marked below cannot be until their rules are settled in kandev, and open "
                            "read-only.")
                             .arg(name));
    else
        m_intro->setText(tr("<b>%1 holds legacy rules that cannot be migrated.</b> The profiles marked below open "
                            "read-only until their rules are settled in kandev; the other profiles can be edited.")
                             .arg(name));
    m_buttons->clear();
    if (migrate) {
        auto* button = m_buttons->addButton(tr("&Migrate"), QDialogButtonBox::AcceptRole);
        button->setDefault(true);
        m_buttons->addButton(tr("Open &Read-Only"), QDialogButtonBox::RejectRole);
    } else if (m_database && errors) {
        m_buttons->addButton(tr("&Open"), QDialogButtonBox::RejectRole);  // nothing to migrate; the rest is editable
    } else {
        m_buttons->addButton(tr("Open &Read-Only"), QDialogButtonBox::RejectRole);
    }
}

void MigrationReviewDialog::setDatabase()
{
    m_database = true;
    offerButtons();
    render();
}

void MigrationReviewDialog::setSourceFile(const QString& path)
{
    m_sourceFile = path;
    render();
}

void MigrationReviewDialog::setChoicesOffered(bool offered)
{
    m_offerChoices = offered;
    if (offered && m_review.hasErrors())
        m_intro->setText(model::PolicyText::joinSentences(
            {m_intro->text(), tr("Or choose below which rule wins; that is an edit you can undo.")}));
    render();
}

void MigrationReviewDialog::setReviewOnly()
{
    // View > Migration Report: the same report, to read again.
    m_offerChoices = false;
    m_buttons->clear();
    m_buttons->addButton(QDialogButtonBox::Close);
    m_intro->setText(tr("How the legacy rules were migrated when the document was opened."));
    render();
}

void MigrationReviewDialog::render()
{
    QString html = m_review.html({m_offerChoices, !m_sourceFile.isEmpty(), m_database,
        toneStyle(Tone::Error, palette()), toneStyle(Tone::Warning, palette())});
    if (!m_unreadable.isEmpty()) {
        QString rows;
        for (const QString& row : m_unreadable)
            rows += QStringLiteral("<li>%1</li>").arg(row.toHtmlEscaped());
        html.replace(QStringLiteral("<body>"),
            QStringLiteral("<body><p style='%3; padding:4px'>%1</p><ul>%2</ul>")
                .arg(tr("These routes cannot be read; their profiles are left untouched:"), rows,
                    toneStyle(Tone::Error, palette())));
    }
    m_browser->setHtml(html);
}

void MigrationReviewDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    // The report is read from its beginning.
    m_browser->moveCursor(QTextCursor::Start);
    m_browser->verticalScrollBar()->setValue(0);
}

void MigrationReviewDialog::followLink(const QUrl& url)
{
    const QString link = url.toString();
    if (link.startsWith(QLatin1String("line:"))) {
        showFileLine(link.mid(5).toInt());
        return;
    }
    const QStringList parts = link.split(QLatin1Char(':'));
    if (parts.size() == 5 && parts[0] == QLatin1String("keep")) {
        m_choice = Choice {parts[1].toULongLong(), parts[2].toULongLong(), policy::ErrorClass(parts[3].toInt()),
            QUrl::fromPercentEncoding(parts[4].toUtf8()).toStdString()};
        done(ChoiceMade);
    }
}

void MigrationReviewDialog::showFileLine(int line)
{
    // The file as it is on disk, at the line the problem is on.
    QFile file(m_sourceFile);
    if (!file.open(QIODevice::ReadOnly))
        return;
    QDialog viewer(this);
    viewer.setWindowTitle(tr("%1 — line %2").arg(QFileInfo(m_sourceFile).fileName()).arg(line));
    auto* layout = new QVBoxLayout(&viewer);
    auto* text = new QPlainTextEdit(&viewer);
    text->setObjectName(QStringLiteral("fileText"));
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setPlainText(QString::fromUtf8(file.read(4 * 1024 * 1024)));
    QTextCursor cursor(text->document()->findBlockByLineNumber(std::max(0, line - 1)));
    cursor.select(QTextCursor::LineUnderCursor);
    text->setTextCursor(cursor);
    layout->addWidget(text);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, &viewer);
    connect(close, &QDialogButtonBox::rejected, &viewer, &QDialog::reject);
    layout->addWidget(close);
    viewer.resize(720, 480);
    QTimer::singleShot(0, text, [text] { text->centerCursor(); });
    viewer.exec();
}

}  // namespace gui
