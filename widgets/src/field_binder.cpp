#include "widgets/field_binder.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

namespace widgets {

void bindCountSpinBox(QSpinBox* box, const policy::FieldDescriptor& d, QLabel* buddy)
{
    box->setRange(int(d.min), int(d.max));
    box->setAccelerated(true);
    box->setKeyboardTracking(false);
    if (buddy) {
        buddy->setBuddy(box);
        box->setAccessibleName(buddy->text().remove(QLatin1Char('&')));
    }
}

namespace {
constexpr std::int64_t kUnits[] = {1, 60, 3600, 86400};
}

DurationEdit::DurationEdit(QWidget* parent) : QWidget(parent), m_value(new QSpinBox(this)), m_unit(new QComboBox(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_value, 1);
    layout->addWidget(m_unit);
    m_value->setAccelerated(true);
    m_value->setKeyboardTracking(false);
    //: units of a duration input
    m_unit->addItem(tr("seconds"), QVariant::fromValue<qlonglong>(1));
    m_unit->addItem(tr("minutes"), QVariant::fromValue<qlonglong>(60));
    m_unit->addItem(tr("hours"), QVariant::fromValue<qlonglong>(3600));
    m_unit->addItem(tr("days"), QVariant::fromValue<qlonglong>(86400));
    m_unit->setAccessibleName(tr("Unit"));
    connect(m_value, &QSpinBox::valueChanged, this, [this] {
        if (!m_updating)
            emit valueEdited(seconds());
    });
    connect(m_unit, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        // Keep the shown number, change its unit: "5 seconds" becomes "5 minutes".
        const int shown = m_value->value();
        m_updating = true;
        updateRange();
        m_value->setValue(shown);
        m_updating = false;
        emit valueEdited(seconds());
    });
}

void DurationEdit::bind(const policy::FieldDescriptor& d, QLabel* buddy)
{
    m_min = d.min;
    m_max = d.max;
    // Units larger than the maximum make no sense: a 1-hour cap has no days.
    for (int i = m_unit->count() - 1; i >= 0; --i) {
        if (kUnits[i] > m_max)
            m_unit->removeItem(i);
    }
    if (buddy) {
        buddy->setBuddy(m_value);
        m_value->setAccessibleName(buddy->text().remove(QLatin1Char('&')));
    }
    updateRange();
}

std::int64_t DurationEdit::unitSeconds() const
{
    return m_unit->currentData().toLongLong();
}

void DurationEdit::updateRange()
{
    const std::int64_t unit = unitSeconds();
    const std::int64_t lo = std::max<std::int64_t>(1, (m_min + unit - 1) / unit);
    m_value->setRange(int(lo), int(std::max(lo, m_max / unit)));
}

std::int64_t DurationEdit::seconds() const
{
    return std::int64_t(m_value->value()) * unitSeconds();
}

void DurationEdit::setSeconds(std::int64_t seconds)
{
    m_updating = true;
    int unitIndex = 0;
    for (int i = m_unit->count() - 1; i >= 0; --i) {
        if (seconds > 0 && seconds % kUnits[i] == 0) {
            unitIndex = i;
            break;
        }
    }
    m_unit->setCurrentIndex(unitIndex);
    updateRange();
    m_value->setValue(int(std::clamp<std::int64_t>(seconds / kUnits[unitIndex], m_value->minimum(), m_value->maximum())));
    m_updating = false;
}

}  // namespace widgets
