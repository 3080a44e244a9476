// SPDX-License-Identifier: Apache-2.0
#include "store/document_source.h"

#include "store/file_store.h"
#include "store/file_text.h"
#include "store/kandev_database.h"

#include "migration/migration.h"
#include "routes/live_routes.h"

#include "policy/text.h"

#include <QFile>

namespace store
{

DocumentSource::DocumentSource(format::Document asRead)
    : m_asRead(std::move(asRead))
{
}

DocumentSource::~DocumentSource() = default;

std::optional<ProfileLockReason> DocumentSource::profileLock(const std::string& profileId) const
{
    const auto it = m_locks.find(profileId);
    return it == m_locks.end() ? std::nullopt : std::optional<ProfileLockReason>(it->second);
}

std::optional<std::int64_t> DocumentSource::versionRead(const std::string&) const
{
    return std::nullopt;
}

std::optional<routes::LiveRoutesRead> DocumentSource::readLiveRoutes(const std::string&, QString*) const
{
    return std::nullopt;
}

FileSource::FileSource(format::Document asRead, QString path, QByteArray bytes)
    : DocumentSource(std::move(asRead))
    , m_path(std::move(path))
    , m_bytes(std::move(bytes))
{
}

bool FileSource::changedOnDisk() const
{
    if (m_path.isEmpty())
        return false;
    QFile f(m_path);
    if (!f.open(QIODevice::ReadOnly))
        return true;  // vanished or unreadable: not what we loaded
    return f.readAll() != m_bytes;
}

SourceWrite FileSource::write(const QString& path, const std::string& bytes, const format::Document& document)
{
    if (const auto error = writeFileAtomically(path.toStdString(), bytes))
        return {false, false, FileText::describe(*error)};
    m_asRead = document;
    m_path = path;
    m_bytes = QByteArray::fromStdString(bytes);
    return {true, false, {}};
}

KandevSource::KandevSource(std::shared_ptr<KandevDatabase> database, const LoadedDatabase& loaded)
    : DocumentSource(loaded.document)
    , m_database(std::move(database))
    , m_versions(loaded.versions)
{
    for (const std::string& id : loaded.newerVersionProfiles)
        m_locks[id] = {ProfileLock::NewerPolicyVersion, {}};
    // A value that cannot be read outweighs a newer version: it is the one to settle first.
    for (const std::string& id : loaded.invalidProfiles)
        m_locks[id] = {ProfileLock::UnreadableRow, {}};
}

KandevSource::~KandevSource() = default;

QString KandevSource::databaseName() const
{
    return m_database->target().displayName();
}

std::optional<std::int64_t> KandevSource::versionRead(const std::string& profileId) const
{
    const auto it = m_versions.find(profileId);
    return it == m_versions.end() ? std::nullopt : std::optional<std::int64_t>(it->second);
}

std::optional<routes::LiveRoutesRead> KandevSource::readLiveRoutes(const std::string& profileId, QString* error) const
{
    return m_database->readLiveRoutes(profileId, error);
}

void KandevSource::lockUnmigratable(const migration::MigrationReport& report)
{
    for (const auto& profile : report.profiles) {
        for (const auto& candidate : profile.candidates) {
            if (candidate.errors.empty())
                continue;
            m_locks.try_emplace(profile.profileId,
                ProfileLockReason {
                    ProfileLock::NotMigratable, candidate.errors.front().message, candidate.errors.front()});
            break;
        }
    }
}

SourceWrite KandevSource::write(const format::Document& document, const std::set<std::string>& edited)
{
    std::vector<ProfileRoutes> writes;
    for (const auto& profile : document.profiles) {
        if (!profile.dynamic || !edited.contains(profile.id))
            continue;
        const auto version = m_versions.find(profile.id);
        const bool inDatabase = version != m_versions.end();
        if (!inDatabase && profile.deleted)
            continue;  // created and deleted again before a save: nothing to write
        ProfileRoutes write = inRouteOrder(profile.id, inDatabase ? version->second : 0, profile.dynamic->candidates);
        write.kind = !inDatabase ? ProfileWriteKind::Create
            : profile.deleted    ? ProfileWriteKind::SoftDelete
                                 : ProfileWriteKind::Update;
        write.name = profile.name;
        write.enabled = profile.enabled;
        writes.push_back(std::move(write));
    }
    const WriteResult written = m_database->writeProfiles(writes);
    if (!written.ok)
        return {false, written.conflict, written.error};
    for (const ProfileRoutes& write : writes) {
        if (write.kind == ProfileWriteKind::Create)
            m_versions[write.profileId] = 1;
        else
            ++m_versions[write.profileId];
    }
    // What was written is what is read now: versions moved on, positions
    // renumbered. One pass: the writes are in the document's order.
    m_asRead = document;
    auto next = writes.begin();
    for (auto& profile : m_asRead.profiles) {
        if (next == writes.end())
            break;
        if (!profile.dynamic || profile.id != next->profileId)
            continue;
        profile.dynamic->version = m_versions[profile.id];
        profile.dynamic->candidates = std::move(next->candidates);
        profile.name = std::string(policy::trimSpace(profile.name));  // as kandev stores it
        ++next;
    }
    return {true, false, {}};
}

}  // namespace store
