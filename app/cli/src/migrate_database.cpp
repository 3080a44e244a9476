// SPDX-License-Identifier: Apache-2.0
#include "commands.h"

#include "migration/report_json.h"
#include "store/file_store.h"
#include "store/kandev_database.h"

#include <QString>

#include <ostream>

namespace cli
{

// policyctl migrate --db: the same review and migration as for files, on
// kandev's database, dry run unless --apply.
std::unique_ptr<store::KandevDatabase> openDatabaseOption(const std::string& spec, const std::string& label,
    const std::optional<std::string>& passwordFile, Io& io, const char* command)
{
    QString error;
    std::optional<store::DatabaseTarget> target = spec == "env"
        ? store::databaseTargetFromEnvironment(&error)
        : store::parseDatabaseTarget(QString::fromStdString(spec), &error);
    if (!target) {
        io.err << "policyctl " << command << ": " << label << ": "
               << (error.isEmpty() ? std::string("KANDEV_DATABASE_DRIVER is not set") : shown(error)) << "\n";
        return nullptr;
    }
    if (passwordFile) {
        const store::ReadResult read = store::readFirstLine(*passwordFile, 4096);
        if (read.error) {
            io.err << "policyctl " << command << ": --password-file: " << shown(read.error->message) << "\n";
            return nullptr;
        }
        target->password = QString::fromStdString(*read.bytes);
    }
    auto database = store::KandevDatabase::open(*target, &error);
    if (!database)
        io.err << "policyctl " << command << ": " << shown(error) << "\n";
    return database;
}

int migrateDatabase(const DatabaseMigration& options, Io& io)
{
    const bool apply = options.apply;
    const Format format = options.format;
    const auto database = openDatabaseOption(options.db, "--db", options.passwordFile, io, "migrate");
    if (!database)
        return kExitUsage;
    const store::DatabaseTarget* target = &database->target();
    QString error;
    const auto loaded = database->load(&error);
    if (!loaded) {
        io.err << "policyctl migrate: " << shown(error) << "\n";
        return kExitUsage;
    }
    const migration::MigrationReport report = store::planDatabaseMigration(*loaded, options.reading);
    std::vector<format::Diagnostic> problems = loaded->invalidRows;
    for (auto& e : report.errors())
        problems.push_back(std::move(e));

    store::WriteResult written;
    if (apply)
        written = database->applyMigration(*loaded, report, {});

    if (format == Format::Json) {
        nlohmann::ordered_json j = nlohmann::ordered_json::object();
        j["database"] = target->displayName().toStdString();
        j["report"] = migration::reportToJson(report);
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const auto& e : problems)
            list.push_back(migration::diagnosticToJson(e));
        j["errors"] = std::move(list);
        nlohmann::ordered_json warnings = nlohmann::ordered_json::array();
        for (const auto& w : loaded->newerVersionRows)
            warnings.push_back(migration::diagnosticToJson(w));
        j["warnings"] = std::move(warnings);
        j["applied"] = apply && written.ok;
        j["backup"] = written.backupPath.isEmpty() ? nlohmann::ordered_json(nullptr)
                                                   : nlohmann::ordered_json(written.backupPath.toStdString());
        j["profiles_written"] = written.profilesWritten;
        io.out << jsonOutput(j) << "\n";
    } else {
        io.out << "database " << shown(target->displayName()) << "\n" << migration::renderReportText(report);
        if (apply && written.ok)
            io.out << "applied: " << written.profilesWritten << " profile(s) written in one transaction"
                   << (written.backupPath.isEmpty() ? std::string() : "; backup: " + shown(written.backupPath)) << "\n";
        else if (!apply)
            io.out << "dry run: nothing was written (use --apply)\n";
    }
    for (const auto& e : problems)
        io.err << formatDiagnostic(target->displayName().toStdString(), e) << (apply ? " (left untouched)" : "")
               << "\n";
    for (const auto& w : loaded->newerVersionRows)
        io.err << "warning: " << formatDiagnostic(target->displayName().toStdString(), w) << "\n";
    if (apply && !written.ok) {
        io.err << "policyctl migrate: " << shown(written.error) << "\n";
        return kExitInvalid;
    }
    return problems.empty() ? kExitOk : kExitInvalid;
}

}  // namespace cli
