// SPDX-License-Identifier: Apache-2.0
#pragma once
// Documents as files: bounded reads of regular files only, and atomic writes
// that never replace what is not ours. POSIX underneath (Debian is the
// platform), so that owner, mode and the kind of file are under our control.
//
// Rules (the README's "What Policy Studio guarantees" repeats them):
// - reading: anything that is not a regular file (a FIFO, a device, a
//   socket, a directory) is refused before a byte is read; a symlink to a
//   regular file is read; at most maxBytes + 1 bytes are ever read, whatever
//   the file claims its size is;
// - writing: a target that exists and is not a regular file is refused, and
//   so is a symlink (we never write through one: the message names its
//   target); the new content goes to a temporary file in the same directory
//   that gets the original's owner, group and mode before any byte is
//   written, is flushed to disk, then renamed over the target. A partial
//   temporary file is removed on every failure.

#include <istream>
#include <optional>
#include <span>
#include <string>
#include <vector>
#include <sys/types.h>

namespace store
{

// What went wrong, for a UI that says it in its own language (describe() in
// store/file_text.h); Other when only the English message says it.
enum class FileProblem {
    Other,
    NotFound,
    ReadFailed,  // args: the system's reason
    NotRegular,  // args: what it is ("directory", "fifo", "character device", "block device", "socket", "symlink",
                 // "other")
    TooLarge,  // args: its size and the limit, in bytes
    NoSpace,
    QuotaExhausted,
    PermissionDenied,
    ReadOnlyFileSystem,
    WriteFailed,  // args: the system's reason
};

struct FileError {
    std::string message;  // names the file and the reason, in English
    FileProblem problem = FileProblem::Other;
    std::string path = {};
    std::vector<std::string> args = {};
};

struct ReadResult {
    std::optional<std::string> bytes;
    std::optional<FileError> error;
    bool truncated = false;  // only with ReadLimit::KeepPrefix
};

enum class ReadLimit {
    Refuse,  // more than maxBytes is an error
    KeepPrefix  // keep the first maxBytes and say it was cut
};

ReadResult readFile(const std::string& path, std::size_t maxBytes, ReadLimit limit = ReadLimit::Refuse);
// The first line of a regular file or a pipe (a FIFO, `<(pass show kandev)`),
// without its line end: at most maxBytes + 1 bytes are read, and a first line
// longer than maxBytes is an error. Devices, sockets and directories are refused.
ReadResult readFirstLine(const std::string& path, std::size_t maxBytes);
// The same bound for a stream (standard input); `name` names it in errors.
ReadResult readStream(
    std::istream& in, const std::string& name, std::size_t maxBytes, ReadLimit limit = ReadLimit::Refuse);

// Who a new file belongs to; nullopt: whoever creates it.
struct FileOwner {
    uid_t uid;
    gid_t gid;
};

struct WriteOptions {
    // When set and the target exists, its old content is copied there first
    // (same owner, group and mode), and nothing is written if that fails.
    std::string backupPath;
    // The mode of a file that did not exist before (default: 0666 less the
    // umask). Backups of secrets pass 0600.
    std::optional<mode_t> newFileMode;
    // The owner of a file that did not exist before, given before any byte is
    // written (root writing a backup of another user's database gives it to them).
    std::optional<FileOwner> newFileOwner;
};

// Writes atomically: the target holds either its old content or all of
// `bytes`, never a mix.
std::optional<FileError> writeFileAtomically(
    const std::string& path, const std::string& bytes, const WriteOptions& options = {});
// The same for content in pieces, written in order (a large document is
// never joined into one string).
std::optional<FileError> writeFileAtomically(
    const std::string& path, std::span<const std::string> pieces, const WriteOptions& options = {});

// Creates an empty file that did not exist, with `mode` (not widened by the
// umask afterwards) and `owner`, for a writer that fills it itself (SQLite's
// VACUUM INTO).
std::optional<FileError> createEmptyPrivateFile(
    const std::string& path, mode_t mode, std::optional<FileOwner> owner = {});

// The owner of what is at `path` (following links), nullopt when it cannot be seen.
std::optional<FileOwner> ownerOf(const std::string& path);

// "no space left on the device holding PATH" and the like, for errno.
FileError describeWriteError(const std::string& path, int error);

}  // namespace store
