// SPDX-License-Identifier: Apache-2.0
#pragma once
// policyctl: the command-line twin of the editor. Commands run in-process
// (tests call run() directly) and as the policyctl binary.

#include <iosfwd>
#include <string>
#include <vector>

namespace cli
{

enum ExitCode : int {
    kExitOk = 0,  // success, all valid
    kExitInvalid = 1,  // invalid input or conflicts
    kExitUsage = 2,  // usage error or unreadable file
};

struct Io {
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
    // When set, `evaluate` reads and writes these descriptors directly, so a
    // line is answered as soon as it arrives and throughput is not bound by iostreams.
    int inFd = -1;
    int outFd = -1;
};

// args excludes the program name: {"validate", "--format", "json", "a.json"}.
int run(const std::vector<std::string>& args, Io& io);

}  // namespace cli
