// SPDX-License-Identifier: Apache-2.0
#include "args.h"
#include "commands.h"

#include "english/english.h"

#include "policy/limits.h"
#include "policy/schedule.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace cli
{
namespace
{

std::string help()
{
    const auto& retries = policy::descriptor(policy::Field::RetryMaxRetries);
    const auto& interval = policy::descriptor(policy::Field::RetryInitialInterval);
    return "usage: policyctl schedule --initial-interval S --max-retries N [--format text|json]\n\n"
           "Prints the delays before each retry: S * 2^k seconds for retry k (from 0),\n"
           "each capped at "
        + english::formatDuration(policy::kMaxRetryDelaySeconds)
        + ".\n\n"
          "options:\n"
          "  --initial-interval S  first delay in seconds ("
        + std::to_string(interval.min) + ".." + std::to_string(interval.max)
        + ")\n"
          "  --max-retries N       number of retries ("
        + std::to_string(retries.min) + ".." + std::to_string(retries.max)
        + ")\n"
          "  --format text|json    output format (default: text)\n"
          "  --help                show this help\n\n"
          "exit codes: 0 success, 1 a value out of range, 2 usage error\n";
}

}  // namespace

int scheduleCommand(const std::vector<std::string>& rawArgs, Io& io)
{
    Args args;
    const std::vector<OptionSpec> spec {
        {"initial-interval", true}, {"max-retries", true}, {"format", true}, {"help", false}};
    if (const auto error = args.parse(rawArgs, spec); !error.empty())
        return usageError(io, "schedule", error);
    if (args.has("help")) {
        io.out << help();
        return kExitOk;
    }
    const auto format = formatOption(args.value("format"), io, "schedule");
    if (!format)
        return kExitUsage;
    if (!args.positional().empty())
        return usageError(io, "schedule", "unexpected argument '" + args.positional().front() + "'");
    const auto intervalText = args.value("initial-interval");
    const auto retriesText = args.value("max-retries");
    if (!intervalText || !retriesText)
        return usageError(io, "schedule", "--initial-interval and --max-retries are required");
    const auto interval = parseInteger(*intervalText);
    const auto retries = parseInteger(*retriesText);
    if (!interval)
        return usageError(
            io, "schedule", "--initial-interval must be a whole number of seconds, not '" + *intervalText + "'");
    if (!retries)
        return usageError(io, "schedule", "--max-retries must be a whole number, not '" + *retriesText + "'");

    bool inRange = true;
    auto check = [&](const policy::FieldDescriptor& d, long long value, const char* option) {
        if (value >= d.min && value <= d.max)
            return;
        io.err << "policyctl schedule: " << option << " must be between " << d.min << " and " << d.max << " (found "
               << value << ")\n";
        inRange = false;
    };
    check(policy::descriptor(policy::Field::RetryInitialInterval), *interval, "--initial-interval");
    check(policy::descriptor(policy::Field::RetryMaxRetries), *retries, "--max-retries");
    if (!inRange)
        return kExitInvalid;

    const policy::Schedule s = policy::schedule(*interval, *retries);
    if (*format == Format::Json) {
        nlohmann::ordered_json j = nlohmann::ordered_json::object();
        j["delays_seconds"] = s.delaysSeconds;
        j["total_seconds"] = s.totalSeconds;
        j["capped"] = s.capped;
        io.out << jsonOutput(j) << "\n";
        return kExitOk;
    }
    io.out << "Retries after ";
    for (std::size_t i = 0; i < s.delaysSeconds.size(); ++i)
        io.out << (i ? ", " : "") << english::formatDuration(s.delaysSeconds[i]);
    io.out << " (" << s.delaysSeconds.size() << (s.delaysSeconds.size() == 1 ? " retry, " : " retries, ")
           << s.delaysSeconds.size() + 1 << " attempts in all; " << english::formatDuration(s.totalSeconds)
           << " of waiting at most)";
    if (s.capped)
        io.out << "; delays are capped at " << english::formatDuration(policy::kMaxRetryDelaySeconds);
    io.out << "\n";
    return kExitOk;
}

}  // namespace cli
