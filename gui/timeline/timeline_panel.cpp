// SPDX-License-Identifier: Apache-2.0
#include "timeline/timeline_panel.h"

#include "dialogs/scenario_editor_dialog.h"
#include "timeline/timeline_view.h"
#include "window/colour_scheme.h"
#include "window/settings.h"

#include "format/scenario.h"
#include "model/policy_text.h"

#include "controls/flow_layout.h"

#include <QCheckBox>
#include "controls/value_controls.h"

#include <QComboBox>
#include <QEvent>
#include <QResizeEvent>
#include <QCoreApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTabBar>
#include <QTableView>
#include <QVBoxLayout>

namespace gui
{

namespace
{
const auto kCustomId = QStringLiteral("custom");
const auto kShownId = QStringLiteral("shown");

policy::Scenario storedCustomScenario()
{
    const QString text = settings::customScenario.value();
    if (!text.isEmpty()) {
        const auto parsed = format::parseScenario(text.toStdString());
        if (parsed.scenario)
            return *parsed.scenario;
    }
    policy::Scenario s = policy::findScenarioPreset("two-transient-then-success")->scenario;
    s.name = QCoreApplication::translate("gui::TimelinePanel", "Custom scenario").toStdString();
    return s;
}
}  // namespace

TimelinePanel::TimelinePanel(QWidget* parent)
    : QWidget(parent)
    , m_preview(new model::TimelinePreview(this))
    , m_events(new model::TimelineEventModel(m_preview, this))
    , m_scenario(new GuardedComboBox(this))
    , m_log(new QCheckBox(tr("&Logarithmic time"), this))
    // No mnemonic: every letter of it is taken in the window, in English and in German (Tab reaches it).
    , m_compare(new QCheckBox(tr("Compare with saved"), this))
    , m_comparison(new QLabel(this))
    , m_view(new TimelineView(this))
    , m_table(new QTableView(this))
    , m_totals(new QLabel(this))
    , m_warnings(new QListWidget(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    // One row of controls: the view tabs, then the scenario; they wrap onto a
    // second row where a language makes them wider than the dock.
    auto* bar = new FlowLayout;
    m_tabs = new QTabBar(this);
    m_tabs->setDocumentMode(true);
    m_tabs->setDrawBase(false);
    m_tabs->setExpanding(false);
    m_tabs->setAccessibleName(tr("Timeline views"));
    bar->addWidget(m_tabs);
    auto* scenarioLabel = new QLabel(tr("&Scenario:"), this);
    scenarioLabel->setBuddy(m_scenario);
    for (const auto& p : policy::scenarioPresets())
        m_scenario->addItem(
            model::PolicyText::scenarioName(p.scenario.name), QString::fromUtf8(p.id.data(), qsizetype(p.id.size())));
    m_scenario->addItem(tr("Custom scenario"), kCustomId);
    m_scenario->setAccessibleName(tr("Scenario"));
    auto* edit = new QPushButton(tr("Edit &Custom…"), this);
    auto* exportButton = new QPushButton(tr("Export…"), this);
    auto* scenarioRow = new QHBoxLayout;  // the label stays with its box
    scenarioRow->addWidget(scenarioLabel);
    scenarioRow->addWidget(m_scenario);
    bar->addItem(scenarioRow);
    bar->addWidget(edit);
    bar->addWidget(m_log);
    bar->addWidget(exportButton);
    // The switch in the bar with the picture's other switches, so that the
    // line beside the legend has the width to say what changed in one line.
    bar->addWidget(m_compare);
    m_compare->hide();  // while the profile is edited
    layout->addLayout(bar);
    // What the edit does to the route: beside the legend, under the picture, while the profile is edited.
    m_compare->setChecked(settings::compareWithSaved.value());
    m_compare->setToolTip(tr("Draw the route as it was read or last saved, dashed, under the edited one"));
    m_preview->setComparing(m_compare->isChecked());
    m_comparison->setObjectName(QStringLiteral("timelineComparison"));
    m_comparison->setWordWrap(true);
    m_comparison->installEventFilter(this);
    m_comparison->setTextFormat(Qt::PlainText);
    m_comparison->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_comparisonRow = new QWidget(this);
    auto* comparisonLayout = new QHBoxLayout(m_comparisonRow);
    comparisonLayout->setContentsMargins(0, 0, 0, 0);
    comparisonLayout->addWidget(m_comparison, 1, Qt::AlignTop);
    // The line takes the width the legend leaves, and wraps in it.
    m_comparison->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_comparison->setMinimumWidth(160);
    m_comparisonRow->hide();

    m_view->setPreview(m_preview);
    m_table->setModel(m_events);
    m_table->setAccessibleName(tr("Timeline events"));
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Short columns take what they need; Decision and Why share the rest and
    // wrap, so no sentence is read by scrolling sideways. The header sizes them
    // when the table is laid out: nothing is measured while the Table tab is hidden.
    QHeaderView* header = m_table->horizontalHeader();
    for (const int column : {model::TimelineEventModel::TimeColumn, model::TimelineEventModel::EventColumn,
             model::TimelineEventModel::CandidateColumn, model::TimelineEventModel::ErrorColumn})
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(model::TimelineEventModel::DetailColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(model::TimelineEventModel::ReasonColumn, QHeaderView::Stretch);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setWordWrap(true);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The table is the accessible alternative to the picture: same events, one tab away.
    m_pages = new QStackedWidget(this);
    // The picture: the axis stays put above the lanes, which scroll; the legend under them.
    auto* picture = new QWidget(this);
    auto* pictureLayout = new QVBoxLayout(picture);
    pictureLayout->setContentsMargins(0, 0, 0, 0);
    pictureLayout->setSpacing(0);
    m_axis = new TimelineAxis(m_view, picture);
    m_lanes = new QScrollArea(picture);
    m_lanes->setObjectName(QStringLiteral("timelineLanes"));
    m_lanes->setWidget(m_view);
    m_lanes->setWidgetResizable(true);
    m_lanes->setFrameShape(QFrame::NoFrame);
    // Ticks line up with the lanes only while the lanes fill the width.
    m_lanes->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_legend = new TimelineLegend(m_view, picture);
    pictureLayout->addWidget(m_axis);
    pictureLayout->addWidget(m_lanes, 1);
    // The legend's row also holds the comparison with the saved route (it
    // names the saved route's shapes): a row of its own would cost the lanes
    // a row on a laptop.
    auto* legendRow = new QHBoxLayout;
    legendRow->setSpacing(12);
    legendRow->addWidget(m_legend, 0, Qt::AlignTop);
    legendRow->addWidget(m_comparisonRow, 1, Qt::AlignTop);
    pictureLayout->addLayout(legendRow);
    // The legend lists the shapes the picture uses: it changes with the picture.
    connect(m_preview, &model::TimelinePreview::changed, m_legend, [this] {
        m_legend->updateGeometry();
        m_legend->update();
    });
    pictureLayout->addStretch(0);
    m_warnings->setObjectName(QStringLiteral("timelineWarnings"));
    m_warnings->setAccessibleName(tr("Route warnings"));
    m_warnings->setWordWrap(true);
    for (const auto& [page, title] :
        {std::pair<QWidget*, QString> {picture, tr("Picture")}, {m_table, tr("Table")}, {m_warnings, tr("Warnings")}}) {
        m_pages->addWidget(page);
        m_tabs->addTab(title);
    }
    connect(m_tabs, &QTabBar::currentChanged, m_pages, &QStackedWidget::setCurrentIndex);
    layout->addWidget(m_pages, 1);
    m_totals->setWordWrap(true);
    // The picture takes the focus itself and marks it; a focusable scroll
    // area around it would be a second, unmarked stop that Tab bounces between.
    m_lanes->setFocusPolicy(Qt::NoFocus);
    // Tab follows what one sees: the row from left to right, then the page.
    const QList<QWidget*> order {m_tabs, m_scenario, edit, m_log, exportButton, m_compare, m_view, m_table, m_warnings};
    for (qsizetype i = 1; i < order.size(); ++i)
        QWidget::setTabOrder(order[i - 1], order[i]);
    layout->addWidget(m_totals);

    connect(m_scenario, &QComboBox::currentIndexChanged, this, &TimelinePanel::applyScenario);
    connect(m_log, &QCheckBox::toggled, m_view, &TimelineView::setLogarithmic);
    connect(m_compare, &QCheckBox::toggled, this, [this](bool on) {
        settings::compareWithSaved.setValue(on);
        m_preview->setComparing(on);
    });
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
    settings::customScenario.setValue(QString::fromStdString(format::serializeScenario(scenario)));
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
    m_scenario->setItemText(index, model::PolicyText::scenarioName(scenario.name));
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
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Timeline"), defaultExportName(), tr("SVG image (*.svg);;PNG image (*.png)"), &selected);
    if (path.isEmpty())
        return;
    const bool ok
        = path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive) ? m_view->exportPng(path) : m_view->exportSvg(path);
    if (!ok)
        QMessageBox::critical(this, tr("Cannot Export"), tr("The timeline could not be written to %1.").arg(path));
}

QSize TimelinePanel::sizeHint() const
{
    // Room for every lane: a scroll area's own hint would ask for a few.
    QSize hint = QWidget::sizeHint();
    hint.rheight()
        += std::max(0, m_view->sizeHint().height() + 2 * m_lanes->frameWidth() - m_lanes->sizeHint().height());
    return hint;
}

QString TimelinePanel::defaultExportName() const
{
    // "timeline-<profile>-<scenario>.svg", in characters every file system takes.
    const QString scenario = QCoreApplication::translate("gui::TimelinePanel", m_preview->scenario().name.c_str());
    QString name = tr("timeline");
    for (const QString& part : {m_preview->profileTitle(), scenario}) {
        QString slug;
        for (const QChar ch : part.toLower())
            slug += ch.isLetterOrNumber() ? ch : QLatin1Char('-');
        slug = slug.split(QLatin1Char('-'), Qt::SkipEmptyParts).join(QLatin1Char('-'));
        if (slug.size() > 60)  // whole words only
            slug = slug.left(slug.lastIndexOf(QLatin1Char('-'), 60));
        if (!slug.isEmpty())
            name += QLatin1Char('-') + slug;
    }
    return name + QStringLiteral(".svg");
}

void TimelinePanel::updateTotals()
{
    // The lanes take no more height than they need; the legend follows right under them.
    m_lanes->setMaximumHeight(m_view->sizeHint().height() + 2 * m_lanes->frameWidth());
    m_totals->setText(m_preview->totalsText());
    const QString comparison = m_preview->comparisonText();
    // The check box says what is compared; the line beside it says what changed (the accessible
    // description says both).
    const QString summary = m_preview->comparisonSummary();
    m_comparison->setText(
        summary.isEmpty() || !m_preview->savedRoute().comparison.comparable() ? summary : summary + QLatin1Char('.'));
    m_comparison->setAccessibleName(comparison);
    m_comparison->setVisible(!summary.isEmpty());
    m_comparisonRow->setVisible(m_preview->isEdited());
    // The switch comes when there is something to compare: an edit that changes the route for this scenario.
    const auto& saved = m_preview->savedRoute();
    m_compare->setVisible(m_preview->isEdited() && !(saved.comparison.comparable() && saved.comparison.unchanged()));
    // A comparison that cannot be made is flagged; a summary reads as the totals do.
    const bool refused = m_preview->savedRoute().edited() && !m_preview->savedRoute().comparison.comparable();
    QPalette tone;  // only the text's colour: the rest follows the window's palette
    if (refused)
        tone.setColor(QPalette::WindowText, toneText(Tone::Warning, palette()));
    m_comparison->setPalette(tone);
    const QStringList warnings = m_preview->warningTexts();
    m_warnings->clear();
    m_warnings->addItems(warnings);
    const int index = m_pages->indexOf(m_warnings);
    m_tabs->setTabText(index, warnings.isEmpty() ? tr("Warnings") : tr("Warnings (%1)").arg(warnings.size()));
    m_tabs->setTabEnabled(index, !warnings.isEmpty());
    if (warnings.size() != m_warningCount) {
        m_warningCount = int(warnings.size());
        emit warningCountChanged(m_warningCount);
    }
}

bool TimelinePanel::eventFilter(QObject* watched, QEvent* event)
{
    // A comparison that grows a line (two in German) takes the lanes' room
    // as it is laid out: ask for it back. Only then: a separator dragged by
    // hand stays where it was dragged.
    if (watched == m_comparison && event->type() == QEvent::Resize) {
        const auto* resize = static_cast<QResizeEvent*>(event);
        if (resize->size().height() > resize->oldSize().height())
            emit lanesNeedRoom();
    }
    return QWidget::eventFilter(watched, event);
}

int TimelinePanel::lanesShortBy() const
{
    return std::max(0, m_view->minimumSizeHint().height() - m_lanes->viewport()->height());
}

}  // namespace gui
