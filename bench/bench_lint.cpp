// SPDX-License-Identifier: Apache-2.0
// House rules over a generated export of N dynamic profiles x M candidates
// with ten rules (every kind a house writes but the kandev ones): read the
// rules, parse, lint, place the violations in the file; prints each time.
// `bench_lint write EXPORT RULES` writes the two files instead, for timing
// policyctl lint end to end (scripts/run-benchmarks).
#include "rules/lint.h"
#include "rules/rules_file.h"

#include "format/codec.h"

#include "export_generator.h"
#include "house_rules.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

namespace
{

bool writeFile(const char* path, const std::string& text)
{
    std::ofstream f(path, std::ios::binary);
    f << text;
    return bool(f);
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc == 4 && std::strcmp(argv[1], "write") == 0)
        return writeFile(argv[2], bench::generateExport(1000, 8)) && writeFile(argv[3], bench::kHouseRules) ? 0 : 1;
    const int profiles = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int candidates = argc > 2 ? std::atoi(argv[2]) : 8;
    const std::string text = bench::generateExport(profiles, candidates);

    using Clock = std::chrono::steady_clock;
    auto ms = [](auto d) { return std::chrono::duration<double, std::milli>(d).count(); };
    const auto start = Clock::now();
    const rules::RulesFileResult ruleFile = rules::readRulesFile(bench::kHouseRules);
    const auto rulesRead = Clock::now();
    const format::ParseResult parsed
        = format::parseDocument(text, format::SchemaFiles::Skip, format::RecordSources::Drop);
    const auto loaded = Clock::now();
    if (!ruleFile.ruleSet || !parsed.document) {
        std::fprintf(stderr, "bench_lint: the generated input does not read\n");
        return 1;
    }
    std::vector<rules::Violation> violations = rules::Linter(*parsed.document, *ruleFile.ruleSet).lintDocument();
    const auto linted = Clock::now();
    rules::locateViolations(text, violations);
    const auto located = Clock::now();

    // Linting one profile, as the editor does on each edit.
    const int rounds = 1000;
    std::size_t found = 0;
    const rules::Linter linter(*parsed.document, *ruleFile.ruleSet);
    const auto oneStart = Clock::now();
    for (int i = 0; i < rounds; ++i)
        found += linter.lintProfile(std::size_t(i % profiles)).size();
    const auto oneEnd = Clock::now();

    const rules::LintCounts counts = rules::countViolations(violations);
    std::printf("lint: %d profiles x %d candidates, %zu rules, %.1f MiB of JSON\n", profiles, candidates,
        ruleFile.ruleSet->rules.size(), static_cast<double>(text.size()) / (1024.0 * 1024.0));
    std::printf("  read the rules file: %.2f ms\n", ms(rulesRead - start));
    std::printf("  load (codec, no sources): %.1f ms\n", ms(loaded - rulesRead));
    std::printf("  lint every profile: %.1f ms (%zu errors, %zu warnings, %zu excepted)\n", ms(linted - loaded),
        counts.errors, counts.warnings, counts.excepted);
    std::printf("  place %zu violations in the file: %.1f ms\n", violations.size(), ms(located - linted));
    std::printf("  total: %.1f ms (goal: under 200 ms)\n", ms(located - start));
    std::printf("  one profile (the editor, per edit): %.1f us (%zu violations over %d rounds)\n",
        ms(oneEnd - oneStart) * 1000.0 / rounds, found, rounds);
    return 0;
}
