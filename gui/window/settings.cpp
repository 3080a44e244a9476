// SPDX-License-Identifier: Apache-2.0
#include "window/settings.h"

// The one file of gui/ that constructs QSettings (a test holds it).
#include <QSettings>

namespace gui
{

template <typename T> T Setting<T>::value() const
{
    const QSettings store;
    const QString k = key();
    return store.contains(k) ? store.value(k).template value<T>() : m_default;
}

template <typename T> void Setting<T>::setValue(const T& value) const
{
    QSettings().setValue(key(), value);
}

template <typename T> bool Setting<T>::isStored() const
{
    return QSettings().contains(key());
}

template <typename T> void Setting<T>::remove() const
{
    QSettings().remove(key());
}

template class Setting<bool>;
template class Setting<QString>;
template class Setting<QStringList>;
template class Setting<QByteArray>;

}  // namespace gui
