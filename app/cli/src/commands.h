// SPDX-License-Identifier: Apache-2.0
#pragma once
// One function per policyctl verb; each parses its own options.

#include "cli/cli.h"

#include "check/document_check.h"
#include "policy/kandev_backend.h"
#include "store/kandev_database.h"

#include <QString>

#include <memory>

#include <optional>
#include <string>
#include <vector>

namespace cli
{

int validateCommand(const std::vector<std::string>& args, Io& io);
int migrateCommand(const std::vector<std::string>& args, Io& io);
int evaluateCommand(const std::vector<std::string>& args, Io& io);
int scheduleCommand(const std::vector<std::string>& args, Io& io);
int timelineCommand(const std::vector<std::string>& args, Io& io);
int classifyCommand(const std::vector<std::string>& args, Io& io);
int explainCommand(const std::vector<std::string>& args, Io& io);
int diffCommand(const std::vector<std::string>& args, Io& io);
int routesCommand(const std::vector<std::string>& args, Io& io);
int exportCommand(const std::vector<std::string>& args, Io& io);
int lintCommand(const std::vector<std::string>& args, Io& io);

// --- shared by the commands ---

enum class Format { Text, Json };

struct DatabaseMigration {
    std::string db;
    bool apply = false;
    policy::Reading reading = policy::Reading::Spec;
    Format format = Format::Text;
    std::optional<std::string> passwordFile;  // its first line is the PostgreSQL password
};
int migrateDatabase(const DatabaseMigration& options, Io& io);
// Opens DB (SQLite path, sqlite:PATH, postgres://..., or "env") read-only, the
// password from the first line of passwordFile when given; on failure prints
// why ("policyctl COMMAND: LABEL: ...", never the spec, which may hold a
// password) and returns null.
std::unique_ptr<store::KandevDatabase> openDatabaseOption(const std::string& spec, const std::string& label,
    const std::optional<std::string>& passwordFile, Io& io, const char* command);
// Reads --format; prints a usage error and returns nullopt when it is neither text nor json.
std::optional<Format> formatOption(const std::optional<std::string>& value, Io& io, const char* command);

int usageError(Io& io, const char* command, const std::string& message);

// A file read and checked. `text` is empty when the file could not be read.
struct CheckedFile {
    std::string path;
    std::optional<std::string> readError;  // the file could not be read (exit 2)
    std::string text;
    check::DocumentCheck check;
};
// `sources`: Drop for a command that never writes the document.
CheckedFile readAndCheck(
    const std::string& path, std::istream& stdinStream, format::RecordSources sources = format::RecordSources::Keep);

// JSON output that stays valid UTF-8 whatever bytes reached a string in it
// (an invalid byte becomes U+FFFD instead of an exception that aborts).
template <typename Json> std::string jsonOutput(const Json& j)
{
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// Whether a row the database load refused (LoadedDatabase::invalidRows)
// belongs to profile `id`: store names the profile in each such message.
bool concernsProfile(const format::Diagnostic& refusedRow, const std::string& id);

// "file:line:column: path: message" (parts left out when unknown), each part
// shown as with shown(): a key or a message holding a newline stays on its line.
std::string formatDiagnostic(const std::string& file, const format::Diagnostic& d);

// A value from a file, a database or the command line (an id, a name, a
// path, a message quoting one) made safe to put inside a line of text
// output: its control characters escaped (policy::escapeControls), so it can
// neither start a line of its own nor reorder the text after it.
std::string shown(std::string_view value);
std::string shown(const QString& value);

}  // namespace cli
