// SPDX-License-Identifier: Apache-2.0
#include "editor/field_binder.h"

#include "controls/value_controls.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>

#include <algorithm>
#include <limits>

namespace gui
{

namespace
{
// A label's words without its mnemonic and colon: "F&irst retry after:" names "First retry after".
QString fieldName(const QLabel* label)
{
    QString name = label->text().remove(QLatin1Char('&')).trimmed();
    if (name.endsWith(QLatin1Char(':')))
        name.chop(1);
    return name;
}
}  // namespace

void bindCountSpinBox(ValueSpinBox* box, const policy::FieldDescriptor& d, QLabel* buddy)
{
    box->setStepRange(d.min, d.max);
    if (buddy) {
        buddy->setBuddy(box);
        box->setAccessibleName(fieldName(buddy));
    }
}

namespace
{

struct UnitChoice {
    std::int64_t seconds;
    const char* name;
};
//: units of a duration input
constexpr UnitChoice kUnits[] = {{1, QT_TRANSLATE_NOOP("gui::DurationEdit", "seconds")},
    {60, QT_TRANSLATE_NOOP("gui::DurationEdit", "minutes")}, {3600, QT_TRANSLATE_NOOP("gui::DurationEdit", "hours")},
    {86400, QT_TRANSLATE_NOOP("gui::DurationEdit", "days")}};

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return a / b + (a % b != 0 && a > 0 ? 1 : 0);
}

}  // namespace

DurationEdit::DurationEdit(QWidget* parent)
    : QWidget(parent)
    , m_value(new ValueSpinBox(this))
    , m_unit(new GuardedComboBox(this))
    , m_inSeconds(new QLabel(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_value, 1);
    layout->addWidget(m_unit);
    layout->addWidget(m_inSeconds);
    m_unit->setAccessibleName(tr("Unit"));
    m_unit->setToolTip(tr("The unit of the number: pick the one you mean, and the number keeps its digits."));
    m_inSeconds->setObjectName(QStringLiteral("inSeconds"));
    m_max = kUnits[std::size(kUnits) - 1].seconds;
    offerUnits(1);
    connect(m_value, &ValueSpinBox::valueEdited, this, [this](std::int64_t shown) {
        m_seconds = shown * unitSeconds();  // the typing limit keeps this inside int64
        showSeconds();
        emit valueEdited(m_seconds);
    });
    // A person picks the unit they mean: "2" then "hours" is two hours. The
    // number keeps its digits and the value follows, as an edit.
    connect(m_unit, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        m_seconds = m_value->value() * unitSeconds();
        showInUnit();
        emit valueEdited(m_seconds);
    });
}

void DurationEdit::bind(const policy::FieldDescriptor& d, QLabel* buddy)
{
    m_min = d.min;
    m_max = d.max;
    if (buddy) {
        buddy->setBuddy(m_value);
        setFieldName(fieldName(buddy));
    }
    m_updating = true;
    offerUnits(unitSeconds());
    m_updating = false;
    showInUnit();
}

void DurationEdit::setFieldName(const QString& name)
{
    m_value->setAccessibleName(name);
    m_unit->setAccessibleName(tr("%1, unit").arg(name));
}

std::int64_t DurationEdit::unitSeconds() const
{
    const QVariant data = m_unit->currentData();
    return data.isValid() ? data.toLongLong() : 1;
}

void DurationEdit::offerUnits(std::int64_t preferredUnit)
{
    // Every unit up to the maximum (a 1-hour cap has no days), whatever the
    // value: the unit is chosen before the number means anything.
    m_unit->clear();
    int preferred = 0;
    for (const auto& u : kUnits) {
        if (u.seconds > 1 && u.seconds > m_max)
            continue;
        if (u.seconds == preferredUnit)
            preferred = m_unit->count();
        m_unit->addItem(tr(u.name), QVariant::fromValue<qlonglong>(u.seconds));
    }
    m_unit->setCurrentIndex(preferred);
    m_unit->setEnabled(m_unit->count() > 1);
}

void DurationEdit::showInUnit()
{
    const std::int64_t unit = unitSeconds();
    m_value->setTypingLimit(std::numeric_limits<std::int64_t>::max() / unit);
    m_value->setStepRange(std::max<std::int64_t>(1, ceilDiv(m_min, unit)), m_max / unit);
    m_value->setValue(m_seconds / unit);
    showSeconds();
}

void DurationEdit::showSeconds()
{
    // The value in seconds, as the schedule counts, whenever another unit is shown.
    const bool other = unitSeconds() != 1;
    m_inSeconds->setVisible(other);
    if (other)
        m_inSeconds->setText(tr("= %1 s").arg(QLocale().toString(qlonglong(m_seconds))));
}

void DurationEdit::setSeconds(std::int64_t seconds)
{
    const std::int64_t shownUnit = unitSeconds();
    const bool sameAsShown = seconds == m_seconds && m_value->value() * shownUnit == seconds;
    m_seconds = seconds;
    m_updating = true;
    if (sameAsShown) {
        offerUnits(shownUnit);  // keep the unit the user chose
    } else {
        // The largest unit that shows the value exactly.
        std::int64_t best = 1;
        for (const auto& u : kUnits) {
            if (seconds != 0 && seconds % u.seconds == 0 && u.seconds <= m_max)
                best = u.seconds;
        }
        offerUnits(best);
    }
    m_updating = false;
    showInUnit();
}

}  // namespace gui
