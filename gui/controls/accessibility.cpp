// SPDX-License-Identifier: Apache-2.0
#include "controls/accessibility.h"

#include "editor/field_binder.h"
#include "controls/value_controls.h"

#include <QAbstractItemView>
#include <QAccessible>
#include <QAccessibleWidget>
#include <QComboBox>
#include <QLabel>

#include <algorithm>
#include <climits>

namespace gui
{

namespace
{

using Relations = QList<std::pair<QAccessibleInterface*, QAccessible::Relation>>;

// Adds the labels whose buddy is `w` (Qt looks only among its siblings) and,
// for the unit of a duration, the label of its number.
Relations withLabels(QWidget* w, QAccessible::Relation match, Relations relations)
{
    if (!(match & QAccessible::Label))
        return relations;
    const QWidget* named = w;
    if (auto* duration = qobject_cast<DurationEdit*>(w->parentWidget()))
        named = duration->spinBox();
    const QList<QLabel*> labels = w->window()->findChildren<QLabel*>();
    for (QLabel* label : labels) {
        if (label->buddy() != named && label->buddy() != w)
            continue;
        QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(label);
        const bool known
            = std::any_of(relations.cbegin(), relations.cend(), [iface](const auto& r) { return r.first == iface; });
        if (iface && !known)
            relations.append({iface, QAccessible::Label});
    }
    return relations;
}

// A ValueSpinBox has no "value" property for Qt's spin box interface to read:
// it reports the value it shows and the limits its arrows keep to.
class AccessibleValueSpinBox final : public QAccessibleWidget, public QAccessibleValueInterface
{
public:
    explicit AccessibleValueSpinBox(ValueSpinBox* box)
        : QAccessibleWidget(box, QAccessible::SpinBox)
    {
    }

    void* interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::ValueInterface)
            return static_cast<QAccessibleValueInterface*>(this);
        return QAccessibleWidget::interface_cast(type);
    }
    QString text(QAccessible::Text t) const override
    {
        return t == QAccessible::Value ? box()->text() : QAccessibleWidget::text(t);
    }
    Relations relations(QAccessible::Relation match) const override
    {
        return withLabels(widget(), match, QAccessibleWidget::relations(match));
    }
    QVariant currentValue() const override
    {
        return QVariant::fromValue<qlonglong>(box()->value());
    }
    void setCurrentValue(const QVariant& value) override
    {
        // As the arrows would: inside the limits, and an edit of the document.
        const qlonglong steps = std::clamp<qlonglong>(value.toLongLong() - box()->value(), INT_MIN, INT_MAX);
        box()->stepBy(int(steps));
    }
    QVariant maximumValue() const override
    {
        return QVariant::fromValue<qlonglong>(box()->stepMaximum());
    }
    QVariant minimumValue() const override
    {
        return QVariant::fromValue<qlonglong>(box()->stepMinimum());
    }
    QVariant minimumStepSize() const override
    {
        return QVariant::fromValue<qlonglong>(1);
    }

private:
    ValueSpinBox* box() const
    {
        return static_cast<ValueSpinBox*>(object());
    }
};

// On Linux Qt names a combo box by its current text ("seconds"); ours are
// named for what they set, and the current text is their value.
class AccessibleComboBox final : public QAccessibleWidget
{
public:
    explicit AccessibleComboBox(QComboBox* combo)
        : QAccessibleWidget(combo, QAccessible::ComboBox)
    {
    }

    QString text(QAccessible::Text t) const override
    {
        return t == QAccessible::Value ? combo()->currentText() : QAccessibleWidget::text(t);
    }
    Relations relations(QAccessible::Relation match) const override
    {
        return withLabels(widget(), match, QAccessibleWidget::relations(match));
    }
    // The list of choices, as Qt's own combo box interface has it.
    int childCount() const override
    {
        return combo()->view() ? 1 : 0;
    }
    QAccessibleInterface* child(int index) const override
    {
        return index == 0 && combo()->view() ? QAccessible::queryAccessibleInterface(combo()->view()) : nullptr;
    }
    int indexOfChild(const QAccessibleInterface* child) const override
    {
        return child && child->object() == combo()->view() ? 0 : -1;
    }
    QStringList actionNames() const override
    {
        return QStringList {showMenuAction(), pressAction()} << QAccessibleWidget::actionNames();
    }
    void doAction(const QString& name) override
    {
        if (name == showMenuAction() || name == pressAction())
            combo()->showPopup();
        else
            QAccessibleWidget::doAction(name);
    }

private:
    QComboBox* combo() const
    {
        return static_cast<QComboBox*>(object());
    }
};

QAccessibleInterface* accessibleFactory(const QString&, QObject* object)
{
    if (auto* box = qobject_cast<ValueSpinBox*>(object))
        return new AccessibleValueSpinBox(box);
    if (auto* combo = qobject_cast<QComboBox*>(object); combo && !combo->isEditable())
        return new AccessibleComboBox(combo);
    return nullptr;
}

}  // namespace

void installAccessibility()
{
    static const bool installed = [] {
        QAccessible::installFactory(accessibleFactory);
        return true;
    }();
    Q_UNUSED(installed);
}

}  // namespace gui
