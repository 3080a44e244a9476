// SPDX-License-Identifier: Apache-2.0
#pragma once
// The editor over a kandev fixture: choosing a profile, and a route running in it.

#include "kandev_fixture.h"
#include "model/editor_document.h"

namespace
{

[[maybe_unused]] inline bool editProfile(model::EditorDocument& doc, const std::string& id)
{
    for (const int index : doc.dynamicProfiles()) {
        if (doc.document().profiles[std::size_t(index)].id == id) {
            doc.setCurrentProfile(index);
            return true;
        }
    }
    return false;
}

// One route of dyn-current waiting for retry 1 of claude-sonnet's 3 (from 5 s).
[[maybe_unused]] inline void addWaitingRoute(Fixture& fx)
{
    fx.exec(QStringLiteral(
        "DELETE FROM dynamic_agent_routes WHERE dynamic_profile_id IN ('dyn-legacy', 'dyn-conflict', 'dyn-broken')"));
    QString policy = QString::fromUtf8(kPolicies);
    policy.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    fx.routeState(QStringLiteral("s-1"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"),
        QStringLiteral("retry_wait"),
        QStringLiteral(
            R"({"failure_code":"rate_limited","failure_class":"transient","catalogue_version":"provider-errors.v1",)"
            R"("policy_json":"%1","retry_ordinal":1,"deadline":"2026-08-21T10:00:10Z","pending_outcome":"skip"})")
            .arg(policy));
    fx.routeAttempt(QStringLiteral("s-1"), QStringLiteral("dyn-current"), QStringLiteral("claude-sonnet"), 1,
        QStringLiteral("candidate_order"));
    fx.circuit(QStringLiteral("profile:codex-gpt5"), QStringLiteral("open"), QStringLiteral("2026-08-21 10:05:00"),
        QStringLiteral("provider_overloaded"));
}

}  // namespace
