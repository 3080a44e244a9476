// SPDX-License-Identifier: Apache-2.0
// ProfileListModel: the dynamic profiles of a document, under
// QAbstractItemModelTester through every kind of change.
#include "model/profile_list_model.h"

#include "document_helpers.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using modeltest::disableSwitchUndoAndRedo;
using modeltest::editEveryWay;
using modeltest::open;

using namespace model;

class TestProfileListModel final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void passesTheTester();
};

void TestProfileListModel::passesTheTester()
{
    auto doc = open(testpaths::sample("export.json"));
    ProfileListModel profiles;
    QAbstractItemModelTester tester(&profiles, QAbstractItemModelTester::FailureReportingMode::QtTest);
    profiles.setDocument(doc.get());
    // Exercise every kind of change with the tester watching.
    editEveryWay(doc.get());
    disableSwitchUndoAndRedo(doc.get());
    QCOMPARE(profiles.rowCount(), 2);
}

QTEST_GUILESS_MAIN(TestProfileListModel)
#include "tst_profile_list_model.moc"
