// SPDX-License-Identifier: Apache-2.0
#include "store/file_store.h"

#include "english/english.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace store
{
namespace
{

FileError failure(const std::string& path, const std::string& reason, FileProblem problem = FileProblem::Other,
    std::vector<std::string> args = {})
{
    return {path + ": " + reason, problem, path, std::move(args)};
}

// What a file that is not a regular one is: in English, and as FileProblem::NotRegular's code.
std::pair<std::string, std::string> kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return {"a directory", "directory"};
    if (S_ISFIFO(mode))
        return {"a FIFO (named pipe)", "fifo"};
    if (S_ISCHR(mode))
        return {"a character device", "character device"};
    if (S_ISBLK(mode))
        return {"a block device", "block device"};
    if (S_ISSOCK(mode))
        return {"a socket", "socket"};
    if (S_ISLNK(mode))
        return {"a symbolic link", "symlink"};
    return {"not a regular file", "other"};
}

// Closes a descriptor on every path out.
class Fd
{
public:
    explicit Fd(int fd = -1)
        : m_fd(fd)
    {
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd()
    {
        reset();
    }
    int get() const
    {
        return m_fd;
    }
    // Returns close()'s errno (0 on success): a write error can surface only here.
    int reset()
    {
        int error = 0;
        if (m_fd >= 0 && ::close(m_fd) != 0)
            error = errno;
        m_fd = -1;
        return error;
    }
    // Closes what it held and holds `fd` instead.
    void adopt(int fd)
    {
        reset();
        m_fd = fd;
    }

private:
    int m_fd;
};

// Reads at most `maxBytes + 1` bytes through `readSome`, so an endless source
// (/dev/zero, a pipe that never closes its writer end after a flood) is cut.
template <typename ReadSome>
ReadResult readBounded(
    const std::string& name, std::size_t maxBytes, ReadLimit limit, std::size_t sizeHint, ReadSome&& readSome)
{
    ReadResult result;
    std::string bytes;
    bytes.reserve(std::min(sizeHint, maxBytes) + 1);
    char chunk[64 * 1024];
    while (bytes.size() <= maxBytes) {
        const std::size_t want = std::min(sizeof chunk, maxBytes + 1 - bytes.size());
        const long n = readSome(chunk, want);
        if (n < 0) {
            result.error = failure(name, std::strerror(errno), FileProblem::ReadFailed, {std::strerror(errno)});
            return result;
        }
        if (n == 0)
            break;
        bytes.append(chunk, static_cast<std::size_t>(n));
    }
    if (bytes.size() > maxBytes) {
        if (limit == ReadLimit::Refuse) {
            result.error = failure(name,
                "larger than the " + english::formatByteSize(maxBytes) + " limit for documents; nothing was read");
            return result;
        }
        bytes.resize(maxBytes);
        result.truncated = true;
    }
    result.bytes = std::move(bytes);
    return result;
}

// The process's umask without changing it (umask(2) would, for a moment,
// for every thread).
mode_t currentUmask()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Umask:", 0) == 0)
            return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
    }
    return 022;
}

// What may stand at a path we are about to replace: nothing, or a regular file.
std::optional<FileError> checkReplaceable(const std::string& path, struct stat& st, bool& exists)
{
    exists = false;
    if (::lstat(path.c_str(), &st) != 0) {
        if (errno == ENOENT)
            return std::nullopt;
        return failure(path, std::strerror(errno));
    }
    if (S_ISLNK(st.st_mode)) {
        char target[4096];
        const ssize_t n = ::readlink(path.c_str(), target, sizeof target - 1);
        const std::string to = n > 0 ? std::string(target, static_cast<std::size_t>(n)) : std::string("?");
        return failure(path,
            "is a symbolic link to " + to
                + "; Policy Studio does not write through links: give the target's path. Nothing was written");
    }
    if (!S_ISREG(st.st_mode))
        return failure(path,
            "is " + kindOf(st.st_mode).first
                + ", not a regular file; Policy Studio replaces only regular files. "
                  "Nothing was written");
    exists = true;
    return std::nullopt;
}

std::string directoryOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

bool writeAll(int fd, std::string_view bytes)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = ENOSPC;
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

bool writeAll(int fd, std::span<const std::string> pieces)
{
    for (const std::string& piece : pieces) {
        if (!writeAll(fd, piece))
            return false;
    }
    return true;
}

// Gives an open file we created to `owner`. Only root may give a file away;
// anyone else keeps it (it is theirs, as any file they create).
std::optional<FileError> giveTo(int fd, const std::string& path, const std::optional<FileOwner>& owner)
{
    if (!owner || (owner->uid == ::geteuid() && owner->gid == ::getegid()))
        return std::nullopt;
    if (::fchown(fd, owner->uid, owner->gid) == 0 || (::geteuid() != 0 && errno == EPERM))
        return std::nullopt;
    return describeWriteError(path, errno);
}

// Writes `bytes` to a new file beside `path` with `like`'s owner, group and
// mode (or `newMode`), then renames it over `path`.
std::optional<FileError> replaceFile(const std::string& path, std::span<const std::string> pieces,
    const struct stat* like, mode_t newMode, const std::optional<FileOwner>& newOwner = {})
{
    const std::string dir = directoryOf(path);
    const std::string base = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
    std::string temp = dir + "/." + base + ".tmp-XXXXXX";
    Fd fd(::mkostemp(temp.data(), O_CLOEXEC));  // created 0600: never wider than the target
    if (fd.get() < 0)
        return describeWriteError(path, errno);
    auto abandon = [&](FileError error) {
        fd.reset();
        ::unlink(temp.c_str());
        return error;
    };
    // Owner and mode first, so the bytes are never readable by more people
    // than the original allowed.
    if (like) {
        if (like->st_uid != ::geteuid() || like->st_gid != ::getegid()) {
            if (::fchown(fd.get(), like->st_uid, like->st_gid) != 0) {
                if (like->st_uid != ::geteuid())
                    return abandon(FileError {path + ": belongs to another user (uid " + std::to_string(like->st_uid)
                        + ") and replacing it would make it yours; nothing was written"});
                // Only the group differs and we may not keep it: the file
                // stays ours, as an editor saving in place would leave it.
                (void)::fchown(fd.get(), static_cast<uid_t>(-1), like->st_gid);
            }
        }
        if (::fchmod(fd.get(), like->st_mode & 07777) != 0)
            return abandon(describeWriteError(path, errno));
    } else if (::fchmod(fd.get(), newMode & 07777) != 0) {
        return abandon(describeWriteError(path, errno));
    } else if (auto refused = giveTo(fd.get(), path, newOwner)) {
        return abandon(*refused);
    }
    if (!writeAll(fd.get(), pieces) || ::fsync(fd.get()) != 0)
        return abandon(describeWriteError(path, errno));
    if (const int error = fd.reset(); error != 0) {
        ::unlink(temp.c_str());
        return describeWriteError(path, error);
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        return describeWriteError(path, error);
    }
    // The rename itself must survive a crash too.
    Fd dirFd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dirFd.get() >= 0)
        (void)::fsync(dirFd.get());
    return std::nullopt;
}

}  // namespace

FileError describeWriteError(const std::string& path, int error)
{
    switch (error) {
    case ENOSPC:
        return {path + ": no space left on the device that holds it; nothing was written", FileProblem::NoSpace, path};
    case EDQUOT:
        return {path + ": the disk quota is exhausted; nothing was written", FileProblem::QuotaExhausted, path};
    case EACCES:
    case EPERM: return {path + ": permission denied; nothing was written", FileProblem::PermissionDenied, path};
    case EROFS:
        return {path + ": the file system is read-only; nothing was written", FileProblem::ReadOnlyFileSystem, path};
    default:
        return {path + ": " + std::strerror(error) + "; nothing was written", FileProblem::WriteFailed, path,
            {std::strerror(error)}};
    }
}

// Opens `path` for reading and tells what it is. O_NONBLOCK: opening a FIFO
// or a device must not wait for a writer; the caller decides what it reads.
std::optional<FileError> openForReading(const std::string& path, Fd& fd, struct stat& st)
{
    fd.adopt(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0)
        return errno == ENOENT ? failure(path, "no such file", FileProblem::NotFound)
                               : failure(path, std::strerror(errno), FileProblem::ReadFailed, {std::strerror(errno)});
    if (::fstat(fd.get(), &st) != 0)
        return failure(path, std::strerror(errno), FileProblem::ReadFailed, {std::strerror(errno)});
    return std::nullopt;
}

ReadResult readFile(const std::string& path, std::size_t maxBytes, ReadLimit limit)
{
    ReadResult result;
    Fd fd;
    struct stat st {
    };
    if ((result.error = openForReading(path, fd, st)))
        return result;
    if (!S_ISREG(st.st_mode)) {
        const auto [kind, code] = kindOf(st.st_mode);
        result.error = failure(path, "is " + kind + ", not a regular file; documents are read only from regular files",
            FileProblem::NotRegular, {code});
        return result;
    }
    if (limit == ReadLimit::Refuse && static_cast<std::size_t>(st.st_size) > maxBytes) {
        result.error = failure(path,
            "the file is " + english::formatByteSize(static_cast<std::size_t>(st.st_size))
                + "; documents are limited to " + english::formatByteSize(maxBytes),
            FileProblem::TooLarge, {std::to_string(st.st_size), std::to_string(maxBytes)});
        return result;
    }
    return readBounded(
        path, maxBytes, limit, static_cast<std::size_t>(st.st_size), [&](char* data, std::size_t size) -> long {
            for (;;) {
                const ssize_t n = ::read(fd.get(), data, size);
                if (n < 0 && errno == EINTR)
                    continue;
                return static_cast<long>(n);
            }
        });
}

ReadResult readFirstLine(const std::string& path, std::size_t maxBytes)
{
    ReadResult result;
    Fd fd;
    struct stat st {
    };
    if ((result.error = openForReading(path, fd, st)))
        return result;
    if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
        result.error
            = failure(path, "is " + kindOf(st.st_mode).first + "; this is read only from a regular file or a pipe");
        return result;
    }
    if (S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) > maxBytes) {
        result.error = failure(path,
            "the file is " + english::formatByteSize(static_cast<std::size_t>(st.st_size)) + "; it is limited to "
                + english::formatByteSize(maxBytes));
        return result;
    }
    // A pipe (`<(pass show kandev)`) is read as it is written: wait for its writer.
    if (S_ISFIFO(st.st_mode) && ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK) != 0) {
        result.error = failure(path, std::strerror(errno));
        return result;
    }
    std::string bytes;
    char chunk[4096];
    while (bytes.find('\n') == std::string::npos && bytes.size() <= maxBytes) {
        const ssize_t n = ::read(fd.get(), chunk, std::min(sizeof chunk, maxBytes + 1 - bytes.size()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            result.error = failure(path, std::strerror(errno));
            return result;
        }
        if (n == 0)
            break;
        bytes.append(chunk, static_cast<std::size_t>(n));
    }
    const std::size_t end = bytes.find('\n');
    if (end == std::string::npos && bytes.size() > maxBytes) {
        result.error = failure(
            path, "its first line is longer than " + english::formatByteSize(maxBytes) + "; nothing was read");
        return result;
    }
    bytes.resize(std::min(end, bytes.size()));
    if (!bytes.empty() && bytes.back() == '\r')
        bytes.pop_back();
    result.bytes = std::move(bytes);
    return result;
}

ReadResult readStream(std::istream& in, const std::string& name, std::size_t maxBytes, ReadLimit limit)
{
    return readBounded(name, maxBytes, limit, 0, [&](char* data, std::size_t size) -> long {
        in.read(data, static_cast<std::streamsize>(size));
        if (in.bad()) {
            errno = EIO;
            return -1;
        }
        return static_cast<long>(in.gcount());
    });
}

std::optional<FileError> writeFileAtomically(
    const std::string& path, const std::string& bytes, const WriteOptions& options)
{
    return writeFileAtomically(path, std::span<const std::string>(&bytes, 1), options);
}

std::optional<FileError> writeFileAtomically(
    const std::string& path, std::span<const std::string> pieces, const WriteOptions& options)
{
    struct stat st {
    };
    bool exists = false;
    if (auto refused = checkReplaceable(path, st, exists))
        return refused;
    if (!options.backupPath.empty() && exists) {
        struct stat backupSt {
        };
        bool backupExists = false;
        if (auto refused = checkReplaceable(options.backupPath, backupSt, backupExists))
            return refused;
        const ReadResult old = readFile(path, static_cast<std::size_t>(st.st_size) + 1);
        if (old.error)
            return FileError {old.error->message + "; the backup could not be made, nothing was written"};
        if (auto error = replaceFile(options.backupPath, std::span<const std::string>(&*old.bytes, 1), &st, 0))
            return FileError {error->message + " (the backup); " + path + " was not changed"};
    }
    const mode_t newMode = options.newFileMode.value_or(0666 & ~currentUmask());
    return replaceFile(path, pieces, exists ? &st : nullptr, newMode, options.newFileOwner);
}

std::optional<FileOwner> ownerOf(const std::string& path)
{
    struct stat st {
    };
    if (::stat(path.c_str(), &st) != 0)
        return std::nullopt;
    return FileOwner {st.st_uid, st.st_gid};
}

std::optional<FileError> createEmptyPrivateFile(const std::string& path, mode_t mode, std::optional<FileOwner> owner)
{
    Fd fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode & 07777));
    if (fd.get() < 0)
        return describeWriteError(path, errno);
    // open() applies the umask, which only narrows; fchmod makes it exact.
    if (::fchmod(fd.get(), mode & 07777) != 0) {
        const int error = errno;
        fd.reset();
        ::unlink(path.c_str());
        return describeWriteError(path, error);
    }
    if (auto refused = giveTo(fd.get(), path, owner)) {
        fd.reset();
        ::unlink(path.c_str());
        return refused;
    }
    return std::nullopt;
}

}  // namespace store
