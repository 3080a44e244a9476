// SPDX-License-Identifier: Apache-2.0
// What an edit does to the route, in words: model::compareWithSaved against
// the document as read, its one-line summary in English and German, and the
// sides that cannot be simulated (never "no change").
#include "model/change_review.h"
#include "model/route_comparison.h"
#include "model/timeline_preview.h"

#include "document_helpers.h"

#include "../common/test_paths.h"
#include "translations.h"

#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace model;

namespace
{

using Edit = std::function<void(EditorDocument*)>;

// Candidate `row` of the current profile with `change` applied to its policies, as one undo step.
Edit policies(int row, const std::function<void(policy::PolicyDocument&)>& change)
{
    return [row, change](EditorDocument* doc) {
        auto p = *doc->candidate(row).policies;
        change(p);
        doc->undoStack()->push(new SetPoliciesCommand(doc, row, p, QStringLiteral("edit")));
    };
}

const policy::Scenario& preset(const char* id)
{
    return policy::findScenarioPreset(id)->scenario;
}

}  // namespace

Q_DECLARE_METATYPE(Edit)

class TestRouteComparison final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
    }
    void cleanup()
    {
        i18n::install(QLocale(QLocale::English));
    }
    void summaries_data();
    void summaries();
    void aDocumentAsReadIsNotCompared();
    void anInvalidSavedPolicyIsNeverNoChange();
    void thePreviewComparesWhileAsked();
    void reviewChangesSaysWhatTheEditDoes();
};

void TestRouteComparison::summaries_data()
{
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("german");

    // export.json's main route on capacity errors: Claude Sonnet 5+10+20 s, Codex 10+20 s, Claude Haiku 30 s, stop.
    QTest::newRow("added retry") << policies(0, [](auto& p) { p.transient.retry.maxRetries = 4; })
                                 << "+1 attempt, +1 retry, 40 s longer"
                                 << "+1 Versuch, +1 Wiederholung, 40 s länger";
    QTest::newRow("removed retry") << policies(0, [](auto& p) { p.transient.retry.maxRetries = 1; })
                                   << "−2 attempts, −2 retries, 30 s shorter"
                                   << "−2 Versuche, −2 Wiederholungen, 30 s kürzer";
    QTest::newRow("longer wait") << policies(0, [](auto& p) { p.transient.retry.initialIntervalSeconds = 10; })
                                 << "35 s longer"
                                 << "35 s länger";
    QTest::newRow("stop instead of skip")
        << policies(0, [](auto& p) { p.transient.onExhausted = policy::Outcome::Stop; })
        << "−5 attempts, −3 retries, 1 min shorter, now ends in stop on Claude Sonnet (frontier) instead of stop on "
           "Claude Haiku (fallback)"
        << "−5 Versuche, −3 Wiederholungen, 1 min kürzer, Ende jetzt: Anhalten bei Claude Sonnet (frontier) statt "
           "Anhalten bei Claude Haiku (fallback)";
    QTest::newRow("skip instead of stop")
        << policies(2, [](auto& p) { p.transient.onExhausted = policy::Outcome::Skip; })
        << "+6 attempts, +5 retries, 31 min longer, now ends in stop on Gemini 2.5 Pro instead of stop on Claude "
           "Haiku (fallback)"
        << "+6 Versuche, +5 Wiederholungen, 31 min länger, Ende jetzt: Anhalten bei Gemini 2.5 Pro statt Anhalten "
           "bei Claude Haiku (fallback)";
    QTest::newRow("candidate switched off")
        << Edit([](EditorDocument* doc) { doc->undoStack()->push(new SetEnabledCommand(doc, 1, false)); })
        << "−3 attempts, −2 retries, 30 s shorter"
        << "−3 Versuche, −2 Wiederholungen, 30 s kürzer";
    QTest::newRow("candidate removed") << Edit([](EditorDocument* doc) {
        doc->undoStack()->push(new RemoveCandidateCommand(doc, 1));
    }) << "−3 attempts, −2 retries, 30 s shorter"
                                       << "−3 Versuche, −2 Wiederholungen, 30 s kürzer";
    QTest::newRow("an edit this scenario never meets")
        << policies(0, [](auto& p) { p.hard.waitForReset.maxWaitSeconds = 7200; })
        << "No change to the route for this scenario"
        << "Keine Änderung der Route in diesem Szenario";
    QTest::newRow("invalid edit") << policies(0, [](auto& p) { p.transient.retry.maxRetries = 11; })
                                  << "Cannot compare with the saved policy: Claude Sonnet (frontier) in the edited "
                                     "route cannot be simulated. candidates[0].policies.transient.retry.max_retries: "
                                     "Must be between 1 and 10 (found 11)."
                                  << "Kein Vergleich mit der gespeicherten Richtlinie möglich: Claude Sonnet "
                                     "(frontier) lässt sich in der bearbeiteten Route nicht simulieren. "
                                     "candidates[0].policies.transient.retry.max_retries: Muss zwischen 1 und 10 "
                                     "liegen (gefunden: 11).";
}

void TestRouteComparison::summaries()
{
    QFETCH(Edit, edit);
    QFETCH(QString, english);
    QFETCH(QString, german);
    auto doc = modeltest::open(testpaths::sample(QStringLiteral("export.json")));
    edit(doc.get());
    const RouteComparison route
        = compareWithSaved(*doc, doc->currentProfile(), preset(policy::kDefaultScenarioId.data()));
    QCOMPARE(route.state, RouteComparison::State::Edited);
    QCOMPARE(route.summary, english);
    QCOMPARE(route.differs(), !english.startsWith(QLatin1String("No change")) && !english.startsWith("Cannot"));

    // German says all of it in German: no English word is left over.
    QCOMPARE(i18n::install(QLocale(QLocale::German)), QStringLiteral("de"));
    QCOMPARE(compareWithSaved(*doc, doc->currentProfile(), preset(policy::kDefaultScenarioId.data())).summary, german);
}

void TestRouteComparison::aDocumentAsReadIsNotCompared()
{
    auto doc = modeltest::open(testpaths::sample(QStringLiteral("export.json")));
    const auto& scenario = preset(policy::kDefaultScenarioId.data());
    RouteComparison route = compareWithSaved(*doc, doc->currentProfile(), scenario);
    QCOMPARE(route.state, RouteComparison::State::AsSaved);
    QCOMPARE(route.summary, QString());
    QVERIFY(!route.differs());
    // Edited, then undone: as saved again.
    policies(0, [](auto& p) { p.transient.retry.maxRetries = 4; })(doc.get());
    QVERIFY(compareWithSaved(*doc, doc->currentProfile(), scenario).differs());
    doc->undoStack()->undo();
    QCOMPARE(compareWithSaved(*doc, doc->currentProfile(), scenario).state, RouteComparison::State::AsSaved);
    // A profile that is no dynamic profile has nothing to compare.
    QCOMPARE(compareWithSaved(*doc, 0, scenario).state, RouteComparison::State::NoSavedProfile);
    // Saved: the saved state moves with it.
    policies(0, [](auto& p) { p.transient.retry.maxRetries = 4; })(doc.get());
    QTemporaryDir dir;
    QVERIFY(doc->saveAs(dir.filePath(QStringLiteral("saved.json"))).ok);
    QCOMPARE(compareWithSaved(*doc, doc->currentProfile(), scenario).state, RouteComparison::State::AsSaved);
    doc->undoStack()->undo();
    QCOMPARE(compareWithSaved(*doc, doc->currentProfile(), scenario).summary,
        QStringLiteral("−1 attempt, −1 retry, 40 s shorter"));
}

void TestRouteComparison::anInvalidSavedPolicyIsNeverNoChange()
{
    // A file whose second candidate is out of range; the edit repairs it.
    QFile sample(testpaths::sample(QStringLiteral("profile-v1.json")));
    QVERIFY(sample.open(QIODevice::ReadOnly));
    QByteArray bytes = sample.readAll();
    const QByteArray from = "\"max_retries\": 2";
    QVERIFY(bytes.contains(from));
    bytes.replace(bytes.indexOf(from), from.size(), "\"max_retries\": 12");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("invalid.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(bytes);
    out.close();
    auto doc = modeltest::open(path);
    QVERIFY(!doc->issues().empty());
    policies(1, [](auto& p) { p.transient.retry.maxRetries = 2; })(doc.get());
    QVERIFY(doc->issues().empty());
    const RouteComparison route = compareWithSaved(*doc, doc->currentProfile(), preset("unknown-error"));
    QCOMPARE(route.state, RouteComparison::State::Edited);
    QVERIFY(!route.comparison.comparable());
    QVERIFY(!route.differs());
    QCOMPARE(route.summary,
        QStringLiteral("Cannot compare with the saved policy: codex-gpt5 in the saved route cannot be simulated. "
                       "candidates[1].policies.transient.retry.max_retries: Must be between 1 and 10 (found 12)."));
}

void TestRouteComparison::thePreviewComparesWhileAsked()
{
    auto doc = modeltest::open(testpaths::sample(QStringLiteral("export.json")));
    TimelinePreview preview;
    preview.setDocument(doc.get());
    QCOMPARE(preview.comparisonSummary(), QString());
    QVERIFY(!preview.showsSaved());
    QVERIFY(!preview.accessibleSummary().contains(QStringLiteral("saved")));

    doc->undoStack()->push(new RemoveCandidateCommand(doc.get(), 1));  // Codex GPT-5
    QCOMPARE(preview.comparisonSummary(), QStringLiteral("−3 attempts, −2 retries, 30 s shorter"));
    QVERIFY(preview.showsSaved());
    QVERIFY2(preview.accessibleSummary().endsWith(
                 QStringLiteral("Compared with the saved policy: −3 attempts, −2 retries, 30 s shorter.")),
        qPrintable(preview.accessibleSummary()));
    // The saved route's events go to the lanes of their candidates by id; the removed one gets a lane of its own.
    const auto& saved = preview.savedRoute().saved.events;
    QCOMPARE(preview.savedOnlyLabels(), std::vector<QString> {QStringLiteral("Codex GPT-5")});
    for (std::size_t i = 0; i < saved.size(); ++i) {
        const std::size_t lane = preview.savedLane(i);
        if (saved[i].candidate == "codex-gpt5")
            QCOMPARE(lane, preview.candidates().size());
        else
            QCOMPARE(preview.candidates()[lane].executionProfileId, saved[i].candidate);
    }

    preview.setComparing(false);
    QCOMPARE(preview.comparisonSummary(), QString());
    QVERIFY(!preview.showsSaved());
    QVERIFY(preview.savedOnlyLabels().empty());
    preview.setComparing(true);
    QVERIFY(preview.showsSaved());
    doc->undoStack()->undo();
    QVERIFY(!preview.showsSaved());
    QCOMPARE(preview.comparisonSummary(), QString());
}

void TestRouteComparison::reviewChangesSaysWhatTheEditDoes()
{
    auto doc = modeltest::open(testpaths::sample(QStringLiteral("export.json")));
    policies(0, [](auto& p) { p.transient.retry.maxRetries = 4; })(doc.get());
    // The line goes under the profile's head, before its candidates' field changes.
    const QString text = reviewChanges(*doc, preset("capacity-every-attempt")).text;
    const QString head = QStringLiteral("profile dyn-main (Main route):\n");
    const QString route
        = QStringLiteral("  route (Capacity error before output, every attempt): +1 attempt, +1 retry, 40 s longer\n");
    QVERIFY2(text.contains(head + route), qPrintable(text));
    QVERIFY2(
        text.indexOf(route) < text.indexOf(QStringLiteral("transient.retry.max_retries: 3 -> 4")), qPrintable(text));
    // For the scenario the Timeline shows.
    QVERIFY2(reviewChanges(*doc, preset("quota-reset-6h"))
                 .text.contains(QStringLiteral("  route (Quota exhausted, reset in 6 h): No change to the route for "
                                               "this scenario\n")),
        qPrintable(reviewChanges(*doc, preset("quota-reset-6h")).text));
    // And in German.
    QCOMPARE(i18n::install(QLocale(QLocale::German)), QStringLiteral("de"));
    const QString german = reviewChanges(*doc, preset("capacity-every-attempt")).text;
    QVERIFY2(
        german.contains(QStringLiteral("  Route (Kapazitätsfehler vor jeder Ausgabe, bei jedem Versuch): +1 Versuch, "
                                       "+1 Wiederholung, 40 s länger\n")),
        qPrintable(german));
    // Nothing edited: no route line.
    doc->undoStack()->undo();
    QVERIFY(!reviewChanges(*doc, preset("capacity-every-attempt")).text.contains(QStringLiteral("Route (")));
}

QTEST_GUILESS_MAIN(TestRouteComparison)
#include "tst_route_comparison.moc"
