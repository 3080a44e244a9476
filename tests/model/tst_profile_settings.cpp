// SPDX-License-Identifier: Apache-2.0
// A dynamic profile's own settings in the model: its name (required as kandev
// requires it, trimmed when written) and its enabled flag, each an undoable
// edit; the profile list's word for a disabled profile; and profiles added
// and deleted, with the list's model checked by QAbstractItemModelTester.
#include "document_helpers.h"
#include "../common/test_paths.h"

#include "model/commands.h"
#include "model/editor_document.h"
#include "model/profile_list_model.h"

#include "format/codec.h"
#include "format/validator.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QtTest>

using model::EditorDocument;

namespace
{

constexpr int kMainRoute = 5;  // export.json: dyn-main, then dyn-nightly at 6

bool hasNameIssue(const std::vector<policy::Issue>& issues, const std::string& path)
{
    return std::any_of(issues.begin(), issues.end(),
        [&](const policy::Issue& i) { return i.code == policy::IssueCode::ProfileNameRequired && i.path == path; });
}

}  // namespace

class TestProfileSettings : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QFile::remove(m_dir.filePath(QStringLiteral("export.json")));
        QVERIFY(QFile::copy(
            testpaths::sample(QStringLiteral("export.json")), m_dir.filePath(QStringLiteral("export.json"))));
        QFile(m_dir.filePath(QStringLiteral("export.json"))).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    }
    void nameEditsMergeAndUndo();
    void nameIsRequired_data();
    void nameIsRequired();
    void savedNamesAreTrimmedAndEnabledIsWritten();
    void aBareDocumentHasNoProfileSettings();
    void disabledProfilesSayItAndTheFilterFindsThem();
    void profilesAddedAndDeletedKeepTheListModelSound();
    void newDynamicProfileIsAnUnnamedAgentProfile();

private:
    QTemporaryDir m_dir;
};

void TestProfileSettings::nameEditsMergeAndUndo()
{
    auto doc = modeltest::open(m_dir.filePath(QStringLiteral("export.json")));
    QCOMPARE(doc->currentProfile(), kMainRoute);
    QSignalSpy changed(doc.get(), &EditorDocument::profileChanged);
    auto* undo = doc->undoStack();
    // Typing "Main" letter by letter: one undo step.
    for (const char* text : {"M", "Ma", "Mai", "Main"})
        undo->push(new model::SetProfileNameCommand(doc.get(), text));
    QCOMPARE(undo->count(), 1);
    QCOMPARE(doc->document().profiles[kMainRoute].name, std::string("Main"));
    QCOMPARE(changed.count(), 4);
    QCOMPARE(changed.last().at(0).toInt(), kMainRoute);
    undo->push(new model::SetProfileEnabledCommand(doc.get(), false));
    QCOMPARE(undo->count(), 2);
    QVERIFY(!doc->document().profiles[kMainRoute].enabled);
    QVERIFY(doc->isModified());
    undo->undo();
    QVERIFY(doc->document().profiles[kMainRoute].enabled);
    undo->undo();
    QCOMPARE(doc->document().profiles[kMainRoute].name, std::string("Main route"));
    QVERIFY(!doc->isModified());
    // The review names both changes.
    undo->redo();
    undo->redo();
    const review::DocumentDiff diff = doc->pendingChanges();
    QCOMPARE(diff.profiles.size(), std::size_t(1));
    QVERIFY(diff.profiles[0].renamed);
    QVERIFY(diff.profiles[0].switched);
    QCOMPARE(diff.profiles[0].switched->after, std::string("false"));
}

void TestProfileSettings::nameIsRequired_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("required");
    QTest::newRow("empty") << "" << true;
    QTest::newRow("spaces") << "   " << true;
    QTest::newRow("tab and newline") << "\t\n" << true;
    QTest::newRow("ideographic space") << QString(QChar(0x3000)) << true;  // Go's TrimSpace trims it
    QTest::newRow("a name") << "x" << false;
    QTest::newRow("a padded name") << "  Main  " << false;
}

void TestProfileSettings::nameIsRequired()
{
    QFETCH(QString, name);
    QFETCH(bool, required);
    auto doc = modeltest::open(m_dir.filePath(QStringLiteral("export.json")));
    QSignalSpy issues(doc.get(), &EditorDocument::issuesChanged);
    doc->undoStack()->push(new model::SetProfileNameCommand(doc.get(), name.toStdString()));
    QVERIFY(issues.count() >= 1);
    QCOMPARE(hasNameIssue(doc->issues(), "name"), required);
    QCOMPARE(hasNameIssue(doc->allIssues(), "profiles[5].name"), required);
    QCOMPARE(doc->saveRefusal().has_value(), required);
    // policyctl validate says the same about the file as it would be written.
    format::Document written = doc->document();
    const auto diagnostics = format::validateDocument(written, {});
    const bool found = std::any_of(diagnostics.begin(), diagnostics.end(),
        [](const format::Diagnostic& d) { return d.path == "profiles[5].name"; });
    QCOMPARE(found, required);
}

void TestProfileSettings::savedNamesAreTrimmedAndEnabledIsWritten()
{
    const QString path = m_dir.filePath(QStringLiteral("export.json"));
    auto doc = modeltest::open(path);
    doc->undoStack()->push(new model::SetProfileNameCommand(doc.get(), "  Weekday route  "));
    doc->undoStack()->push(new model::SetProfileEnabledCommand(doc.get(), false));
    const auto saved = doc->saveAs(path);
    QVERIFY2(saved.ok, qPrintable(saved.error));
    QCOMPARE(doc->document().profiles[kMainRoute].name, std::string("Weekday route"));
    auto reread = modeltest::open(path);
    QCOMPARE(reread->document().profiles[kMainRoute].name, std::string("Weekday route"));
    QVERIFY(!reread->document().profiles[kMainRoute].enabled);
    QVERIFY(reread->document().profiles[6].enabled);  // the other profile is as it was
    QVERIFY(reread->pendingChanges().equal());
}

void TestProfileSettings::aBareDocumentHasNoProfileSettings()
{
    auto doc = modeltest::open(testpaths::sample(QStringLiteral("profile-v1.json")));
    QVERIFY(!doc->hasProfileSettings(doc->currentProfile()));
    QVERIFY(!hasNameIssue(doc->issues(), "name"));
    QVERIFY(!doc->holdsManyProfiles());
}

void TestProfileSettings::disabledProfilesSayItAndTheFilterFindsThem()
{
    auto doc = modeltest::open(m_dir.filePath(QStringLiteral("export.json")));
    model::ProfileListModel list;
    QAbstractItemModelTester tester(&list, QAbstractItemModelTester::FailureReportingMode::QtTest);
    list.setDocument(doc.get());
    QSortFilterProxyModel filter;
    filter.setSourceModel(&list);
    filter.setFilterRole(model::ProfileListModel::SearchTextRole);
    filter.setFilterCaseSensitivity(Qt::CaseInsensitive);
    const QString disabledWord = model::ProfileListModel::disabledTitle(QString()).trimmed();
    filter.setFilterFixedString(disabledWord);
    QCOMPARE(filter.rowCount(), 0);
    QSignalSpy dataChanged(&list, &QAbstractItemModel::dataChanged);
    doc->undoStack()->push(new model::SetProfileEnabledCommand(doc.get(), false));
    QCOMPARE(dataChanged.count(), 1);
    const QModelIndex row = list.index(list.rowOfProfile(kMainRoute));
    QVERIFY(row.data().toString().contains(disabledWord));
    QVERIFY(row.data().toString().startsWith(QStringLiteral("Main route")));
    QCOMPARE(row.data(model::ProfileListModel::ProfileEnabledRole).toBool(), false);
    QVERIFY(row.data(Qt::FontRole).value<QFont>().italic());
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, 0).data(model::ProfileListModel::ProfileIndexRole).toInt(), kMainRoute);
    doc->undoStack()->undo();
    QCOMPARE(filter.rowCount(), 0);
    QCOMPARE(row.data().toString(), QStringLiteral("Main route"));
}

void TestProfileSettings::profilesAddedAndDeletedKeepTheListModelSound()
{
    auto doc = modeltest::open(m_dir.filePath(QStringLiteral("export.json")));
    model::ProfileListModel list;
    QAbstractItemModelTester tester(&list, QAbstractItemModelTester::FailureReportingMode::QtTest);
    list.setDocument(doc.get());
    QCOMPARE(list.rowCount(), 2);
    auto* undo = doc->undoStack();
    undo->push(new model::AddProfileCommand(doc.get(), model::newDynamicProfile()));
    QCOMPARE(list.rowCount(), 3);
    const int added = doc->currentProfile();
    QCOMPARE(added, 7);
    QCOMPARE(doc->candidateCount(), 0);
    QVERIFY(hasNameIssue(doc->issues(), "name"));
    undo->push(new model::DeleteProfileCommand(doc.get()));
    QCOMPARE(list.rowCount(), 2);
    QVERIFY(doc->currentProfile() != added);
    QVERIFY(doc->currentProfile() >= 0);
    undo->undo();
    QCOMPARE(list.rowCount(), 3);
    QCOMPARE(doc->currentProfile(), added);
    undo->undo();
    QCOMPARE(list.rowCount(), 2);
    QCOMPARE(doc->currentProfile(), kMainRoute);
    QCOMPARE(doc->document().profiles.size(), std::size_t(7));
    // Every profile deleted: nothing shown, and back again.
    undo->push(new model::DeleteProfileCommand(doc.get()));
    undo->push(new model::DeleteProfileCommand(doc.get()));
    QCOMPARE(list.rowCount(), 0);
    QCOMPARE(doc->currentProfile(), -1);
    QCOMPARE(doc->candidateCount(), 0);
    undo->undo();
    undo->undo();
    QCOMPARE(list.rowCount(), 2);
    QVERIFY(doc->pendingChanges().equal());
}

void TestProfileSettings::newDynamicProfileIsAnUnnamedAgentProfile()
{
    const format::ProfileRecord a = model::newDynamicProfile();
    const format::ProfileRecord b = model::newDynamicProfile();
    QVERIFY(a.id != b.id);
    QCOMPARE(a.id.size(), std::size_t(36));  // a UUID, as kandev gives one
    QVERIFY(a.name.empty());
    QVERIFY(a.enabled);
    QVERIFY(a.dynamic && a.dynamic->candidates.empty());
    QCOMPARE(a.kind, std::string("dynamic"));
}

QTEST_MAIN(TestProfileSettings)
#include "tst_profile_settings.moc"
