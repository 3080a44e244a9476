// SPDX-License-Identifier: Apache-2.0
#include "dialogs/migration_review_dialog.h"

#include "window/colour_scheme.h"

#include "model/policy_text.h"

#include "policy/catalogue.h"

#include <QDialogButtonBox>
#include <QGuiApplication>
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

using model::PolicyText;

namespace
{

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QString classList(const std::vector<policy::ErrorClass>& classes)
{
    QStringList names;
    for (const auto c : classes)
        names << (c == policy::ErrorClass::Hard ? MigrationReviewDialog::tr("hard")
                                                : MigrationReviewDialog::tr("transient"));
    return names.join(MigrationReviewDialog::tr(" and "));
}

QString actionText(const std::string& action)
{
    if (action == "try_next")
        return MigrationReviewDialog::tr("try the next candidate");
    if (action == "stop")
        return MigrationReviewDialog::tr("stop");
    if (action == "retry_same")
        return MigrationReviewDialog::tr("retry the same candidate");
    return QString::fromStdString(action);
}

// "Codex GPT-5 (codex-gpt5)": the agent profile a candidate names, by its name where the document has one.
QString candidateLabel(const format::Document* document, const std::string& id)
{
    if (document) {
        for (const auto& p : document->profiles) {
            if (p.id == id && !p.name.empty() && p.name != id)
                return QStringLiteral("%1 (%2)").arg(esc(p.name), esc(id));
        }
    }
    return esc(id);
}

bool profileHasErrors(const migration::ProfileMigration& profile)
{
    return std::any_of(profile.candidates.begin(), profile.candidates.end(),
        [](const migration::CandidateMigration& c) { return !c.errors.empty(); });
}

}  // namespace

bool MigrationReviewDialog::canMigrateSome(const migration::MigrationReport& report)
{
    return std::any_of(report.profiles.begin(), report.profiles.end(), [](const migration::ProfileMigration& p) {
        return !profileHasErrors(p)
            && std::any_of(p.candidates.begin(), p.candidates.end(), [](const auto& c) { return c.changes(); });
    });
}

QString MigrationReviewDialog::reportHtml(const migration::MigrationReport& report, const format::Document* document,
    bool offerChoices, bool lineLinks, bool database)
{
    QString html = QStringLiteral("<html><body>");
    for (const auto& profile : report.profiles) {
        const format::ProfileRecord* record = document && profile.profileIndex < document->profiles.size()
            ? &document->profiles[profile.profileIndex]
            : nullptr;
        // The name people know the profile by, then its id.
        if (record && !record->name.empty() && !profile.profileId.empty())
            html += QStringLiteral("<h3>%1 <small>(%2)</small></h3>").arg(esc(record->name), esc(profile.profileId));
        else
            html += QStringLiteral("<h3>%1</h3>")
                        .arg(profile.profileId.empty() ? tr("Dynamic profile")
                                                       : tr("Profile %1").arg(esc(profile.profileId)));
        for (const auto& c : profile.candidates) {
            if (c.source == migration::SourceForm::Canonical && c.errors.empty())
                continue;
            const policy::Candidate* candidate
                = record && record->dynamic && c.index < record->dynamic->candidates.size()
                ? &record->dynamic->candidates[c.index]
                : nullptr;
            QString heading = tr("%1. %2").arg(c.index).arg(candidateLabel(document, c.executionProfileId));
            if (candidate)
                heading += QStringLiteral(" <small>— %1</small>")
                               .arg(candidate->enabled ? tr("enabled") : tr("disabled: the route skips it"));
            html += QStringLiteral("<h4>%1</h4>").arg(heading);
            html += QStringLiteral("<table width='100%' cellspacing='0' cellpadding='4' border='1' "
                                   "style='border-collapse:collapse'><tr><th align='left' width='45%'>%1</th>"
                                   "<th align='left'>%2</th></tr><tr><td valign='top'>")
                        .arg(tr("Legacy rules"), tr("Becomes"));
            if (c.source == migration::SourceForm::Default) {
                html += tr("<i>No rules and no policies.</i>");
            } else {
                for (const auto& r : c.legacyRules)
                    html += QStringLiteral("<code>%1</code> → <code>%2</code><br/>").arg(esc(r.key), esc(r.action));
            }
            html += QStringLiteral("</td><td valign='top'>");
            if (c.result) {
                html += QStringLiteral("<b>%1:</b> %2<br/><b>%3:</b> %4")
                            .arg(PolicyText::className(policy::ErrorClass::Transient),
                                PolicyText::classSummary(c.result->transient).toHtmlEscaped(),
                                PolicyText::className(policy::ErrorClass::Hard),
                                PolicyText::classSummary(c.result->hard).toHtmlEscaped());
            } else {
                html += tr("<i>Cannot be migrated.</i>");
            }
            html += QStringLiteral("</td></tr></table><ul>");
            if (c.source == migration::SourceForm::Default)
                html += QStringLiteral("<li>%1</li>")
                            .arg(tr("Gets the default: no wait, no retry, skip, for both classes."));
            for (const auto& r : c.rules) {
                QString line = tr("<code>%1</code> covers %2 errors and means: %3.")
                                   .arg(esc(r.readKey), classList(r.classes), actionText(r.readAction));
                if (r.readKey != r.key || r.readAction != r.action)
                    line += QLatin1Char(' ')
                        + tr("Written <code>\"%1\"</code> → <code>\"%2\"</code>; read, as kandev reads it, with the "
                             "white "
                             "space around it trimmed.")
                              .arg(esc(r.key), esc(r.action));
                if (!r.overriddenBy.empty())
                    line += QLatin1Char(' ')
                        + tr("The per-code rule <code>%1</code> wins over it for its class.").arg(esc(r.overriddenBy));
                if (const auto action = migration::legacyActionFromName(r.readAction))
                    line += QLatin1Char(' ')
                        + tr("<code>%1</code> becomes %2 — kandev's documented mapping.")
                              .arg(esc(r.readAction),
                                  PolicyText::classSummary(migration::policyForAction(*action)).toHtmlEscaped());
                html += QStringLiteral("<li>%1</li>").arg(line);
            }
            if (c.source == migration::SourceForm::Legacy) {
                for (const auto cls : c.defaultedClasses)
                    html += QStringLiteral("<li>%1</li>")
                                .arg(tr("No rule covers %1; they get the default (no wait, no retry, skip).")
                                         .arg(PolicyText::classInSentence(cls)));
            }
            html += QStringLiteral("</ul>");
            for (const auto& d : c.divergences) {
                html
                    += QStringLiteral("<p style='%2; padding:4px'>&#9888; %1</p>")
                           .arg(
                               tr("kandev's Go backend applies rules in sorted key order and would use <code>%1</code> "
                                  "for %2 (%3). Policy Studio follows the documented rule: <code>%4</code> wins (%5).")
                                   .arg(esc(d.goKey), PolicyText::classInSentence(d.errorClass),
                                       PolicyText::classSummary(d.go).toHtmlEscaped(), esc(d.ourKey),
                                       PolicyText::classSummary(d.ours).toHtmlEscaped()),
                               toneStyle(Tone::Warning, QGuiApplication::palette()));
            }
            for (const auto& e : c.errors) {
                // The sentence, then where it is: the field path, and the line in the file when it is known.
                // A database has no fields to point at: its profile and candidate, by name.
                const QString profileName
                    = record && !record->name.empty() ? esc(record->name) : esc(profile.profileId);
                QString where = database ? tr("In profile %1, candidate %2. %3: settle its rules in kandev.")
                                               .arg(profileName)
                                               .arg(c.index)
                                               .arg(candidateLabel(document, c.executionProfileId))
                                         : tr("Field: <code>%1</code>").arg(esc(e.path));
                if (lineLinks && e.line > 0)
                    where += QStringLiteral(" · <a href='line:%1'>%2</a>")
                                 .arg(e.line)
                                 .arg(tr("show line %1 of the file").arg(e.line));
                html += QStringLiteral("<p style='%3; padding:4px'>&#10006; %1<br/>%2</p>")
                            .arg(esc(e.message), where, toneStyle(Tone::Error, QGuiApplication::palette()));
            }
            if (offerChoices) {
                for (const auto& conflict : c.conflicts) {
                    QStringList links;
                    for (const auto& rule : conflict.rules) {
                        links << QStringLiteral("<a href='keep:%1:%2:%3:%4'><code>%5 = %6</code></a>")
                                     .arg(profile.profileIndex)
                                     .arg(c.index)
                                     .arg(int(conflict.errorClass))
                                     .arg(QString::fromUtf8(QUrl::toPercentEncoding(QString::fromStdString(rule.key))),
                                         esc(rule.key), esc(rule.action));
                    }
                    html += QStringLiteral("<p>%1 %2</p>")
                                .arg(tr("Choose the rule that decides %1 (the others are removed; Undo brings them "
                                        "back):")
                                         .arg(PolicyText::classInSentence(conflict.errorClass)),
                                    links.join(QStringLiteral(" · ")));
                }
            }
        }
    }
    html += QStringLiteral("</body></html>");
    return html;
}

MigrationReviewDialog::MigrationReviewDialog(const migration::MigrationReport& report, const QString& fileName,
    QWidget* parent, const QStringList& unreadable, const format::Document* document)
    : QDialog(parent)
    , m_report(report)
    , m_unreadable(unreadable)
    , m_browser(new QTextBrowser(this))
    , m_buttons(new QDialogButtonBox(this))
    , m_intro(new QLabel(this))
{
    if (document)
        m_document = *document;
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
    const bool errors = m_report.hasErrors();
    const QString name = m_name.toHtmlEscaped();
    // A database migrates what it can, as policyctl migrate --db --apply does; a file all or nothing.
    const bool migrate = m_database ? canMigrateSome(m_report) : !errors;
    if (!errors)
        m_intro->setText(tr("<b>%1 uses legacy rules.</b> Before it can be edited, its %n candidate(s) are converted "
                            "to versioned policies as shown. Nothing is written until you save.",
            nullptr, int(m_report.changedCandidates()))
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
    if (offered && m_report.hasErrors())
        m_intro->setText(
            m_intro->text() + QLatin1Char(' ') + tr("Or choose below which rule wins; that is an edit you can undo."));
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
    QString html = reportHtml(
        m_report, m_document ? &*m_document : nullptr, m_offerChoices, !m_sourceFile.isEmpty(), m_database);
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
