// SPDX-License-Identifier: Apache-2.0
#pragma once
// Value controls for settings that people scroll past: they take the mouse
// wheel only while they have keyboard focus (an unfocused control passes the
// wheel on, so the page scrolls), and the number box shows exactly the value
// the document holds, whatever it is. Out-of-range values stay visible for
// the inline error to explain; only the arrows, the wheel and Up/Down keys
// stay inside the limits.

#include <QAbstractSpinBox>
#include <QComboBox>

#include <cstdint>
#include <optional>

namespace gui
{

class ValueSpinBox final : public QAbstractSpinBox
{
    Q_OBJECT
public:
    explicit ValueSpinBox(QWidget* parent = nullptr);

    std::int64_t value() const
    {
        return m_value;
    }
    // Shows the value as it is (no clamping); emits nothing.
    void setValue(std::int64_t value);
    // Where the arrows, the wheel and Up/Down may go.
    void setStepRange(std::int64_t lo, std::int64_t hi);
    std::int64_t stepMinimum() const
    {
        return m_lo;
    }
    std::int64_t stepMaximum() const
    {
        return m_hi;
    }
    // Largest magnitude that may be typed (keeps value × unit inside int64).
    void setTypingLimit(std::int64_t maxMagnitude)
    {
        m_typingLimit = maxMagnitude;
    }

    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;
    void stepBy(int steps) override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The user changed the value: typed (each keystroke that forms a number),
    // stepped, or scrolled with focus. Never emitted by setValue().
    void valueEdited(std::int64_t value);

protected:
    StepEnabled stepEnabled() const override;
    void wheelEvent(QWheelEvent* event) override;
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void onTextEdited(const QString& text);
    void onEditingFinished();
    std::optional<std::int64_t> parse(const QString& text) const;

    std::int64_t m_value = 0;
    std::int64_t m_lo = 0;
    std::int64_t m_hi = 0;
    std::int64_t m_typingLimit = INT64_MAX;
};

class GuardedComboBox final : public QComboBox
{
    Q_OBJECT
public:
    explicit GuardedComboBox(QWidget* parent = nullptr);

protected:
    void wheelEvent(QWheelEvent* event) override;
};

}  // namespace gui
