// SPDX-License-Identifier: Apache-2.0
// A database migration: the report's migrated candidates, written through
// the one conditional write path after a backup.
#include "store/kandev_database.h"

#include <algorithm>

namespace store
{

migration::MigrationReport planDatabaseMigration(const LoadedDatabase& loaded, policy::Reading reading)
{
    migration::MigrationReport report = migration::planMigration(loaded.document, reading);
    std::erase_if(report.profiles, [&](const migration::ProfileMigration& p) {
        return loaded.invalidProfiles.count(p.profileId) || loaded.newerVersionProfiles.count(p.profileId);
    });
    return report;
}

WriteResult KandevDatabase::applyMigration(
    const LoadedDatabase& loaded, const migration::MigrationReport& report, const QString& backupDir)
{
    // What will be written: profiles whose candidates change, without errors or unreadable rows.
    std::vector<ProfileRoutes> changes;
    for (const auto& pm : report.profiles) {
        const auto& profile = loaded.document.profiles[pm.profileIndex];
        const bool hasErrors = std::any_of(pm.candidates.begin(), pm.candidates.end(),
            [](const migration::CandidateMigration& c) { return !c.errors.empty(); });
        if (hasErrors || loaded.invalidProfiles.count(profile.id) || loaded.newerVersionProfiles.count(profile.id))
            continue;
        ProfileRoutes change;
        change.profileId = profile.id;
        change.expectedVersion = loaded.versions.at(profile.id);
        change.candidates = profile.dynamic->candidates;
        bool changed = false;
        for (const auto& cm : pm.candidates) {
            if (!cm.changes())
                continue;
            policy::Candidate& migrated = change.candidates[cm.index];
            migrated.policies = cm.result;
            migrated.rules.clear();
            changed = true;
        }
        if (changed)
            changes.push_back(std::move(change));
    }
    return writeProfiles(changes, backupDir.isEmpty() ? defaultBackupDirectory(m_target) : backupDir);
}

}  // namespace store
