// SPDX-License-Identifier: Apache-2.0
#pragma once
// The migration report in kandev's snake_case JSON (policyctl, fixtures).

#include "migration/migration.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string_view>

namespace migration
{

nlohmann::ordered_json reportToJson(const MigrationReport& report);
// The same report as reportToJson(report).dump() prints it (invalid UTF-8
// replaced), written to `write` one candidate at a time: a large report is
// never one tree.
void writeReportJson(const MigrationReport& report, const std::function<void(std::string_view)>& write);
nlohmann::ordered_json policiesToJson(const policy::PolicyDocument& doc);
nlohmann::ordered_json diagnosticToJson(const format::Diagnostic& d);

}  // namespace migration
