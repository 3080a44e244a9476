// SPDX-License-Identifier: Apache-2.0
#pragma once
// Builds editors from the limits declared in policy/: one binder per value
// type, so no form spells a range, a unit or a default by hand. The editors
// show what the document holds, in range or not; validation (policy/) says
// what is wrong with it, under the field.

#include "policy/limits.h"

#include <QWidget>

class QLabel;

namespace gui
{

class GuardedComboBox;
class ValueSpinBox;

// A count (e.g. max retries): the descriptor's range bounds the arrows.
void bindCountSpinBox(ValueSpinBox* box, const policy::FieldDescriptor& d, QLabel* buddy);

// A number of seconds, set in the largest unit that shows it exactly (s, min,
// h, d). The unit is the one a person means: picking another keeps the
// number's digits and changes the seconds ("2", then hours, is 7,200 s), an
// edit; every unit up to the field's maximum is offered, whatever the value.
// Beside any unit but seconds, the value in seconds.
class DurationEdit final : public QWidget
{
    Q_OBJECT
public:
    explicit DurationEdit(QWidget* parent = nullptr);
    void bind(const policy::FieldDescriptor& d, QLabel* buddy);
    // Names the number and its unit for assistive technology ("First retry after", "First retry after, unit").
    void setFieldName(const QString& name);

    std::int64_t seconds() const
    {
        return m_seconds;
    }
    void setSeconds(std::int64_t seconds);  // no valueEdited signal
    ValueSpinBox* spinBox() const
    {
        return m_value;
    }
    GuardedComboBox* unitBox() const
    {
        return m_unit;
    }
    QLabel* inSecondsLabel() const
    {
        return m_inSeconds;
    }
    std::int64_t unitSeconds() const;

signals:
    void valueEdited(std::int64_t seconds);

private:
    void offerUnits(std::int64_t preferredUnit);
    void showInUnit();
    void showSeconds();

    ValueSpinBox* m_value;
    GuardedComboBox* m_unit;
    QLabel* m_inSeconds;  // "= 7,200 s" beside another unit
    std::int64_t m_seconds = 0;
    std::int64_t m_min = 0;
    std::int64_t m_max = 0;
    bool m_updating = false;
};

}  // namespace gui
