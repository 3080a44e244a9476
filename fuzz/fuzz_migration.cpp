// SPDX-License-Identifier: Apache-2.0
// Legacy migration over arbitrary documents: plan, apply, and the rules
// "migrating twice changes nothing" and "nothing else changes".
#include "migration/migration.h"
#include "migration/report_json.h"
#include "format/codec.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const format::ParseResult parsed = format::parseDocument(text);
    if (!parsed.document)
        return 0;
    const migration::MigrationReport report = migration::planMigration(*parsed.document);
    (void)migration::renderReportText(report, true);
    (void)migration::reportToJson(report).dump();
    const auto migrated = migration::applyMigration(*parsed.document, report);
    if (!migrated)
        return 0;
    const auto& before = parsed.document->profiles;
    const auto& after = migrated->profiles;
    if (before.size() != after.size())
        std::abort();
    for (std::size_t i = 0; i < before.size(); ++i) {
        if (!before[i].dynamic)
            continue;
        const auto& b = before[i].dynamic->candidates;
        const auto& a = after[i].dynamic->candidates;
        if (a.size() != b.size())
            std::abort();
        for (std::size_t k = 0; k < a.size(); ++k) {
            if (a[k].position != b[k].position || a[k].executionProfileId != b[k].executionProfileId
                || a[k].enabled != b[k].enabled || !a[k].policies || !a[k].rules.empty())
                std::abort();
        }
    }
    if (migration::planMigration(*migrated).changedCandidates() != 0)
        std::abort();  // migrating twice changes nothing
    return 0;
}
