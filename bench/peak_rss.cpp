// SPDX-License-Identifier: Apache-2.0
// peak_rss COMMAND...: runs COMMAND (its output discarded) and prints its
// wall time and peak resident memory, which /usr/bin/time would, without
// needing the `time` package.
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: peak_rss COMMAND [ARG...]\n");
        return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    const pid_t child = fork();
    if (child == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    int status = 0;
    rusage usage {};
    wait4(child, &status, 0, &usage);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%.2f s, peak %ld MiB, exit %d\n", seconds, usage.ru_maxrss / 1024,
        WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return 0;
}
