#include "store/file_store.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace store {
namespace {

QString qpath(const std::string& path)
{
    return QString::fromStdString(path);
}

FileError failure(const std::string& path, const QString& reason)
{
    return {path + ": " + reason.toStdString()};
}

}  // namespace

ReadResult readFile(const std::string& path, std::size_t maxBytes)
{
    ReadResult result;
    const QFileInfo info(qpath(path));
    if (!info.exists()) {
        result.error = failure(path, QStringLiteral("no such file"));
        return result;
    }
    if (info.isDir()) {
        result.error = failure(path, QStringLiteral("is a directory, not a file"));
        return result;
    }
    if (static_cast<std::size_t>(info.size()) > maxBytes) {
        result.error = failure(path, QStringLiteral("the file is %1 MiB; documents are limited to %2 MiB")
                                         .arg(info.size() / (1024 * 1024))
                                         .arg(maxBytes / (1024 * 1024)));
        return result;
    }
    QFile file(qpath(path));
    if (!file.open(QIODevice::ReadOnly)) {
        result.error = failure(path, file.errorString());
        return result;
    }
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        result.error = failure(path, file.errorString());
        return result;
    }
    result.bytes = bytes.toStdString();
    return result;
}

std::optional<FileError> writeFileAtomically(const std::string& path, const std::string& bytes,
                                             const std::string& backupPath)
{
    if (!backupPath.empty() && QFile::exists(qpath(path))) {
        const QString backup = qpath(backupPath);
        if (QFile::exists(backup) && !QFile::remove(backup))
            return failure(backupPath, QStringLiteral("cannot replace the old backup"));
        if (!QFile::copy(qpath(path), backup))
            return failure(backupPath, QStringLiteral("cannot write the backup; nothing was changed"));
    }
    QSaveFile file(qpath(path));
    if (!file.open(QIODevice::WriteOnly))
        return failure(path, file.errorString());
    const auto size = static_cast<qint64>(bytes.size());
    if (file.write(bytes.data(), size) != size) {
        file.cancelWriting();
        return failure(path, file.errorString());
    }
    if (!file.commit())
        return failure(path, file.errorString());
    return std::nullopt;
}

}  // namespace store
