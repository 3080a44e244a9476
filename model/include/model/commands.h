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

// A new candidate: "immediate skip" for both classes (SPEC section 3).
policy::Candidate newCandidate(const std::string& executionProfileId);

}  // namespace model
