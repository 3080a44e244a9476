// SPDX-License-Identifier: Apache-2.0
#pragma once
// Ten house rules (every kind a house writes but the kandev ones), for the
// benchmarks that lint a generated export: bench_lint and bench_fleet.

namespace bench
{

inline constexpr const char* kHouseRules = R"({"version": 1, "rules": [
  {"id": "hold-1d", "kind": "max_hold_seconds", "class": "hard", "value": 86400, "severity": "error"},
  {"id": "transient-hold-1h", "kind": "max_hold_seconds", "class": "transient", "value": 3600, "severity": "warning"},
  {"id": "hard-retries-2", "kind": "max_retries", "class": "hard", "value": 2, "severity": "error"},
  {"id": "attempts-20", "kind": "max_attempts", "value": 20, "severity": "warning"},
  {"id": "ends-in-stop", "kind": "ends_in_stop", "severity": "error"},
  {"id": "two-enabled", "kind": "min_enabled_candidates", "value": 2, "severity": "warning"},
  {"id": "two-providers", "kind": "provider_diversity", "value": 2, "severity": "warning", "applies_to": ["dyn-*"]},
  {"id": "reachable", "kind": "no_unreachable_candidates", "severity": "warning"},
  {"id": "no-legacy-agents", "kind": "candidate_forbidden", "agents": ["gpt4-*"], "severity": "error"},
  {"id": "uniform-transient", "kind": "same_policy_for_class", "class": "transient", "severity": "warning"}
 ],
 "exceptions": [{"rule": "two-providers", "profile": "dyn-7", "reason": "batch work"}]}
)";

}  // namespace bench
