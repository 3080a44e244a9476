// SPDX-License-Identifier: Apache-2.0
// Load + validate + migrate a generated export of N dynamic profiles x M
// candidates (half of them legacy), in-process; prints the time and the
// process's peak memory.
#include "check/document_check.h"
#include "migration/migration.h"
#include "format/codec.h"

#include "export_generator.h"

#include <sys/resource.h>

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <chrono>
#include <cstdio>
#include <string>

int main(int argc, char** argv)
{
    const int profiles = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int candidates = argc > 2 ? std::atoi(argv[2]) : 8;
    const std::string text = bench::generateExport(profiles, candidates);

    struct rusage before {
    };
    getrusage(RUSAGE_SELF, &before);
    const auto start = std::chrono::steady_clock::now();
    const check::DocumentCheck check = check::checkDocument(text);
    const auto checked = std::chrono::steady_clock::now();
    const migration::MigrationReport report = migration::planMigration(*check.document);
    const auto migrated = migration::applyMigration(*check.document, report);
    const std::string saved = format::serializeDocument(*migrated);
    const auto end = std::chrono::steady_clock::now();
    struct rusage after {
    };
    getrusage(RUSAGE_SELF, &after);

    auto ms = [](auto d) { return std::chrono::duration<double, std::milli>(d).count(); };
    std::printf("documents: %d profiles x %d candidates, %.1f MiB of JSON\n", profiles, candidates,
        static_cast<double>(text.size()) / (1024.0 * 1024.0));
    std::printf("  load + validate (codec, rules, migration check, JSON Schema): %.1f ms (%s, %zu errors)\n",
        ms(checked - start), check.valid() ? "valid" : "invalid", check.errors.size());
    std::printf("  migrate + serialize: %.1f ms (%zu candidates migrated, %zu bytes out)\n", ms(end - checked),
        report.changedCandidates(), saved.size());
    std::printf("  total: %.1f ms\n", ms(end - start));
    std::printf("  peak RSS: %.1f MiB (%.1f MiB before loading, text included)\n", after.ru_maxrss / 1024.0,
        before.ru_maxrss / 1024.0);

    // Anchors, on the same bytes in the same run: the parse of the DOM the
    // codec builds, and simdjson's parse (the floor of reading alone).
    const auto anchorStart = std::chrono::steady_clock::now();
    const auto dom = nlohmann::ordered_json::parse(text);
    const auto nlohmannDone = std::chrono::steady_clock::now();
    simdjson::dom::parser parser;
    const simdjson::padded_string padded(text);
    const bool simdjsonOk = parser.parse(padded).error() == simdjson::SUCCESS;
    const auto simdjsonDone = std::chrono::steady_clock::now();
    std::printf("  anchors: nlohmann::ordered_json::parse %.1f ms (%zu profiles), simdjson parse %.1f ms (%s); "
                "load + validate is %.1fx the first, %.0fx the second\n",
        ms(nlohmannDone - anchorStart), dom["profiles"].size(), ms(simdjsonDone - nlohmannDone),
        simdjsonOk ? "ok" : "failed", ms(checked - start) / ms(nlohmannDone - anchorStart),
        ms(checked - start) / ms(simdjsonDone - nlohmannDone));
    return check.valid() ? 0 : 1;
}
