// SPDX-License-Identifier: Apache-2.0
#include "model/migration_review.h"

#include "model/policy_text.h"

#include "migration/migration.h"

#include <QUrl>

#include <algorithm>
#include <unordered_map>

namespace model
{

namespace
{

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

bool profileHasErrors(const migration::ProfileMigration& profile)
{
    return std::any_of(profile.candidates.begin(), profile.candidates.end(),
        [](const migration::CandidateMigration& c) { return !c.errors.empty(); });
}

// The agent profiles' names, looked up once per candidate listed (not a scan of the document each).
std::unordered_map<std::string, std::string> namesOf(const format::Document& document)
{
    std::unordered_map<std::string, std::string> names;
    for (const auto& p : document.profiles) {
        if (!p.name.empty() && p.name != p.id)
            names.try_emplace(p.id, p.name);
    }
    return names;
}

}  // namespace

MigrationReview MigrationReview::ofDocument(const format::Document& document)
{
    return MigrationReview(migration::planMigration(document), document);
}

MigrationReview::MigrationReview(migration::MigrationReport report, format::Document document)
    : m_report(std::make_shared<const migration::MigrationReport>(std::move(report)))
    , m_document(std::move(document))
    , m_names(std::make_shared<const std::unordered_map<std::string, std::string>>(namesOf(m_document)))
{
}

bool MigrationReview::hasErrors() const
{
    return m_report->hasErrors();
}

int MigrationReview::changedCandidates() const
{
    return int(m_report->changedCandidates());
}

bool MigrationReview::canMigrateSome() const
{
    return std::any_of(m_report->profiles.begin(), m_report->profiles.end(), [](const migration::ProfileMigration& p) {
        return !profileHasErrors(p)
            && std::any_of(p.candidates.begin(), p.candidates.end(), [](const auto& c) { return c.changes(); });
    });
}

std::optional<format::Document> MigrationReview::migrated() const
{
    return migration::applyMigration(m_document, *m_report);
}

format::Document MigrationReview::keepingRule(
    std::size_t profileIndex, std::size_t candidateIndex, policy::ErrorClass errorClass, const std::string& keep) const
{
    return migration::keepConflictingRule(m_document, profileIndex, candidateIndex, errorClass, keep);
}

// "Codex GPT-5 (codex-gpt5)": the agent profile a candidate names, by its name where the document has one.
QString MigrationReview::candidateLabel(const std::string& id) const
{
    const auto found = m_names->find(id);
    return found == m_names->end() ? esc(id) : QStringLiteral("%1 (%2)").arg(esc(found->second), esc(id));
}

QString MigrationReview::html(const HtmlOptions& options) const
{
    QString html = QStringLiteral("<html><body>");
    for (std::size_t i = 0; i < m_report->profiles.size(); ++i)
        html += profileHtml(i, options);
    html += QStringLiteral("</body></html>");
    return html;
}

QString MigrationReview::profileHtml(std::size_t index, const HtmlOptions& options) const
{
    const migration::ProfileMigration& profile = m_report->profiles[index];
    const format::ProfileRecord* record
        = profile.profileIndex < m_document.profiles.size() ? &m_document.profiles[profile.profileIndex] : nullptr;
    QString html;
    // The name people know the profile by, then its id.
    if (record && !record->name.empty() && !profile.profileId.empty())
        html += QStringLiteral("<h3>%1 <small>(%2)</small></h3>").arg(esc(record->name), esc(profile.profileId));
    else
        html += QStringLiteral("<h3>%1</h3>")
                    .arg(profile.profileId.empty() ? tr("Dynamic profile")
                                                   : tr("Profile %1").arg(esc(profile.profileId)));
    for (std::size_t c = 0; c < profile.candidates.size(); ++c) {
        const migration::CandidateMigration& candidate = profile.candidates[c];
        if (candidate.source == migration::SourceForm::Canonical && candidate.errors.empty())
            continue;
        html += candidateHeading(record, index, c);
        html += rulesTable(index, c);
        html += reasons(index, c);
        for (const auto& d : candidate.divergences) {
            html += QStringLiteral("<p style='%2; padding:4px'>&#9888; %1</p>")
                        .arg(tr("kandev's Go backend applies rules in sorted key order and would use <code>%1</code> "
                                "for %2 (%3). Policy Studio follows the documented rule: <code>%4</code> wins (%5).")
                                 .arg(esc(d.goKey), PolicyText::classInSentence(d.errorClass),
                                     PolicyText::classSummary(d.go).toHtmlEscaped(), esc(d.ourKey),
                                     PolicyText::classSummary(d.ours).toHtmlEscaped()),
                            options.warningStyle);
        }
        html += problems(record, index, c, options);
        if (options.offerChoices)
            html += choices(index, c);
    }
    return html;
}

QString MigrationReview::candidateHeading(
    const format::ProfileRecord* record, std::size_t profile, std::size_t index) const
{
    const migration::CandidateMigration& c = m_report->profiles[profile].candidates[index];
    const policy::Candidate* candidate = record && record->dynamic && c.index < record->dynamic->candidates.size()
        ? &record->dynamic->candidates[c.index]
        : nullptr;
    QString heading = tr("%1. %2").arg(c.index).arg(candidateLabel(c.executionProfileId));
    if (candidate)
        heading += QStringLiteral(" <small>— %1</small>")
                       .arg(candidate->enabled ? tr("enabled") : tr("disabled: the route skips it"));
    return QStringLiteral("<h4>%1</h4>").arg(heading);
}

QString MigrationReview::rulesTable(std::size_t profile, std::size_t index) const
{
    const migration::CandidateMigration& c = m_report->profiles[profile].candidates[index];
    QString html = QStringLiteral("<table width='100%' cellspacing='0' cellpadding='4' border='1' "
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
    return html + QStringLiteral("</td></tr></table>");
}

// Why each rule becomes what it does: one item per rule, and the classes no rule covers.
QString MigrationReview::reasons(std::size_t profile, std::size_t index) const
{
    const migration::CandidateMigration& c = m_report->profiles[profile].candidates[index];
    // Whole phrases, so that a language can decline them as its grammar wants.
    const auto classList = [](const std::vector<policy::ErrorClass>& classes) {
        if (classes.size() > 1)
            return tr("transient and hard errors");
        return classes.empty() ? QString() : PolicyText::classInSentence(classes.front());
    };
    const auto actionText = [](const std::string& action) {
        if (action == "try_next")
            return tr("try the next candidate");
        if (action == "stop")
            return tr("stop");
        if (action == "retry_same")
            return tr("retry the same candidate");
        return QString::fromStdString(action);
    };
    QString html = QStringLiteral("<ul>");
    if (c.source == migration::SourceForm::Default)
        html += QStringLiteral("<li>%1</li>").arg(tr("Gets the default: no wait, no retry, skip, for both classes."));
    for (const auto& r : c.rules) {
        QStringList line {tr("<code>%1</code> covers %2 and means: %3.")
                              .arg(esc(r.readKey), classList(r.classes), actionText(r.readAction))};
        if (r.readKey != r.key || r.readAction != r.action)
            line << tr("Written <code>\"%1\"</code> → <code>\"%2\"</code>; read, as kandev reads it, with the white "
                       "space around it trimmed.")
                        .arg(esc(r.key), esc(r.action));
        if (!r.overriddenBy.empty())
            line << tr("The per-code rule <code>%1</code> wins over it for its class.").arg(esc(r.overriddenBy));
        if (const auto action = migration::legacyActionFromName(r.readAction))
            line << tr("<code>%1</code> becomes %2 — kandev's documented mapping.")
                        .arg(esc(r.readAction),
                            PolicyText::classSummary(migration::policyForAction(*action)).toHtmlEscaped());
        html += QStringLiteral("<li>%1</li>").arg(PolicyText::joinSentences(line));
    }
    if (c.source == migration::SourceForm::Legacy) {
        for (const auto cls : c.defaultedClasses)
            html += QStringLiteral("<li>%1</li>")
                        .arg(tr("No rule covers %1; they get the default (no wait, no retry, skip).")
                                 .arg(PolicyText::classInSentence(cls)));
    }
    return html + QStringLiteral("</ul>");
}

// The sentence, then where it is: the field path, and the line in the file
// when it is known. A database has no fields to point at: its profile and
// candidate, by name.
QString MigrationReview::problems(
    const format::ProfileRecord* record, std::size_t profileIndex, std::size_t index, const HtmlOptions& options) const
{
    const migration::ProfileMigration& profile = m_report->profiles[profileIndex];
    const migration::CandidateMigration& c = profile.candidates[index];
    QString html;
    for (const auto& e : c.errors) {
        const QString profileName = record && !record->name.empty() ? esc(record->name) : esc(profile.profileId);
        QString where = options.database ? tr("In profile %1, candidate %2. %3: settle its rules in kandev.")
                                               .arg(profileName)
                                               .arg(c.index)
                                               .arg(candidateLabel(c.executionProfileId))
                                         : tr("Field: <code>%1</code>").arg(esc(e.path));
        if (options.lineLinks && e.line > 0)
            where += QStringLiteral(" · <a href='line:%1'>%2</a>")
                         .arg(e.line)
                         .arg(tr("show line %1 of the file").arg(e.line));
        html += QStringLiteral("<p style='%3; padding:4px'>&#10006; %1<br/>%2</p>")
                    .arg(PolicyText::legacyProblem(e).toHtmlEscaped(), where, options.errorStyle);
    }
    return html;
}

// Conflicting rules as links: "keep:profile:candidate:class:key" chooses the one that wins.
QString MigrationReview::choices(std::size_t profileIndex, std::size_t index) const
{
    const migration::ProfileMigration& profile = m_report->profiles[profileIndex];
    const migration::CandidateMigration& c = profile.candidates[index];
    QString html;
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
                    .arg(tr("Choose the rule that decides %1 (the others are removed; Undo brings them back):")
                             .arg(PolicyText::classInSentence(conflict.errorClass)),
                        links.join(QStringLiteral(" · ")));
    }
    return html;
}

}  // namespace model
