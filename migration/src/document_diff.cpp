#include "migration/document_diff.h"

#include "migration/migration.h"

#include "policy/text.h"
#include "policy/types.h"

#include <algorithm>
#include <sstream>

namespace migration {

namespace {

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

void diffClass(const std::string& cls, const policy::ClassPolicy& a, const policy::ClassPolicy& b, std::vector<FieldChange>& out)
{
    const auto field = [&](const char* name, const std::string& x, const std::string& y) {
        if (x != y)
            out.push_back({cls + "." + name, x, y});
    };
    field("retry.enabled", flag(a.retry.enabled), flag(b.retry.enabled));
    field("retry.max_retries", std::to_string(a.retry.maxRetries), std::to_string(b.retry.maxRetries));
    field("retry.initial_interval_seconds", std::to_string(a.retry.initialIntervalSeconds),
          std::to_string(b.retry.initialIntervalSeconds));
    field("wait_for_reset.enabled", flag(a.waitForReset.enabled), flag(b.waitForReset.enabled));
    field("wait_for_reset.max_wait_seconds", std::to_string(a.waitForReset.maxWaitSeconds),
          std::to_string(b.waitForReset.maxWaitSeconds));
    field("on_exhausted", std::string(policy::outcomeName(a.onExhausted)), std::string(policy::outcomeName(b.onExhausted)));
}

std::vector<FieldChange> diffCandidate(const policy::Candidate& a, std::size_t ia, const policy::Candidate& b, std::size_t ib)
{
    std::vector<FieldChange> fields;
    if (a.enabled != b.enabled)
        fields.push_back({"enabled", flag(a.enabled), flag(b.enabled)});
    const Meaning ma = meaningOf(a, ia);
    const Meaning mb = meaningOf(b, ib);
    if (ma.legacy != mb.legacy)
        fields.push_back({"form", ma.legacy ? "legacy rules" : "policies", mb.legacy ? "legacy rules" : "policies"});
    if (ma.policies && mb.policies) {
        diffClass("transient", ma.policies->transient, mb.policies->transient, fields);
        diffClass("hard", ma.policies->hard, mb.policies->hard, fields);
    } else if (ma.policies.has_value() != mb.policies.has_value() || ma.rules != mb.rules) {
        // A side whose rules cannot be migrated has no policies to compare: its rules are shown as written.
        const auto said = [](const Meaning& m) { return m.policies ? std::string("rules that migrate") : "rules that cannot be migrated (" + m.rules + ")"; };
        fields.push_back({"rules", said(ma), said(mb)});
    }
    return fields;
}

std::string key(const policy::Candidate& c)
{
    return std::string(policy::trimSpace(c.executionProfileId));
}

ProfileDiff diffProfile(const schema::ProfileRecord* a, const schema::ProfileRecord* b)
{
    ProfileDiff p;
    p.id = b ? b->id : a->id;
    p.name = b ? b->name : a->name;
    p.change = !a ? Change::Added : !b ? Change::Removed : Change::Changed;
    if (a && b && a->name != b->name)
        p.renamed = FieldChange{"name", a->name, b->name};
    static const std::vector<policy::Candidate> kNone;
    const auto& ca = a ? a->dynamic->candidates : kNone;
    const auto& cb = b ? b->dynamic->candidates : kNone;
    const auto find = [](const std::vector<policy::Candidate>& list, const std::string& id) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < list.size(); ++i)
            if (key(list[i]) == id)
                return i;
        return std::nullopt;
    };
    for (std::size_t j = 0; j < cb.size(); ++j) {
        CandidateDiff d;
        d.executionProfileId = key(cb[j]);
        d.to = j;
        d.from = find(ca, d.executionProfileId);
        if (!d.from) {
            d.change = Change::Added;
        } else {
            d.fields = diffCandidate(ca[*d.from], *d.from, cb[j], j);
            if (d.fields.empty() && !d.moved())
                continue;
        }
        p.candidates.push_back(std::move(d));
    }
    for (std::size_t i = 0; i < ca.size(); ++i) {
        if (!find(cb, key(ca[i])))
            p.candidates.push_back({key(ca[i]), Change::Removed, i, std::nullopt, {}});
    }
    return p;
}

std::vector<const schema::ProfileRecord*> dynamicProfiles(const schema::Document& d)
{
    std::vector<const schema::ProfileRecord*> out;
    for (const auto& p : d.profiles)
        if (p.dynamic)
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

DocumentDiff diffDocuments(const schema::Document& a, const schema::Document& b)
{
    DocumentDiff diff;
    const auto pa = dynamicProfiles(a);
    const auto pb = dynamicProfiles(b);
    const auto keep = [&](ProfileDiff p) {
        if (p.change != Change::Changed || p.renamed || !p.candidates.empty())
            diff.profiles.push_back(std::move(p));
    };
    // One profile on each side (a bare document and a one-profile export): the same profile.
    if (pa.size() == 1 && pb.size() == 1 && (pa[0]->id.empty() || pb[0]->id.empty() || pa[0]->id == pb[0]->id)) {
        keep(diffProfile(pa[0], pb[0]));
        return diff;
    }
    const auto find = [](const std::vector<const schema::ProfileRecord*>& list, const std::string& id) -> const schema::ProfileRecord* {
        for (const auto* p : list)
            if (p->id == id)
                return p;
        return nullptr;
    };
    for (const auto* p : pb)
        keep(diffProfile(find(pa, p->id), p));
    for (const auto* p : pa)
        if (!find(pb, p->id))
            keep(diffProfile(p, nullptr));
    return diff;
}

std::string renderDiffText(const DocumentDiff& diff)
{
    if (diff.equal())
        return "no differences\n";
    std::ostringstream s;
    for (const auto& p : diff.profiles) {
        s << "profile " << (p.id.empty() ? std::string("(document)") : p.id);
        if (!p.name.empty())
            s << " (" << p.name << ")";
        if (p.change != Change::Changed)
            s << " " << changeName(p.change);
        s << ":\n";
        if (p.renamed)
            s << "  name \"" << p.renamed->before << "\" -> \"" << p.renamed->after << "\"\n";
        for (const auto& c : p.candidates) {
            s << "  candidate " << c.executionProfileId;
            if (c.change == Change::Added)
                s << " added at " << *c.to;
            else if (c.change == Change::Removed)
                s << " removed from " << *c.from;
            else if (c.moved())
                s << " moved from " << *c.from << " to " << *c.to;
            s << "\n";
            for (const auto& f : c.fields)
                s << "    " << f.path << ": " << f.before << " -> " << f.after << "\n";
        }
    }
    return s.str();
}

}  // namespace migration
