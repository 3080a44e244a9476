// policyctl: validate, migrate, evaluate, schedule and preview candidate policies.
#include "cli/cli.h"

#include <QCoreApplication>

#include <unistd.h>

#include <iostream>

int main(int argc, char** argv)
{
    // Qt SQL finds its drivers through the application object.
    QCoreApplication app(argc, argv);
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + 1, argv + argc);
    cli::Io io{std::cin, std::cout, std::cerr, STDIN_FILENO, STDOUT_FILENO};
    const int code = cli::run(args, io);
    // A result that did not reach its reader (a full disk, a closed pipe
    // with SIGPIPE ignored) must not look like success to a script.
    if (!std::cout.flush()) {
        std::cerr << "policyctl: cannot write to standard output\n";
        return cli::kExitUsage;
    }
    return code;
}
