#pragma once
// Builds editors from the limits declared in policy/: one binder per value
// type, so no form spells a range, a unit or a default by hand.

#include "policy/limits.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSpinBox;

namespace widgets {

// A count (e.g. max retries): a spin box with the descriptor's range.
void bindCountSpinBox(QSpinBox* box, const policy::FieldDescriptor& d, QLabel* buddy);

// A number of seconds shown in the largest unit that divides it (s, min, h,
// d), editable in any unit; the range comes from the descriptor.
class DurationEdit final : public QWidget {
    Q_OBJECT
public:
    explicit DurationEdit(QWidget* parent = nullptr);
    void bind(const policy::FieldDescriptor& d, QLabel* buddy);

    std::int64_t seconds() const;
    void setSeconds(std::int64_t seconds);  // no valueEdited signal
    QSpinBox* spinBox() const { return m_value; }
    QComboBox* unitBox() const { return m_unit; }

signals:
    void valueEdited(std::int64_t seconds);

private:
    void updateRange();
    std::int64_t unitSeconds() const;

    QSpinBox* m_value;
    QComboBox* m_unit;
    std::int64_t m_min = 0;
    std::int64_t m_max = 0;
    bool m_updating = false;
};

}  // namespace widgets
