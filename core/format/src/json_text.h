// SPDX-License-Identifier: Apache-2.0
#pragma once
// Text-level facts about JSON that the DOM parser does not keep: positions of
// values by field path, duplicate keys and nesting depth. Internal to schema/.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace format::detail
{

struct PathSegment {
    bool isIndex = false;
    std::size_t index = 0;
    std::string key;
};

// "profiles[2].dynamic.candidates[0]" -> profiles, [2], dynamic, candidates, [0]
std::vector<PathSegment> splitPath(std::string_view path);

// Offset of the value at the path, or of its deepest existing ancestor.
// The text must be valid JSON.
std::size_t offsetOfPath(std::string_view text, std::string_view path);
// The same for many paths in one walk over the text, in the order given.
std::vector<std::size_t> offsetsOfPaths(std::string_view text, const std::vector<std::string_view>& paths);

struct DuplicateKey {
    std::size_t offset = 0;  // of the second occurrence's key
    std::string path;  // field path of the duplicated member
    std::string key;  // the key itself (it may be "", which a path cannot show)
};
// The first key that appears twice in one object, if any. Valid JSON only.
std::optional<DuplicateKey> findDuplicateKey(std::string_view text);

// The first -0 given as the value of a member whose key is one of `keys`
// (integers there must be written 0). Valid JSON only.
std::optional<DuplicateKey> findNegativeZero(std::string_view text, const std::vector<std::string_view>& keys);

// Offset of the first bracket that nests deeper than maxDepth; works on any
// text (strings are skipped), so it can run before parsing.
std::optional<std::size_t> findExcessiveNesting(std::string_view text, std::size_t maxDepth);

}  // namespace format::detail
