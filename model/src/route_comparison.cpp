// SPDX-License-Identifier: Apache-2.0
#include "model/route_comparison.h"

#include "model/editor_document.h"
#include "model/policy_text.h"

#include "check/document_check.h"

namespace model
{
namespace
{

// The dynamic profile of `doc` with `id`; a bare document's one profile has no id on either side.
std::optional<std::size_t> dynamicProfileWithId(const format::Document& doc, const std::string& id)
{
    for (std::size_t i = 0; i < doc.profiles.size(); ++i) {
        if (doc.profiles[i].isDynamic() && doc.profiles[i].id == id)
            return i;
    }
    return std::nullopt;
}

QString named(const RouteComparisonText::NameOf& nameOf, const std::string& id)
{
    const QString name = nameOf ? nameOf(id) : QString();
    return name.isEmpty() ? QString::fromStdString(id) : name;
}

}  // namespace

RouteComparison compareWithSaved(const EditorDocument& document, int profileIndex, const policy::Scenario& scenario)
{
    const auto& doc = document.document();
    if (profileIndex < 0 || std::size_t(profileIndex) >= doc.profiles.size()
        || !doc.profiles[std::size_t(profileIndex)].isDynamic())
        return {};
    const auto edited = check::routeCandidates(doc, std::size_t(profileIndex));
    return compareWithSaved(document, profileIndex, scenario, edited, policy::simulateRouteCycle(edited, scenario));
}

RouteComparison compareWithSaved(const EditorDocument& document, int profileIndex, const policy::Scenario& scenario,
    const std::vector<policy::RouteCandidate>& edited, const policy::Timeline& editedTimeline)
{
    RouteComparison out;
    const auto& doc = document.document();
    if (profileIndex < 0 || std::size_t(profileIndex) >= doc.profiles.size())
        return out;
    const format::ProfileRecord& profile = doc.profiles[std::size_t(profileIndex)];
    const format::Document& asRead = document.documentAsRead();
    const auto savedIndex = profile.isDynamic() ? dynamicProfileWithId(asRead, profile.id) : std::nullopt;
    if (!savedIndex)
        return out;
    if (asRead.profiles[*savedIndex].dynamic->candidates == profile.dynamic->candidates) {
        out.state = RouteComparison::State::AsSaved;
        return out;
    }
    out.state = RouteComparison::State::Edited;
    out.savedCandidates = check::routeCandidates(asRead, *savedIndex);
    out.saved = policy::simulateRouteCycle(out.savedCandidates, scenario);
    out.comparison = policy::compareTimelines(out.savedCandidates, out.saved, edited, editedTimeline);
    // A summary names at most three candidates: each looked up on its own, no map of every profile built.
    out.summary = RouteComparisonText::summary(out.comparison, [&doc](const std::string& id) {
        for (const format::ProfileRecord& p : doc.profiles)
            if (!id.empty() && p.id == id)  // the first record of an id, as agentProfileNames() names it
                return QString::fromStdString(p.name);
        return QString();
    });
    return out;
}

QString RouteComparisonText::ending(const policy::TimelineEnding& ending, const NameOf& nameOf)
{
    using policy::EndingKind;
    const QString who = named(nameOf, ending.candidate);
    switch (ending.kind) {
    //: how a route cycle ends, after "now ends in" / "instead of"; %1: a candidate's name
    case EndingKind::Success: return tr("success on %1").arg(who);
    case EndingKind::Stop: return ending.gateStop ? tr("stop on %1 (safety gate)").arg(who) : tr("stop on %1").arg(who);
    case EndingKind::Exhausted: return tr("no eligible candidate left");
    case EndingKind::ConfigError: return tr("a configuration error on %1").arg(who);
    case EndingKind::Truncated: return tr("the event limit");
    }
    return {};
}

QString RouteComparisonText::summary(const policy::TimelineComparison& c, const NameOf& nameOf)
{
    if (!c.comparable()) {
        // Never "no change": say which side cannot be simulated, and why.
        QStringList sentences;
        const auto why = [](const policy::RouteProblem& p) {
            return p.issue
                ? QString::fromStdString(p.issue->path) + QStringLiteral(": ") + PolicyText::issueMessage(*p.issue)
                // The core says why in English only; the Validation pane says it in full.
                : tr("Its legacy rules cannot be migrated (see Validation).");
        };
        if (c.afterProblem)
            //: %1: a candidate's name; %2: the field path and the problem
            sentences << tr("Cannot compare with the saved policy: %1 in the edited route cannot be simulated. %2")
                             .arg(named(nameOf, c.afterProblem->candidate), why(*c.afterProblem));
        if (c.beforeProblem)
            sentences << tr("Cannot compare with the saved policy: %1 in the saved route cannot be simulated. %2")
                             .arg(named(nameOf, c.beforeProblem->candidate), why(*c.beforeProblem));
        return PolicyText::joinSentences(sentences).trimmed();
    }
    if (c.unchanged())
        return tr("No change to the route for this scenario");

    QStringList parts;
    const auto count = [&parts](std::int64_t delta, const QString& more, const QString& fewer) {
        if (delta != 0)
            parts << (delta > 0 ? more : fewer);
    };
    const int attempts = int(c.delta.attempts), retries = int(c.delta.retries), resets = int(c.delta.resetWaits);
    //: the change in the number of attempts: "+2 attempts"
    count(attempts, tr("+%n attempts", nullptr, attempts), tr("−%n attempts", nullptr, -attempts));
    count(retries, tr("+%n retries", nullptr, retries), tr("−%n retries", nullptr, -retries));
    count(resets, tr("+%n reset waits", nullptr, resets), tr("−%n reset waits", nullptr, -resets));
    const std::int64_t seconds = c.delta.durationSeconds;
    //: %1: how much longer (or shorter) the route takes to its end, "35 s"
    count(seconds, tr("%1 longer").arg(PolicyText::duration(seconds)),
        tr("%1 shorter").arg(PolicyText::duration(-seconds)));
    const QString after = ending(c.after, nameOf);
    const QString before = ending(c.before, nameOf);
    if (after != before)
        //: %1: how the edited route ends, %2: how the saved one ended
        parts << tr("now ends in %1 instead of %2").arg(after, before);
    QString text = parts.isEmpty()
        ? tr("The same attempts, waits and ending, but the route differs from event %1").arg(*c.firstDifference + 1)
        : parts.join(tr(", ", "between the parts of the summary"));
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

}  // namespace model
