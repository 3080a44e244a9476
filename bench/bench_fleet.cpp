// SPDX-License-Identifier: Apache-2.0
// The Fleet Overview's model over a generated export of N dynamic profiles x
// M candidates (half of them legacy, migrated in memory): every row computed
// (kandev's rules, then ten house rules), one candidate edit (one row again),
// a profile switch (no row), sorting and filtering through a proxy as the dock
// does. Prints each time; the window must not freeze on a 1,000-profile export.
#include "model/commands.h"
#include "model/editor_document.h"
#include "model/fleet_model.h"

#include "rules/rules_file.h"

#include "format/codec.h"

#include "export_generator.h"
#include "house_rules.h"

#include <QCoreApplication>
#include <QSortFilterProxyModel>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int profiles = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int candidates = argc > 2 ? std::atoi(argv[2]) : 8;
    const std::string text = bench::generateExport(profiles, candidates);

    using Clock = std::chrono::steady_clock;
    auto ms = [](auto d) { return std::chrono::duration<double, std::milli>(d).count(); };
    const auto start = Clock::now();
    format::ParseResult parsed = format::parseDocument(text, format::SchemaFiles::Skip, format::RecordSources::Keep);
    const rules::RulesFileResult house = rules::readRulesFile(bench::kHouseRules);
    if (!parsed.document || !house.ruleSet) {
        std::fprintf(stderr, "bench_fleet: the generated input does not read\n");
        return 1;
    }
    model::EditorDocument doc(std::move(*parsed.document), QString(), QByteArray::fromStdString(text));
    const auto opened = Clock::now();

    model::FleetModel fleet;
    fleet.setDocument(&doc);
    const auto rows = Clock::now();
    fleet.setRuleSet(std::make_shared<const rules::RuleSet>(*house.ruleSet));
    const auto withHouse = Clock::now();

    // One candidate enabled and disabled again, as a click on its switch does: one row each time.
    const int rounds = 200;
    const auto editStart = Clock::now();
    for (int i = 0; i < rounds; ++i)
        doc.undoStack()->push(new model::SetEnabledCommand(&doc, 1, i % 2 == 1));
    const auto editEnd = Clock::now();
    const auto switchStart = Clock::now();
    for (int i = 0; i < rounds; ++i)
        doc.setCurrentProfile(doc.dynamicProfiles()[std::size_t(i % profiles)]);
    const auto switchEnd = Clock::now();

    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&fleet);
    proxy.setSortRole(model::FleetModel::SortRole);
    proxy.setFilterRole(model::FleetModel::SearchTextRole);
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    const auto sortStart = Clock::now();
    proxy.sort(model::FleetModel::HoldHard, Qt::DescendingOrder);
    const auto sorted = Clock::now();
    proxy.sort(model::FleetModel::Profile, Qt::AscendingOrder);
    const auto sortedByName = Clock::now();
    proxy.setFilterFixedString(QStringLiteral("route 99"));
    const auto filtered = Clock::now();
    // Every cell's words once (a view paints only the rows in sight; this is all of them).
    std::size_t characters = 0;
    for (int row = 0; row < fleet.rowCount(); ++row) {
        for (int column = 0; column < model::FleetModel::ColumnCount; ++column)
            characters += std::size_t(fleet.index(row, column).data().toString().size());
    }
    const auto worded = Clock::now();

    std::printf("fleet: %d profiles x %d candidates (%d rows, %d with violations under the house rules)\n", profiles,
        candidates, fleet.rowCount(), fleet.profilesWithViolations());
    std::printf("  open (codec with sources, EditorDocument): %.1f ms\n", ms(opened - start));
    std::printf("  every row, kandev's rules: %.1f ms\n", ms(rows - opened));
    std::printf("  every row again, ten house rules: %.1f ms\n", ms(withHouse - rows));
    std::printf("  one candidate edit (one row): %.3f ms\n", ms(editEnd - editStart) / rounds);
    std::printf("  switch profiles (no row): %.3f ms\n", ms(switchEnd - switchStart) / rounds);
    std::printf("  sort by hard hold: %.1f ms; by name: %.1f ms\n", ms(sorted - sortStart), ms(sortedByName - sorted));
    std::printf("  filter \"route 99\": %.1f ms (%d rows shown)\n", ms(filtered - sortedByName), proxy.rowCount());
    std::printf("  every cell's text: %.1f ms (%zu characters)\n", ms(worded - filtered), characters);
    return 0;
}
