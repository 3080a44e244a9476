// SPDX-License-Identifier: Apache-2.0
#pragma once
// A migration report with the document it was planned from: what the
// migration review shows (HTML, in the user's language: every candidate's
// legacy rules beside the policies they become, the reasons, the warnings
// where kandev's Go backend would decide otherwise, the problems) and what the
// flows ask of it (can Migrate be offered, the document migrated, a conflict
// settled). The GUI holds this, never the core's report.

#include "format/document.h"
#include "policy/types.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

namespace migration
{
struct MigrationReport;
}

namespace model
{

class MigrationReview
{
    Q_DECLARE_TR_FUNCTIONS(MigrationReview)
public:
    // The migration of a file's document, planned now.
    static MigrationReview ofDocument(const format::Document& document);
    // A report planned elsewhere (a database's), and the document it was planned from.
    MigrationReview(migration::MigrationReport report, format::Document document);

    bool hasErrors() const;
    int changedCandidates() const;
    // Profiles without errors whose candidates change: what a database's Migrate writes.
    bool canMigrateSome() const;
    const format::Document& document() const
    {
        return m_document;
    }
    const migration::MigrationReport& report() const
    {
        return *m_report;
    }

    // The document with every candidate migrated; none while any has errors.
    std::optional<format::Document> migrated() const;
    // The document with rule `keep` deciding `errorClass` for one candidate and
    // the rules it conflicted with removed.
    format::Document keepingRule(std::size_t profileIndex, std::size_t candidateIndex, policy::ErrorClass errorClass,
        const std::string& keep) const;

    struct HtmlOptions {
        bool offerChoices = false;  // conflicting rules as "keep:" links
        bool lineLinks = false;  // problems link to "line:N" of the file
        bool database = false;  // problems named by profile and candidate, not field path
        QString errorStyle;  // CSS of an error paragraph, for the palette in use
        QString warningStyle;
    };
    QString html(const HtmlOptions& options) const;

private:
    QString profileHtml(std::size_t profile, const HtmlOptions& options) const;
    QString candidateHeading(const format::ProfileRecord* record, std::size_t profile, std::size_t candidate) const;
    QString rulesTable(std::size_t profile, std::size_t candidate) const;
    QString reasons(std::size_t profile, std::size_t candidate) const;
    QString problems(const format::ProfileRecord* record, std::size_t profile, std::size_t candidate,
        const HtmlOptions& options) const;
    QString choices(std::size_t profile, std::size_t candidate) const;
    QString candidateLabel(const std::string& id) const;

    std::shared_ptr<const migration::MigrationReport> m_report;
    format::Document m_document;
    std::shared_ptr<const std::unordered_map<std::string, std::string>> m_names;  // agent profile id -> name
};

}  // namespace model
