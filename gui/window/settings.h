// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every setting the editor keeps between sessions, declared once: its type,
// its key and its default. The keys are the strings earlier versions wrote,
// so that people's settings keep working; a test holds them, and holds that
// no other file of gui/ constructs QSettings.

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace gui
{

template <typename T> class Setting
{
public:
    constexpr explicit Setting(const char* key, T defaultValue = T {})
        : m_key(key)
        , m_default(std::move(defaultValue))
    {
    }
    QString key() const
    {
        return QString::fromLatin1(m_key);
    }
    const T& defaultValue() const
    {
        return m_default;
    }
    // The stored value, or the default when none is stored.
    T value() const;
    void setValue(const T& value) const;
    bool isStored() const;
    void remove() const;

private:
    const char* m_key;
    T m_default;
};

extern template class Setting<bool>;
extern template class Setting<QString>;
extern template class Setting<QStringList>;
extern template class Setting<QByteArray>;

namespace settings
{

// The files opened lately, newest first (RecentFiles).
inline const Setting<QStringList> recentFiles {"recentFiles"};
// "system", "light" or "dark" (View > Colour Scheme).
inline const Setting<QString> colourScheme {"appearance/colourScheme"};
// The main window's geometry, its docks and tool bar, and the route's split (DockLayout).
inline const Setting<QByteArray> windowGeometry {"window/geometry"};
inline const Setting<QByteArray> windowState {"window/state"};
inline const Setting<QByteArray> routeSplit {"window/routeSplit"};
// The timeline's custom scenario, as scenario JSON.
inline const Setting<QString> customScenario {"timeline/customScenario"};
// The timeline's "Compare with saved": the saved route drawn under the edited one.
inline const Setting<bool> compareWithSaved {"timeline/compareWithSaved", true};
// The Open Database dialog's last SQLite file, and last server: host, port,
// user, an empty field where the password would be (never stored), name.
inline const Setting<QString> lastSqlitePath {"database/lastSqlitePath"};
inline const Setting<QStringList> lastServer {"database/lastServer"};
// The class explanations under each panel's title, and "When kandev switches
// candidates": open once opened, until closed again.
inline const Setting<bool> explainTransientErrors {"editor/explainTransientErrors", false};
inline const Setting<bool> explainHardErrors {"editor/explainHardErrors", false};
inline const Setting<bool> explainSwitching {"editor/explainSwitching", false};
// The house rules file chosen in File > House Rules; empty: the one found beside the document.
inline const Setting<QString> houseRulesFile {"houseRules/file"};

}  // namespace settings
}  // namespace gui
