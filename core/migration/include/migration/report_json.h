// SPDX-License-Identifier: Apache-2.0
#pragma once
// The migration report in kandev's snake_case JSON (policyctl, fixtures).

#include "migration/migration.h"

#include <nlohmann/json.hpp>

namespace migration
{

nlohmann::ordered_json reportToJson(const MigrationReport& report);
nlohmann::ordered_json policiesToJson(const policy::PolicyDocument& doc);
nlohmann::ordered_json diagnosticToJson(const format::Diagnostic& d);

}  // namespace migration
