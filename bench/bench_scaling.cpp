// SPDX-License-Identifier: Apache-2.0
// How policyctl's commands scale with hostile inputs (wide objects, many
// candidates, valid and invalid): each command run in-process on files of
// three sizes, and the exponent of its time in the size (scaling.h).
#include "scaling.h"

#include "cli/cli.h"
#include "format/validator.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>

namespace
{

// Output is produced in full and thrown away: writing it is part of the cost.
class Discard : public std::streambuf
{
protected:
    int_type overflow(int_type c) override
    {
        return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char*, std::streamsize n) override
    {
        return n;
    }
};

void writeFile(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

int main()
{
    namespace fs = std::filesystem;
    char pattern[] = "/tmp/bench-scaling.XXXXXX";
    if (!mkdtemp(pattern))
        return 2;
    const fs::path dir = pattern;
    Discard discard;
    std::ostream sink(&discard);
    std::istringstream noInput;
    cli::Io io {noInput, sink, sink};
    const auto policyctl = [&](std::vector<std::string> args) { cli::run(args, io); };

    const fs::path input = dir / "input.json";
    const fs::path output = dir / "output.json";
    const fs::path scenario = dir / "scenario.json";
    writeFile(scenario, scaling::scenario(3, true));
    const std::string small = scaling::longDocument(3, true);
    double worst = 0;
    const auto row = [&](const std::string& operation, const scaling::Family& family, const std::function<void()>& run,
                         const fs::path& file) {
        worst = std::max(worst, scaling::measure(operation, family, [&](const std::string& text) {
            writeFile(file, text);
            run();
        }));
    };
    for (const scaling::Family& family : scaling::documentFamilies()) {
        row(
            "validate", family,
            [&] {
                policyctl({"validate", input});
            },
            input);
        row(
            "validate --format json", family,
            [&] {
                policyctl({"validate", "--format", "json", input});
            },
            input);
        row(
            "migrate --output", family,
            [&] {
                policyctl({"migrate", "--output", output, input});
            },
            input);
        row(
            "migrate --format json", family,
            [&] {
                policyctl({"migrate", "--format", "json", input});
            },
            input);
        row(
            "timeline --scenario", family,
            [&] {
                policyctl({"timeline", "--scenario", scenario, input});
            },
            input);
    }
    // The JSON Schema check alone (validate runs it only on files the codec
    // could read): its errors were n^2 to tell apart and to place.
    for (const scaling::Family& family : scaling::documentFamilies()) {
        worst = std::max(worst, scaling::measure("JSON Schema check", family, [](const std::string& text) {
            (void)format::validateAgainstSchema(text, format::FileShape::DynamicDocument);
        }));
    }
    writeFile(input, small);
    for (const scaling::Family& family : scaling::scenarioFamilies()) {
        row(
            "timeline --scenario", family,
            [&] {
                policyctl({"timeline", "--scenario", scenario, input});
            },
            scenario);
        row(
            "timeline --scenario (json)", family,
            [&] {
                policyctl({"timeline", "--format", "json", "--scenario", scenario, input});
            },
            scenario);
    }
    fs::remove_all(dir);
    std::printf("largest exponent: %.2f (goal: at most 1.1)\n", worst);
    return 0;
}
