// SPDX-License-Identifier: Apache-2.0
#include "store/file_text.h"

#include <QLocale>

namespace store
{

namespace
{

QString kindOf(const std::string& code)
{
    if (code == "directory")
        return FileText::tr("a directory");
    if (code == "fifo")
        return FileText::tr("a FIFO (named pipe)");
    if (code == "character device")
        return FileText::tr("a character device");
    if (code == "block device")
        return FileText::tr("a block device");
    if (code == "socket")
        return FileText::tr("a socket");
    if (code == "symlink")
        return FileText::tr("a symbolic link");
    return FileText::tr("not a regular file");
}

}  // namespace

QString FileText::describe(const FileError& error)
{
    const QString path = QString::fromStdString(error.path);
    const auto arg = [&](std::size_t i) { return QString::fromStdString(i < error.args.size() ? error.args[i] : ""); };
    const auto bytes = [&](std::size_t i) {
        return QLocale().formattedDataSize(arg(i).toLongLong(), 1, QLocale::DataSizeTraditionalFormat);
    };
    switch (error.problem) {
    case FileProblem::Other: break;
    case FileProblem::NotFound: return tr("%1: no such file").arg(path);
    //: %2: the operating system's reason, as it gave it
    case FileProblem::ReadFailed: return tr("%1: %2").arg(path, arg(0));
    case FileProblem::NotRegular:
        return tr("%1: is %2, not a regular file; documents are read only from regular files")
            .arg(path, kindOf(error.args.empty() ? std::string() : error.args.front()));
    case FileProblem::TooLarge:
        return tr("%1: the file is %2; documents are limited to %3").arg(path, bytes(0), bytes(1));
    case FileProblem::NoSpace:
        return tr("%1: no space left on the device that holds it; nothing was written").arg(path);
    case FileProblem::QuotaExhausted: return tr("%1: the disk quota is exhausted; nothing was written").arg(path);
    case FileProblem::PermissionDenied: return tr("%1: permission denied; nothing was written").arg(path);
    case FileProblem::ReadOnlyFileSystem: return tr("%1: the file system is read-only; nothing was written").arg(path);
    case FileProblem::WriteFailed: return tr("%1: %2; nothing was written").arg(path, arg(0));
    }
    return QString::fromStdString(error.message);
}

}  // namespace store
