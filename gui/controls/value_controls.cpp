// SPDX-License-Identifier: Apache-2.0
#include "controls/value_controls.h"

#include <QAccessible>
#include <QKeyEvent>
#include <QLineEdit>
#include <QStyle>
#include <QStyleOptionSpinBox>
#include <QWheelEvent>

#include <algorithm>
#include <charconv>
#include <optional>

namespace gui
{

namespace
{
// Assistive technology hears of every new value, typed, stepped or set.
void announceValue(QAbstractSpinBox* box, std::int64_t value)
{
    QAccessibleValueChangeEvent event(box, QVariant::fromValue<qlonglong>(value));
    QAccessible::updateAccessibility(&event);
}
}  // namespace

ValueSpinBox::ValueSpinBox(QWidget* parent)
    : QAbstractSpinBox(parent)
{
    // StrongFocus, not the spin box default WheelFocus: a wheel over an
    // unfocused box must scroll the page, not focus and change the box.
    setFocusPolicy(Qt::StrongFocus);
    setAccelerated(true);
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
    lineEdit()->setText(QStringLiteral("0"));
    connect(lineEdit(), &QLineEdit::textEdited, this, &ValueSpinBox::onTextEdited);
    connect(this, &QAbstractSpinBox::editingFinished, this, &ValueSpinBox::onEditingFinished);
}

std::optional<std::int64_t> ValueSpinBox::parse(const QString& text) const
{
    const QByteArray bytes = text.trimmed().toLatin1();
    if (bytes.isEmpty() || bytes.size() > 20)
        return std::nullopt;
    const char* begin = bytes.constData();
    const char* end = begin + bytes.size();
    if (*begin == '+')
        ++begin;
    std::int64_t v = 0;
    const auto [ptr, ec] = std::from_chars(begin, end, v);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    if (v > m_typingLimit || v < -m_typingLimit)
        return std::nullopt;
    return v;
}

void ValueSpinBox::setValue(std::int64_t value)
{
    const bool changed = value != m_value;
    m_value = value;
    // Leave the text alone while it already says this value: the document
    // echoes every keystroke back, and the cursor must not jump.
    if (parse(lineEdit()->text()) != value)
        lineEdit()->setText(QString::number(value));
    update();  // the arrows' enabled state
    if (changed)  // the document echoes every edit back: announce a value once
        announceValue(this, m_value);
}

void ValueSpinBox::setStepRange(std::int64_t lo, std::int64_t hi)
{
    m_lo = lo;
    m_hi = std::max(lo, hi);
    update();
}

QValidator::State ValueSpinBox::validate(QString& input, int&) const
{
    const QString t = input.trimmed();
    if (t.isEmpty() || t == QLatin1String("-") || t == QLatin1String("+"))
        return QValidator::Intermediate;
    return parse(t) ? QValidator::Acceptable : QValidator::Invalid;
}

void ValueSpinBox::fixup(QString& input) const
{
    if (!parse(input))
        input = QString::number(m_value);  // an unfinished entry ("", "-") shows the value again
}

void ValueSpinBox::onTextEdited(const QString& text)
{
    const auto v = parse(text);
    if (!v || *v == m_value)
        return;
    m_value = *v;
    announceValue(this, m_value);
    emit valueEdited(m_value);
}

void ValueSpinBox::onEditingFinished()
{
    if (!parse(lineEdit()->text()))
        lineEdit()->setText(QString::number(m_value));
}

namespace
{
bool isUndoOrRedo(const QEvent* event)
{
    const auto* key = static_cast<const QKeyEvent*>(event);
    return key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo);
}
}  // namespace

// Every keystroke is already a document edit: Undo and Redo belong to the
// document, never to the line edit's own text history. The spin box hands
// its key events straight to the line edit (no event filter sees them), so
// they are stopped here: the override is declined, so that the window's
// Undo shortcut fires, and a key press (Undo with nothing left to undo)
// goes no further.
bool ValueSpinBox::event(QEvent* event)
{
    if (event->type() == QEvent::ShortcutOverride && isUndoOrRedo(event)) {
        event->ignore();
        return true;
    }
    return QAbstractSpinBox::event(event);
}

void ValueSpinBox::keyPressEvent(QKeyEvent* event)
{
    if (isUndoOrRedo(event)) {
        event->ignore();
        return;
    }
    QAbstractSpinBox::keyPressEvent(event);
}

QAbstractSpinBox::StepEnabled ValueSpinBox::stepEnabled() const
{
    if (isReadOnly())
        return StepNone;
    StepEnabled e = StepNone;
    if (m_value < m_hi)
        e |= StepUpEnabled;
    if (m_value > m_lo)
        e |= StepDownEnabled;
    return e;
}

void ValueSpinBox::stepBy(int steps)
{
    // From outside the limits, a step goes to the nearest limit first.
    const std::int64_t target = std::clamp<std::int64_t>(m_value + steps, m_lo, m_hi);
    if (target == m_value)
        return;
    m_value = target;
    lineEdit()->setText(QString::number(m_value));
    selectAll();
    announceValue(this, m_value);
    emit valueEdited(m_value);
}

void ValueSpinBox::wheelEvent(QWheelEvent* event)
{
    if (!hasFocus()) {
        event->ignore();  // passes it to the scroll area behind
        return;
    }
    QAbstractSpinBox::wheelEvent(event);
}

QSize ValueSpinBox::sizeHint() const
{
    // Room for six digits and a sign, like a QSpinBox sized for its range.
    ensurePolished();
    const QFontMetrics fm(font());
    const int textWidth = fm.horizontalAdvance(QStringLiteral("-999999"));
    QStyleOptionSpinBox opt;
    initStyleOption(&opt);
    const QSize hint(textWidth + 4, lineEdit()->sizeHint().height());
    return style()->sizeFromContents(QStyle::CT_SpinBox, &opt, hint, this);
}

QSize ValueSpinBox::minimumSizeHint() const
{
    return sizeHint();
}

GuardedComboBox::GuardedComboBox(QWidget* parent)
    : QComboBox(parent)
{
    setFocusPolicy(Qt::StrongFocus);
}

void GuardedComboBox::wheelEvent(QWheelEvent* event)
{
    if (!hasFocus()) {
        event->ignore();
        return;
    }
    QComboBox::wheelEvent(event);
}

}  // namespace gui
