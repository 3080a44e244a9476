// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers for the model tests: open a document as the editor does, name its
// candidates, and put it through every kind of change for a model's
// QAbstractItemModelTester to watch.

#include "model/commands.h"
#include "model/editor_document.h"

#include <QStringList>
#include <QtTest>

#include <memory>

namespace modeltest
{

inline std::unique_ptr<model::EditorDocument> open(const QString& path)
{
    model::LoadResult r = model::loadDocumentFile(path);
    if (!r.document)
        qFatal("cannot open %s: %s", qPrintable(path), qPrintable(r.error));
    return std::make_unique<model::EditorDocument>(std::move(*r.document), path, r.bytes);
}

inline QStringList ids(const model::EditorDocument& doc)
{
    QStringList out;
    for (int i = 0; i < doc.candidateCount(); ++i)
        out << QString::fromStdString(doc.candidate(i).executionProfileId);
    return out;
}

// The candidates of export.json's current profile moved, added to, removed
// from and edited: afterwards its validation finds the 11 retries and the
// second gemini-pro (kandev refuses duplicates).
inline void editEveryWay(model::EditorDocument* doc)
{
    using namespace model;
    auto* undo = doc->undoStack();
    undo->push(new MoveCandidateCommand(doc, 0, 3));
    undo->push(new MoveCandidateCommand(doc, 2, 0));
    undo->push(new InsertCandidateCommand(doc, 1, newCandidate("gemini-pro"), QStringLiteral("Gemini")));
    undo->push(new RemoveCandidateCommand(doc, 4));
    auto p = *doc->candidate(0).policies;
    p.hard.retry = {true, 11, 5};
    undo->push(new SetPoliciesCommand(doc, 0, p, QStringLiteral("edit")));
}

// Then a candidate disabled, the other profile of export.json shown, and
// everything undone and redone.
inline void disableSwitchUndoAndRedo(model::EditorDocument* doc)
{
    using namespace model;
    auto* undo = doc->undoStack();
    undo->push(new SetEnabledCommand(doc, 1, false));
    doc->setCurrentProfile(6);
    while (undo->canUndo())
        undo->undo();
    while (undo->canRedo())
        undo->redo();
}

}  // namespace modeltest
