// SPDX-License-Identifier: Apache-2.0
#pragma once
// One problem found in a file: where (field path, line, column) and what.

#include "policy/validation.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace format
{

struct Diagnostic {
    std::string path;  // field path; "" for a syntax error or the whole file
    std::string message;  // English; the GUI shows it as is
    int line = 0;  // 1-based; 0 when unknown
    int column = 0;  // 1-based, in characters
    // For a UI that says it in its own language: what went wrong, as a
    // stable code ("legacy.conflict"), and the message's variable parts in
    // order. "" and none where only the English message exists.
    std::string code = {};
    std::vector<std::string> args = {};
    // A policy's own problem (a value out of range, a missing outcome): its code and values.
    std::optional<policy::Issue> issue = {};
    friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// English rendering of a structured policy issue, e.g.
// "must be between 1 and 10 when retry is enabled (found 11)".
std::string describeIssue(const policy::Issue& issue);

// Field path helpers: join("a", "b") == "a.b"; join("", "b") == "b".
std::string joinPath(std::string_view prefix, std::string_view key);
std::string indexPath(std::string_view prefix, std::size_t index);

// Calls visit(ancestor) for each field that holds the one at `path`, outermost
// first: "a", "a.b" and "a.b[0]" for "a.b[0].c" (and "" for "[0].c"). Views into `path`.
template <class Visit> void forEachAncestorPath(std::string_view path, Visit&& visit)
{
    for (std::size_t k = 0; k < path.size(); ++k) {
        if (path[k] == '.' || path[k] == '[')
            visit(path.substr(0, k));
    }
}

}  // namespace format
