// SPDX-License-Identifier: Apache-2.0
// Reading a kandev database into an export-shaped document: every agent
// profile, the routes of the dynamic ones, and every value kandev could not
// read named by its row, with its profile kept out of every write.
#include "store/kandev_database.h"
#include "kandev_text.h"

#include "checked_row.h"
#include "sql_support.h"

#include "format/codec.h"

#include "policy/text.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace store
{

namespace
{

using detail::CheckedRow;
using detail::hasTable;
using detail::readError;

// Reads one rules_json value with the checks a file gets (size, encoding,
// nesting before any recursion, duplicate keys, shape). Returns its first
// problem when it cannot be read.
std::optional<format::Diagnostic> readRulesJson(const std::string& text, policy::Candidate& candidate)
{
    format::RulesJson read = format::parseRulesJson(text);
    if (!read.errors.empty())
        return read.errors.front();
    candidate.policies = std::move(read.policies);
    candidate.rules = std::move(read.rules);
    return std::nullopt;
}

// The problem of a route's rules_json as a row diagnostic: "profile "p", position 2: rules_json.x (line 1,
// column 5): ..."; args for a UI in another language: the profile, the
// position, then the problem's own path, line, column, code, message and args.
format::Diagnostic rulesJsonProblem(const std::string& path, const std::string& where, const std::string& profileId,
    const std::string& position, const format::Diagnostic& e)
{
    std::string at = e.path.empty() ? std::string("rules_json") : "rules_json." + e.path;
    if (e.line > 0)
        at += " (line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ")";
    std::vector<std::string> args {
        profileId, position, e.path, std::to_string(e.line), std::to_string(e.column), e.code, e.message};
    args.insert(args.end(), e.args.begin(), e.args.end());
    return {path, where + at + ": " + e.message, 0, 0, "rules_json.unreadable", std::move(args), e.issue};
}

// A row with a value kandev cannot read makes its profile unreadable.
void refuseRow(LoadedDatabase& loaded, const CheckedRow& row, const std::string& profileId, const std::string& path)
{
    for (std::size_t i = 0; i < row.problems().size(); ++i) {
        const CheckedRow::Problem& coded = row.codedProblems()[i];
        std::vector<std::string> args {profileId, row.table(), coded.column, coded.code};
        args.insert(args.end(), coded.value.begin(), coded.value.end());
        loaded.invalidRows.push_back(
            {path, "profile \"" + profileId + "\": " + row.problems()[i] + "; this profile is left untouched", 0, 0,
                "row.refused", std::move(args)});
    }
    loaded.invalidProfiles.insert(profileId);
}

}  // namespace

const format::ProfileRecord* LoadedDatabase::profile(const std::string& id) const
{
    for (const auto& p : document.profiles) {
        if (p.id == id)
            return &p;
    }
    return nullptr;
}

std::optional<LoadedDatabase> KandevDatabase::load(QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_reader);
    LoadedDatabase loaded;
    m_readRoutes.clear();
    m_identity = identityOf(db);
    loaded.document.shape = format::FileShape::ExportArray;
    std::map<std::string, std::size_t> dynamicIndex;  // dynamic profile id -> its index in the document
    if (!hasKandevTables(db, error) || !readProfiles(db, loaded, dynamicIndex, error)
        || !readRoutes(db, loaded, dynamicIndex, error))
        return std::nullopt;
    // The profile-level columns a write may change, as read: a rename or an
    // enabled flag is written only while the row still holds these.
    m_readRows.clear();
    for (const auto& [id, index] : dynamicIndex) {
        const format::ProfileRecord& p = loaded.document.profiles[index];
        m_readRows[id] = {p.name, p.enabled};
    }
    return loaded;
}

bool KandevDatabase::failed(const QSqlError& e, QString* error) const
{
    if (error)
        *error = readError(m_target.displayName(), e);
    return false;
}

bool KandevDatabase::hasKandevTables(QSqlDatabase& db, QString* error) const
{
    // A database without kandev's tables is said to be that, not a SQL error.
    QSqlError tablesError;
    const auto tables = detail::tableNames(db, m_target.kind == DatabaseTarget::Kind::Sqlite, &tablesError);
    if (!tables)
        return failed(tablesError, error);
    for (const QString& table : {QStringLiteral("agent_profiles"), QStringLiteral("dynamic_agent_profiles"),
             QStringLiteral("dynamic_agent_routes"), QStringLiteral("agents")}) {
        if (!hasTable(*tables, table)) {
            if (error)
                *error = KandevText::tr("%1 is not a kandev database: it has no %2 table (kandev's are agents, "
                                        "agent_profiles, dynamic_agent_profiles and dynamic_agent_routes)")
                             .arg(m_target.displayName(), table);
            return false;
        }
    }

    return true;
}

bool KandevDatabase::readProfiles(
    QSqlDatabase& db, LoadedDatabase& loaded, std::map<std::string, std::size_t>& dynamicIndex, QString* error) const
{
    // kandev's candidate rules read a profile's Office columns, which an
    // older kandev does not have: asked once, and read only where they are.
    QSqlError columnsError;
    const auto columns = detail::columnNames(
        db, m_target.kind == DatabaseTarget::Kind::Sqlite, QStringLiteral("agent_profiles"), &columnsError);
    if (!columns)
        return failed(columnsError, error);
    const bool hasWorkspace = columns->contains(QStringLiteral("workspace_id"), Qt::CaseInsensitive);
    const bool hasRole = columns->contains(QStringLiteral("role"), Qt::CaseInsensitive);
    // Only the columns needed: never env_vars or any other secret-bearing column.
    QSqlQuery profiles(db);
    profiles.setForwardOnly(true);
    if (!profiles.exec(QStringLiteral(
            "SELECT p.id, p.name, p.enabled, p.auto_fallback, p.deleted_at IS NOT NULL, d.version, a.name, "
            "d.profile_id IS NOT NULL, CAST(p.deleted_at AS TEXT), a.id IS NOT NULL, %1, %2 FROM agent_profiles p "
            "LEFT JOIN dynamic_agent_profiles d ON d.profile_id = p.id LEFT JOIN agents a ON a.id = p.agent_id "
            "ORDER BY p.id")
                           .arg(hasWorkspace ? QStringLiteral("p.workspace_id") : QStringLiteral("NULL"),
                               hasRole ? QStringLiteral("p.role") : QStringLiteral("NULL"))))
        return failed(profiles.lastError(), error);
    while (profiles.next()) {
        format::ProfileRecord p;
        p.id = profiles.value(0).toString().toStdString();
        CheckedRow row(profiles, "agent_profiles", "id \"" + p.id + "\"");
        p.id = row.text(0, "id");
        p.name = row.text(1, "name");
        p.enabled = row.boolean(2, "enabled");
        p.autoFallback = row.boolean(3, "auto_fallback");
        p.deleted = row.boolean(4, "deleted_at");
        if (p.deleted)
            p.deletedAt = row.optionalText(8, "deleted_at").value_or(std::string());
        const bool hasDynamicRow = row.boolean(7, "profile_id");
        const std::optional<std::string> agent = row.optionalText(6, "agents.name");
        // kandev refuses a candidate whose agent row is missing (NoAgent).
        p.agentMissing = !row.boolean(9, "agents.id");
        p.agentName = p.agentMissing ? std::string() : agent.value_or(std::string());
        // kandev reads both with COALESCE(..., ''): NULL is none.
        if (hasWorkspace)
            p.workspaceId = row.optionalText(10, "workspace_id").value_or(std::string());
        if (hasRole)
            p.role = row.optionalText(11, "role").value_or(std::string());
        const bool dynamic = hasDynamicRow || agent == "dynamic";
        p.kind = dynamic ? "dynamic" : "concrete";
        std::optional<std::int64_t> version;
        if (hasDynamicRow) {
            CheckedRow versionRow(profiles, "dynamic_agent_profiles", "profile_id \"" + p.id + "\"");
            version = versionRow.integer(5, "version");
            if (!versionRow.ok())
                refuseRow(
                    loaded, versionRow, p.id, format::indexPath("", loaded.document.profiles.size()) + ".version");
        }
        if (!row.ok())
            refuseRow(loaded, row, p.id, format::indexPath("", loaded.document.profiles.size()));
        if (dynamic) {
            p.dynamic = format::DynamicRecord {};
            p.dynamic->version = version.value_or(0);
            loaded.versions[p.id] = *p.dynamic->version;
            dynamicIndex[p.id] = loaded.document.profiles.size();
        }
        loaded.document.profiles.push_back(std::move(p));
    }

    return true;
}

bool KandevDatabase::readRoutes(
    QSqlDatabase& db, LoadedDatabase& loaded, const std::map<std::string, std::size_t>& dynamicIndex, QString* error)
{
    QSqlQuery routes(db);
    routes.setForwardOnly(true);
    // A rules_json past the bound is never fetched: its length is, and the
    // row is refused by name (a 200 MB value would cost gigabytes to read).
    if (!routes.prepare(QStringLiteral(
            "SELECT dynamic_profile_id, position, execution_profile_id, enabled, "
            "CASE WHEN length(rules_json) <= ? THEN rules_json END, length(rules_json), "
            "CAST(position AS TEXT) AS position_text FROM dynamic_agent_routes ORDER BY dynamic_profile_id, position")))
        return failed(routes.lastError(), error);
    routes.addBindValue(qlonglong(kMaxRulesJsonCharacters));
    if (!routes.exec())
        return failed(routes.lastError(), error);
    while (routes.next()) {
        const std::string profileId = routes.value(0).toString().toStdString();
        const auto it = dynamicIndex.find(profileId);
        if (it == dynamicIndex.end())
            continue;
        format::DynamicRecord& d = *loaded.document.profiles[it->second].dynamic;
        policy::Candidate c;
        CheckedRow row(routes, "dynamic_agent_routes",
            "dynamic_profile_id \"" + profileId + "\", position " + routes.value(6).toString().toStdString());
        c.position = row.integer(1, "position");
        c.executionProfileId = row.text(2, "execution_profile_id");
        c.enabled = row.boolean(3, "enabled");
        const std::optional<std::int64_t> length = row.optionalInteger(5, "rules_json");
        const bool tooLong = length > std::int64_t(kMaxRulesJsonCharacters);
        const std::string rulesText = tooLong ? std::string() : row.text(4, "rules_json");
        const std::string candidatePath = format::indexPath(
            format::joinPath(loaded.document.dynamicPath(it->second), "candidates"), d.candidates.size());
        const std::string path = candidatePath + ".rules_json";
        const std::string position = routes.value(6).toString().toStdString();
        const std::string where = "profile \"" + profileId + "\", position " + position + ": ";
        m_readRoutes[profileId].push_back(
            {c.position, routes.value(2).toString(), routes.value(3).toInt(), routes.value(4).toString()});
        if (!row.ok()) {
            refuseRow(loaded, row, profileId, candidatePath);
        } else if (tooLong) {
            loaded.invalidRows.push_back({path,
                where + "rules_json is " + std::to_string(*length)
                    + " characters long; a route's "
                      "rules are limited to "
                    + std::to_string(kMaxRulesJsonCharacters) + " characters, so this profile is left untouched",
                0, 0, "rules_json.too_long",
                {profileId, position, std::to_string(*length), std::to_string(kMaxRulesJsonCharacters)}});
            loaded.invalidProfiles.insert(profileId);
        } else if (const auto problem = readRulesJson(rulesText, c)) {
            loaded.invalidRows.push_back(rulesJsonProblem(path, where, profileId, position, *problem));
            loaded.invalidProfiles.insert(profileId);
        }
        if (c.policies && c.policies->isNewerVersion()) {
            loaded.newerVersionRows.push_back({path,
                where + "rules_json has policy version " + std::to_string(c.policies->version)
                    + ", newer than this build's " + std::to_string(policy::kSupportedPolicyVersion)
                    + "; this profile is read and never written",
                0, 0, "rules_json.newer",
                {profileId, position, std::to_string(c.policies->version),
                    std::to_string(policy::kSupportedPolicyVersion)}});
            loaded.newerVersionProfiles.insert(profileId);
        }
        // kandev's backend rejects a route whose id is blank once trimmed.
        if (policy::trimSpace(c.executionProfileId).empty()) {
            loaded.invalidRows.push_back({candidatePath + ".execution_profile_id",
                where
                    + "execution_profile_id is empty once white space is trimmed; kandev's backend "
                      "rejects the route, so this profile is left untouched",
                0, 0, "route.empty_id", {profileId, position}});
            loaded.invalidProfiles.insert(profileId);
        }
        d.candidates.push_back(std::move(c));
        d.candidateSources.emplace_back();
    }
    return true;
}

}  // namespace store
