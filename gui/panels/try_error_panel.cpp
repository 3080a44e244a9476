// SPDX-License-Identifier: Apache-2.0
#include "panels/try_error_panel.h"

#include "model/policy_text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace gui
{

using model::PolicyText;

namespace
{
// Break opportunities (zero-width spaces) after punctuation and inside long
// runs: a JSON body or an id then wraps instead of widening the results.
QString breakable(const QString& text)
{
    static const QString kAfter = QStringLiteral(",:;{}[]/&=");
    QString out;
    out.reserve(text.size() + text.size() / 8);
    int run = 0;
    for (const QChar c : text) {
        out += c;
        run = c.isSpace() ? 0 : run + 1;
        if (kAfter.contains(c) || run >= 40) {
            out += QChar(0x200B);
            run = 0;
        }
    }
    return out;
}
}  // namespace

TryErrorPanel::TryErrorPanel(QWidget* parent)
    : QWidget(parent)
    , m_input(new QPlainTextEdit(this))
    , m_provider(new QComboBox(this))
    , m_phase(new QComboBox(this))
    , m_beforeOutput(new QCheckBox(tr("The failure came &before any output or tool activity"), this))
    , m_classification(new QLabel(this))
    , m_excerpt(new QLabel(this))
    , m_decision(new QLabel(this))
    , m_showTimeline(new QPushButton(tr("Show in Timeline"), this))
{
    auto* layout = new QHBoxLayout(this);
    auto* left = new QVBoxLayout;
    // Which agent printed it decides which CLI's own wording is read; the
    // phase decides the code of an error no rule knows.
    auto* source = new QHBoxLayout;
    auto* agentLabel = new QLabel(tr("A&gent:"), this);
    agentLabel->setBuddy(m_provider);
    m_provider->addItem(tr("Unknown"), QString());
    for (const auto id : catalogue::kProviders)
        m_provider->addItem(
            QString::fromUtf8(id.data(), qsizetype(id.size())), QString::fromUtf8(id.data(), qsizetype(id.size())));
    m_provider->setAccessibleName(tr("Agent that printed the error"));
    m_provider->setToolTip(
        tr("The kandev agent that printed the error: its own wording is read before provider-neutral wording."));
    auto* phaseLabel = new QLabel(tr("Phase:"), this);
    phaseLabel->setBuddy(m_phase);
    m_phase->addItem(tr("Not known"), QString());
    for (const auto phase : catalogue::kPhases) {
        const QString id = QString::fromUtf8(phase.data(), qsizetype(phase.size()));
        m_phase->addItem(catalogue::isPreStartPhase(phase) ? tr("%1 (before the agent runs)").arg(id)
                                                           : tr("%1 (agent running)").arg(id),
            id);
    }
    m_phase->setAccessibleName(tr("Phase of the failure"));
    m_phase->setToolTip(
        tr("When the error happened. An error no rule knows is unknown_provider_error before the agent runs "
           "and agent_runtime_error after it; both stop."));
    source->addWidget(agentLabel);
    source->addWidget(m_provider, 1);
    source->addWidget(phaseLabel);
    source->addWidget(m_phase, 1);
    left->addLayout(source);
    m_input->setPlaceholderText(
        tr("Paste an error: the response (an optional \"HTTP/1.1 429\" line, headers, a blank line, "
           "the body), or an agent's stderr (an optional \"exit code: 127\" line first). What you paste "
           "is read as the error's own words, as if it had failed with an error status."));
    m_input->setAccessibleName(tr("Raw error"));
    m_input->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_input->setTabChangesFocus(true);
    m_input->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);  // a one-line JSON body wraps too
    left->addWidget(m_input, 1);
    left->addWidget(m_beforeOutput);
    layout->addLayout(left, 1);
    // The results scroll, so that the bottom dock can stay low.
    auto* results = new QWidget(this);
    auto* right = new QVBoxLayout(results);
    for (QLabel* label : {m_classification, m_excerpt, m_decision}) {
        label->setTextFormat(Qt::RichText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        right->addWidget(label);
    }
    m_excerpt->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_decision->setObjectName(QStringLiteral("decision"));
    QFont bold = m_decision->font();
    bold.setBold(true);
    m_decision->setFont(bold);
    right->addWidget(m_showTimeline, 0, Qt::AlignLeft);
    right->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(results);
    scroll->setWidgetResizable(true);
    // Results wrap to the pane's width: nobody scrolls sideways to read a sentence.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setAccessibleName(tr("Result"));
    scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(scroll, 1);
    m_beforeOutput->setChecked(true);

    connect(m_input, &QPlainTextEdit::textChanged, this, &TryErrorPanel::update);
    connect(m_beforeOutput, &QCheckBox::toggled, this, &TryErrorPanel::update);
    connect(m_provider, &QComboBox::currentIndexChanged, this, &TryErrorPanel::update);
    connect(m_phase, &QComboBox::currentIndexChanged, this, &TryErrorPanel::update);
    connect(m_showTimeline, &QPushButton::clicked, this, [this] {
        emit scenarioRequested(model::ErrorTrial::scenario(m_trial.classification, m_beforeOutput->isChecked(), now()));
    });
    update();
}

void TryErrorPanel::setDocument(model::EditorDocument* document)
{
    if (m_doc)
        disconnect(m_doc, nullptr, this, nullptr);
    m_doc = document;
    m_row = -1;
    if (m_doc)
        connect(m_doc, &model::EditorDocument::candidateChanged, this, &TryErrorPanel::update);
    update();
}

void TryErrorPanel::setRow(int row)
{
    m_row = row;
    update();
}

void TryErrorPanel::setNow(policy::Seconds now)
{
    m_fixedNow = now;
    update();
}

policy::Seconds TryErrorPanel::now() const
{
    return m_fixedNow ? *m_fixedNow
                      : std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::now());
}

void TryErrorPanel::update()
{
    const QString raw = m_input->toPlainText();
    m_trial = model::ErrorTrial::run({raw, m_provider->currentData().toString(), m_phase->currentData().toString(),
                                         m_beforeOutput->isChecked(), now()},
        m_doc, m_row);
    m_showTimeline->setEnabled(!m_trial.empty);
    m_classification->setText(m_trial.classificationText);
    m_excerpt->setText(breakable(m_trial.excerpt).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br/>")));
    m_decision->setText(m_trial.decisionText);
    // An empty result takes no room and is no unnamed stop for assistive technology.
    for (QLabel* label : {m_classification, m_excerpt, m_decision})
        label->setVisible(!label->text().isEmpty());
}

}  // namespace gui
