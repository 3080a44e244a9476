// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every user edit is one of these commands on an EditorDocument. Commands
// change the document, never widgets; undo re-selects the profile they touched.

#include "model/editor_document.h"

#include <QUndoCommand>

namespace model
{

enum CommandId {
    kSetPoliciesId = 1,
    kSetProfileNameId,
};

// Replaces one candidate's policies. Commands with the same merge key that
// follow each other (dragging a spin box) merge into one undo step.
class SetPoliciesCommand final : public QUndoCommand
{
public:
    SetPoliciesCommand(EditorDocument* doc, int row, const policy::PolicyDocument& after, const QString& text,
        QString mergeKey = {}, QUndoCommand* parent = nullptr);
    void undo() override;
    void redo() override;
    int id() const override
    {
        return m_mergeKey.isEmpty() ? -1 : kSetPoliciesId;
    }
    bool mergeWith(const QUndoCommand* other) override;

private:
    EditorDocument* m_doc;
    int m_profile;
    int m_row;
    policy::Candidate m_before;
    policy::PolicyDocument m_after;
    QString m_mergeKey;
};

class SetEnabledCommand final : public QUndoCommand
{
public:
    SetEnabledCommand(EditorDocument* doc, int row, bool enabled);
    void undo() override;
    void redo() override;

private:
    EditorDocument* m_doc;
    int m_profile;
    int m_row;
    bool m_enabled;
};

class MoveCandidateCommand final : public QUndoCommand
{
public:
    MoveCandidateCommand(EditorDocument* doc, int from, int to);
    void undo() override;
    void redo() override;

private:
    EditorDocument* m_doc;
    int m_profile;
    int m_from;
    int m_to;
};

class InsertCandidateCommand final : public QUndoCommand
{
public:
    InsertCandidateCommand(EditorDocument* doc, int row, policy::Candidate candidate, const QString& name);
    void undo() override;
    void redo() override;

private:
    EditorDocument* m_doc;
    int m_profile;
    int m_row;
    policy::Candidate m_candidate;
};

class RemoveCandidateCommand final : public QUndoCommand
{
public:
    RemoveCandidateCommand(EditorDocument* doc, int row);
    void undo() override;
    void redo() override;

private:
    EditorDocument* m_doc;
    int m_profile;
    int m_row;
    policy::Candidate m_candidate;
    std::string m_source;
};

// The whole document at once: accepting a migration.
class ReplaceDocumentCommand final : public QUndoCommand
{
public:
    ReplaceDocumentCommand(EditorDocument* doc, format::Document after, const QString& text);
    void undo() override;
    void redo() override;

private:
    EditorDocument* m_doc;
    format::Document m_before;
    format::Document m_after;
};

// Renames the current profile. Typing merges into one undo step per profile.
class SetProfileNameCommand final : public QUndoCommand
{
public:
    SetProfileNameCommand(EditorDocument* doc, std::string name);
    void undo() override;
    void redo() override;
    int id() const override
    {
        return kSetProfileNameId;
    }
    bool mergeWith(const QUndoCommand* other) override;

private:
    EditorDocument* m_doc;
    int m_profile;
    std::string m_before;
    std::string m_after;
};

// Switches the current profile itself on or off (agent_profiles.enabled).
class SetProfileEnabledCommand final : public QUndoCommand
{
public:
    SetProfileEnabledCommand(EditorDocument* doc, bool enabled);
    void undo() override;
    void redo() override;

private:
    EditorDocument* m_doc;
    int m_profile;
    bool m_enabled;
};

// A new dynamic profile in the open document (a kandev database): no
// candidate yet and no name, which validation asks for.
class AddProfileCommand final : public QUndoCommand
{
public:
    AddProfileCommand(EditorDocument* doc, format::ProfileRecord profile);
    void undo() override;
    void redo() override;

private:
    EditorDocument* m_doc;
    int m_before;  // the profile shown before
    format::ProfileRecord m_profile;
    int m_index = -1;  // where it stands while it is in the document
};

// kandev's soft delete of the current profile, written by the next save.
class DeleteProfileCommand final : public QUndoCommand
{
public:
    explicit DeleteProfileCommand(EditorDocument* doc);
    void undo() override;
    void redo() override;

private:
    EditorDocument* m_doc;
    int m_profile;
};

// A new dynamic profile record: a fresh id (a UUID, as kandev gives one), no
// name yet, enabled, no candidate.
format::ProfileRecord newDynamicProfile();

// A new candidate: "immediate skip" for both classes (SPEC section 3).
policy::Candidate newCandidate(const std::string& executionProfileId);

}  // namespace model
