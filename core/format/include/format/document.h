// SPDX-License-Identifier: Apache-2.0
#pragma once
// A loaded document as plain C++ values. No JSON type appears here: each
// record keeps the original JSON text of its object (`source`) so that unknown
// fields and key order survive a save, without any JSON travelling upward.

#include "policy/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace format
{

// The three file shapes of SPEC section 1; an export comes in two spellings.
enum class FileShape { DynamicDocument, AgentProfile, ExportArray, ExportObject };

struct DynamicRecord {
    std::optional<std::int64_t> version;  // the backend's optimistic-concurrency counter
    std::vector<policy::Candidate> candidates;
    // Original JSON text of each candidate object, parallel to `candidates`;
    // "" for a candidate created in the editor.
    std::vector<std::string> candidateSources;
    std::string source;  // original JSON text of the document object
    friend bool operator==(const DynamicRecord&, const DynamicRecord&) = default;
};

struct ProfileRecord {
    std::string id;
    std::string name;
    std::string kind;
    bool enabled = true;
    bool autoFallback = false;
    bool deleted = false;  // deleted_at is set
    std::string deletedAt;  // deleted_at as written ("" when not deleted)
    // What kandev's candidate rules need (check/eligibility.h). Each is
    // nullopt when the catalogue does not say (a file without the field, an
    // older export): the rules that need it are then not judged.
    std::optional<std::string> agentName;  // agents.name, the agent family ("claude-acp"); "" when agentMissing
    bool agentMissing = false;  // the profile's agent row is missing (agent_name: null)
    std::optional<std::string> workspaceId;  // an Office profile's workspace; "" for none
    std::optional<std::string> role;  // an Office profile's role; "" for none
    std::optional<DynamicRecord> dynamic;
    std::string source;  // original JSON text of the profile object ("" for a bare document)

    bool isDynamic() const
    {
        return dynamic.has_value();
    }
    friend bool operator==(const ProfileRecord&, const ProfileRecord&) = default;
};

struct Document {
    FileShape shape = FileShape::DynamicDocument;
    // A bare document is one profile with only `dynamic` set; an agent profile
    // file is one profile; an export is every profile it lists.
    std::vector<ProfileRecord> profiles;
    std::string source;  // ExportObject: original JSON text of the root object
    // False when read without the records' sources (RecordSources::Drop):
    // writing it would lose every unknown field, so the writer refuses.
    bool writable = true;

    // Field path of profile i's dynamic document, as used in diagnostics:
    // "" (bare), "dynamic", "[3].dynamic" or "profiles[3].dynamic".
    std::string dynamicPath(std::size_t profileIndex) const;
    // Field path of profile i itself: "" (bare document or agent profile
    // file), "[3]" or "profiles[3]".
    std::string profilePath(std::size_t profileIndex) const;
    // True when any candidate holds legacy rules.
    bool hasLegacyRules() const;
};

}  // namespace format
