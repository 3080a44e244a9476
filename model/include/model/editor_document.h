// SPDX-License-Identifier: Apache-2.0
#pragma once
// One open document in the editor: the loaded file as core values, the
// profile being edited, its undo stack and its save state. Widgets never
// change it directly; every edit is a QUndoCommand (model/commands.h) that
// calls the mutators below, which emit the signals models and views follow.

#include "format/codec.h"
#include "format/diagnostic.h"
#include "format/document.h"
#include "review/document_diff.h"
#include "check/eligibility.h"
#include "rules/lint.h"

#include "policy/types.h"
#include "policy/validation.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QUndoStack>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

namespace routes
{
struct LiveRoutesRead;
}
namespace store
{
class DocumentSource;
class FileSource;
struct ProfileLockReason;
}  // namespace store

namespace model
{

using CandidateRule = check::CandidateRule;
using CandidateRules = check::CandidateRules;

// An agent profile a candidate could name, with the rules it would break as
// a new candidate of the current profile (none: eligible; only
// NotLaunchable: eligible with a warning).
struct ConcreteProfile {
    QString id;
    QString name;
    CandidateRules rules = {};
    QString agent = {};  // its agent (agents.name), "" when the catalogue does not say
};

class EditorDocument final : public QObject
{
    Q_OBJECT
public:
    // A file's document (filePath empty: untitled), or one whose source is given.
    EditorDocument(format::Document document, QString filePath, QByteArray diskBytes, QObject* parent = nullptr);
    EditorDocument(format::Document document, std::unique_ptr<store::DocumentSource> source, QObject* parent = nullptr);
    ~EditorDocument() override;

    // --- what is open
    const format::Document& document() const
    {
        return m_document;
    }
    // What a save would change, against the document as read (or last saved):
    // File > Review Changes shows it, policyctl diff prints the same.
    review::DocumentDiff pendingChanges() const;
    // The document as read or last saved (its source keeps it): what the
    // Timeline and Review Changes compare the edited route with.
    const format::Document& documentAsRead() const;
    QString filePath() const;  // empty for an untitled document and a database
    QString displayName() const;  // file name, database name, or "Untitled"
    QUndoStack* undoStack()
    {
        return &m_undo;
    }
    bool isModified() const
    {
        return !m_undo.isClean();
    }
    // Whether the current profile can be edited: not when the whole document
    // is read-only, nor when that profile is (readOnlyChanged says when this
    // changes, also on switching profiles).
    bool isReadOnly() const
    {
        return isProfileReadOnly(m_current);
    }
    QString readOnlyReason() const;
    // Whether anything can be saved at all.
    bool isDocumentReadOnly() const
    {
        return m_readOnly;
    }
    void setReadOnly(bool readOnly, const QString& reason = {});
    // Whether a profile can be edited: not when the whole document is
    // read-only, nor when its source never writes it (a database row it
    // cannot read, a newer policy version, rules it cannot migrate); the
    // others stay editable and savable.
    bool isProfileReadOnly(int profileIndex) const;
    // True between the about-to and done signals of an insert, remove, move or reset.
    bool isChangingStructure() const
    {
        return m_inStructuralChange;
    }

    // --- dynamic profiles (indices into document().profiles)
    std::vector<int> dynamicProfiles() const;
    int currentProfile() const
    {
        return m_current;
    }
    void setCurrentProfile(int profileIndex);
    QString profileTitle(int profileIndex) const;
    // Whether a profile has its own name and enabled flag: an agent profile,
    // an export's or a database's; not a bare dynamic document, which has neither.
    bool hasProfileSettings(int profileIndex) const;
    // File > New Dynamic Profile and Delete Dynamic Profile act on the open
    // document, not a new file, in a kandev database (created, or soft-deleted, by the next save).
    bool holdsManyProfiles() const
    {
        return isDatabase();
    }

    // --- the current profile's candidates
    int candidateCount() const;
    const policy::Candidate& candidate(int row) const;
    QString candidateName(int row) const;  // catalogue name, else the id
    // Agent profile id -> name, for every agent profile the document names: built once, so
    // that naming the candidates of a review costs one lookup each, not a scan of the document.
    std::unordered_map<std::string, std::string> agentProfileNames() const;
    // kandev's candidate rules (check/eligibility.h) the candidate breaks,
    // judged from the document's catalogue of profiles.
    CandidateRules candidateRules(int row) const;
    // The same with the duplicate's first candidate and the profile named.
    const check::CandidateCheck& candidateCheck(int row) const;
    // Every profile of the catalogue that is not dynamic, in document order,
    // each with the rules it would break as a new candidate of the current
    // profile (Duplicate when the route names it already).
    std::vector<ConcreteProfile> concreteProfiles() const;
    // Those a candidate may name: no rule broken but the NotLaunchable
    // warning, the route aside (one already in it is listed too).
    std::vector<ConcreteProfile> eligibleProfiles() const;
    // Issues of the current profile (paths from "candidates[...]"), positions excluded:
    // the editor shows route order and renumbers positions on save.
    const std::vector<policy::Issue>& issues() const
    {
        return m_issues;
    }
    std::vector<policy::Issue> issuesOfCandidate(int row) const;
    // Why legacy candidates of the current profile cannot be migrated (paths
    // from "candidates[...]"); a legacy candidate has no policies to validate.
    const std::vector<format::Diagnostic>& legacyErrors() const
    {
        return m_legacyErrors;
    }
    std::vector<format::Diagnostic> legacyErrorsOfCandidate(int row) const;
    // What a legacy candidate of the current profile becomes when migrated;
    // none when it has no legacy rules or they cannot be migrated.
    std::optional<policy::PolicyDocument> migratedPolicies(int row) const;
    // Every profile's issues, with full paths; saving is refused while any
    // exist (in a database: in any profile that saving writes).
    std::vector<policy::Issue> allIssues() const;
    // A candidate that breaks one of kandev's candidate rules, anywhere in
    // the document (full path, as validate prints it).
    struct RuleBreak {
        std::string path;  // <dynamic path>.candidates[i].execution_profile_id
        CandidateRule rule;
        QString id;  // the candidate's execution_profile_id
        QString agent;  // the named profile's agent, where known
        int duplicateOf = 0;
    };
    // The broken rules that are errors (saving is refused while any exist,
    // as allIssues), leaving out duplicates, which allIssues reports.
    std::vector<RuleBreak> allRuleErrors() const;

    // --- house rules (model::HouseRules finds and reads them; null: none in force)
    void setHouseRules(std::shared_ptr<const rules::RuleSet> rules);
    const rules::RuleSet* houseRules() const
    {
        return m_houseRules.get();
    }
    // The current profile's violations of the house rules, excepted ones
    // included (they are shown, never counted); paths relative to the profile
    // as issues() has them ("candidates[1].policies.hard.retry.max_retries",
    // "" for the route as a whole). kandev's own rules are left out: issues()
    // and the candidate checks list them already.
    const std::vector<rules::Violation>& houseRuleViolations() const
    {
        return m_houseViolations;
    }
    // The violations that stop a save: none unless the rules file is
    // "blocking", then every error that is not excepted, in the profiles a
    // save writes (full paths).
    std::vector<rules::Violation> blockingHouseRuleViolations() const;

    // --- mutators, for undo commands only
    void setPolicies(int profileIndex, int row, const policy::PolicyDocument& policies);
    void setCandidate(int profileIndex, int row, const policy::Candidate& candidate);
    void setEnabled(int profileIndex, int row, bool enabled);
    void moveCandidate(int profileIndex, int from, int to);
    void insertCandidate(int profileIndex, int row, const policy::Candidate& candidate, const std::string& source);
    void removeCandidate(int profileIndex, int row);
    void replaceDocument(const format::Document& document);
    // The profile's own settings; a name is kept as typed, and trimmed as kandev trims it when written.
    void setProfileName(int profileIndex, const std::string& name);
    void setProfileEnabled(int profileIndex, bool enabled);
    // Appends a dynamic profile and shows it; returns its index. Only the last may be taken back.
    int appendProfile(const format::ProfileRecord& profile);
    void removeLastProfile();
    // kandev's soft delete: the profile leaves the list, and a save sets its deleted_at.
    void setProfileDeleted(int profileIndex, bool deleted);

    // --- a kandev database instead of a file
    // Saving then writes every edited profile, all in one transaction, with
    // kandev's version check.
    bool isDatabase() const;
    // The version kandev's row had when it was read or last saved; none for a file or a profile not in the database.
    std::optional<std::int64_t> versionRead(const std::string& profileId) const;
    // The routes kandev runs now for the profile (the Live Routes dock), read
    // from the database; nullopt when they could not be read (with the error)
    // or this is no database.
    std::optional<routes::LiveRoutesRead> readLiveRoutes(const std::string& profileId, QString* error) const;

    // --- saving
    struct SaveResult {
        bool ok = false;
        QString error;
        bool conflict = false;  // a database profile changed since it was read
    };
    // Why a save would write nothing now (read-only, a problem listed, or
    // what it would write failing `policyctl validate`), or none. Save asks
    // exactly this, so a review can say what Save will do. With `fileBytes`,
    // a file's serialized bytes when it may be saved.
    std::optional<QString> saveRefusal(std::string* fileBytes = nullptr) const;
    SaveResult saveAs(const QString& path);  // a database ignores path
    SaveResult saveToDatabase();
    // True when the file on disk no longer holds what was loaded or saved last.
    bool changedOnDisk() const;
    QByteArray diskBytes() const;

signals:
    void currentProfileChanged(int profileIndex);
    void aboutToResetCandidates();
    void candidatesReset();
    void candidateChanged(int row);
    void aboutToInsertCandidate(int row);
    void candidateInserted(int row);
    void aboutToRemoveCandidate(int row);
    void candidateRemoved(int row);
    void aboutToMoveCandidate(int from, int to);
    void candidateMoved(int from, int to);
    void issuesChanged();
    void readOnlyChanged(bool readOnly);
    void saved(const QString& path);
    // A profile's name or enabled flag changed.
    void profileChanged(int profileIndex);
    // Profiles were added, taken back, deleted or restored (dynamicProfiles() changed).
    void profilesChanged();

private:
    const store::FileSource* fileSource() const;  // null for a database
    std::optional<store::ProfileLockReason> profileLock(int profileIndex) const;
    QString readOnlyReasonOf(int profileIndex) const;
    static QString describeLock(const store::ProfileLockReason& reason);
    format::DynamicRecord& dynamicOf(int profileIndex);
    const format::DynamicRecord* currentDynamic() const;
    void showProfile(int profileIndex);  // switches the view to the profile an edit touches
    void revalidate();
    void recomputeIssues();  // silent: callers emit issuesChanged when views may ask
    void recomputeHouseRuleViolations();  // part of recomputeIssues
    // Brackets a change that models report with begin.../end... pairs; issuesChanged
    // is emitted at its end, never in between.
    void beginStructuralChange();
    void endStructuralChange();
    const format::ProfileRecord* catalogueEntry(const std::string& id) const;
    // Shows another profile when the current one leaves the list (or none when none is left).
    void leaveProfile(int profileIndex);

    format::Document m_document;
    std::unique_ptr<store::DocumentSource> m_source;  // as read, versions, locks, the way back
    QUndoStack m_undo;
    int m_current = -1;
    bool m_readOnly = false;
    QString m_readOnlyReason;
    std::vector<policy::Issue> m_issues;
    std::vector<format::Diagnostic> m_legacyErrors;
    std::unique_ptr<check::ProfileIndex> m_profiles;  // of m_document, rebuilt when it is replaced
    std::vector<check::CandidateCheck> m_candidateChecks;  // the current profile's, parallel to its candidates
    std::shared_ptr<const rules::RuleSet> m_houseRules;
    std::vector<rules::Violation> m_houseViolations;  // the current profile's, relative paths
    bool m_inStructuralChange = false;
    std::set<int> m_editedProfiles;  // database: profiles to write on save
};

// Reads and checks a file. On failure `error` says why (file, line, column).
struct LoadResult {
    std::optional<format::Document> document;
    QByteArray bytes;
    QString error;
    bool legacy = false;
    bool newerPolicyVersion = false;
    std::vector<format::Diagnostic> diagnostics;  // everything the check found
};
LoadResult loadDocumentFile(const QString& path);

}  // namespace model
