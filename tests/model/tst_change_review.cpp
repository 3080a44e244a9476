// SPDX-License-Identifier: Apache-2.0
// What Review Changes and the database save's confirmation say: nothing,
// the changes with candidates by name, or why Save would refuse them.
#include "model/change_review.h"

#include "document_helpers.h"

#include "../common/test_paths.h"
#include "translations.h"

#include <QtTest>

using namespace model;

class TestChangeReview final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void aDocumentAsReadHasNothingToSave();
    void anEditIsNamedAndSavable();
    void aProblemIsARefusal();
};

void TestChangeReview::aDocumentAsReadHasNothingToSave()
{
    auto doc = modeltest::open(testpaths::sample(QStringLiteral("export.json")));
    const ChangeReview review = reviewChanges(*doc);
    QVERIFY(review.nothingToSave);
    QVERIFY(!review.refusal);
    QVERIFY2(!review.text.contains(QStringLiteral("->")), qPrintable(review.text));
}

void TestChangeReview::anEditIsNamedAndSavable()
{
    auto doc = modeltest::open(testpaths::sample(QStringLiteral("export.json")));
    auto p = *doc->candidate(0).policies;
    const int before = int(p.transient.retry.maxRetries);
    p.transient.retry.maxRetries = before == 6 ? 7 : 6;
    doc->undoStack()->push(new SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("edit")));
    const ChangeReview review = reviewChanges(*doc);
    QVERIFY(!review.nothingToSave);
    QVERIFY(!review.refusal);
    const QString line
        = QStringLiteral("transient.retry.max_retries: %1 -> %2").arg(before).arg(p.transient.retry.maxRetries);
    QVERIFY2(review.text.contains(line), qPrintable(review.text));
    // The candidate by the name the route shows, with its id.
    const QString name = doc->candidateName(0);
    QVERIFY2(review.text.contains(name), qPrintable(review.text));
    // A file is no database: no sentence about transactions.
    QVERIFY2(!review.text.contains(QStringLiteral("transaction")), qPrintable(review.text));
    doc->undoStack()->undo();
    QVERIFY(reviewChanges(*doc).nothingToSave);
}

void TestChangeReview::aProblemIsARefusal()
{
    auto doc = modeltest::open(testpaths::sample(QStringLiteral("export.json")));
    auto p = *doc->candidate(0).policies;
    p.hard.retry = {true, 11, 5};  // more retries than the limit
    doc->undoStack()->push(new SetPoliciesCommand(doc.get(), 0, p, QStringLiteral("edit")));
    const ChangeReview review = reviewChanges(*doc);
    QVERIFY(!review.nothingToSave);
    QVERIFY(review.refusal);
    QVERIFY2(review.refusal->contains(QStringLiteral("hard.retry.max_retries")), qPrintable(*review.refusal));
}

QTEST_GUILESS_MAIN(TestChangeReview)
#include "tst_change_review.moc"
