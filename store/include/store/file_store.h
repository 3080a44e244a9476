#pragma once
// Documents as files: whole-file reads and atomic writes (QSaveFile), with an
// optional backup of the previous content.

#include <optional>
#include <string>

namespace store {

struct FileError {
    std::string message;  // names the file and the reason
};

struct ReadResult {
    std::optional<std::string> bytes;
    std::optional<FileError> error;
};

// Reads the whole file; refuses files larger than maxBytes without reading them.
ReadResult readFile(const std::string& path, std::size_t maxBytes);

// Writes atomically: the target holds either its old content or all of
// `bytes`, never a mix. When backupPath is given, the old content is copied
// there first (replacing an older backup) and the write is abandoned if that fails.
std::optional<FileError> writeFileAtomically(const std::string& path, const std::string& bytes,
                                             const std::string& backupPath = {});

}  // namespace store
