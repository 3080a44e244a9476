// SPDX-License-Identifier: Apache-2.0
#include "review/document_diff.h"

#include "migration/migration.h"

#include "policy/policy_keys.h"
#include "policy/text.h"
#include "policy/types.h"

#include <algorithm>
#include <unordered_map>

namespace review
{

using migration::CandidateMigration;
using migration::migrateCandidate;

namespace
{

std::string flag(bool b)
{
    return b ? "true" : "false";
}

// What a candidate means, whatever form it is written in: its policies, or
// the policies its legacy rules migrate to; the rules themselves when they
// cannot be migrated.
struct Meaning {
    std::optional<policy::PolicyDocument> policies;
    std::string rules;  // "key=action;..." when the rules cannot be migrated
    bool legacy = false;
};

Meaning meaningOf(const policy::Candidate& c, std::size_t index)
{
    Meaning m;
    m.legacy = !c.policies && !c.rules.empty();
    const CandidateMigration migrated = migrateCandidate(c, index, {});
    if (migrated.result) {
        m.policies = migrated.result;
    } else {
        for (const auto& r : c.rules)
            m.rules += (m.rules.empty() ? "" : ", ") + r.key + " = " + r.action;
    }
    return m;
}

std::string settingValue(const policy::ClassPolicy& p, policy::Setting s)
{
    using policy::Setting;
    switch (s) {
    case Setting::RetryEnabled: return flag(p.retry.enabled);
    case Setting::RetryMaxRetries: return std::to_string(p.retry.maxRetries);
    case Setting::RetryInitialInterval: return std::to_string(p.retry.initialIntervalSeconds);
    case Setting::ResetEnabled: return flag(p.waitForReset.enabled);
    case Setting::ResetMaxWait: return std::to_string(p.waitForReset.maxWaitSeconds);
    case Setting::OnExhausted: return std::string(policy::outcomeName(p.onExhausted));
    }
    return {};
}

// Every setting that differs, in the document's order, at its policy::renderPath (transient.retry.max_retries).
void diffClass(
    policy::ErrorClass cls, const policy::ClassPolicy& a, const policy::ClassPolicy& b, std::vector<FieldChange>& out)
{
    for (const policy::Setting s : policy::kSettings) {
        std::string x = settingValue(a, s), y = settingValue(b, s);
        if (x != y)
            out.push_back({policy::renderPath({cls, s}), std::move(x), std::move(y)});
    }
}

// The policy version a side is written in when this build cannot read it.
std::optional<std::int64_t> unreadableVersion(const policy::Candidate& c)
{
    if (c.policies && c.policies->version != policy::kSupportedPolicyVersion)
        return c.policies->version;
    return std::nullopt;
}

void diffCandidate(
    const policy::Candidate& a, std::size_t ia, const policy::Candidate& b, std::size_t ib, CandidateDiff& d)
{
    std::vector<FieldChange>& fields = d.fields;
    if (a.enabled != b.enabled)
        fields.push_back({"enabled", flag(a.enabled), flag(b.enabled)});
    const auto va = unreadableVersion(a), vb = unreadableVersion(b);
    if (va || vb) {
        // Fields of a version we cannot read would be invented zero values.
        const auto version = [](const policy::Candidate& c) {
            return c.policies ? std::to_string(c.policies->version) : std::string("legacy rules");
        };
        if (version(a) != version(b))
            fields.push_back({std::string(policy::keys::kPolicies) + "." + std::string(policy::keys::kVersion),
                version(a), version(b)});
        d.incomparable = "policy version " + std::to_string(va ? *va : *vb) + " is not one this build reads (it reads "
            + std::to_string(policy::kSupportedPolicyVersion) + "); its fields are not compared";
        return;
    }
    const Meaning ma = meaningOf(a, ia);
    const Meaning mb = meaningOf(b, ib);
    if (ma.legacy != mb.legacy)
        fields.push_back({"form", ma.legacy ? "legacy rules" : "policies", mb.legacy ? "legacy rules" : "policies"});
    if (ma.policies && mb.policies) {
        for (const policy::ErrorClass cls : policy::kPolicyClasses)
            diffClass(cls, ma.policies->forClass(cls), mb.policies->forClass(cls), fields);
    } else if (ma.policies.has_value() != mb.policies.has_value() || ma.rules != mb.rules) {
        // A side whose rules cannot be migrated has no policies to compare: its rules are shown as written.
        const auto said = [](const Meaning& m) {
            return m.policies ? std::string("rules that migrate") : "rules that cannot be migrated (" + m.rules + ")";
        };
        fields.push_back({"rules", said(ma), said(mb)});
    }
}

std::string key(const policy::Candidate& c)
{
    return std::string(policy::trimSpace(c.executionProfileId));
}

// Pairs the items of A and B by key and occurrence: the n-th item with a key
// in B pairs with the n-th with that key in A. Linear in both lists.
template <typename Item, typename KeyOf>
std::vector<std::optional<std::size_t>> pairByOccurrence(
    const std::vector<Item>& a, const std::vector<Item>& b, KeyOf keyOf)
{
    std::unordered_map<std::string, std::vector<std::size_t>> inA;
    for (std::size_t i = 0; i < a.size(); ++i)
        inA[keyOf(a[i])].push_back(i);
    std::unordered_map<std::string, std::size_t> used;
    std::vector<std::optional<std::size_t>> partner(b.size());
    for (std::size_t j = 0; j < b.size(); ++j) {
        const std::string k = keyOf(b[j]);
        const auto found = inA.find(k);
        std::size_t& n = used[k];
        if (found != inA.end() && n < found->second.size())
            partner[j] = found->second[n];
        ++n;
    }
    return partner;
}

ProfileDiff diffProfile(const format::ProfileRecord* a, const format::ProfileRecord* b)
{
    ProfileDiff p;
    p.id = b ? b->id : a->id;
    p.name = b ? b->name : a->name;
    p.change = !a ? Change::Added : !b ? Change::Removed : Change::Changed;
    // Names compare as kandev stores them, trimmed: " Main " saves as "Main".
    if (a && b && policy::trimSpace(a->name) != policy::trimSpace(b->name))
        p.renamed = FieldChange {"name", a->name, b->name};
    if (a && b && a->enabled != b->enabled)
        p.switched = FieldChange {"enabled", flag(a->enabled), flag(b->enabled)};
    static const std::vector<policy::Candidate> kNone;
    const auto& ca = a ? a->dynamic->candidates : kNone;
    const auto& cb = b ? b->dynamic->candidates : kNone;
    const auto partner = pairByOccurrence(ca, cb, key);
    std::vector<bool> paired(ca.size(), false);
    for (std::size_t j = 0; j < cb.size(); ++j) {
        CandidateDiff d;
        d.executionProfileId = key(cb[j]);
        d.to = j;
        d.from = partner[j];
        if (!d.from) {
            d.change = Change::Added;
        } else {
            paired[*d.from] = true;
            diffCandidate(ca[*d.from], *d.from, cb[j], j, d);
            if (d.fields.empty() && d.incomparable.empty() && !d.moved())
                continue;
        }
        p.candidates.push_back(std::move(d));
    }
    for (std::size_t i = 0; i < ca.size(); ++i) {
        if (!paired[i])
            p.candidates.push_back({key(ca[i]), Change::Removed, i, std::nullopt, {}, {}});
    }
    return p;
}

std::vector<const format::ProfileRecord*> dynamicProfiles(const format::Document& d)
{
    std::vector<const format::ProfileRecord*> out;
    // A deleted profile (kandev's soft delete) is gone for kandev: deleting one is its removal.
    for (const auto& p : d.profiles)
        if (p.dynamic && !p.deleted)
            out.push_back(&p);
    return out;
}

const char* changeName(Change c)
{
    switch (c) {
    case Change::Added: return "added";
    case Change::Removed: return "removed";
    case Change::Changed: return "changed";
    }
    return "";
}

}  // namespace

bool DocumentDiff::comparable() const
{
    return std::none_of(profiles.begin(), profiles.end(), [](const ProfileDiff& p) {
        return std::any_of(
            p.candidates.begin(), p.candidates.end(), [](const CandidateDiff& c) { return !c.incomparable.empty(); });
    });
}

DocumentDiff diffDocuments(const format::Document& a, const format::Document& b)
{
    DocumentDiff diff;
    const auto pa = dynamicProfiles(a);
    const auto pb = dynamicProfiles(b);
    const auto keep = [&](ProfileDiff p) {
        if (p.change != Change::Changed || p.renamed || p.switched || !p.candidates.empty())
            diff.profiles.push_back(std::move(p));
    };
    // One profile on each side (a bare document and a one-profile export): the same profile.
    if (pa.size() == 1 && pb.size() == 1 && (pa[0]->id.empty() || pb[0]->id.empty() || pa[0]->id == pb[0]->id)) {
        keep(diffProfile(pa[0], pb[0]));
        return diff;
    }
    const auto partner = pairByOccurrence(pa, pb, [](const format::ProfileRecord* p) { return p->id; });
    std::vector<bool> paired(pa.size(), false);
    for (std::size_t j = 0; j < pb.size(); ++j) {
        if (partner[j])
            paired[*partner[j]] = true;
        keep(diffProfile(partner[j] ? pa[*partner[j]] : nullptr, pb[j]));
    }
    for (std::size_t i = 0; i < pa.size(); ++i)
        if (!paired[i])
            keep(diffProfile(pa[i], nullptr));
    return diff;
}

std::string renderDiffText(const DocumentDiff& diff, const CandidateNames& nameOf)
{
    if (diff.equal())
        return "no differences\n";
    // Each line's content is escaped as a whole: an id or a name holding a
    // newline cannot start a line of its own.
    std::string out;
    const auto line = [&](const std::string& content) {
        policy::escapeControls(out, content);
        out += '\n';
    };
    for (const auto& p : diff.profiles) {
        std::string head = "profile " + (p.id.empty() ? std::string("(document)") : p.id);
        if (!p.name.empty())
            head += " (" + p.name + ")";
        if (p.change != Change::Changed)
            head += std::string(" ") + changeName(p.change);
        line(head + ":");
        if (p.renamed)
            line("  name \"" + p.renamed->before + "\" -> \"" + p.renamed->after + "\"");
        if (p.switched)
            line("  enabled: " + p.switched->before + " -> " + p.switched->after);
        for (const auto& c : p.candidates) {
            const std::string name = nameOf ? nameOf(c.executionProfileId) : std::string();
            std::string text = "  candidate "
                + (name.empty() || name == c.executionProfileId ? c.executionProfileId
                                                                : name + " (" + c.executionProfileId + ")");
            if (c.change == Change::Added)
                text += " added at " + std::to_string(*c.to);
            else if (c.change == Change::Removed)
                text += " removed from " + std::to_string(*c.from);
            else if (c.moved())
                text += " moved from " + std::to_string(*c.from) + " to " + std::to_string(*c.to);
            line(text);
            for (const auto& f : c.fields)
                line("    " + f.path + ": " + f.before + " -> " + f.after);
            if (!c.incomparable.empty())
                line("    cannot compare: " + c.incomparable);
        }
    }
    return out;
}

}  // namespace review
