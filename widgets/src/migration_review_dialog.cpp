#include "widgets/migration_review_dialog.h"

#include "model/policy_text.h"

#include "policy/catalogue.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace widgets {

using model::PolicyText;

namespace {

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QString classList(const std::vector<policy::ErrorClass>& classes)
{
    QStringList names;
    for (const auto c : classes)
        names << (c == policy::ErrorClass::Hard ? MigrationReviewDialog::tr("hard") : MigrationReviewDialog::tr("transient"));
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

}  // namespace

QString MigrationReviewDialog::reportHtml(const migration::MigrationReport& report)
{
    QString html = QStringLiteral("<html><body>");
    for (const auto& profile : report.profiles) {
        html += QStringLiteral("<h3>%1</h3>")
                    .arg(profile.profileId.empty() ? tr("Dynamic profile") : tr("Profile %1").arg(esc(profile.profileId)));
        for (const auto& c : profile.candidates) {
            if (c.source == migration::SourceForm::Canonical && c.errors.empty())
                continue;
            html += QStringLiteral("<h4>%1</h4>").arg(tr("%1. %2").arg(c.index).arg(esc(c.executionProfileId)));
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
                html += QStringLiteral("<li>%1</li>").arg(tr("Gets the default: no wait, no retry, skip, for both classes."));
            for (const auto& r : c.rules) {
                QString line = tr("<code>%1</code> covers %2 errors and means: %3.")
                                   .arg(esc(r.readKey), classList(r.classes), actionText(r.readAction));
                if (r.readKey != r.key || r.readAction != r.action)
                    line += QLatin1Char(' ')
                        + tr("Written <code>\"%1\"</code> → <code>\"%2\"</code>; read, as kandev reads it, with the white "
                             "space around it trimmed.")
                              .arg(esc(r.key), esc(r.action));
                if (!r.overriddenBy.empty())
                    line += QLatin1Char(' ') + tr("The per-code rule <code>%1</code> wins over it for its class.").arg(esc(r.overriddenBy));
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
                html += QStringLiteral("<p style='background-color:#fff3cd; color:#5c4300; padding:4px'>&#9888; %1</p>")
                            .arg(tr("kandev's Go backend applies rules in sorted key order and would use <code>%1</code> "
                                    "for %2 (%3). Policy Studio follows the documented rule: <code>%4</code> wins (%5).")
                                     .arg(esc(d.goKey), PolicyText::classInSentence(d.errorClass),
                                          PolicyText::classSummary(d.go).toHtmlEscaped(), esc(d.ourKey),
                                          PolicyText::classSummary(d.ours).toHtmlEscaped()));
            }
            for (const auto& e : c.errors) {
                html += QStringLiteral("<p style='background-color:#f8d7da; color:#721c24; padding:4px'>&#10006; %1 "
                                       "<code>%2</code></p>")
                            .arg(esc(e.message), esc(e.path));
            }
        }
    }
    html += QStringLiteral("</body></html>");
    return html;
}

MigrationReviewDialog::MigrationReviewDialog(const migration::MigrationReport& report, const QString& fileName,
                                             QWidget* parent, const QStringList& unreadable)
    : QDialog(parent), m_browser(new QTextBrowser(this))
{
    setWindowTitle(tr("Review Migration — %1").arg(fileName));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(this);
    intro->setWordWrap(true);
    const bool errors = report.hasErrors();
    intro->setText(errors ? tr("<b>%1 uses legacy rules that cannot be migrated.</b> It opens read-only; fix the rules "
                               "marked below in the file, or in kandev, and open it again.")
                                .arg(fileName.toHtmlEscaped())
                          : tr("<b>%1 uses legacy rules.</b> Before it can be edited, its %n candidate(s) are converted "
                               "to versioned policies as shown. Nothing is written until you save.",
                               nullptr, int(report.changedCandidates()))
                                .arg(fileName.toHtmlEscaped()));
    layout->addWidget(intro);
    QString html = reportHtml(report);
    if (!unreadable.isEmpty()) {
        QString rows;
        for (const QString& row : unreadable)
            rows += QStringLiteral("<li>%1</li>").arg(row.toHtmlEscaped());
        html.replace(QStringLiteral("<body>"), QStringLiteral("<body><p style='background-color:#f8d7da; color:#721c24; padding:4px'>%1</p><ul>%2</ul>")
                                                   .arg(tr("These routes cannot be read; their profiles are left untouched:"), rows));
    }
    m_browser->setHtml(html);
    m_browser->setOpenLinks(false);
    m_browser->setAccessibleName(tr("Migration report"));
    layout->addWidget(m_browser, 1);
    auto* buttons = new QDialogButtonBox(this);
    if (!errors) {
        auto* migrate = buttons->addButton(tr("&Migrate"), QDialogButtonBox::AcceptRole);
        migrate->setDefault(true);
    }
    buttons->addButton(tr("Open &Read-Only"), QDialogButtonBox::RejectRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(760, 560);
}

}  // namespace widgets
