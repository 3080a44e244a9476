#include "widgets/timeline_panel.h"

#include "widgets/scenario_editor_dialog.h"
#include "widgets/timeline_view.h"

#include "schema/scenario.h"

#include <QCheckBox>
#include "widgets/value_controls.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace widgets {

namespace {
// The presets' names, for translation (the presets themselves live in policy/).
[[maybe_unused]] constexpr const char* kPresetNames[] = {
    QT_TRANSLATE_NOOP("widgets::TimelinePanel", "Capacity error before output, every attempt"),
    QT_TRANSLATE_NOOP("widgets::TimelinePanel", "Quota exhausted, reset in 1 min"),
    QT_TRANSLATE_NOOP("widgets::TimelinePanel", "Quota exhausted, reset in 6 h"),
    QT_TRANSLATE_NOOP("widgets::TimelinePanel", "Two transient errors, then success"),
    QT_TRANSLATE_NOOP("widgets::TimelinePanel", "Unknown error"),
    QT_TRANSLATE_NOOP("widgets::TimelinePanel", "Failure after tool activity"),
};
const auto kCustomKey = QStringLiteral("timeline/customScenario");
const auto kCustomId = QStringLiteral("custom");
const auto kShownId = QStringLiteral("shown");

policy::Scenario storedCustomScenario()
{
    const QString text = QSettings().value(kCustomKey).toString();
    if (!text.isEmpty()) {
        const auto parsed = schema::parseScenario(text.toStdString());
        if (parsed.scenario)
            return *parsed.scenario;
    }
    policy::Scenario s = policy::findScenarioPreset("two-transient-then-success")->scenario;
    s.name = QCoreApplication::translate("widgets::TimelinePanel", "Custom scenario").toStdString();
    return s;
}
}  // namespace

TimelinePanel::TimelinePanel(QWidget* parent)
    : QWidget(parent), m_preview(new model::TimelinePreview(this)), m_events(new model::TimelineEventModel(m_preview, this)),
      m_scenario(new GuardedComboBox(this)), m_log(new QCheckBox(tr("&Logarithmic time"), this)), m_view(new TimelineView(this)),
      m_table(new QTableView(this)), m_totals(new QLabel(this)), m_warnings(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    auto* bar = new QHBoxLayout;
    auto* scenarioLabel = new QLabel(tr("&Scenario:"), this);
    scenarioLabel->setBuddy(m_scenario);
    for (const auto& p : policy::scenarioPresets())
        m_scenario->addItem(tr(p.scenario.name.c_str()), QString::fromUtf8(p.id.data(), qsizetype(p.id.size())));
    m_scenario->addItem(tr("Custom scenario"), kCustomId);
    m_scenario->setAccessibleName(tr("Scenario"));
    auto* edit = new QPushButton(tr("Edit &Custom…"), this);
    auto* exportButton = new QPushButton(tr("Export…"), this);
    bar->addWidget(scenarioLabel);
    bar->addWidget(m_scenario, 1);
    bar->addWidget(edit);
    bar->addSpacing(12);
    bar->addWidget(m_log);
    bar->addStretch(1);
    bar->addWidget(exportButton);
    layout->addLayout(bar);

    m_view->setPreview(m_preview);
    m_table->setModel(m_events);
    m_table->setAccessibleName(tr("Timeline events"));
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    // The table is the accessible alternative to the picture: same events, one tab away.
    auto* tabs = new QTabWidget(this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_view);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    tabs->addTab(scroll, tr("Picture"));
    tabs->addTab(m_table, tr("Table"));
    tabs->setDocumentMode(true);
    layout->addWidget(tabs, 1);
    m_totals->setWordWrap(true);
    m_warnings->setWordWrap(true);
    layout->addWidget(m_totals);
    layout->addWidget(m_warnings);

    connect(m_scenario, &QComboBox::currentIndexChanged, this, &TimelinePanel::applyScenario);
    connect(m_log, &QCheckBox::toggled, m_view, &TimelineView::setLogarithmic);
    connect(edit, &QPushButton::clicked, this, &TimelinePanel::editCustomScenario);
    connect(exportButton, &QPushButton::clicked, this, &TimelinePanel::exportPicture);
    connect(m_preview, &model::TimelinePreview::changed, this, &TimelinePanel::updateTotals);
    connect(m_view, &TimelineView::focusedEventChanged, this, [this](int index) {
        if (index >= 0)
            m_table->selectRow(index);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { m_view->setFocusedEvent(current.row()); });
    updateTotals();
}

void TimelinePanel::setDocument(model::EditorDocument* document)
{
    m_preview->setDocument(document);
}

void TimelinePanel::applyScenario()
{
    const QString id = m_scenario->currentData().toString();
    if (id == kCustomId) {
        m_preview->setScenario(storedCustomScenario());
        return;
    }
    if (id == kShownId) {
        m_preview->setScenario(m_shown);
        return;
    }
    m_preview->setScenario(policy::findScenarioPreset(id.toStdString())->scenario);
}

void TimelinePanel::setCustomScenario(const policy::Scenario& scenario)
{
    QSettings().setValue(kCustomKey, QString::fromStdString(schema::serializeScenario(scenario)));
    const int index = m_scenario->findData(kCustomId);
    if (m_scenario->currentIndex() == index)
        applyScenario();
    else
        m_scenario->setCurrentIndex(index);
}

void TimelinePanel::showScenario(const policy::Scenario& scenario)
{
    m_shown = scenario;
    int index = m_scenario->findData(kShownId);
    if (index < 0) {
        m_scenario->addItem(QString(), kShownId);
        index = m_scenario->count() - 1;
    }
    m_scenario->setItemText(index, QString::fromStdString(scenario.name));
    if (m_scenario->currentIndex() == index)
        applyScenario();
    else
        m_scenario->setCurrentIndex(index);
}

void TimelinePanel::editCustomScenario()
{
    ScenarioEditorDialog dialog(storedCustomScenario(), this);
    if (dialog.exec() == QDialog::Accepted)
        setCustomScenario(dialog.scenario());
}

void TimelinePanel::exportPicture()
{
    QString selected;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Timeline"), tr("timeline.svg"),
                                                      tr("SVG image (*.svg);;PNG image (*.png)"), &selected);
    if (path.isEmpty())
        return;
    const bool ok = path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive) ? m_view->exportPng(path) : m_view->exportSvg(path);
    if (!ok)
        QMessageBox::critical(this, tr("Cannot Export"), tr("The timeline could not be written to %1.").arg(path));
}

void TimelinePanel::updateTotals()
{
    m_totals->setText(m_preview->totalsText());
    const QStringList warnings = m_preview->warningTexts();
    m_warnings->setVisible(!warnings.isEmpty());
    m_warnings->setText(QStringLiteral("⚠ ") + warnings.join(QStringLiteral("\n⚠ ")));
    m_table->resizeColumnsToContents();
}

}  // namespace widgets
