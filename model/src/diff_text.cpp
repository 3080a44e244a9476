// SPDX-License-Identifier: Apache-2.0
#include "model/diff_text.h"

#include "policy/text.h"

namespace model
{
namespace
{

// An id, a name or a value: it can neither act on a terminal nor start a line of its own.
QString escaped(const std::string& s)
{
    return QString::fromStdString(policy::escapedControls(s));
}

// A field's value: a switch reads in the language shown ("true" in English,
// as policyctl writes it), any other value as written.
QString value(const std::string& s)
{
    if (s == "true")
        return DiffText::tr("true", "a switch's value: on");
    if (s == "false")
        return DiffText::tr("false", "a switch's value: off");
    return escaped(s);
}

}  // namespace

QString DiffText::render(
    const review::DocumentDiff& diff, const review::CandidateNames& nameOf, const ProfileNote& profileNote)
{
    using review::Change;
    if (diff.equal())
        return tr("no differences") + QLatin1Char('\n');
    QString out;
    const auto line = [&](const QString& content) { out += content + QLatin1Char('\n'); };
    for (const auto& p : diff.profiles) {
        const QString id = p.id.empty() ? tr("(document)") : escaped(p.id);
        QString head;
        switch (p.change) {
        case Change::Added:
            head = p.name.empty() ? tr("profile %1 added:").arg(id)
                                  : tr("profile %1 (%2) added:").arg(id, escaped(p.name));
            break;
        case Change::Removed:
            head = p.name.empty() ? tr("profile %1 removed:").arg(id)
                                  : tr("profile %1 (%2) removed:").arg(id, escaped(p.name));
            break;
        case Change::Changed:
            head = p.name.empty() ? tr("profile %1:").arg(id) : tr("profile %1 (%2):").arg(id, escaped(p.name));
            break;
        }
        line(head);
        if (p.renamed)
            line(QStringLiteral("  ")
                + tr("name \"%1\" -> \"%2\"").arg(escaped(p.renamed->before), escaped(p.renamed->after)));
        if (p.switched)
            line(QStringLiteral("  ")
                + (p.switched->after == "true" ? tr("profile enabled (was disabled)")
                                               : tr("profile disabled (was enabled): kandev no longer offers it for "
                                                    "new tasks")));
        if (const QString note = profileNote ? profileNote(p) : QString(); !note.isEmpty())
            line(QStringLiteral("  ") + note);
        for (const auto& c : p.candidates) {
            const std::string name = nameOf ? nameOf(c.executionProfileId) : std::string();
            const QString who = name.empty() || name == c.executionProfileId
                ? escaped(c.executionProfileId)
                : QStringLiteral("%1 (%2)").arg(escaped(name), escaped(c.executionProfileId));
            QString text;
            if (c.change == Change::Added)
                text = tr("candidate %1 added at %2").arg(who).arg(*c.to);
            else if (c.change == Change::Removed)
                text = tr("candidate %1 removed from %2").arg(who).arg(*c.from);
            else if (c.moved())
                text = tr("candidate %1 moved from %2 to %3").arg(who).arg(*c.from).arg(*c.to);
            else
                text = tr("candidate %1").arg(who);
            line(QStringLiteral("  ") + text);
            for (const auto& f : c.fields)
                line(QStringLiteral("    %1: %2 -> %3").arg(escaped(f.path), value(f.before), value(f.after)));
            if (!c.incomparable.empty())
                line(QStringLiteral("    ") + tr("cannot compare: %1").arg(escaped(c.incomparable)));
        }
    }
    return out;
}

}  // namespace model
