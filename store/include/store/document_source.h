// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where an open document comes from and goes back to: a file or a kandev
// database. A source owns what was read (the base every review compares
// with), the versions kandev's check expects, why a profile is never written
// (by profile id), and the one way back. EditorDocument owns exactly one, so
// none of this is kept twice.

#include "format/diagnostic.h"
#include "format/document.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

namespace routes
{
struct LiveRoutesRead;
}
namespace migration
{
struct MigrationReport;
}

namespace store
{

class KandevDatabase;
struct LoadedDatabase;

// Why one profile is read and never written: codes, which the model words.
enum class ProfileLock {
    UnreadableRow,  // a row holds a value kandev cannot read
    NewerPolicyVersion,  // a route's policy is newer than this build: a write could lose what it means
    NotMigratable  // its legacy rules cannot be migrated; `detail` says which problem
};
struct ProfileLockReason {
    ProfileLock lock;
    std::string detail;  // English
    std::optional<format::Diagnostic> problem = {};  // NotMigratable: the migration's, for the language shown
};

struct SourceWrite {
    bool ok = false;
    bool conflict = false;  // the database changed since it was read: reload
    QString error;
};

class DocumentSource
{
public:
    explicit DocumentSource(format::Document asRead);
    virtual ~DocumentSource();
    DocumentSource(const DocumentSource&) = delete;
    DocumentSource& operator=(const DocumentSource&) = delete;

    // The document as read, or as last written.
    const format::Document& asRead() const
    {
        return m_asRead;
    }
    virtual bool isDatabase() const = 0;
    // A database's name for people ("kandev.db", "postgres://host/db"); empty for a file.
    virtual QString databaseName() const
    {
        return {};
    }
    std::optional<ProfileLockReason> profileLock(const std::string& profileId) const;
    // The version kandev's row had when read or last written; none for a file.
    virtual std::optional<std::int64_t> versionRead(const std::string& profileId) const;
    // The routes kandev runs now for a profile; nullopt (with the error when
    // there is one) when they cannot be read or this is a file.
    virtual std::optional<routes::LiveRoutesRead> readLiveRoutes(const std::string& profileId, QString* error) const;

protected:
    format::Document m_asRead;
    std::map<std::string, ProfileLockReason> m_locks;  // profile id -> why it is never written
};

class FileSource final : public DocumentSource
{
public:
    FileSource(format::Document asRead, QString path, QByteArray bytes);
    bool isDatabase() const override
    {
        return false;
    }
    QString path() const
    {
        return m_path;
    }
    // The bytes read or last written.
    QByteArray bytes() const
    {
        return m_bytes;
    }
    // True when the file no longer holds those bytes (changed, gone, unreadable).
    bool changedOnDisk() const;
    // Writes `bytes`, the serialized `document`, atomically to `path`, which
    // becomes this source's file.
    SourceWrite write(const QString& path, const std::string& bytes, const format::Document& document);

private:
    QString m_path;  // empty: never saved
    QByteArray m_bytes;
};

class KandevSource final : public DocumentSource
{
public:
    // The profiles the read could not take whole are locked here.
    KandevSource(std::shared_ptr<KandevDatabase> database, const LoadedDatabase& loaded);
    ~KandevSource() override;
    bool isDatabase() const override
    {
        return true;
    }
    QString databaseName() const override;
    std::optional<std::int64_t> versionRead(const std::string& profileId) const override;
    std::optional<routes::LiveRoutesRead> readLiveRoutes(const std::string& profileId, QString* error) const override;
    // Locks every profile with a candidate the migration cannot take.
    void lockUnmigratable(const migration::MigrationReport& report);
    // Writes the `edited` profiles of `document` through the one conditional
    // write path, in one transaction, routes renumbered in order.
    SourceWrite write(const format::Document& document, const std::set<std::string>& edited);

private:
    std::shared_ptr<KandevDatabase> m_database;
    std::map<std::string, std::int64_t> m_versions;
};

}  // namespace store
