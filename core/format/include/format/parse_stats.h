// SPDX-License-Identifier: Apache-2.0
#pragma once
// How much JSON this thread has parsed, for tests that hold a command to
// parsing its input once: never its own output, never a text twice.

#include <cstddef>

namespace format
{

struct ParseStats {
    std::size_t documents = 0;  // whole texts read with every check (files, database values, scenarios)
    std::size_t pieces = 0;  // parts of a document parsed again to be written (a record's unknown fields)
    std::size_t bytes = 0;  // all text handed to the parser
};
// Since the thread started; tests compare two readings.
ParseStats parseStats();

}  // namespace format
