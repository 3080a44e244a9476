// SPDX-License-Identifier: Apache-2.0
#include "model/editor_document.h"

#include "policy/text.h"
#include "model/policy_text.h"

#include "review/document_diff.h"

#include "check/document_check.h"
#include "migration/migration.h"
#include "store/document_source.h"
#include "store/file_store.h"
#include "store/file_text.h"

#include "policy/text.h"

#include "routes/live_routes.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace model
{

namespace
{

bool isPositionIssue(const policy::Issue& i)
{
    return i.code == policy::IssueCode::PositionMismatch;
}

// The items whose path lies in candidate `row`: "candidates[row]" or below it.
template <typename Item> std::vector<Item> inCandidate(const std::vector<Item>& items, int row)
{
    const std::string prefix = "candidates[" + std::to_string(row) + "]";
    std::vector<Item> out;
    for (const auto& item : items) {
        if (item.path.compare(0, prefix.size(), prefix) == 0
            && (item.path.size() == prefix.size() || item.path[prefix.size()] == '.'))
            out.push_back(item);
    }
    return out;
}

// Renumbers positions in route order, as every save writes them.
void renumber(format::DynamicRecord& dynamic)
{
    for (std::size_t i = 0; i < dynamic.candidates.size(); ++i)
        dynamic.candidates[i].position = std::int64_t(i);
}

// A file as Save writes it: positions renumbered in route order, and the
// dynamic profiles' names trimmed as kandev trims them.
format::Document forSaving(format::Document document)
{
    for (auto& p : document.profiles) {
        if (!p.dynamic)
            continue;
        renumber(*p.dynamic);
        if (document.shape != format::FileShape::DynamicDocument)
            p.name = std::string(policy::trimSpace(p.name));
    }
    return document;
}

// What `policyctl validate` says about exactly these bytes: its first error,
// if any. Checked just before writing, so that no sequence of edits, undos and
// migrations can ever leave a file (or a row) that validate rejects.
std::optional<format::Diagnostic> rejection(const std::string& bytes)
{
    check::DocumentCheck check = check::checkDocument(bytes);
    if (check.valid())
        return std::nullopt;
    if (!check.errors.empty())
        return check.errors.front();
    return format::Diagnostic {{}, "the text written cannot be read back as a document"};
}

QString describe(const format::Diagnostic& d)
{
    return d.path.empty() ? PolicyText::diagnostic(d)
                          : QString::fromStdString(d.path) + QStringLiteral(": ") + PolicyText::diagnostic(d);
}

}  // namespace

EditorDocument::EditorDocument(format::Document document, QString filePath, QByteArray diskBytes, QObject* parent)
    : EditorDocument(
        document, std::make_unique<store::FileSource>(document, std::move(filePath), std::move(diskBytes)), parent)
{
}

EditorDocument::EditorDocument(
    format::Document document, std::unique_ptr<store::DocumentSource> source, QObject* parent)
    : QObject(parent)
    , m_document(std::move(document))
    , m_source(std::move(source))
    , m_profiles(std::make_unique<check::ProfileIndex>(m_document))
{
    const auto dynamic = dynamicProfiles();
    m_current = dynamic.empty() ? -1 : dynamic.front();
    recomputeIssues();
}

EditorDocument::~EditorDocument() = default;

review::DocumentDiff EditorDocument::pendingChanges() const
{
    return review::diffDocuments(m_source->asRead(), m_document);
}

const format::Document& EditorDocument::documentAsRead() const
{
    return m_source->asRead();
}

const store::FileSource* EditorDocument::fileSource() const
{
    return dynamic_cast<const store::FileSource*>(m_source.get());
}

QString EditorDocument::filePath() const
{
    const store::FileSource* file = fileSource();
    return file ? file->path() : QString();
}

QByteArray EditorDocument::diskBytes() const
{
    const store::FileSource* file = fileSource();
    return file ? file->bytes() : QByteArray();
}

bool EditorDocument::isDatabase() const
{
    return m_source->isDatabase();
}

QString EditorDocument::displayName() const
{
    if (isDatabase())
        return m_source->databaseName();
    const QString path = filePath();
    return path.isEmpty() ? tr("Untitled") : QFileInfo(path).fileName();
}

std::optional<std::int64_t> EditorDocument::versionRead(const std::string& profileId) const
{
    return m_source->versionRead(profileId);
}

std::optional<routes::LiveRoutesRead> EditorDocument::readLiveRoutes(const std::string& profileId, QString* error) const
{
    return m_source->readLiveRoutes(profileId, error);
}

void EditorDocument::setReadOnly(bool readOnly, const QString& reason)
{
    const bool before = isReadOnly();
    m_readOnlyReason = readOnly ? reason : QString();
    m_readOnly = readOnly;
    if (isReadOnly() != before)
        emit readOnlyChanged(isReadOnly());
}

bool EditorDocument::isProfileReadOnly(int profileIndex) const
{
    return m_readOnly || profileLock(profileIndex).has_value();
}

std::optional<store::ProfileLockReason> EditorDocument::profileLock(int profileIndex) const
{
    if (profileIndex < 0 || std::size_t(profileIndex) >= m_document.profiles.size())
        return std::nullopt;
    return m_source->profileLock(m_document.profiles[std::size_t(profileIndex)].id);
}

QString EditorDocument::readOnlyReason() const
{
    if (m_readOnly)
        return m_readOnlyReason;
    return readOnlyReasonOf(m_current);
}

QString EditorDocument::readOnlyReasonOf(int profileIndex) const
{
    const auto lock = profileLock(profileIndex);
    return lock ? describeLock(*lock) : QString();
}

QString EditorDocument::describeLock(const store::ProfileLockReason& reason)
{
    switch (reason.lock) {
    case store::ProfileLock::UnreadableRow: return tr("a row of this profile holds a value that cannot be read");
    case store::ProfileLock::NewerPolicyVersion:
        return tr("a route of this profile has a policy version newer than this build; saving could lose what it "
                  "means");
    case store::ProfileLock::NotMigratable:
        return tr("its legacy rules cannot be migrated (%1); settle them in kandev and open the database again")
            .arg(reason.problem ? PolicyText::legacyProblem(*reason.problem) : QString::fromStdString(reason.detail));
    }
    return {};
}

std::vector<int> EditorDocument::dynamicProfiles() const
{
    std::vector<int> out;
    for (std::size_t i = 0; i < m_document.profiles.size(); ++i) {
        if (m_document.profiles[i].dynamic && !m_document.profiles[i].deleted)
            out.push_back(int(i));
    }
    return out;
}

bool EditorDocument::hasProfileSettings(int profileIndex) const
{
    return profileIndex >= 0 && profileIndex < int(m_document.profiles.size())
        && m_document.shape != format::FileShape::DynamicDocument;
}

void EditorDocument::setCurrentProfile(int profileIndex)
{
    if (profileIndex == m_current || profileIndex < 0 || profileIndex >= int(m_document.profiles.size())
        || !m_document.profiles[std::size_t(profileIndex)].dynamic
        || m_document.profiles[std::size_t(profileIndex)].deleted)
        return;
    const bool wasReadOnly = isReadOnly();
    beginStructuralChange();
    emit aboutToResetCandidates();
    m_current = profileIndex;
    recomputeIssues();
    emit candidatesReset();
    endStructuralChange();
    emit currentProfileChanged(profileIndex);
    if (isReadOnly() != wasReadOnly)
        emit readOnlyChanged(isReadOnly());
}

QString EditorDocument::profileTitle(int profileIndex) const
{
    const auto& p = m_document.profiles[std::size_t(profileIndex)];
    if (!p.name.empty())
        return QString::fromStdString(p.name);
    if (!p.id.empty())
        return QString::fromStdString(p.id);
    return displayName();
}

const format::DynamicRecord* EditorDocument::currentDynamic() const
{
    if (m_current < 0)
        return nullptr;
    const auto& p = m_document.profiles[std::size_t(m_current)];
    return p.dynamic ? &*p.dynamic : nullptr;
}

format::DynamicRecord& EditorDocument::dynamicOf(int profileIndex)
{
    return *m_document.profiles[std::size_t(profileIndex)].dynamic;
}

int EditorDocument::candidateCount() const
{
    const auto* d = currentDynamic();
    return d ? int(d->candidates.size()) : 0;
}

const policy::Candidate& EditorDocument::candidate(int row) const
{
    return currentDynamic()->candidates[std::size_t(row)];
}

const format::ProfileRecord* EditorDocument::catalogueEntry(const std::string& id) const
{
    return m_profiles->find(id);
}

QString EditorDocument::candidateName(int row) const
{
    const std::string& id = candidate(row).executionProfileId;
    const auto* entry = catalogueEntry(id);
    if (entry && !entry->name.empty())
        return QString::fromStdString(entry->name);
    return QString::fromStdString(id);
}

std::unordered_map<std::string, std::string> EditorDocument::agentProfileNames() const
{
    std::unordered_map<std::string, std::string> names;
    for (const auto& p : m_document.profiles) {
        if (!p.id.empty())
            names.emplace(p.id, p.name);  // the first record of an id wins, as in catalogueEntry
    }
    return names;
}

CandidateRules EditorDocument::candidateRules(int row) const
{
    return candidateCheck(row).rules;
}

const check::CandidateCheck& EditorDocument::candidateCheck(int row) const
{
    static const check::CandidateCheck none;
    return row >= 0 && std::size_t(row) < m_candidateChecks.size() ? m_candidateChecks[std::size_t(row)] : none;
}

std::vector<ConcreteProfile> EditorDocument::concreteProfiles() const
{
    std::set<std::string_view> inRoute;
    if (const auto* d = currentDynamic()) {
        for (const auto& c : d->candidates)
            inRoute.insert(policy::trimSpace(c.executionProfileId));
    }
    std::vector<ConcreteProfile> out;
    for (const auto& p : m_document.profiles) {
        const std::string_view id = policy::trimSpace(p.id);
        if (p.dynamic || id.empty() || m_profiles->find(id) != &p)
            continue;  // a dynamic profile is no candidate; a repeated id is listed once
        ConcreteProfile entry {QString::fromUtf8(id.data(), qsizetype(id.size())),
            QString::fromStdString(p.name.empty() ? std::string(id) : p.name),
            m_profiles->rulesOf(std::size_t(std::max(m_current, 0)), id),
            p.agentName ? QString::fromStdString(*p.agentName) : QString()};
        if (inRoute.count(id))
            entry.rules.add(CandidateRule::Duplicate);
        out.push_back(std::move(entry));
    }
    return out;
}

std::vector<ConcreteProfile> EditorDocument::eligibleProfiles() const
{
    std::vector<ConcreteProfile> out;
    for (auto& p : concreteProfiles()) {
        CandidateRules rules = p.rules;
        rules.remove(CandidateRule::Duplicate);
        if (!rules.hasError())
            out.push_back(std::move(p));
    }
    return out;
}

std::vector<policy::Issue> EditorDocument::issuesOfCandidate(int row) const
{
    return inCandidate(m_issues, row);
}

std::vector<format::Diagnostic> EditorDocument::legacyErrorsOfCandidate(int row) const
{
    return inCandidate(m_legacyErrors, row);
}

std::optional<policy::PolicyDocument> EditorDocument::migratedPolicies(int row) const
{
    const policy::Candidate& c = candidate(row);
    if (c.policies || c.rules.empty())
        return std::nullopt;
    return migration::migrateCandidate(c, std::size_t(row), {}).result;
}

std::vector<EditorDocument::RuleBreak> EditorDocument::allRuleErrors() const
{
    std::vector<RuleBreak> out;
    for (const int index : dynamicProfiles()) {
        if (isDatabase() && !m_editedProfiles.count(index))
            continue;  // a database save writes only the profiles edited
        const auto& candidates = m_document.profiles[std::size_t(index)].dynamic->candidates;
        const auto checks = check::checkCandidates(*m_profiles, std::size_t(index));
        const std::string list = format::joinPath(m_document.dynamicPath(std::size_t(index)), "candidates");
        for (std::size_t i = 0; i < checks.size(); ++i) {
            for (const CandidateRule rule : checks[i].rules.list()) {
                if (check::isWarning(rule) || rule == CandidateRule::Duplicate)
                    continue;  // a warning never stops a save; validation reports a duplicate
                const auto* profile = checks[i].profile;
                out.push_back({format::joinPath(format::indexPath(list, i), "execution_profile_id"), rule,
                    QString::fromStdString(candidates[i].executionProfileId).trimmed(),
                    profile && profile->agentName ? QString::fromStdString(*profile->agentName) : QString(),
                    int(checks[i].duplicateOf)});
            }
        }
    }
    return out;
}

std::vector<policy::Issue> EditorDocument::allIssues() const
{
    std::vector<policy::Issue> out;
    for (const int index : dynamicProfiles()) {
        if (isDatabase() && !m_editedProfiles.count(index))
            continue;  // a database save writes only the profiles edited
        if (hasProfileSettings(index)) {
            const auto& profile = m_document.profiles[std::size_t(index)];
            if (auto issue = policy::validateProfileName(profile.name, m_document.profilePath(std::size_t(index))))
                out.push_back(std::move(*issue));
        }
        const auto& d = *m_document.profiles[std::size_t(index)].dynamic;
        for (auto& i : policy::validateCandidates(d.candidates, m_document.dynamicPath(std::size_t(index)))) {
            if (!isPositionIssue(i))
                out.push_back(std::move(i));
        }
    }
    return out;
}

void EditorDocument::recomputeIssues()
{
    m_issues.clear();
    m_legacyErrors.clear();
    m_candidateChecks.clear();
    // The profile's own name first: paths relative to the profile ("name").
    if (hasProfileSettings(m_current)) {
        if (auto issue = policy::validateProfileName(m_document.profiles[std::size_t(m_current)].name))
            m_issues.push_back(std::move(*issue));
    }
    if (const auto* d = currentDynamic()) {
        m_candidateChecks = check::checkCandidates(*m_profiles, std::size_t(m_current));
        for (auto& i : policy::validateCandidates(d->candidates)) {
            if (!isPositionIssue(i))
                m_issues.push_back(std::move(i));
        }
        // Legacy candidates carry no policies to validate; what stands in the way
        // of migrating them is their problem.
        for (std::size_t row = 0; row < d->candidates.size(); ++row) {
            const auto& c = d->candidates[row];
            if (!c.isLegacy())
                continue;
            auto migrated = migration::migrateCandidate(c, row, "candidates[" + std::to_string(row) + "]");
            for (auto& e : migrated.errors)
                m_legacyErrors.push_back(std::move(e));
        }
    }
    recomputeHouseRuleViolations();
}

namespace
{
// The editor lists kandev's own rules as issues and candidate checks already.
bool isHouseKind(rules::RuleKind kind)
{
    return kind != rules::RuleKind::KandevValid && kind != rules::RuleKind::KandevEligible;
}
}  // namespace

void EditorDocument::recomputeHouseRuleViolations()
{
    m_houseViolations.clear();
    if (!m_houseRules || !currentDynamic())
        return;
    const std::string dynamicPath = m_document.dynamicPath(std::size_t(m_current));
    const rules::Linter linter(m_document, *m_profiles, *m_houseRules);
    for (rules::Violation& v : linter.lintProfile(std::size_t(m_current))) {
        if (!isHouseKind(v.kind))
            continue;
        // Relative to the profile, as issues() are: the route itself is "".
        if (!dynamicPath.empty()) {
            const bool inside = v.path.size() > dynamicPath.size()
                && v.path.compare(0, dynamicPath.size(), dynamicPath) == 0 && v.path[dynamicPath.size()] == '.';
            if (inside)
                v.path.erase(0, dynamicPath.size() + 1);
            else
                v.path.clear();
        }
        m_houseViolations.push_back(std::move(v));
    }
}

void EditorDocument::setHouseRules(std::shared_ptr<const rules::RuleSet> rules)
{
    m_houseRules = std::move(rules);
    recomputeHouseRuleViolations();
    emit issuesChanged();
}

std::vector<rules::Violation> EditorDocument::blockingHouseRuleViolations() const
{
    std::vector<rules::Violation> out;
    if (!m_houseRules || !m_houseRules->blocking)
        return out;
    const rules::Linter linter(m_document, *m_profiles, *m_houseRules);
    for (const int index : dynamicProfiles()) {
        // A database save writes the edited profiles only; a file is written whole.
        if (isDatabase() && !m_editedProfiles.count(index))
            continue;
        for (rules::Violation& v : linter.lintProfile(std::size_t(index))) {
            if (isHouseKind(v.kind) && v.counts(rules::Severity::Error))
                out.push_back(std::move(v));
        }
    }
    return out;
}

void EditorDocument::beginStructuralChange()
{
    Q_ASSERT(!m_inStructuralChange);
    m_inStructuralChange = true;
}

void EditorDocument::endStructuralChange()
{
    m_inStructuralChange = false;
    // Only now: listeners of issuesChanged ask views for data, which must not
    // happen while a model is between its begin... and end... calls.
    emit issuesChanged();
}

void EditorDocument::revalidate()
{
    Q_ASSERT(!m_inStructuralChange);
    recomputeIssues();
    emit issuesChanged();
}

void EditorDocument::showProfile(int profileIndex)
{
    setCurrentProfile(profileIndex);
    m_editedProfiles.insert(profileIndex);
}

void EditorDocument::setPolicies(int profileIndex, int row, const policy::PolicyDocument& policies)
{
    showProfile(profileIndex);
    auto& c = dynamicOf(profileIndex).candidates[std::size_t(row)];
    c.policies = policies;
    c.rules.clear();
    revalidate();
    emit candidateChanged(row);
}

void EditorDocument::setCandidate(int profileIndex, int row, const policy::Candidate& candidate)
{
    showProfile(profileIndex);
    dynamicOf(profileIndex).candidates[std::size_t(row)] = candidate;
    revalidate();
    emit candidateChanged(row);
}

void EditorDocument::setEnabled(int profileIndex, int row, bool enabled)
{
    showProfile(profileIndex);
    dynamicOf(profileIndex).candidates[std::size_t(row)].enabled = enabled;
    emit candidateChanged(row);
}

void EditorDocument::moveCandidate(int profileIndex, int from, int to)
{
    showProfile(profileIndex);
    auto& d = dynamicOf(profileIndex);
    if (from == to || from < 0 || to < 0 || from >= int(d.candidates.size()) || to >= int(d.candidates.size()))
        return;
    beginStructuralChange();
    emit aboutToMoveCandidate(from, to);
    auto moveOne = [&](auto& list) {
        auto item = std::move(list[std::size_t(from)]);
        list.erase(list.begin() + from);
        list.insert(list.begin() + to, std::move(item));
    };
    moveOne(d.candidates);
    moveOne(d.candidateSources);
    for (std::size_t i = 0; i < d.candidates.size(); ++i)
        d.candidates[i].position = std::int64_t(i);
    recomputeIssues();
    emit candidateMoved(from, to);
    endStructuralChange();
}

void EditorDocument::insertCandidate(
    int profileIndex, int row, const policy::Candidate& candidate, const std::string& source)
{
    showProfile(profileIndex);
    auto& d = dynamicOf(profileIndex);
    beginStructuralChange();
    emit aboutToInsertCandidate(row);
    d.candidates.insert(d.candidates.begin() + row, candidate);
    d.candidateSources.insert(d.candidateSources.begin() + row, source);
    for (std::size_t i = 0; i < d.candidates.size(); ++i)
        d.candidates[i].position = std::int64_t(i);
    recomputeIssues();
    emit candidateInserted(row);
    endStructuralChange();
}

void EditorDocument::removeCandidate(int profileIndex, int row)
{
    showProfile(profileIndex);
    auto& d = dynamicOf(profileIndex);
    beginStructuralChange();
    emit aboutToRemoveCandidate(row);
    d.candidates.erase(d.candidates.begin() + row);
    d.candidateSources.erase(d.candidateSources.begin() + row);
    for (std::size_t i = 0; i < d.candidates.size(); ++i)
        d.candidates[i].position = std::int64_t(i);
    recomputeIssues();
    emit candidateRemoved(row);
    endStructuralChange();
}

void EditorDocument::setProfileName(int profileIndex, const std::string& name)
{
    showProfile(profileIndex);
    m_document.profiles[std::size_t(profileIndex)].name = name;
    revalidate();
    emit profileChanged(profileIndex);
}

void EditorDocument::setProfileEnabled(int profileIndex, bool enabled)
{
    showProfile(profileIndex);
    m_document.profiles[std::size_t(profileIndex)].enabled = enabled;
    emit profileChanged(profileIndex);
}

int EditorDocument::appendProfile(const format::ProfileRecord& profile)
{
    m_document.profiles.push_back(profile);
    const int index = int(m_document.profiles.size()) - 1;
    emit profilesChanged();
    showProfile(index);
    return index;
}

void EditorDocument::removeLastProfile()
{
    const int index = int(m_document.profiles.size()) - 1;
    leaveProfile(index);
    m_document.profiles.pop_back();
    m_editedProfiles.erase(index);
    emit profilesChanged();
}

void EditorDocument::setProfileDeleted(int profileIndex, bool deleted)
{
    m_editedProfiles.insert(profileIndex);
    if (deleted)
        leaveProfile(profileIndex);
    m_document.profiles[std::size_t(profileIndex)].deleted = deleted;
    emit profilesChanged();
    if (!deleted)
        setCurrentProfile(profileIndex);
}

void EditorDocument::leaveProfile(int profileIndex)
{
    if (profileIndex != m_current)
        return;
    int next = -1;
    for (const int index : dynamicProfiles()) {
        if (index != profileIndex) {
            next = index;
            break;
        }
    }
    if (next >= 0) {
        setCurrentProfile(next);
        return;
    }
    // None left: the views show an empty route.
    const bool wasReadOnly = isReadOnly();
    beginStructuralChange();
    emit aboutToResetCandidates();
    m_current = -1;
    recomputeIssues();
    emit candidatesReset();
    endStructuralChange();
    emit currentProfileChanged(-1);
    if (isReadOnly() != wasReadOnly)
        emit readOnlyChanged(isReadOnly());
}

void EditorDocument::replaceDocument(const format::Document& document)
{
    for (const int index : dynamicProfiles())
        m_editedProfiles.insert(index);
    beginStructuralChange();
    emit aboutToResetCandidates();
    m_document = document;
    m_profiles = std::make_unique<check::ProfileIndex>(m_document);
    recomputeIssues();
    emit candidatesReset();
    endStructuralChange();
    emit currentProfileChanged(m_current);
}

std::optional<QString> EditorDocument::saveRefusal(std::string* fileBytes) const
{
    if (m_readOnly)
        return tr("%1 is open read-only: %2").arg(displayName(), m_readOnlyReason);
    const auto issues = allIssues();
    const auto ruleErrors = allRuleErrors();
    if (!issues.empty() || !ruleErrors.empty()) {
        QString error = tr(
            "The document has %n problem(s); fix them before saving.", nullptr, int(issues.size() + ruleErrors.size()));
        if (!issues.empty()) {
            error += QLatin1Char('\n') + QString::fromStdString(issues.front().path) + QStringLiteral(": ")
                + PolicyText::issueMessage(issues.front());
        } else {
            const RuleBreak& first = ruleErrors.front();
            error += QLatin1Char('\n') + QString::fromStdString(first.path) + QStringLiteral(": ")
                + PolicyText::candidateRule(first.rule, first.id, first.agent, first.duplicateOf);
        }
        return error;
    }
    if (const auto broken = blockingHouseRuleViolations(); !broken.empty()) {
        const rules::Violation& first = broken.front();
        return tr("The house rules forbid saving while %n of them are broken (the rules file says they block).",
                   nullptr, int(broken.size()))
            + QLatin1Char('\n') + QString::fromStdString(first.profileId) + QStringLiteral(": ")
            + PolicyText::houseRuleViolation(first);
    }
    if (!isDatabase()) {
        std::string bytes = format::serializeDocument(forSaving(m_document));
        if (const auto problem = rejection(bytes))
            return tr("The document as it would be written does not pass validation, so it is not written:\n%1")
                .arg(describe(*problem));
        if (fileBytes)
            *fileBytes = std::move(bytes);
        return std::nullopt;
    }
    // Every profile is checked before the first is written: a refusal must
    // not leave the save half done. Each is checked as the dynamic document
    // its row will hold, with the function validate uses.
    for (const int index : m_editedProfiles) {
        const auto& profile = m_document.profiles[std::size_t(index)];
        if (!profile.dynamic)
            continue;
        if (isProfileReadOnly(index))  // the editor lets no edit in; should one get there, it is refused
            return tr("Profile %1 is read-only: %2").arg(QString::fromStdString(profile.id), readOnlyReasonOf(index));
        format::Document alone;
        alone.shape = format::FileShape::DynamicDocument;
        alone.profiles.push_back(format::ProfileRecord {});
        alone.profiles.back().dynamic = *profile.dynamic;
        renumber(*alone.profiles.back().dynamic);
        if (const auto problem = rejection(format::serializeDocument(alone)))
            return tr("Profile %1 as it would be written does not pass validation, so nothing is written:\n%2")
                .arg(profileTitle(index), describe(*problem));
    }
    return std::nullopt;
}

EditorDocument::SaveResult EditorDocument::saveAs(const QString& path)
{
    if (isDatabase())
        return saveToDatabase();  // which asks saveRefusal itself
    std::string bytes;
    if (const auto why = saveRefusal(&bytes))
        return {false, *why, false};
    format::Document toWrite = forSaving(m_document);
    auto* file = static_cast<store::FileSource*>(m_source.get());
    const store::SourceWrite written = file->write(path, bytes, toWrite);
    if (!written.ok)
        return {false, written.error, false};
    m_document = std::move(toWrite);
    // The index and the candidate checks point into the document just replaced.
    m_profiles = std::make_unique<check::ProfileIndex>(m_document);
    recomputeIssues();
    m_undo.setClean();
    emit saved(path);
    return {true, {}, false};
}

EditorDocument::SaveResult EditorDocument::saveToDatabase()
{
    if (const auto why = saveRefusal())
        return {false, *why, false};
    std::set<std::string> edited;
    for (const int index : m_editedProfiles)
        edited.insert(m_document.profiles[std::size_t(index)].id);
    // Every edited profile in one transaction: all of them, or none.
    auto* database = static_cast<store::KandevSource*>(m_source.get());
    const store::SourceWrite written = database->write(m_document, edited);
    if (!written.ok)
        return {false, tr("Nothing was saved: %1").arg(written.error), written.conflict};
    for (const int index : m_editedProfiles) {
        auto& profile = m_document.profiles[std::size_t(index)];
        profile.dynamic->version = m_source->versionRead(profile.id);
        renumber(*profile.dynamic);
        profile.name = std::string(policy::trimSpace(profile.name));  // as kandev stores it
    }
    m_editedProfiles.clear();
    m_undo.setClean();
    emit saved(displayName());
    return {true, {}, false};
}

bool EditorDocument::changedOnDisk() const
{
    const store::FileSource* file = fileSource();
    return file && file->changedOnDisk();
}

LoadResult loadDocumentFile(const QString& path)
{
    LoadResult result;
    const store::ReadResult read = store::readFile(path.toStdString(), format::kMaxDocumentBytes);
    if (read.error) {
        result.error = store::FileText::describe(*read.error);
        return result;
    }
    result.bytes = QByteArray::fromStdString(*read.bytes);
    check::DocumentCheck check = check::checkDocument(*read.bytes, false);
    result.diagnostics = check.errors;
    result.legacy = check.legacy;
    result.newerPolicyVersion = check.readOnly;
    if (!check.document) {
        const auto& e = check.errors.front();
        result.error = QStringLiteral("%1:%2:%3: %4%5")
                           .arg(path)
                           .arg(e.line)
                           .arg(e.column)
                           .arg(e.path.empty() ? QString() : QString::fromStdString(e.path) + QStringLiteral(": "),
                               PolicyText::diagnostic(e));
        return result;
    }
    const auto& profiles = check.document->profiles;
    if (std::none_of(profiles.begin(), profiles.end(), [](const auto& p) { return p.isDynamic(); })) {
        result.error
            = QCoreApplication::translate("model::EditorDocument", "%1 holds no dynamic profile to edit.").arg(path);
        return result;
    }
    result.document = std::move(check.document);
    return result;
}

}  // namespace model
