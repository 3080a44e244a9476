// SPDX-License-Identifier: Apache-2.0
// kandev's live route state read against a document: the policy_state_json
// snapshot, which circuits block, how a snapshot differs from the policy being
// edited, and what the evaluator does next — checked against the evaluator and
// the route-cycle simulation, not against copies of their rules.
#include "check/document_check.h"
#include "routes/live_routes.h"

#include "format/codec.h"

#include "policy/evaluator.h"
#include "policy/text.h"
#include "policy/timeline.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace migration;
using namespace routes;
using check::routeCandidates;
using policy::DecisionKind;
using policy::ErrorClass;

namespace
{

// Transient: 3 retries from 5 s, then skip. Hard: wait up to 5 min for a reset, then stop.
const std::string kScheduled
    = R"({"version":1,"transient":{"retry":{"enabled":true,"max_retries":3,"initial_interval_seconds":5},)"
      R"("wait_for_reset":{"enabled":false,"max_wait_seconds":0},"on_exhausted":"skip"},)"
      R"("hard":{"retry":{"enabled":false,"max_retries":0,"initial_interval_seconds":0},)"
      R"("wait_for_reset":{"enabled":true,"max_wait_seconds":300},"on_exhausted":"stop"}})";
// Transient: 1 retry from 30 s, then skip; hard as above.
const std::string kEditing
    = R"({"version":1,"transient":{"retry":{"enabled":true,"max_retries":1,"initial_interval_seconds":30},)"
      R"("wait_for_reset":{"enabled":false,"max_wait_seconds":0},"on_exhausted":"skip"},)"
      R"("hard":{"retry":{"enabled":false,"max_retries":0,"initial_interval_seconds":0},)"
      R"("wait_for_reset":{"enabled":true,"max_wait_seconds":300},"on_exhausted":"stop"}})";

std::string exportDocument(const std::string& firstPolicies)
{
    return R"({"profiles":[)"
           R"({"id":"claude-sonnet","name":"Claude Sonnet","kind":"concrete","enabled":true},)"
           R"({"id":"codex-gpt5","name":"Codex GPT-5","kind":"concrete","enabled":true},)"
           R"({"id":"haiku","name":"Claude Haiku","kind":"concrete","enabled":true},)"
           R"({"id":"dyn","name":"Main route","kind":"dynamic","enabled":true,"dynamic":{"version":4,"candidates":[)"
           R"({"position":0,"execution_profile_id":"claude-sonnet","enabled":true,"policies":)"
        + firstPolicies + R"(},{"position":1,"execution_profile_id":"codex-gpt5","enabled":true,"policies":)"
        + kScheduled + R"(},{"position":2,"execution_profile_id":"haiku","enabled":true}]}}]})";
}

format::Document document(const std::string& firstPolicies)
{
    format::ParseResult parsed = format::parseDocument(exportDocument(firstPolicies));
    if (!parsed.document || !parsed.errors.empty())
        qFatal("test document does not parse: %s", parsed.errors.empty() ? "" : parsed.errors.front().message.c_str());
    return std::move(*parsed.document);
}

policy::Seconds at(const char* text)
{
    return *policy::parseRfc3339(text);
}

// The inside of a JSON string holding `text` (the policies have no backslashes).
std::string quoted(const std::string& text)
{
    std::string out;
    for (const char c : text)
        out += c == '"' ? std::string("\\\"") : std::string(1, c);
    return out;
}

// A snapshot as kandev writes it, with policy_json as a JSON string.
std::string snapshot(const std::string& code, const std::string& cls, std::int64_t ordinal, const std::string& deadline,
    const std::string& policies = kScheduled)
{
    return R"({"failure_code":")" + code + R"(","failure_class":")" + cls
        + R"(","catalogue_version":"provider-errors.v1",)" + R"("policy_json":")" + quoted(policies) + "\""
        + R"(,"retry_ordinal":)" + std::to_string(ordinal) + R"(,"reset_wait_used":false,"deadline":")" + deadline
        + R"(","pending_outcome":"skip"})";
}

RouteStateRow routeRow(
    const std::string& session, const std::string& candidate, const std::string& state, const std::string& policyState)
{
    RouteStateRow r;
    r.sessionId = session;
    r.logicalProfileId = "dyn";
    r.executionProfileId = candidate;
    r.routeGeneration = 2;
    r.profileVersion = 3;
    r.state = state;
    r.policyStateJson = policyState;
    return r;
}

LiveRoutesRead readWith(std::vector<RouteStateRow> routes, std::vector<CircuitRow> circuits = {})
{
    LiveRoutesRead read;
    read.hasRouteStates = read.hasRouteAttempts = read.hasCircuits = true;
    read.routes = std::move(routes);
    read.circuits = std::move(circuits);
    return read;
}

}  // namespace

class TestLiveRoutes : public QObject
{
    Q_OBJECT

private slots:
    void snapshotFields();
    void snapshotRefused_data();
    void snapshotRefused();
    void resetWaitClasses_data();
    void resetWaitClasses();
    void routeStates_data();
    void routeStates();
    void nextStepIsTheEvaluatorsDecision_data();
    void nextStepIsTheEvaluatorsDecision();
    void driftSpellsOutTheDifference();
    void noDriftWhenTheSameOrAnotherClassDiffers();
    void unreadableSnapshotsAreShownNotGuessed();
    void circuitsThatBlock_data();
    void circuitsThatBlock();
    void nextCandidatePassesOverAPausedOne();
    void circuitsAreJudgedWhenTheRouteReachesThem_data();
    void circuitsAreJudgedWhenTheRouteReachesThem();
    void invalidScheduledPolicyIsUnreadable_data();
    void invalidScheduledPolicyIsUnreadable();
    void snapshotLengthCountsCharacters();
    void textCannotForgeLines();
    void scenarioContinuesTheRoute();
    void historyAndProfileFilter();
    void outputNamesEveryField();
};

void TestLiveRoutes::snapshotFields()
{
    const format::RouteSnapshotRead read
        = format::parseRouteSnapshot(snapshot("rate_limited", "transient", 1, "2026-08-21T10:00:10.5Z"));
    QVERIFY2(read.error.empty(), read.error.c_str());
    QVERIFY(read.snapshot);
    const format::RouteSnapshot& s = *read.snapshot;
    QCOMPARE(s.failureCode, std::string("rate_limited"));
    QCOMPARE(s.failureClass, std::string("transient"));
    QCOMPARE(s.catalogueVersion, std::string("provider-errors.v1"));
    QCOMPARE(s.retryOrdinal, 1);
    QCOMPARE(s.deadline, std::optional(at("2026-08-21T10:00:10Z")));
    QCOMPARE(s.pendingOutcome, std::string("skip"));
    QVERIFY(s.policies);
    QCOMPARE(s.policies->transient.retry.maxRetries, 3);

    // An empty column is a route that has not failed yet: neither a snapshot nor an error.
    const format::RouteSnapshotRead empty = format::parseRouteSnapshot("  ");
    QVERIFY(!empty.snapshot);
    QVERIFY(empty.error.empty());
    // Go's zero time and unknown keys are what kandev may write: no deadline, keys ignored.
    const format::RouteSnapshotRead zero
        = format::parseRouteSnapshot(R"({"deadline":"0001-01-01T00:00:00Z","later_field":{"x":1}})");
    QVERIFY(zero.snapshot);
    QVERIFY(!zero.snapshot->deadline);
}

void TestLiveRoutes::snapshotRefused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("truncated") << R"({"failure_code":"rate_limited")"
                               << "policy_state_json (line 1, column";
    QTest::newRow("array") << "[1,2]"
                           << "policy_state_json: expected an object, found an array";
    QTest::newRow("code number") << R"({"failure_code":5})"
                                 << "policy_state_json.failure_code: expected a string";
    QTest::newRow("negative ordinal") << R"({"retry_ordinal":-1})"
                                      << "policy_state_json.retry_ordinal";
    QTest::newRow("fraction ordinal") << R"({"retry_ordinal":1.5})"
                                      << "policy_state_json.retry_ordinal";
    QTest::newRow("flag string") << R"({"reset_wait_used":"yes"})"
                                 << "policy_state_json.reset_wait_used: expected true or false";
    QTest::newRow("classes list") << R"({"reset_wait_classes":[true]})"
                                  << "policy_state_json.reset_wait_classes: expected an object";
    QTest::newRow("class flag") << R"({"reset_wait_classes":{"hard":1}})"
                                << "policy_state_json.reset_wait_classes.hard";
    QTest::newRow("deadline words") << R"({"deadline":"tomorrow"})"
                                    << "policy_state_json.deadline: \"tomorrow\" is not an RFC 3339 time";
    // Read as Go's time.Parse(time.RFC3339, ...) reads it: no space, no lower-case 't' or 'z', no leap second.
    QTest::newRow("deadline with a space")
        << R"({"deadline":"2026-08-21 10:00:10Z"})"
        << "policy_state_json.deadline: \"2026-08-21 10:00:10Z\" is not an RFC 3339 time";
    QTest::newRow("deadline in lower case")
        << R"({"deadline":"2026-08-21t10:00:10z"})"
        << "policy_state_json.deadline: \"2026-08-21t10:00:10z\" is not an RFC 3339 time";
    QTest::newRow("deadline on a leap second")
        << R"({"deadline":"2026-08-21T10:00:60Z"})"
        << "policy_state_json.deadline: \"2026-08-21T10:00:60Z\" is not an RFC 3339 time";
    QTest::newRow("not utf-8") << QString::fromLatin1("{\"failure_code\":\"\xff\"}") << "policy_state_json";
}

void TestLiveRoutes::snapshotRefused()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    std::string bytes = text.toStdString();
    if (QByteArray(QTest::currentDataTag()) == "not utf-8")
        bytes = std::string("{\"failure_code\":\"\xff\"}");
    const format::RouteSnapshotRead read = format::parseRouteSnapshot(bytes);
    QVERIFY(!read.snapshot);
    QVERIFY2(QString::fromStdString(read.error).startsWith(error), read.error.c_str());
}

void TestLiveRoutes::resetWaitClasses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("transient");
    QTest::addColumn<bool>("hard");
    QTest::newRow("flag for the failure's class")
        << R"({"failure_class":"hard","reset_wait_used":true})" << false << true;
    QTest::newRow("map wins over the flag")
        << R"({"failure_class":"hard","reset_wait_used":true,"reset_wait_classes":{"transient":true}})" << true
        << false;
    QTest::newRow("flag without a class") << R"({"reset_wait_used":true})" << false << false;
    QTest::newRow("both in the map") << R"({"reset_wait_classes":{"transient":true,"hard":true}})" << true << true;
}

void TestLiveRoutes::resetWaitClasses()
{
    QFETCH(QString, text);
    QFETCH(bool, transient);
    QFETCH(bool, hard);
    const format::RouteSnapshotRead read = format::parseRouteSnapshot(text.toStdString());
    QVERIFY2(read.snapshot, read.error.c_str());
    QCOMPARE(read.snapshot->transientResetWaitUsed, transient);
    QCOMPARE(read.snapshot->hardResetWaitUsed, hard);
    QCOMPARE(read.snapshot->resetWaitUsed(ErrorClass::Hard), hard);
}

void TestLiveRoutes::routeStates_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("known");
    QTest::addColumn<bool>("scheduled");
    for (const char* n : {"selecting", "starting", "waiting", "retrying", "action_required"})
        QTest::newRow(n) << n << true << false;
    QTest::newRow("retry_wait") << "retry_wait" << true << true;
    QTest::newRow("waiting_for_reset") << "waiting_for_reset" << true << true;
    QTest::newRow("unknown") << "paused_by_admin" << false << false;
    QTest::newRow("case matters") << "RETRY_WAIT" << false << false;
}

void TestLiveRoutes::routeStates()
{
    QFETCH(QString, name);
    QFETCH(bool, known);
    QFETCH(bool, scheduled);
    const RouteState s = routeStateFromName(name.toStdString());
    QCOMPARE(s != RouteState::Unknown, known);
    QCOMPARE(isScheduled(s), scheduled);
    if (known)
        QCOMPARE(QString::fromUtf8(routeStateName(s).data(), qsizetype(routeStateName(s).size())), name);
}

void TestLiveRoutes::nextStepIsTheEvaluatorsDecision_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("cls");
    QTest::addColumn<int>("ordinal");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("second retry")
        << "rate_limited"
        << "transient" << 1
        << "if the same error repeats at the deadline: retry 2 of 3 in 10 s, then skip to Claude Haiku";
    QTest::newRow("retries used up") << "rate_limited"
                                     << "transient" << 3
                                     << "if the same error repeats at the deadline: skip to Claude Haiku";
    QTest::newRow("hard without a reset hint")
        << "quota_limited"
        << "hard" << 0 << "if the same error repeats at the deadline: stop for a person";
    QTest::newRow("unknown code")
        << "mystery"
        << "" << 0 << "if the same error repeats at the deadline: stop for a person (the error is not classified)";
}

void TestLiveRoutes::nextStepIsTheEvaluatorsDecision()
{
    QFETCH(QString, code);
    QFETCH(QString, cls);
    QFETCH(int, ordinal);
    QFETCH(QString, sentence);
    const std::string deadline = "2026-08-21T10:00:10Z";
    const LiveRoutes live = analyseLiveRoutes(readWith({routeRow("s1", "codex-gpt5", "retry_wait",
                                                  snapshot(code.toStdString(), cls.toStdString(), ordinal, deadline))}),
        document(kScheduled), "dyn", at("2026-08-21T10:00:00Z"));
    QCOMPARE(live.routes.size(), std::size_t(1));
    const LiveRoute& r = live.routes.front();
    QVERIFY(r.candidateInRoute);
    QVERIFY(r.next);

    // The same decision the evaluator makes on its own, at the deadline.
    const std::string codeText = code.toStdString(), clsText = cls.toStdString();
    policy::EvaluationInput input;
    input.failure = policy::Failure {codeText, clsText, policy::Confidence::High, "provider-errors.v1", std::nullopt};
    input.now = at(deadline.c_str());
    input.retryOrdinal = ordinal;
    input.effectSafe = true;
    const policy::Decision d = policy::evaluate(*r.snapshot->policies, input);
    QCOMPARE(r.next->kind, d.kind);
    QCOMPARE(r.next->retryOrdinal, d.retryOrdinal);
    if (d.deadline)
        QCOMPARE(r.next->delaySeconds, (*d.deadline - input.now).count());
    QCOMPARE(QString::fromStdString(describeNextStep(*r.next)), sentence);
}

void TestLiveRoutes::driftSpellsOutTheDifference()
{
    // The snapshot ran under 3 retries from 5 s; the first candidate is being edited to 1 retry from 30 s.
    const LiveRoutes live
        = analyseLiveRoutes(readWith({routeRow("s1", "claude-sonnet", "retry_wait",
                                snapshot("provider_overloaded", "transient", 1, "2026-08-21T10:00:10Z"))}),
            document(kEditing), "dyn", at("2026-08-21T10:00:00Z"));
    QVERIFY(live.routes.front().drift);
    QCOMPARE(live.routes.front().drift->errorClass, ErrorClass::Transient);
    QCOMPARE(QString::fromStdString(describeDrift(*live.routes.front().drift)),
        QStringLiteral("transient errors scheduled under 3 retries from 5 s; you are editing 1 retry from 30 s"));
}

void TestLiveRoutes::noDriftWhenTheSameOrAnotherClassDiffers()
{
    // Same policies: no drift. A hard failure while only the transient policy changed: no drift either.
    const policy::Seconds now = at("2026-08-21T10:00:00Z");
    LiveRoutes same = analyseLiveRoutes(readWith({routeRow("s1", "claude-sonnet", "retry_wait",
                                            snapshot("provider_overloaded", "transient", 1, "2026-08-21T10:00:10Z"))}),
        document(kScheduled), "dyn", now);
    QVERIFY(!same.routes.front().drift);
    LiveRoutes otherClass = analyseLiveRoutes(readWith({routeRow("s1", "claude-sonnet", "waiting_for_reset",
                                                  snapshot("quota_limited", "hard", 0, "2026-08-21T10:04:00Z"))}),
        document(kEditing), "dyn", now);
    QVERIFY(!otherClass.routes.front().drift);
    // Without a failure class, either class that differs counts.
    LiveRoutes noClass = analyseLiveRoutes(
        readWith({routeRow("s1", "claude-sonnet", "retry_wait", snapshot("mystery", "", 0, "2026-08-21T10:04:00Z"))}),
        document(kEditing), "dyn", now);
    QVERIFY(noClass.routes.front().drift);
}

void TestLiveRoutes::unreadableSnapshotsAreShownNotGuessed()
{
    RouteStateRow tooLong = routeRow("s3", "claude-sonnet", "retry_wait", "");
    tooLong.policyStateTooLong = true;
    const LiveRoutes live = analyseLiveRoutes(
        readWith({routeRow("s1", "claude-sonnet", "retry_wait", R"({"failure_code":)"),
            routeRow("s2", "claude-sonnet", "retry_wait",
                R"({"failure_code":"rate_limited","failure_class":"transient","policy_json":"{\"version\":7}"})"),
            tooLong, routeRow("s4", "claude-sonnet", "teleporting", "")}),
        document(kScheduled), "dyn", at("2026-08-21T10:00:00Z"));
    QCOMPARE(live.routes.size(), std::size_t(4));
    QVERIFY(!live.routes[0].snapshot);
    QVERIFY(!live.routes[0].snapshotError.empty());
    QVERIFY(!live.routes[0].next);
    QVERIFY(live.routes[1].snapshot);
    QVERIFY(!live.routes[1].snapshot->policiesError.empty());
    QVERIFY(!live.routes[1].next);  // no policies to evaluate: nothing is guessed
    QVERIFY(!live.routes[1].drift);
    QVERIFY(QString::fromStdString(live.routes[2].snapshotError).contains("longer than"));
    QCOMPARE(live.routes[3].state, RouteState::Unknown);
    const std::string text = renderLiveRoutesText(live, at("2026-08-21T10:00:00Z"));
    QVERIFY(text.find("teleporting (unknown state, shown as stored)") != std::string::npos);
    QVERIFY(text.find("policy state: unreadable") != std::string::npos);
    QVERIFY(text.find("scheduled policy: unreadable: policy_json") != std::string::npos);
}

void TestLiveRoutes::circuitsThatBlock_data()
{
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("until");
    QTest::addColumn<QString>("probe");
    QTest::addColumn<bool>("blocks");
    QTest::newRow("open, until later") << "open"
                                       << "2026-08-21T10:01:00Z"
                                       << "" << true;
    QTest::newRow("open, until passed") << "open"
                                        << "2026-08-21T09:59:00Z"
                                        << "" << false;
    QTest::newRow("open, until now") << "open"
                                     << "2026-08-21T10:00:00Z"
                                     << "" << false;
    QTest::newRow("open without until") << "open"
                                        << ""
                                        << "" << false;
    QTest::newRow("half open, probe running") << "half_open"
                                              << "2026-08-21T09:59:00Z"
                                              << "2026-08-21T10:00:30Z" << true;
    QTest::newRow("half open, probe over") << "half_open"
                                           << "2026-08-21T09:59:00Z"
                                           << "2026-08-21T09:59:30Z" << false;
    QTest::newRow("closed") << "closed"
                            << "2026-08-21T10:01:00Z"
                            << "" << false;
}

void TestLiveRoutes::circuitsThatBlock()
{
    QFETCH(QString, state);
    QFETCH(QString, until);
    QFETCH(QString, probe);
    QFETCH(bool, blocks);
    CircuitRow c {"profile:codex-gpt5", state.toStdString(), policy::parseRfc3339(until.toStdString()), "rate_limited",
        policy::parseRfc3339(probe.toStdString())};
    const LiveRoutes live
        = analyseLiveRoutes(readWith({}, {c}), document(kScheduled), "dyn", at("2026-08-21T10:00:00Z"));
    QCOMPARE(live.circuits.size(), std::size_t(blocks ? 1 : 0));
    if (blocks)
        QCOMPARE(live.circuits.front().candidate, std::string("codex-gpt5"));
}

void TestLiveRoutes::nextCandidatePassesOverAPausedOne()
{
    const policy::Seconds now = at("2026-08-21T10:00:00Z");
    CircuitRow paused {"profile:codex-gpt5", "open", at("2026-08-21T10:05:00Z"), "provider_overloaded", std::nullopt};
    CircuitRow shared {"credential:9f2c", "open", at("2026-08-21T10:05:00Z"), "quota_limited", std::nullopt};
    const LiveRoutes live
        = analyseLiveRoutes(readWith({routeRow("s1", "claude-sonnet", "retry_wait",
                                         snapshot("provider_overloaded", "transient", 3, "2026-08-21T10:00:10Z"))},
                                {paused, shared}),
            document(kScheduled), "dyn", now);
    QCOMPARE(live.circuits.size(), std::size_t(2));
    QCOMPARE(live.circuits[1].candidate, std::string());  // a credential key names no candidate
    QVERIFY(live.routes.front().next);
    QCOMPARE(live.routes.front().next->nextCandidate, std::string("Claude Haiku"));
}

void TestLiveRoutes::circuitsAreJudgedWhenTheRouteReachesThem_data()
{
    QTest::addColumn<QString>("deadline");  // when the route skips away from claude-sonnet
    QTest::addColumn<QString>("until");  // codex-gpt5's circuit
    QTest::addColumn<QString>("next");
    // Retry 3 of 3 is used up: at the deadline the route skips to the next candidate.
    QTest::newRow("closes before the route reaches it") << "2026-08-21T10:10:00Z"
                                                        << "2026-08-21T10:05:00Z"
                                                        << "Codex GPT-5";
    QTest::newRow("closes as the route reaches it") << "2026-08-21T10:05:00Z"
                                                    << "2026-08-21T10:05:00Z"
                                                    << "Codex GPT-5";
    QTest::newRow("still open when the route reaches it") << "2026-08-21T10:04:59Z"
                                                          << "2026-08-21T10:05:00Z"
                                                          << "Claude Haiku";
}

void TestLiveRoutes::circuitsAreJudgedWhenTheRouteReachesThem()
{
    QFETCH(QString, deadline);
    QFETCH(QString, until);
    QFETCH(QString, next);
    CircuitRow paused {
        "profile:codex-gpt5", "open", at(until.toUtf8().constData()), "provider_overloaded", std::nullopt};
    const LiveRoutes live
        = analyseLiveRoutes(readWith({routeRow("s1", "claude-sonnet", "retry_wait",
                                         snapshot("provider_overloaded", "transient", 3, deadline.toStdString()))},
                                {paused}),
            document(kScheduled), "dyn", at("2026-08-21T10:00:00Z"));
    QVERIFY(live.routes.front().next);
    QCOMPARE(live.routes.front().next->kind, policy::DecisionKind::Skip);
    QCOMPARE(QString::fromStdString(live.routes.front().next->nextCandidate), next);
}

void TestLiveRoutes::invalidScheduledPolicyIsUnreadable_data()
{
    QTest::addColumn<QString>("policies");
    QTest::addColumn<QString>("path");
    QString outOfRange = QString::fromStdString(kScheduled);
    outOfRange.replace(QStringLiteral("\"max_retries\":3"), QStringLiteral("\"max_retries\":99"));
    QTest::newRow("max_retries 99") << outOfRange << "policy_json.transient.retry.max_retries";
    QTest::newRow("no hard class")
        << R"({"version":1,"transient":{"retry":{"enabled":true,"max_retries":3,"initial_interval_seconds":5},"wait_for_reset":{"enabled":false,"max_wait_seconds":0},"on_exhausted":"skip"}})"
        << "policy_json.hard";
}

void TestLiveRoutes::invalidScheduledPolicyIsUnreadable()
{
    QFETCH(QString, policies);
    QFETCH(QString, path);
    const LiveRoutes live = analyseLiveRoutes(
        readWith({routeRow("s1", "claude-sonnet", "retry_wait",
            snapshot("provider_overloaded", "transient", 0, "2026-08-21T10:00:10Z", policies.toStdString()))}),
        document(kScheduled), "dyn", at("2026-08-21T10:00:00Z"));
    const LiveRoute& r = live.routes.front();
    QVERIFY(r.snapshot);
    QVERIFY2(QString::fromStdString(r.snapshot->policiesError).startsWith(path), r.snapshot->policiesError.c_str());
    QVERIFY(!r.snapshot->policies);
    QVERIFY(!r.next);  // never evaluated as if valid
    QVERIFY(!r.drift);
    const nlohmann::ordered_json j = liveRoutesJson(live, at("2026-08-21T10:00:00Z"));
    QVERIFY(QString::fromStdString(j["routes"][0]["policy_json_error"].get<std::string>()).startsWith(path));
}

void TestLiveRoutes::snapshotLengthCountsCharacters()
{
    // 1,100,019 characters, most of them four bytes: the message counts characters, as the database does.
    std::string text = R"({"failure_code":")";
    for (int i = 0; i < 1100000; ++i)
        text += "\xF0\x9F\x98\x80";
    text += R"("})";
    QCOMPARE(policy::utf8Characters(text), std::size_t(1100000 + 19));
    const format::RouteSnapshotRead read = format::parseRouteSnapshot(text);
    QVERIFY(!read.snapshot);
    QVERIFY2(
        QString::fromStdString(read.error).contains(QStringLiteral("is 1100019 characters long")), read.error.c_str());
    // Within the bound in characters though over it in bytes: read.
    std::string within = R"({"failure_code":")";
    for (int i = 0; i < 500000; ++i)
        within += "\xF0\x9F\x98\x80";
    within += R"("})";
    QVERIFY(within.size() > format::kMaxRouteSnapshotCharacters);
    QVERIFY(format::parseRouteSnapshot(within).snapshot);
}

void TestLiveRoutes::textCannotForgeLines()
{
    // Every string a database row gives, holding a newline, a carriage
    // return, DEL, a C1 control and a bidirectional override.
    const std::string hostile = "x\nFAKE: injected\r\x7f\xC2\x9b\xE2\x80\xAE"
                                "evil";
    const std::string hostileSnapshot = nlohmann::json {{"failure_code", hostile}, {"failure_class", hostile},
        {"pending_outcome", hostile},
        {"deadline",
            "2026-08-21T10:00:10Z"}}.dump();
    RouteStateRow row = routeRow(hostile, hostile, hostile, hostileSnapshot);
    row.logicalProfileId = "dyn";
    RouteAttemptRow attempt {hostile, hostile, 1, 2, hostile, at("2026-08-21T09:00:00Z")};
    LiveRoutesRead read = readWith({row,
                                       routeRow("s2", "claude-sonnet", "retry_wait",
                                           snapshot("provider_overloaded", "transient", 3, "2026-08-21T10:00:10Z"))},
        {CircuitRow {"profile:" + hostile, "open", at("2026-08-21T10:05:00Z"), hostile, std::nullopt},
            CircuitRow {"credential:" + hostile, "open", at("2026-08-21T10:05:00Z"), hostile, std::nullopt}});
    read.attempts = {attempt};
    read.routes[1].sessionId = hostile;
    const LiveRoutes live = analyseLiveRoutes(read, document(kScheduled), "dyn", at("2026-08-21T10:00:00Z"));
    const std::string text = renderLiveRoutesText(live, at("2026-08-21T10:00:00Z"));
    QVERIFY(text.find("x\\u000aFAKE: injected\\u000d\\u007f\\u009b\\u202eevil") != std::string::npos);
    for (const QString& line : QString::fromStdString(text).split(QLatin1Char('\n')))
        QVERIFY2(!line.startsWith(QStringLiteral("FAKE")), qPrintable(line));
    for (const char* raw : {"\r", "\x7f", "\xC2\x9b", "\xE2\x80\xAE"})
        QVERIFY2(text.find(raw) == std::string::npos, raw);
}

void TestLiveRoutes::scenarioContinuesTheRoute()
{
    const policy::Seconds now = at("2026-08-21T10:00:00Z");
    CircuitRow paused {"profile:codex-gpt5", "open", at("2026-08-21T10:05:00Z"), "provider_overloaded", std::nullopt};
    const format::Document doc = document(kScheduled);
    const LiveRoutes live
        = analyseLiveRoutes(readWith({routeRow("s1", "claude-sonnet", "retry_wait",
                                         snapshot("provider_overloaded", "transient", 1, "2026-08-21T10:00:10Z"))},
                                {paused}),
            doc, "dyn", now);
    const policy::Scenario scenario = scenarioForRoute(live.routes.front(), live.circuits, now);
    QCOMPARE(scenario.start, at("2026-08-21T10:00:10Z"));
    QVERIFY(scenario.from);
    QCOMPARE(scenario.from->retryOrdinal, 1);
    QCOMPARE(scenario.circuits.size(), std::size_t(1));

    // The simulated cycle's first decision is the route's next step.
    const policy::Timeline timeline = policy::simulateRouteCycle(routeCandidates(doc, 3), scenario);
    QVERIFY(timeline.events.size() >= 2);
    QCOMPARE(timeline.events[0].kind, policy::EventKind::Attempt);
    QCOMPARE(timeline.events[0].candidate, std::string("claude-sonnet"));
    QCOMPARE(timeline.events[1].kind, policy::EventKind::RetryWait);
    QCOMPARE(timeline.events[1].retryOrdinal, live.routes.front().next->retryOrdinal);
    QCOMPARE(timeline.events[1].delaySeconds, live.routes.front().next->delaySeconds);
    // codex-gpt5 is passed over while its circuit is open.
    const bool passedOver
        = std::any_of(timeline.events.begin(), timeline.events.end(), [](const policy::TimelineEvent& e) {
              return e.kind == policy::EventKind::CircuitOpen && e.candidate == "codex-gpt5";
          });
    QVERIFY(passedOver);
}

void TestLiveRoutes::historyAndProfileFilter()
{
    LiveRoutesRead read
        = readWith({routeRow("s1", "claude-sonnet", "selecting", ""), routeRow("s2", "haiku", "starting", "")});
    read.routes[1].logicalProfileId = "other";
    read.attempts = {{"s1", "claude-sonnet", 1, 3, "candidate_order", at("2026-08-21T09:00:00Z")},
        {"s2", "haiku", 1, 1, "candidate_order", std::nullopt},
        {"s1", "claude-sonnet", 2, 3, "retry", at("2026-08-21T09:01:00Z")}};
    const format::Document doc = document(kScheduled);
    const LiveRoutes mine = analyseLiveRoutes(read, doc, "dyn", at("2026-08-21T10:00:00Z"));
    QCOMPARE(mine.routes.size(), std::size_t(1));
    QCOMPARE(mine.routes.front().history.size(), std::size_t(2));
    QCOMPARE(mine.routes.front().history[1].reason, std::string("retry"));
    const LiveRoutes all = analyseLiveRoutes(read, doc, "", at("2026-08-21T10:00:00Z"));
    QCOMPARE(all.routes.size(), std::size_t(2));
    QCOMPARE(all.countInProfile("dyn"), 1);
    QCOMPARE(all.countInProfile("other"), 1);
    QVERIFY(!all.routes[1].candidateInRoute);  // "other" is not in the document
}

void TestLiveRoutes::outputNamesEveryField()
{
    const policy::Seconds now = at("2026-08-21T10:00:00Z");
    CircuitRow paused {"profile:codex-gpt5", "open", at("2026-08-21T10:05:00Z"), "provider_overloaded", std::nullopt};
    const LiveRoutes live
        = analyseLiveRoutes(readWith({routeRow("s1", "claude-sonnet", "retry_wait",
                                         snapshot("provider_overloaded", "transient", 1, "2026-08-21T10:00:10Z"))},
                                {paused}),
            document(kEditing), "dyn", now);
    const nlohmann::ordered_json j = liveRoutesJson(live, now);
    const auto& r = j["routes"][0];
    QCOMPARE(r["session_id"].get<std::string>(), std::string("s1"));
    QCOMPARE(r["state"].get<std::string>(), std::string("retry_wait"));
    QCOMPARE(r["seconds_until_deadline"].get<int>(), 10);
    QCOMPARE(r["reset_wait_classes"]["hard"].get<bool>(), false);
    QCOMPARE(r["next"]["decision"].get<std::string>(), std::string("retry_wait"));
    QCOMPARE(r["next"]["retry_ordinal"].get<int>(), 2);
    QCOMPARE(r["drift"]["error_class"].get<std::string>(), std::string("transient"));
    QCOMPARE(j["circuits"][0]["execution_profile_id"].get<std::string>(), std::string("codex-gpt5"));
    const std::string text = renderLiveRoutesText(live, now);
    QVERIFY(text.find("deadline: 2026-08-21T10:00:10Z (in 10 s)") != std::string::npos);
    QVERIFY(text.find("circuit profile:codex-gpt5 open until 2026-08-21T10:05:00Z (provider_overloaded, in 5 min): "
                      "codex-gpt5 is passed over")
        != std::string::npos);
    QVERIFY(text.find("differs: transient errors scheduled under 3 retries from 5 s") != std::string::npos);

    LiveRoutes none;
    QVERIFY(renderLiveRoutesText(none, now).find("no route-state tables") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestLiveRoutes)
#include "tst_live_routes.moc"
