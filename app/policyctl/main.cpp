// SPDX-License-Identifier: Apache-2.0
// policyctl: validate, migrate, evaluate, schedule and preview candidate policies.
#include "cli/cli.h"
#include "cli/terminal_safe.h"

#include <QCoreApplication>

#include <unistd.h>

#include <iostream>

int main(int argc, char** argv)
{
    // Qt SQL finds its drivers through the application object.
    QCoreApplication app(argc, argv);
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + 1, argv + argc);
    // Everything printed is made terminal-safe (cli/terminal_safe.h);
    // evaluate's answers go to the descriptor directly and are JSON already.
    cli::TerminalSafeBuffer outBuffer(std::cout.rdbuf()), errBuffer(std::cerr.rdbuf(), true);
    std::ostream out(&outBuffer), err(&errBuffer);
    cli::Io io {std::cin, out, err, STDIN_FILENO, STDOUT_FILENO};
    const int code = cli::run(args, io);
    errBuffer.finish();
    // A result that did not reach its reader (a full disk, a closed pipe
    // with SIGPIPE ignored) must not look like success to a script.
    if (!outBuffer.finish()) {
        std::cerr << "policyctl: cannot write to standard output\n";
        return cli::kExitUsage;
    }
    return code;
}
