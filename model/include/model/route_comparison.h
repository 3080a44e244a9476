// SPDX-License-Identifier: Apache-2.0
#pragma once
// What an edit does to the route: a profile as it was read or last saved
// against the same profile as edited, simulated for one scenario and
// compared by the core (policy::compareTimelines), with the one-line summary
// in the user's language. The Timeline draws it and Review Changes lists it;
// the saved side comes from the document's source, its one owner.

#include "policy/timeline.h"
#include "policy/timeline_compare.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace model
{

class EditorDocument;

struct RouteComparison {
    enum class State {
        NoSavedProfile,  // the profile is not in the document as read: nothing to compare with
        AsSaved,  // the profile's candidates are as read or last saved
        Edited,  // edited since: `comparison` and `summary` say what it does to the route
    };
    State state = State::NoSavedProfile;
    std::vector<policy::RouteCandidate> savedCandidates;
    policy::Timeline saved;
    policy::TimelineComparison comparison;
    QString summary;  // "" unless Edited

    bool edited() const
    {
        return state == State::Edited;
    }
    // The saved route differs from the edited one, event for event, and both could be simulated.
    bool differs() const
    {
        return edited() && comparison.comparable() && !comparison.unchanged();
    }
};

// The profile `profileIndex` of the open document against the same profile as
// read or last saved (found by its id), for `scenario`; `edited` and
// `editedTimeline` are that profile's route and its simulation, when the
// caller has them already.
RouteComparison compareWithSaved(const EditorDocument& document, int profileIndex, const policy::Scenario& scenario);
RouteComparison compareWithSaved(const EditorDocument& document, int profileIndex, const policy::Scenario& scenario,
    const std::vector<policy::RouteCandidate>& edited, const policy::Timeline& editedTimeline);

// The sentences of a comparison. Candidates are named by nameOf (an id -> the
// name shown; the id itself when it returns "").
class RouteComparisonText
{
    Q_DECLARE_TR_FUNCTIONS(RouteComparisonText)
public:
    using NameOf = std::function<QString(const std::string& executionProfileId)>;
    // "+2 attempts, +2 retries, 35 s longer, now ends in stop on Gemini Pro
    // instead of no eligible candidate left"; "No change to the route for this
    // scenario"; "Cannot compare with the saved policy: …" when a side cannot be simulated.
    static QString summary(const policy::TimelineComparison& comparison, const NameOf& nameOf = {});
    // "stop on Gemini Pro", "no eligible candidate left", …
    static QString ending(const policy::TimelineEnding& ending, const NameOf& nameOf = {});
};

}  // namespace model
