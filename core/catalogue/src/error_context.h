// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which lines of the evidence are an error's own words. Rules whose wording is
// ordinary language ("rate limit", "quota", "unauthorized") are only read on
// lines inside an error context; a line of agent output (an assistant
// message, a diff, a fenced code block) is never read by any rule.

#include <optional>
#include <string_view>
#include <vector>

namespace catalogue::detail
{

enum class LineKind : unsigned char {
    AgentOutput,  // read by no rule (kandev reads it: see kandevOnly)
    Plain,  // read by rules that match exact signatures only
    InError,  // read by every rule
};

struct Line {
    std::string_view text;  // lowered, without the line break
    LineKind kind;
};

// `lowered` is the redacted, lowered evidence text. The whole text is in an
// error context when the evidence has a failing status (400 and above) or a
// failing exit code, or is known to be a failure (knownFailure); otherwise a block is, from a line that carries an
// error envelope or prefix ("Error:", "API Error: 529", "npm ERR!", `"error":`, a JSON-RPC error code, a status line)
// to the next blank line. A process that exited 0 did not fail: every line is agent output.
std::vector<Line> splitIntoLines(
    std::string_view lowered, std::optional<int> status, std::optional<int> exitCode, bool knownFailure);

// Whether one lowered line carries an error envelope or prefix.
bool isErrorLine(std::string_view line) noexcept;

// A 4xx or 5xx status written in one line ("API Error: 529", "status code 429").
std::optional<int> statusInLine(std::string_view line) noexcept;

}  // namespace catalogue::detail
