// SPDX-License-Identifier: Apache-2.0
#pragma once
// A generated export of N dynamic profiles x M candidates (half of them
// legacy), with the concrete profiles they name (every third a codex agent,
// the rest claude), so that it is valid: bench_documents and bench_lint read it.

#include <string>

namespace bench
{

inline std::string generateExport(int profiles, int candidates)
{
    std::string out = "{\"profiles\": [\n";
    for (int p = 0; p < profiles; ++p) {
        out += "  {\"id\": \"dyn-" + std::to_string(p) + "\", \"name\": \"Route " + std::to_string(p)
            + "\", \"kind\": \"dynamic\", \"enabled\": true, \"auto_fallback\": false, \"deleted_at\": null, "
              "\"dynamic\": {\"version\": 3, \"candidates\": [\n";
        for (int c = 0; c < candidates; ++c) {
            out += "    {\"position\": " + std::to_string(c) + ", \"execution_profile_id\": \"agent-"
                + std::to_string(c) + "\", \"enabled\": true, ";
            if (c % 2 == 0) {
                out += "\"rules\": {\"on_provider_error\": \"try_next\", \"model_capacity\": \"retry_same\"}}";
            } else {
                out += "\"policies\": {\"version\": 1, \"transient\": {\"retry\": {\"enabled\": true, \"max_retries\": "
                       "3, "
                       "\"initial_interval_seconds\": 5}, \"wait_for_reset\": {\"enabled\": false, "
                       "\"max_wait_seconds\": 0}, "
                       "\"on_exhausted\": \"skip\"}, \"hard\": {\"retry\": {\"enabled\": false, \"max_retries\": 0, "
                       "\"initial_interval_seconds\": 0}, \"wait_for_reset\": {\"enabled\": true, "
                       "\"max_wait_seconds\": 300}, "
                       "\"on_exhausted\": \"stop\"}}}";
            }
            out += c + 1 < candidates ? ",\n" : "\n";
        }
        out += "  ]}},\n";
    }
    // The concrete profiles the candidates name, so that the export is valid.
    for (int c = 0; c < candidates; ++c) {
        out += "  {\"id\": \"agent-" + std::to_string(c) + "\", \"name\": \"Agent " + std::to_string(c)
            + "\", \"kind\": \"concrete\", \"enabled\": true, \"auto_fallback\": false, \"agent_name\": "
            + (c % 3 == 2 ? "\"codex-acp\"}" : "\"claude-acp\"}");
        out += c + 1 < candidates ? ",\n" : "\n";
    }
    out += "]}\n";
    return out;
}

}  // namespace bench
