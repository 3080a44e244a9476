// SPDX-License-Identifier: Apache-2.0
#include "migration/migration.h"

#include "english/english.h"

#include "policy/catalogue.h"
#include "policy/text.h"

#include <ostream>
#include <sstream>

namespace migration
{
namespace
{

// Ids, rule keys and messages come from the document or the database: shown
// with their control characters escaped, so none can start a line.
std::string shown(std::string_view value)
{
    return policy::escapedControls(value);
}

std::string classList(const std::vector<policy::ErrorClass>& classes)
{
    std::string out;
    for (std::size_t i = 0; i < classes.size(); ++i)
        out += (i ? " and " : "") + std::string(policy::errorClassName(classes[i]));
    return out;
}

void renderCandidate(std::string& out, const CandidateMigration& c)
{
    out += "  candidate " + std::to_string(c.index) + " \"" + shown(c.executionProfileId) + "\" ("
        + std::string(sourceFormName(c.source)) + ")";
    if (c.source == SourceForm::Canonical && c.errors.empty()) {
        out += ": already in the v1 form, unchanged\n";
        return;
    }
    if (c.source == SourceForm::Default) {
        out += ": no rules and no policies; gets the default document\n";
    } else {
        out += "\n";
    }
    for (const auto& r : c.rules) {
        out += "    rule " + shown(r.readKey) + " = " + shown(r.readAction);
        if (r.readKey != r.key || r.readAction != r.action)
            out += " (written \"" + shown(r.key) + "\" = \"" + shown(r.action) + "\", read with white space trimmed)";
        out += ": covers " + classList(r.classes) + " errors";
        if (!r.appliedTo.empty())
            out += "; decides " + classList(r.appliedTo) + " errors";
        if (!r.overriddenBy.empty()) {
            out += c.reading == policy::Reading::Spec
                ? "; overridden by the per-code rule " + shown(r.overriddenBy)
                : "; overwritten by " + shown(r.overriddenBy) + ", which sorts after it";
        }
        out += "\n";
    }
    if (c.result) {
        out += "    -> transient: " + english::describeClassPolicy(c.result->transient) + "\n";
        out += "    -> hard: " + english::describeClassPolicy(c.result->hard) + "\n";
        for (const auto cls : c.defaultedClasses) {
            if (c.source == SourceForm::Legacy)
                out += "    note: no rule covers " + std::string(policy::errorClassName(cls))
                    + " errors; they get the default (no wait, no retry, skip)\n";
        }
    }
    for (const auto& d : c.divergences) {
        const std::string cls(policy::errorClassName(d.errorClass));
        if (c.reading == policy::Reading::Spec) {
            out += "    warning: kandev's Go backend applies rules in sorted key order and would use " + shown(d.goKey)
                + " for " + cls + " errors (" + english::describeClassPolicy(d.go)
                + "); Policy Studio follows the documented rule, so " + shown(d.ourKey) + " wins ("
                + english::describeClassPolicy(d.ours) + ")\n";
        } else {
            out += "    warning: the documented rule would use " + shown(d.ourKey) + " for " + cls + " errors ("
                + english::describeClassPolicy(d.ours)
                + "); read as kandev's Go backend reads it (sorted key order, last wins), " + shown(d.goKey) + " wins ("
                + english::describeClassPolicy(d.go) + ")\n";
        }
    }
    for (const auto& e : c.errors)
        out += "    error: " + shown(e.path) + ": " + shown(e.message) + "\n";
}

}  // namespace

void writeReportText(std::ostream& stream, const MigrationReport& report, bool includeCanonical)
{
    // Written a few candidates at a time: a report on a large document is
    // never one string.
    constexpr std::size_t kChunkBytes = 64 * 1024;
    std::string out;
    if (report.reading == policy::Reading::KandevBackend)
        out += "Read as kandev's Go backend reads legacy rules today (--kandev): in sorted key order, the last one "
               "winning.\n";
    for (const auto& p : report.profiles) {
        out += (p.path.empty() ? std::string("document") : shown(p.path));
        if (!p.profileId.empty())
            out += " (profile \"" + shown(p.profileId) + "\")";
        out += "\n";
        for (const auto& c : p.candidates) {
            if (includeCanonical || c.source != SourceForm::Canonical || !c.errors.empty())
                renderCandidate(out, c);
            if (out.size() >= kChunkBytes) {
                stream << out;
                out.clear();
            }
        }
    }
    out += std::to_string(report.changedCandidates()) + " candidate(s) to migrate, "
        + std::to_string(report.divergenceCount()) + " divergence warning(s), " + std::to_string(report.errors().size())
        + " error(s)\n";
    stream << out;
}

std::string renderReportText(const MigrationReport& report, bool includeCanonical)
{
    std::ostringstream out;
    writeReportText(out, report, includeCanonical);
    return std::move(out).str();
}

}  // namespace migration
