// SPDX-License-Identifier: Apache-2.0
#include "model/commands.h"

#include <QCoreApplication>
#include <QUuid>

namespace model
{

SetPoliciesCommand::SetPoliciesCommand(EditorDocument* doc, int row, const policy::PolicyDocument& after,
    const QString& text, QString mergeKey, QUndoCommand* parent)
    : QUndoCommand(text, parent)
    , m_doc(doc)
    , m_profile(doc->currentProfile())
    , m_row(row)
    , m_before(doc->candidate(row))
    , m_after(after)
    , m_mergeKey(std::move(mergeKey))
{
}

void SetPoliciesCommand::redo()
{
    m_doc->setPolicies(m_profile, m_row, m_after);
}

void SetPoliciesCommand::undo()
{
    m_doc->setCandidate(m_profile, m_row, m_before);
}

bool SetPoliciesCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const SetPoliciesCommand*>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_profile != m_profile || o->m_row != m_row || o->m_doc != m_doc)
        return false;
    m_after = o->m_after;
    setText(o->text());  // the value the merged edits ended with
    return true;
}

SetEnabledCommand::SetEnabledCommand(EditorDocument* doc, int row, bool enabled)
    : m_doc(doc)
    , m_profile(doc->currentProfile())
    , m_row(row)
    , m_enabled(enabled)
{
    setText(enabled ? QCoreApplication::translate("model::Commands", "Enable %1").arg(doc->candidateName(row))
                    : QCoreApplication::translate("model::Commands", "Disable %1").arg(doc->candidateName(row)));
}

void SetEnabledCommand::redo()
{
    m_doc->setEnabled(m_profile, m_row, m_enabled);
}

void SetEnabledCommand::undo()
{
    m_doc->setEnabled(m_profile, m_row, !m_enabled);
}

MoveCandidateCommand::MoveCandidateCommand(EditorDocument* doc, int from, int to)
    : m_doc(doc)
    , m_profile(doc->currentProfile())
    , m_from(from)
    , m_to(to)
{
    // Where to, as the route list numbers it: a drag may move a candidate several places.
    setText(to < from ? QCoreApplication::translate("model::Commands", "Move %1 up to position %2")
                            .arg(doc->candidateName(from))
                            .arg(to)
                      : QCoreApplication::translate("model::Commands", "Move %1 down to position %2")
                            .arg(doc->candidateName(from))
                            .arg(to));
}

void MoveCandidateCommand::redo()
{
    m_doc->moveCandidate(m_profile, m_from, m_to);
}

void MoveCandidateCommand::undo()
{
    m_doc->moveCandidate(m_profile, m_to, m_from);
}

InsertCandidateCommand::InsertCandidateCommand(
    EditorDocument* doc, int row, policy::Candidate candidate, const QString& name)
    : m_doc(doc)
    , m_profile(doc->currentProfile())
    , m_row(row)
    , m_candidate(std::move(candidate))
{
    setText(QCoreApplication::translate("model::Commands", "Add %1").arg(name));
}

void InsertCandidateCommand::redo()
{
    m_doc->insertCandidate(m_profile, m_row, m_candidate, {});
}

void InsertCandidateCommand::undo()
{
    m_doc->removeCandidate(m_profile, m_row);
}

RemoveCandidateCommand::RemoveCandidateCommand(EditorDocument* doc, int row)
    : m_doc(doc)
    , m_profile(doc->currentProfile())
    , m_row(row)
    , m_candidate(doc->candidate(row))
    , m_source(doc->document().profiles[std::size_t(m_profile)].dynamic->candidateSources[std::size_t(row)])
{
    setText(QCoreApplication::translate("model::Commands", "Remove %1").arg(doc->candidateName(row)));
}

void RemoveCandidateCommand::redo()
{
    m_doc->removeCandidate(m_profile, m_row);
}

void RemoveCandidateCommand::undo()
{
    m_doc->insertCandidate(m_profile, m_row, m_candidate, m_source);
}

ReplaceDocumentCommand::ReplaceDocumentCommand(EditorDocument* doc, format::Document after, const QString& text)
    : QUndoCommand(text)
    , m_doc(doc)
    , m_before(doc->document())
    , m_after(std::move(after))
{
}

void ReplaceDocumentCommand::redo()
{
    m_doc->replaceDocument(m_after);
}

void ReplaceDocumentCommand::undo()
{
    m_doc->replaceDocument(m_before);
}

SetProfileNameCommand::SetProfileNameCommand(EditorDocument* doc, std::string name)
    : m_doc(doc)
    , m_profile(doc->currentProfile())
    , m_before(doc->document().profiles[std::size_t(m_profile)].name)
    , m_after(std::move(name))
{
    setText(QCoreApplication::translate("model::Commands", "Rename the profile to \"%1\"")
                .arg(QString::fromStdString(m_after)));
}

void SetProfileNameCommand::redo()
{
    m_doc->setProfileName(m_profile, m_after);
}

void SetProfileNameCommand::undo()
{
    m_doc->setProfileName(m_profile, m_before);
}

bool SetProfileNameCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const SetProfileNameCommand*>(other);
    if (next->m_doc != m_doc || next->m_profile != m_profile)
        return false;
    m_after = next->m_after;
    setText(next->text());
    return true;
}

SetProfileEnabledCommand::SetProfileEnabledCommand(EditorDocument* doc, bool enabled)
    : m_doc(doc)
    , m_profile(doc->currentProfile())
    , m_enabled(enabled)
{
    const QString name = doc->profileTitle(m_profile);
    setText(enabled ? QCoreApplication::translate("model::Commands", "Enable the profile %1").arg(name)
                    : QCoreApplication::translate("model::Commands", "Disable the profile %1").arg(name));
}

void SetProfileEnabledCommand::redo()
{
    m_doc->setProfileEnabled(m_profile, m_enabled);
}

void SetProfileEnabledCommand::undo()
{
    m_doc->setProfileEnabled(m_profile, !m_enabled);
}

AddProfileCommand::AddProfileCommand(EditorDocument* doc, format::ProfileRecord profile)
    : QUndoCommand(QCoreApplication::translate("model::Commands", "New dynamic profile"))
    , m_doc(doc)
    , m_before(doc->currentProfile())
    , m_profile(std::move(profile))
{
}

void AddProfileCommand::redo()
{
    if (m_index >= 0) {  // undone after a save had created it: brought back from its deletion
        m_doc->setProfileDeleted(m_index, false);
        return;
    }
    m_index = m_doc->appendProfile(m_profile);
}

void AddProfileCommand::undo()
{
    // Saved since, the profile is in the database: taking it back deletes it
    // there (the review says so), as kandev deletes one.
    if (m_doc->versionRead(m_profile.id)) {
        m_doc->setProfileDeleted(m_index, true);
    } else {
        m_doc->removeLastProfile();
        m_index = -1;
    }
    m_doc->setCurrentProfile(m_before);
}

DeleteProfileCommand::DeleteProfileCommand(EditorDocument* doc)
    : QUndoCommand(QCoreApplication::translate("model::Commands", "Delete the profile %1")
                       .arg(doc->profileTitle(doc->currentProfile())))
    , m_doc(doc)
    , m_profile(doc->currentProfile())
{
}

void DeleteProfileCommand::redo()
{
    m_doc->setProfileDeleted(m_profile, true);
}

void DeleteProfileCommand::undo()
{
    m_doc->setProfileDeleted(m_profile, false);
}

format::ProfileRecord newDynamicProfile()
{
    format::ProfileRecord p;
    p.id = QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
    p.kind = "dynamic";
    p.enabled = true;
    p.dynamic = format::DynamicRecord {};
    return p;
}

policy::Candidate newCandidate(const std::string& executionProfileId)
{
    policy::Candidate c;
    c.executionProfileId = executionProfileId;
    c.enabled = true;
    c.policies = policy::PolicyDocument {};
    return c;
}

}  // namespace model
