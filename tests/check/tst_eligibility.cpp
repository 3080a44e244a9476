// SPDX-License-Identifier: Apache-2.0
// kandev's candidate rules (check/eligibility.h): one row per rule, each a
// catalogue and a candidate that the rule refuses beside an eligible
// neighbour, checked as a code (checkCandidates) and as what validate
// reports (checkDocument: an error, or the one warning, at the candidate's
// execution_profile_id). Then the rules that cannot be judged, every rule
// of one candidate at once, the catalogue's fields in files, and the cost.
#include "check/document_check.h"
#include "check/eligibility.h"

#include "format/codec.h"

#include <QElapsedTimer>
#include <QtTest>

#include <algorithm>
#include <string>

using check::CandidateRule;
using check::CandidateRules;

namespace
{

// The eligible neighbour every row routes to first.
constexpr const char* kOk = R"({"id":"ok","name":"OK","kind":"concrete","enabled":true,"auto_fallback":false,)"
                            R"("agent_name":"claude-acp","workspace_id":"","role":""})";
constexpr const char* kPolicies
    = R"({"version":1,"transient":{"retry":{"enabled":true,"max_retries":3,"initial_interval_seconds":5},)"
      R"("wait_for_reset":{"enabled":false,"max_wait_seconds":0},"on_exhausted":"skip"},"hard":{"retry":)"
      R"({"enabled":false,"max_retries":0,"initial_interval_seconds":0},"wait_for_reset":{"enabled":false,)"
      R"("max_wait_seconds":0},"on_exhausted":"stop"}})";

std::string candidate(const std::string& id, int position, bool enabled = true)
{
    return R"({"position":)" + std::to_string(position) + R"(,"execution_profile_id":")" + id + R"(","enabled":)"
        + (enabled ? "true" : "false") + R"(,"policies":)" + kPolicies + "}";
}

// An export array: the neighbour, `extra` profiles, then the dynamic profile
// "dyn" routing to "ok" and then to each of `ids`.
std::string exportWith(const std::string& extra, const std::vector<std::string>& ids, bool lastEnabled = true)
{
    std::string candidates = candidate("ok", 0);
    for (std::size_t i = 0; i < ids.size(); ++i)
        candidates += "," + candidate(ids[i], int(i) + 1, i + 1 < ids.size() || lastEnabled);
    return std::string("[") + kOk + (extra.empty() ? "" : "," + extra)
        + R"(,{"id":"dyn","name":"Dyn","kind":"dynamic","enabled":true,"auto_fallback":false,)"
          R"("agent_name":"dynamic","dynamic":{"version":1,"candidates":[)"
        + candidates + "]}}]";
}

// The index of "dyn", the dynamic profile whose route is checked.
std::size_t dynamicIndex(const format::Document& doc)
{
    for (std::size_t i = 0; i < doc.profiles.size(); ++i) {
        if (doc.profiles[i].id == "dyn")
            return i;
    }
    return doc.profiles.size();
}

QStringList paths(const std::vector<format::Diagnostic>& list)
{
    QStringList out;
    for (const auto& d : list)
        out << QString::fromStdString(d.path);
    return out;
}

}  // namespace

class TestEligibility final : public QObject
{
    Q_OBJECT
private slots:
    void everyRuleRefusesItsCandidate_data();
    void everyRuleRefusesItsCandidate();
    void whatTheCatalogueDoesNotSayIsNotJudged();
    void everyBrokenRuleOfACandidateIsReported();
    void theInferenceAgentsAreKandevs();
    void catalogueFieldsSurviveAndAreWritten();
    void theRulesCostLinearTime();
};

void TestEligibility::everyRuleRefusesItsCandidate_data()
{
    QTest::addColumn<QString>("extra");  // profiles of the catalogue besides "ok" and "dyn"
    QTest::addColumn<QString>("id");  // what the checked candidate names
    QTest::addColumn<bool>("candidateEnabled");  // the candidate's own flag: the rules apply either way
    QTest::addColumn<int>("rule");
    QTest::addColumn<QString>("words");  // in validate's message

    const QString acp = QStringLiteral(R"("agent_name":"claude-acp")");
    auto profile = [&](const QString& fields) {
        return QStringLiteral(R"({"id":"x","name":"X","kind":"concrete",%1})").arg(fields);
    };
    // kandev's rules (validateDynamicCandidates), in its order, and SPEC section 7's.
    QTest::newRow("self") << QString() << "dyn" << true << int(CandidateRule::Self) << "itself";
    QTest::newRow("duplicate") << QString() << "ok" << true << int(CandidateRule::Duplicate) << "same agent profile";
    QTest::newRow("missing") << QString() << "ghost" << true << int(CandidateRule::Missing) << "names no agent profile";
    QTest::newRow("deleted") << profile(acp + R"(,"deleted_at":"2026-08-01T00:00:00Z")") << "x" << true
                             << int(CandidateRule::Deleted) << "deleted";
    QTest::newRow("no agent") << profile(R"("agent_name":null)") << "x" << true << int(CandidateRule::NoAgent)
                              << "agent is missing";
    QTest::newRow("dynamic by its agent")
        << profile(R"("agent_name":"dynamic")") << "x" << true << int(CandidateRule::Dynamic) << "dynamic profile";
    QTest::newRow("dynamic by its document")
        << QStringLiteral(R"({"id":"x","name":"X","kind":"dynamic","dynamic":{"version":1,"candidates":[%1]}})")
               .arg(QString::fromStdString(candidate("ok", 0)))
        << "x" << true << int(CandidateRule::Dynamic) << "dynamic profile";
    QTest::newRow("office by workspace") << profile(acp + R"(,"workspace_id":"ws-1")") << "x" << true
                                         << int(CandidateRule::Office) << "Office profile";
    QTest::newRow("office by role") << profile(acp + R"(,"role":"ceo")") << "x" << true << int(CandidateRule::Office)
                                    << "Office profile";
    QTest::newRow("auto fallback") << profile(acp + R"(,"auto_fallback":true)") << "x" << true
                                   << int(CandidateRule::AutoFallback) << "auto_fallback";
    QTest::newRow("disabled (SPEC section 7)")
        << profile(acp + R"(,"enabled":false)") << "x" << true << int(CandidateRule::Disabled) << "disabled";
    QTest::newRow("not launchable (a warning)") << profile(R"("agent_name":"claude-code")") << "x" << true
                                                << int(CandidateRule::NotLaunchable) << "inference agents";
    // kandev checks every route, the candidate's own enabled flag aside.
    QTest::newRow("deleted, the candidate switched off") << profile(acp + R"(,"deleted_at":"2026-08-01T00:00:00Z")")
                                                         << "x" << false << int(CandidateRule::Deleted) << "deleted";
    QTest::newRow("white space around the id") << profile(acp + R"(,"auto_fallback":true)") << "  x  " << true
                                               << int(CandidateRule::AutoFallback) << "auto_fallback";
}

void TestEligibility::everyRuleRefusesItsCandidate()
{
    QFETCH(QString, extra);
    QFETCH(QString, id);
    QFETCH(bool, candidateEnabled);
    QFETCH(int, rule);
    QFETCH(QString, words);
    const auto expected = CandidateRule(rule);
    const std::string text = exportWith(extra.toStdString(), {id.toStdString()}, candidateEnabled);

    // The code: the checked candidate breaks exactly this rule; its neighbour none.
    const format::ParseResult parsed = format::parseDocument(text, format::SchemaFiles::Skip);
    QVERIFY2(parsed.document, parsed.errors.empty() ? "" : parsed.errors.front().message.c_str());
    const format::Document& doc = *parsed.document;
    const std::size_t dyn = dynamicIndex(doc);
    const check::ProfileIndex index(doc);
    const auto checks = check::checkCandidates(index, dyn);
    QCOMPARE(checks.size(), std::size_t(2));
    QVERIFY2(checks[0].rules.empty(), "the eligible neighbour passes");
    CandidateRules only;
    only.add(expected);
    QCOMPARE(checks[1].rules.bits(), only.bits());
    QCOMPARE(checks[1].rules.hasError(), !check::isWarning(expected));

    // What validate reports: at the candidate's execution_profile_id, naming the rule.
    const check::DocumentCheck result = check::checkDocument(text);
    const std::string path = doc.dynamicPath(dyn) + ".candidates[1].execution_profile_id";
    const auto& reported = check::isWarning(expected) ? result.warnings : result.errors;
    const auto& other = check::isWarning(expected) ? result.errors : result.warnings;
    QVERIFY2(
        reported.size() == 1, qPrintable(paths(result.errors).join(',') + " | " + paths(result.warnings).join(',')));
    QVERIFY2(other.empty(), qPrintable(paths(other).join(',')));
    QCOMPARE(reported.front().path, path);
    QVERIFY(reported.front().line > 0 && reported.front().column > 0);
    const QString message = QString::fromStdString(reported.front().message);
    QVERIFY2(message.contains(words), qPrintable(message));
    // The candidate is named (a duplicate by validation's own words, which name the first one).
    if (expected != CandidateRule::Duplicate)
        QVERIFY2(message.contains(QLatin1Char('"') + id.trimmed() + QLatin1Char('"')), qPrintable(message));
    // A warning leaves the document valid; an error does not.
    QCOMPARE(result.valid(), check::isWarning(expected));
    QCOMPARE(check::candidateRuleName(expected).empty(), false);
}

void TestEligibility::whatTheCatalogueDoesNotSayIsNotJudged()
{
    // A profile without agent_name, workspace_id or role (an older export):
    // no agent, Office or launchability rule can be judged.
    const std::string text = exportWith(R"({"id":"x","name":"X","kind":"concrete"})", {"x"});
    const check::DocumentCheck result = check::checkDocument(text);
    QVERIFY(result.valid());
    QVERIFY(result.warnings.empty());

    // Empty Office fields are no Office profile.
    const std::string empty = exportWith(R"({"id":"x","agent_name":"codex-acp","workspace_id":null,"role":""})", {"x"});
    QVERIFY(check::checkDocument(empty).valid());

    // A bare document has no catalogue: an id cannot be missing; a duplicate is still one.
    const std::string bare = R"({"version":1,"candidates":[)" + candidate("a", 0) + "," + candidate("b", 1) + ","
        + candidate("a", 2) + "]}";
    const format::ParseResult parsed = format::parseDocument(bare, format::SchemaFiles::Skip);
    QVERIFY(parsed.document);
    const check::ProfileIndex index(*parsed.document);
    QVERIFY(!index.isCatalogue());
    const auto checks = check::checkCandidates(index, 0);
    QVERIFY(checks[0].rules.empty() && checks[1].rules.empty());
    QVERIFY(checks[2].rules.has(CandidateRule::Duplicate));
    QCOMPARE(checks[2].duplicateOf, std::size_t(0));
    QCOMPARE(checks[2].rules.list().size(), std::size_t(1));
}

void TestEligibility::everyBrokenRuleOfACandidateIsReported()
{
    const std::string text = exportWith(R"({"id":"x","agent_name":"claude-code","enabled":false,"auto_fallback":true,)"
                                        R"("deleted_at":"2026-08-01T00:00:00Z","role":"ceo"})",
        {"x", "x"});
    const check::DocumentCheck result = check::checkDocument(text);
    QVERIFY(result.document);
    const std::size_t dyn = dynamicIndex(*result.document);
    const check::ProfileIndex index(*result.document);
    const auto checks = check::checkCandidates(index, dyn);
    const std::vector<CandidateRule> all {CandidateRule::Deleted, CandidateRule::Office, CandidateRule::AutoFallback,
        CandidateRule::Disabled, CandidateRule::NotLaunchable};
    QCOMPARE(checks[1].rules.list(), all);
    std::vector<CandidateRule> second = all;
    second.insert(second.begin(), CandidateRule::Duplicate);
    QCOMPARE(checks[2].rules.list(), second);
    QCOMPARE(checks[2].duplicateOf, std::size_t(1));
    // validate: four errors and the warning for each candidate; the duplicate once more, in validation's words.
    const std::string first = result.document->dynamicPath(dyn) + ".candidates[1].execution_profile_id";
    const std::string again = result.document->dynamicPath(dyn) + ".candidates[2].execution_profile_id";
    auto count = [](const std::vector<format::Diagnostic>& list, const std::string& path) {
        return std::count_if(list.begin(), list.end(), [&](const format::Diagnostic& d) { return d.path == path; });
    };
    QCOMPARE(count(result.errors, first), 4);
    QCOMPARE(count(result.warnings, first), 1);
    QCOMPARE(count(result.errors, again), 5);
    QCOMPARE(count(result.warnings, again), 1);
    // The route simulation skips a candidate kandev refuses, and keeps one it may only warn about.
    const auto route = check::routeCandidates(*result.document, dyn);
    QVERIFY(route[0].eligible);
    QVERIFY(!route[1].eligible);

    // A self reference is that alone, though the profile is dynamic too.
    const auto self = index.rulesOf(dyn, "dyn");
    QCOMPARE(self.list(), std::vector<CandidateRule> {CandidateRule::Self});
}

void TestEligibility::theInferenceAgentsAreKandevs()
{
    const auto agents = check::inferenceAgents();
    QCOMPARE(agents.size(), std::size_t(22));
    QVERIFY(std::is_sorted(agents.begin(), agents.end()));
    for (const char* name : {"claude-acp", "codex-acp", "gemini", "auggie", "mock-agent", "trae-acp"})
        QVERIFY2(check::isInferenceAgent(name), name);
    for (const char* name : {"dynamic", "claude-code", "", "Claude-ACP"})
        QVERIFY2(!check::isInferenceAgent(name), name);
}

void TestEligibility::catalogueFieldsSurviveAndAreWritten()
{
    // Read from a file, and written back with the rest of the profile as it was.
    const std::string text
        = exportWith(R"({"id":"x","agent_name":null,"workspace_id":"ws-1","role":"","model":"m"})", {"ok2"});
    const format::ParseResult parsed = format::parseDocument(text, format::SchemaFiles::Check);
    QVERIFY(parsed.document);
    QVERIFY2(
        parsed.schemaErrors.empty(), parsed.schemaErrors.empty() ? "" : parsed.schemaErrors.front().message.c_str());
    const format::ProfileRecord& x = parsed.document->profiles[1];
    QVERIFY(x.agentMissing);
    QCOMPARE(x.agentName, std::optional<std::string>(""));
    QCOMPARE(x.workspaceId, std::optional<std::string>("ws-1"));
    QCOMPARE(x.role, std::optional<std::string>(""));
    const format::ProfileRecord& ok = parsed.document->profiles[0];
    QCOMPARE(ok.agentName, std::optional<std::string>("claude-acp"));
    QVERIFY(!ok.agentMissing);
    const std::string again = format::serializeDocument(*parsed.document);
    const format::ParseResult reread = format::parseDocument(again, format::SchemaFiles::Skip);
    QVERIFY(reread.document);
    QCOMPARE(reread.document->profiles[1].agentMissing, true);
    QCOMPARE(reread.document->profiles[1].workspaceId, x.workspaceId);
    QVERIFY(again.find("\"model\"") != std::string::npos);

    // A profile made in memory (as a database read makes them) writes what it knows, and only that.
    format::Document doc;
    doc.shape = format::FileShape::ExportArray;
    format::ProfileRecord read;
    read.id = "p";
    read.name = "P";
    read.kind = "concrete";
    read.deleted = true;
    read.deletedAt = "2026-08-01 10:00:00";
    read.agentName = "codex-acp";
    read.workspaceId = "";
    doc.profiles.push_back(read);
    format::ProfileRecord older = read;  // an older kandev: no Office columns, no agent said
    older.id = "q";
    older.agentName.reset();
    older.workspaceId.reset();
    older.deleted = false;
    older.deletedAt.clear();
    doc.profiles.push_back(older);
    const std::string written = format::serializeDocument(doc);
    const format::ParseResult back = format::parseDocument(written, format::SchemaFiles::Check);
    QVERIFY2(back.document, written.c_str());
    QVERIFY(back.schemaErrors.empty());
    const auto& p = back.document->profiles[0];
    QVERIFY(p.deleted);
    QCOMPARE(p.agentName, std::optional<std::string>("codex-acp"));
    QCOMPARE(p.workspaceId, std::optional<std::string>(""));
    QVERIFY(!p.role);
    const auto& q = back.document->profiles[1];
    QVERIFY(!q.deleted && !q.agentName && !q.workspaceId && !q.role);
}

void TestEligibility::theRulesCostLinearTime()
{
    // 40,000 concrete profiles and a route naming each: a scan of the
    // profiles per candidate would be 1.6e9 comparisons (minutes).
    constexpr int kProfiles = 40000;
    format::Document doc;
    doc.shape = format::FileShape::ExportArray;
    doc.profiles.reserve(kProfiles + 1);
    format::ProfileRecord dyn;
    dyn.id = "dyn";
    dyn.dynamic = format::DynamicRecord {};
    for (int i = 0; i < kProfiles; ++i) {
        format::ProfileRecord p;
        p.id = "p" + std::to_string(i);
        p.agentName = i % 2 ? "claude-acp" : "claude-code";
        p.enabled = i % 3 != 0;
        doc.profiles.push_back(std::move(p));
        policy::Candidate c;
        c.position = i;
        c.executionProfileId = "p" + std::to_string(i);
        dyn.dynamic->candidates.push_back(std::move(c));
    }
    doc.profiles.push_back(std::move(dyn));
    QElapsedTimer timer;
    timer.start();
    std::vector<format::Diagnostic> errors;
    std::vector<format::Diagnostic> warnings;
    check::addCandidateRules(doc, {}, errors, warnings);
    QCOMPARE(errors.size(), std::size_t((kProfiles + 2) / 3));
    QCOMPARE(warnings.size(), std::size_t(kProfiles / 2));
    QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
}

QTEST_GUILESS_MAIN(TestEligibility)
#include "tst_eligibility.moc"
