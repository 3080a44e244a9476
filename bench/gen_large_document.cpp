// SPDX-License-Identifier: Apache-2.0
// Writes a bare dynamic document to stdout for the memory and key-count
// benchmarks:
//   gen_large_document size MIB   candidates with legacy rules and policies
//                                 until the text is about MIB MiB
//   gen_large_document keys N     one candidate and N unknown top-level keys
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

int main(int argc, char** argv)
{
    if (argc != 3 || (std::strcmp(argv[1], "size") != 0 && std::strcmp(argv[1], "keys") != 0)) {
        std::fprintf(stderr, "usage: gen_large_document size MIB | keys N\n");
        return 2;
    }
    const long n = std::atol(argv[2]);
    std::string out = "{\"candidates\": [\n";
    if (std::strcmp(argv[1], "size") == 0) {
        const std::size_t target = std::size_t(n) * 1024 * 1024;
        for (long i = 0; out.size() < target; ++i) {
            if (i > 0)
                out.append(",\n");
            const std::string pos = std::to_string(i);
            if (i % 2) {
                out += R"(  {"position": )" + pos + R"(, "execution_profile_id": "agent-)" + pos
                    + R"(", "enabled": true, "rules": {"on_provider_error": "try_next", "model_capacity": "retry_same", "quota_limited": "stop"}})";
            } else {
                out += R"(  {"position": )" + pos + R"(, "execution_profile_id": "agent-)" + pos
                    + R"(", "enabled": true, "policies": {"version": 1, "transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval_seconds": 5}, "wait_for_reset": {"enabled": false, "max_wait_seconds": 0}, "on_exhausted": "skip"}, "hard": {"retry": {"enabled": false, "max_retries": 0, "initial_interval_seconds": 0}, "wait_for_reset": {"enabled": true, "max_wait_seconds": 300}, "on_exhausted": "stop"}}})";
            }
        }
        out += "\n]}\n";
    } else {
        out += R"(  {"position": 0, "execution_profile_id": "agent-0", "rules": {"on_provider_error": "try_next"}})";
        out += "\n]";
        for (long i = 0; i < n; ++i)
            out += ", \"extra_" + std::to_string(i) + "\": " + std::to_string(i);
        out += "}\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
