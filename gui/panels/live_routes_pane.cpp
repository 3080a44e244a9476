// SPDX-License-Identifier: Apache-2.0
#include "panels/live_routes_pane.h"

#include "window/colour_scheme.h"

#include "model/editor_document.h"
#include "model/policy_text.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

#include <chrono>

namespace gui
{

namespace
{

QString text(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

}  // namespace

LiveRoutesPane::LiveRoutesPane(QWidget* parent)
    : QWidget(parent)
    , m_model(new model::LiveRoutesModel(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_circuits(new QLabel(this))
    , m_details(new QLabel(this))
    , m_refresh(new QPushButton(tr("Refresh"), this))
    , m_showTimeline(new QPushButton(tr("Show in Timeline"), this))
    , m_refreshTimer(new QTimer(this))
    , m_countdown(new QTimer(this))
    , m_reanalyse(new QTimer(this))
{
    setObjectName(QStringLiteral("liveRoutesPane"));
    m_view->setObjectName(QStringLiteral("liveRoutesView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setResizeContentsPrecision(200);  // fitting reads 200 rows, not 10,000
    m_view->setWordWrap(false);
    m_view->setAccessibleName(tr("Live routes"));
    m_status->setWordWrap(true);
    m_circuits->setWordWrap(true);
    m_circuits->setTextFormat(Qt::RichText);
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_showTimeline->setToolTip(
        tr("Preview the rest of this route's cycle from its current state, if the same error repeats"));
    m_showTimeline->setEnabled(false);

    auto* top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_showTimeline);
    top->addWidget(m_refresh);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(top);
    layout->addWidget(m_circuits);
    // The details stand beside the routes, not under them: the dock's height
    // is the rows', so a laptop still lists several routes with one opened.
    auto* detailsScroll = new QScrollArea(this);
    detailsScroll->setWidget(m_details);
    detailsScroll->setWidgetResizable(true);
    detailsScroll->setFrameShape(QFrame::NoFrame);
    detailsScroll->setFocusPolicy(Qt::NoFocus);
    detailsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("liveRoutesSplit"));
    split->setChildrenCollapsible(false);
    split->addWidget(m_view);
    split->addWidget(detailsScroll);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    m_refreshTimer->setInterval(kRefreshIntervalMs);
    m_countdown->setInterval(1000);
    connect(m_refreshTimer, &QTimer::timeout, this, &LiveRoutesPane::refresh);
    connect(m_countdown, &QTimer::timeout, this, &LiveRoutesPane::tick);
    // Typing a value edits the document once per key: one analysis after the last.
    m_reanalyse->setSingleShot(true);
    m_reanalyse->setInterval(150);
    connect(m_reanalyse, &QTimer::timeout, this, &LiveRoutesPane::showRoutes);
    connect(m_refresh, &QPushButton::clicked, this, &LiveRoutesPane::refresh);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &LiveRoutesPane::updateDetails);
    connect(m_showTimeline, &QPushButton::clicked, this, [this] {
        m_model->setNow(now());
        if (const auto scenario = m_model->scenarioFor(m_view->currentIndex().row()))
            emit scenarioRequested(*scenario);
    });
    setDocument(nullptr);
}

policy::Seconds LiveRoutesPane::now() const
{
    if (m_clock)
        return m_clock();
    return std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::now());
}

void LiveRoutesPane::setDocument(model::EditorDocument* document)
{
    if (m_doc)
        disconnect(m_doc, nullptr, this, nullptr);
    m_doc = document;
    m_model->clearRead(now());
    if (m_doc) {
        connect(m_doc, &model::EditorDocument::currentProfileChanged, this, [this] {
            if (isVisible())
                refresh();
        });
        const auto edited = [this] {
            if (isVisible() && m_model->hasRead())
                m_reanalyse->start();
        };
        connect(m_doc, &model::EditorDocument::candidateChanged, this, edited);
        connect(m_doc, &model::EditorDocument::candidateInserted, this, edited);
        connect(m_doc, &model::EditorDocument::candidateRemoved, this, edited);
        connect(m_doc, &model::EditorDocument::candidateMoved, this, edited);
        connect(m_doc, &model::EditorDocument::candidatesReset, this, edited);
    }
    refresh();
}

void LiveRoutesPane::setAvailable(bool available)
{
    if (available == m_available)
        return;
    m_available = available;
    emit availabilityChanged(available);
}

void LiveRoutesPane::refresh()
{
    m_reanalyse->stop();
    if (!m_doc || !m_doc->isDatabase()) {
        m_model->clearRead(now());
        m_status->setText(tr("Live routes are shown for a kandev database."));
        m_circuits->clear();
        setAvailable(false);
        updateDetails();
        return;
    }
    const int profile = m_doc->currentProfile();
    const std::string profileId = profile >= 0 ? m_doc->document().profiles[std::size_t(profile)].id : std::string();
    QString error;
    auto read = m_doc->readLiveRoutes(profileId, &error);
    if (!read) {
        // A busy database is tried again on the next refresh; the rows shown stay, marked as not current.
        m_status->setText(tr("Could not read the live routes (%1); shown as of the last read.").arg(error));
        return;
    }
    setAvailable(read->hasTables());
    if (!read->hasTables()) {
        m_model->clearRead(now());
        m_status->setText(tr("This kandev database keeps no route state (kandev before August 2026)."));
        m_circuits->clear();
        updateDetails();
        return;
    }
    m_model->setRead(std::move(*read), profileId);
    m_readAt = QTime::currentTime();
    showRoutes();
}

void LiveRoutesPane::showRoutes()
{
    if (!m_doc || !m_model->hasRead())
        return;
    const QString selected = m_view->currentIndex().isValid()
        ? m_model->data(m_model->index(m_view->currentIndex().row(), model::LiveRoutesModel::Session)).toString()
        : QString();
    const bool firstRows = m_model->rowCount() == 0;
    m_model->analyse(m_doc->document(), now());
    const int count = m_model->rowCount();
    const int differing = m_model->routesUnderAnotherPolicy();
    QStringList circuits;
    for (const routes::ActiveCircuit& c : m_model->routes().circuits) {
        circuits << (c.candidate.empty()
                ? tr("Credentials <b>%1</b> paused until %2 (%3): every candidate using them is passed over.")
                      .arg(text(c.row.resourceKey), model::LiveRoutesModel::localTime(c.until), text(c.row.code))
                : tr("<b>%1</b> paused until %2 (%3): the route passes it over.")
                      .arg(text(c.candidate), model::LiveRoutesModel::localTime(c.until), text(c.row.code)));
    }
    m_circuits->setText(circuits.join(QStringLiteral("<br>")));
    m_circuits->setVisible(!circuits.isEmpty());
    // Fitted to the first rows shown; later refreshes keep the widths the user chose.
    if (firstRows && count > 0)
        m_view->resizeColumnsToContents();
    m_status->setText(differing > 0
            ? tr("%n route(s) running; %1 scheduled under another policy than the one you are editing.", nullptr, count)
                  .arg(differing)
            : tr("%n route(s) running, read at %1.", nullptr, count)
                  .arg(QLocale().toString(m_readAt, QLocale::ShortFormat)));
    // The same route stays selected across refreshes.
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (!selected.isEmpty() && m_model->route(row)->row.sessionId == selected.toStdString()) {
            m_view->setCurrentIndex(m_model->index(row, 0));
            break;
        }
    }
    updateDetails();
}

void LiveRoutesPane::tick()
{
    m_model->setNow(now());
    updateDetails();
}

void LiveRoutesPane::updateDetails()
{
    const routes::LiveRoute* r = m_model->route(m_view->currentIndex().row());
    m_showTimeline->setEnabled(r && r->candidateInRoute);
    if (!r) {
        m_details->setText(
            m_model->rowCount() > 0 ? tr("Select a route to see what happens next and its history.") : QString());
        return;
    }
    QStringList lines;
    const routes::LiveRoutes& routes = m_model->routes();
    // A route between candidates names none: its state says so ("Waiting (no candidate)").
    if (r->row.executionProfileId.empty())
        lines << tr("<b>Session %1</b>, %2 (profile version %3)")
                     .arg(text(r->row.sessionId), model::LiveRoutesModel::stateText(*r).toHtmlEscaped())
                     .arg(r->row.profileVersion);
    else
        lines << tr("<b>Session %1</b> on %2, %3 (profile version %4)")
                     .arg(text(r->row.sessionId), text(routes.nameOf(r->row.executionProfileId)),
                         model::LiveRoutesModel::stateText(*r).toHtmlEscaped())
                     .arg(r->row.profileVersion);
    if (!r->row.rowError.empty())
        lines << tr("Its row cannot be read, so nothing is predicted: %1").arg(text(r->row.rowError));
    if (!r->snapshotError.empty())
        lines << tr("Its policy state cannot be read, so nothing is predicted: %1").arg(text(r->snapshotError));
    if (r->snapshot) {
        const format::RouteSnapshot& s = *r->snapshot;
        if (s.deadline)
            lines << model::LiveRoutesModel::deadlineText(*s.deadline, m_model->now());
        if (!s.policiesError.empty())
            lines << tr("The policy it was scheduled under cannot be read: %1").arg(text(s.policiesError));
    }
    if (r->next)
        lines << model::LiveRoutesModel::nextStepText(*r->next).toHtmlEscaped();
    if (r->drift)
        lines << QStringLiteral("<span style=\"color:%1\">%2</span>")
                     .arg(toneText(Tone::Warning, palette()).name(),
                         model::LiveRoutesModel::driftText(*r->drift).toHtmlEscaped())
              << tr("Saving changes what its next failure is evaluated with; its scheduled deadline stays.");
    if (!r->candidateInRoute && !r->row.executionProfileId.empty())
        lines
            << tr("%1 is no longer in the route you are editing.").arg(text(routes.nameOf(r->row.executionProfileId)));
    QStringList history;
    // Only the newest attempts are read; the rest are counted.
    if (r->earlierAttempts > 0)
        history << tr("%n earlier attempt(s)", nullptr, int(std::min<std::int64_t>(r->earlierAttempts, INT_MAX)));
    for (const routes::RouteAttemptRow& a : r->history) {
        //: %1: the route generation, %2: the candidate, %3: why kandev chose it (kandev's code), %4: when
        history << (a.createdAt ? tr("%1. %2 (%3), %4")
                                      .arg(a.routeGeneration)
                                      .arg(text(routes.nameOf(a.executionProfileId)), text(a.reason),
                                          model::LiveRoutesModel::localTime(*a.createdAt))
                                : tr("%1. %2 (%3)")
                                      .arg(a.routeGeneration)
                                      .arg(text(routes.nameOf(a.executionProfileId)), text(a.reason)));
    }
    if (!history.isEmpty())
        lines << tr("History: %1").arg(history.join(QStringLiteral(" → ")));
    m_details->setText(lines.join(QStringLiteral("<br>")));
}

void LiveRoutesPane::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_refreshTimer->start();
    m_countdown->start();
    refresh();
}

void LiveRoutesPane::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    m_refreshTimer->stop();
    m_countdown->stop();
}

}  // namespace gui
