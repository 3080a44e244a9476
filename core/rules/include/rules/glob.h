// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shell-style globs for profile ids, names and agent names: `*` any run of
// characters, `?` one byte, everything else itself (case-sensitive, as ids are).

#include <string_view>

namespace rules
{

bool globMatches(std::string_view pattern, std::string_view text) noexcept;

}  // namespace rules
