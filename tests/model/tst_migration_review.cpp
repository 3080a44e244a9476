// SPDX-License-Identifier: Apache-2.0
// The migration review as the model says it: what can be migrated, the
// document migrated or settled, and the HTML the review shows for each way of
// showing it.
#include "model/migration_review.h"

#include "model/editor_document.h"

#include "../common/test_paths.h"
#include "translations.h"

#include <QtTest>

using namespace model;

namespace
{

format::Document documentOf(const QString& sample)
{
    LoadResult loaded = loadDocumentFile(testpaths::sample(sample));
    if (!loaded.document)
        qFatal("%s", qPrintable(loaded.error));
    return *loaded.document;
}

}  // namespace

class TestMigrationReview final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void whatCanBeMigrated_data();
    void whatCanBeMigrated();
    void aConflictIsSettledByTheRuleKept();
    void theHtmlShowsWhatItIsAskedTo_data();
    void theHtmlShowsWhatItIsAskedTo();
};

void TestMigrationReview::whatCanBeMigrated_data()
{
    QTest::addColumn<QString>("sample");
    QTest::addColumn<bool>("errors");
    QTest::addColumn<int>("changed");
    QTest::newRow("legacy rules") << "legacy-profile.json" << false << 4;
    QTest::newRow("conflicting rules") << "legacy-conflict.json" << true << 1;
    QTest::newRow("versioned already") << "profile-v1.json" << false << 0;
}

void TestMigrationReview::whatCanBeMigrated()
{
    QFETCH(QString, sample);
    QFETCH(bool, errors);
    QFETCH(int, changed);
    const MigrationReview review = MigrationReview::ofDocument(documentOf(sample));
    QCOMPARE(review.hasErrors(), errors);
    QCOMPARE(review.changedCandidates(), changed);
    QCOMPARE(review.migrated().has_value(), !errors);
    if (const auto migrated = review.migrated()) {
        for (const auto& profile : migrated->profiles) {
            for (const auto& candidate :
                profile.dynamic ? profile.dynamic->candidates : std::vector<policy::Candidate>())
                QVERIFY(candidate.policies && candidate.rules.empty());
        }
    }
}

void TestMigrationReview::aConflictIsSettledByTheRuleKept()
{
    const MigrationReview review = MigrationReview::ofDocument(documentOf(QStringLiteral("legacy-conflict.json")));
    QVERIFY(review.hasErrors());
    // The conflict is over transient errors (model_capacity retries, rate_limited tries the next).
    const format::Document settled = review.keepingRule(0, 1, policy::ErrorClass::Transient, "model_capacity");
    const MigrationReview again = MigrationReview::ofDocument(settled);
    QVERIFY(!again.hasErrors());
    QVERIFY(again.canMigrateSome());
}

void TestMigrationReview::theHtmlShowsWhatItIsAskedTo_data()
{
    QTest::addColumn<bool>("offerChoices");
    QTest::addColumn<bool>("database");
    QTest::newRow("a file") << false << false;
    QTest::newRow("a file, choices offered") << true << false;
    QTest::newRow("a database") << false << true;
}

void TestMigrationReview::theHtmlShowsWhatItIsAskedTo()
{
    QFETCH(bool, offerChoices);
    QFETCH(bool, database);
    const MigrationReview review = MigrationReview::ofDocument(documentOf(QStringLiteral("legacy-conflict.json")));
    MigrationReview::HtmlOptions options;
    options.offerChoices = offerChoices;
    options.database = database;
    options.errorStyle = QStringLiteral("color:#b00020");
    options.warningStyle = QStringLiteral("color:#8a6d00");
    const QString html = review.html(options);
    QVERIFY2(html.contains(QStringLiteral("<code>model_capacity</code> → <code>retry_same</code>")), qPrintable(html));
    QVERIFY(html.contains(QStringLiteral("style='color:#b00020; padding:4px'")));  // the problem, in the error style
    QCOMPARE(html.contains(QStringLiteral("href='keep:0:1:")), offerChoices);
    QCOMPARE(html.contains(QStringLiteral("Field: <code>")), !database);
    QCOMPARE(html.contains(QStringLiteral("settle its rules in kandev")), database);
}

QTEST_GUILESS_MAIN(TestMigrationReview)
#include "tst_migration_review.moc"
