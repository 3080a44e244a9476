#include "widgets/field_binder.h"

#include "widgets/value_controls.h"

#include <QHBoxLayout>
#include <QLabel>

#include <algorithm>
#include <limits>

namespace widgets {

namespace {
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

namespace {

struct UnitChoice {
    std::int64_t seconds;
    const char* name;
};
//: units of a duration input
constexpr UnitChoice kUnits[] = {{1, QT_TRANSLATE_NOOP("widgets::DurationEdit", "seconds")},
                                 {60, QT_TRANSLATE_NOOP("widgets::DurationEdit", "minutes")},
                                 {3600, QT_TRANSLATE_NOOP("widgets::DurationEdit", "hours")},
                                 {86400, QT_TRANSLATE_NOOP("widgets::DurationEdit", "days")}};

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return a / b + (a % b != 0 && a > 0 ? 1 : 0);
}

}  // namespace

DurationEdit::DurationEdit(QWidget* parent)
    : QWidget(parent), m_value(new ValueSpinBox(this)), m_unit(new GuardedComboBox(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_value, 1);
    layout->addWidget(m_unit);
    m_unit->setAccessibleName(tr("Unit"));
    m_unit->setToolTip(tr("Only the units that show this value exactly are offered."));
    m_max = kUnits[std::size(kUnits) - 1].seconds;
    offerExactUnits(1);
    connect(m_value, &ValueSpinBox::valueEdited, this, [this](std::int64_t shown) {
        const std::int64_t unit = unitSeconds();
        m_seconds = shown * unit;  // the typing limit keeps this inside int64
        m_updating = true;
        offerExactUnits(unit);
        m_updating = false;
        emit valueEdited(m_seconds);
    });
    connect(m_unit, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            showInUnit();  // the same seconds in another unit: no edit
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
    offerExactUnits(unitSeconds());
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

void DurationEdit::offerExactUnits(std::int64_t preferredUnit)
{
    // Units larger than the maximum make no sense (a 1-hour cap has no days),
    // and a unit that cannot show the value exactly would change it.
    m_unit->clear();
    int preferred = 0;
    for (const auto& u : kUnits) {
        if (u.seconds > 1 && (u.seconds > m_max || m_seconds % u.seconds != 0))
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
}

void DurationEdit::setSeconds(std::int64_t seconds)
{
    const std::int64_t shownUnit = unitSeconds();
    const bool sameAsShown = seconds == m_seconds && m_value->value() * shownUnit == seconds;
    m_seconds = seconds;
    m_updating = true;
    if (sameAsShown) {
        offerExactUnits(shownUnit);  // keep the unit the user chose
    } else {
        // The largest unit that shows the value exactly.
        std::int64_t best = 1;
        for (const auto& u : kUnits) {
            if (seconds != 0 && seconds % u.seconds == 0 && u.seconds <= m_max)
                best = u.seconds;
        }
        offerExactUnits(best);
    }
    m_updating = false;
    showInUnit();
}

}  // namespace widgets
