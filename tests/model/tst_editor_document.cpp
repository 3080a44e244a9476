// SPDX-License-Identifier: Apache-2.0
// EditorDocument: switching profiles, saving (renumbered, refused when invalid,
// a candidate kandev refuses included, or read-only; to a file and to a
// database), changes on disk, and load errors that name file, line and column.
#include "model/candidate_list_model.h"
#include "model/commands.h"
#include "model/editor_document.h"

#include "store/document_source.h"
#include "store/kandev_database.h"

#include "document_helpers.h"
#include "../common/kandev_fixture.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using modeltest::ids;
using modeltest::open;

using namespace model;

class TestEditorDocument final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void profileSwitching();
    void saveRenumbersAndRoundTrips();
    void saveRefusesInvalidAndReadOnly();
    void saveRefusesACandidateKandevRefuses();
    void aDatabaseSaveRefusesACandidateKandevRefuses();
    void detectsChangesOnDisk();
    void loadErrorsNameFileLineAndColumn();
};

void TestEditorDocument::profileSwitching()
{
    auto doc = open(testpaths::sample("export.json"));
    CandidateListModel m;
    m.setDocument(doc.get());
    QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
    QSignalSpy changed(doc.get(), &EditorDocument::currentProfileChanged);
    QCOMPARE(doc->currentProfile(), 5);
    doc->setCurrentProfile(6);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().first().toInt(), 6);
    doc->setCurrentProfile(0);  // a concrete profile: ignored
    QCOMPARE(doc->currentProfile(), 6);
    QCOMPARE(reset.count(), 1);
}

void TestEditorDocument::saveRenumbersAndRoundTrips()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("export.json"));
    QVERIFY(QFile::copy(testpaths::sample("export.json"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    auto doc = open(path);
    doc->undoStack()->push(new MoveCandidateCommand(doc.get(), 3, 0));
    QSignalSpy saved(doc.get(), &EditorDocument::saved);
    const auto result = doc->saveAs(path);
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(saved.count(), 1);
    QVERIFY(!doc->isModified());
    QVERIFY(!doc->changedOnDisk());
    auto reopened = open(path);
    QCOMPARE(ids(*reopened), (QStringList {"gemini-pro", "claude-sonnet", "codex-gpt5", "claude-haiku-fallback"}));
    for (int i = 0; i < reopened->candidateCount(); ++i)
        QCOMPARE(reopened->candidate(i).position, i);
    QCOMPARE(reopened->document().profiles[0].source, doc->document().profiles[0].source);
}

void TestEditorDocument::saveRefusesInvalidAndReadOnly()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.json"));
    QVERIFY(QFile::copy(testpaths::sample("profile-v1.json"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const std::string before = testpaths::readAll(path);
    auto doc = open(path);
    policy::PolicyDocument p = *doc->candidate(0).policies;
    p.transient.retry.maxRetries = 0;
    doc->undoStack()->push(new SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("edit")));
    const auto refused = doc->saveAs(path);
    QVERIFY(!refused.ok);
    QVERIFY2(refused.error.contains(QStringLiteral("candidates[0].policies.transient.retry.max_retries")),
        qPrintable(refused.error));
    // Spoken by PolicyText from the issue's code, not the core's English sentence.
    QVERIFY2(
        refused.error.endsWith(QStringLiteral(": Must be between 1 and 10 (found 0).")), qPrintable(refused.error));
    QCOMPARE(testpaths::readAll(path), before);
    doc->undoStack()->undo();
    doc->setReadOnly(true, QStringLiteral("legacy rules were not migrated"));
    const auto readOnly = doc->saveAs(path);
    QVERIFY(!readOnly.ok);
    QVERIFY(readOnly.error.contains(QStringLiteral("read-only")));

    // A target that cannot be written keeps the edit in the editor.
    doc->setReadOnly(false);
    doc->undoStack()->push(new SetEnabledCommand(doc.get(), 0, false));
    const auto unwritable = doc->saveAs(dir.filePath(QStringLiteral("missing/dir/p.json")));
    QVERIFY(!unwritable.ok);
    QVERIFY(doc->isModified());
    QVERIFY(!doc->candidate(0).enabled);
}

void TestEditorDocument::saveRefusesACandidateKandevRefuses()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rules.json"));
    QVERIFY(QFile::copy(testpaths::fixture(QStringLiteral("eligibility/every-rule.json")), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const std::string before = testpaths::readAll(path);
    auto doc = open(path);  // it opens: nothing is dropped
    doc->setCurrentProfile(9);  // dyn-rules
    QCOMPARE(doc->candidateCount(), 11);
    doc->undoStack()->push(new SetEnabledCommand(doc.get(), 0, false));
    // Every broken rule is a problem (9 in dyn-rules); the unknown agent only a warning.
    const auto refused = doc->saveAs(path);
    QVERIFY(!refused.ok);
    QVERIFY2(refused.error.startsWith(QStringLiteral("The document has 9 problems")), qPrintable(refused.error));
    QVERIFY2(refused.error.endsWith(QStringLiteral("profiles[9].dynamic.candidates[2].execution_profile_id: Agent "
                                                   "profile haiku-auto has automatic fallback; kandev refuses such "
                                                   "profiles as candidates.")),
        qPrintable(refused.error));
    QCOMPARE(testpaths::readAll(path), before);
    // The refused candidates removed, the warned one left: it saves.
    for (const int row : {10, 9, 8, 7, 5, 4, 3, 2})
        doc->undoStack()->push(new RemoveCandidateCommand(doc.get(), row));
    QCOMPARE(ids(*doc), (QStringList {"claude-sonnet", "codex-gpt5", "custom-agent"}));
    QVERIFY(doc->candidateRules(2).has(CandidateRule::NotLaunchable));
    const auto saved = doc->saveAs(path);
    QVERIFY2(saved.ok, qPrintable(saved.error));
    auto reopened = open(path);
    reopened->setCurrentProfile(9);
    QCOMPARE(ids(*reopened), (QStringList {"claude-sonnet", "codex-gpt5", "custom-agent"}));
    // agent_name, workspace_id and role are kept as the file had them.
    QVERIFY(testpaths::readAll(path).find(R"("workspace_id": "ws-1")") != std::string::npos);
}

void TestEditorDocument::aDatabaseSaveRefusesACandidateKandevRefuses()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    fx.dynamic("dyn-rules", 2);
    fx.route("dyn-rules", 0, "claude-sonnet", kPolicies);
    fx.route("dyn-rules", 1, "haiku-fallback", kPolicies);  // auto_fallback = 1
    QString error;
    std::shared_ptr<store::KandevDatabase> db = store::KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    EditorDocument doc(loaded->document, std::make_unique<store::KandevSource>(db, *loaded));
    auto show = [&](const std::string& id) {
        for (const int index : doc.dynamicProfiles()) {
            if (doc.document().profiles[std::size_t(index)].id == id)
                doc.setCurrentProfile(index);
        }
        return doc.document().profiles[std::size_t(doc.currentProfile())].id == id;
    };
    // A save writes only the profiles edited: one that breaks a rule, untouched, stops nobody.
    QVERIFY(show("dyn-current"));
    QVERIFY(doc.candidateRules(0).has(CandidateRule::NotLaunchable));  // the fixture's agent is "claude-code"
    doc.undoStack()->push(new SetEnabledCommand(&doc, 0, false));
    const auto saved = doc.saveToDatabase();
    QVERIFY2(saved.ok, qPrintable(saved.error));
    QCOMPARE(fx.version(QStringLiteral("dyn-current")), 10);
    // Editing it makes it one to write: refused, nothing written.
    QVERIFY(show("dyn-rules"));
    doc.undoStack()->push(new SetEnabledCommand(&doc, 0, false));
    const auto refused = doc.saveToDatabase();
    QVERIFY(!refused.ok);
    QVERIFY2(refused.error.contains(QStringLiteral(".dynamic.candidates[1].execution_profile_id: Agent profile "
                                                   "haiku-fallback has automatic fallback")),
        qPrintable(refused.error));
    QCOMPARE(fx.version(QStringLiteral("dyn-rules")), 2);
}

void TestEditorDocument::detectsChangesOnDisk()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.json"));
    QVERIFY(QFile::copy(testpaths::sample("profile-v1.json"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    auto doc = open(path);
    QVERIFY(!doc->changedOnDisk());
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    f.write("\n");
    f.close();
    QVERIFY(doc->changedOnDisk());
    QFile::remove(path);
    QVERIFY(doc->changedOnDisk());
}

void TestEditorDocument::loadErrorsNameFileLineAndColumn()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\n  \"candidates\": [\n    {\"position\": 0, \"execution_profile_id\": \"a\", \"enabled\": \"yes\"}]}\n");
    f.close();
    const LoadResult r = loadDocumentFile(path);
    QVERIFY(!r.document);
    QCOMPARE(r.error, path + QStringLiteral(":3:61: candidates[0].enabled: expected true or false, found a string"));
    QVERIFY(loadDocumentFile(dir.filePath(QStringLiteral("none.json"))).error.contains(QStringLiteral("no such file")));
}

QTEST_GUILESS_MAIN(TestEditorDocument)
#include "tst_editor_document.moc"
