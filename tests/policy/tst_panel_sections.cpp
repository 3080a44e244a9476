// SPDX-License-Identifier: Apache-2.0
// Which sections of a class policy's editor are open: a section that is on,
// and a section that is off but has an issue under it (it holds values).
#include "policy/panel_sections.h"

#include "policy/validation.h"

#include <QtTest>

using namespace policy;

class TestPanelSections final : public QObject
{
    Q_OBJECT
private slots:
    void sections_data();
    void sections();
    void offSectionsThatHoldValuesOpen();
};

void TestPanelSections::sections_data()
{
    QTest::addColumn<bool>("retryOn");
    QTest::addColumn<bool>("waitOn");
    QTest::addColumn<QStringList>("issues");  // paths relative to the class policy
    QTest::addColumn<bool>("retryShown");
    QTest::addColumn<bool>("waitShown");
    QTest::newRow("immediate skip") << false << false << QStringList {} << false << false;
    QTest::newRow("retry on") << true << false << QStringList {} << true << false;
    QTest::newRow("wait on") << false << true << QStringList {} << false << true;
    QTest::newRow("both on") << true << true << QStringList {} << true << true;
    QTest::newRow("retry off, max retries wrong")
        << false << false << QStringList {"retry.max_retries"} << true << false;
    QTest::newRow("retry off, interval wrong")
        << false << false << QStringList {"retry.initial_interval_seconds"} << true << false;
    QTest::newRow("wait off, maximum wrong")
        << false << false << QStringList {"wait_for_reset.max_wait_seconds"} << false << true;
    QTest::newRow("both off, both wrong")
        << false << false << QStringList {"retry.max_retries", "wait_for_reset.max_wait_seconds"} << true << true;
    QTest::newRow("on and wrong stays open") << true << true << QStringList {"retry.max_retries"} << true << true;
    QTest::newRow("the outcome opens nothing") << false << false << QStringList {"on_exhausted"} << false << false;
    // The section is the path's first key, whole: not a key that begins alike.
    QTest::newRow("a key that begins alike")
        << false << false << QStringList {"retry_budget.max", "wait_for_reset_hint"} << false << false;
    QTest::newRow("the section's name alone")
        << false << false << QStringList {"retry", "wait_for_reset"} << false << false;
    // Paths are relative to the class: a document's full path is not one.
    QTest::newRow("a document path") << false << false << QStringList {"candidates[0].policies.hard.retry.max_retries"}
                                     << false << false;
}

void TestPanelSections::sections()
{
    QFETCH(bool, retryOn);
    QFETCH(bool, waitOn);
    QFETCH(QStringList, issues);
    QFETCH(bool, retryShown);
    QFETCH(bool, waitShown);
    ClassPolicy p;
    p.retry.enabled = retryOn;
    p.waitForReset.enabled = waitOn;
    std::vector<Issue> found;
    for (const QString& path : std::as_const(issues))
        found.push_back({path.toStdString(), IssueCode::OutOfRange});
    const PanelSections shown = panelSections(p, found);
    QCOMPARE(shown.retry, retryShown);
    QCOMPARE(shown.wait, waitShown);
}

// The paths validation gives, made relative to the class as the editor does.
void TestPanelSections::offSectionsThatHoldValuesOpen()
{
    PolicyDocument doc;
    doc.hard.retry = {false, 3, 5};
    doc.hard.waitForReset = {false, 300};
    std::vector<Issue> issues = validate(doc);
    QCOMPARE(issues.size(), std::size_t(3));
    for (Issue& issue : issues) {
        QVERIFY2(issue.path.rfind("hard.", 0) == 0, issue.path.c_str());
        issue.path.erase(0, 5);
    }
    QCOMPARE(panelSections(doc.hard, issues), (PanelSections {true, true}));
    QCOMPARE(panelSections(doc.transient, {}), (PanelSections {false, false}));
    // Each section opens for its own issues only.
    const std::vector<Issue> retryOnly {issues[0], issues[1]};
    QCOMPARE(issues[0].path, std::string("retry.max_retries"));
    QCOMPARE(issues[1].path, std::string("retry.initial_interval_seconds"));
    QCOMPARE(panelSections(doc.hard, retryOnly), (PanelSections {true, false}));
    QCOMPARE(panelSections(doc.hard, {issues[2]}), (PanelSections {false, true}));
}

QTEST_GUILESS_MAIN(TestPanelSections)
#include "tst_panel_sections.moc"
