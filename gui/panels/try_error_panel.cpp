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
#include <QScopeGuard>
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
        policy::Scenario s;
        s.name = tr("The pasted error, every attempt").toStdString();
        s.start = now();
        policy::ScenarioAttempt a;
        a.code = m_result.code;
        a.confidence = m_result.confidence;
        a.effectSafe = m_beforeOutput->isChecked();
        if (m_result.resetAt)
            a.resetAfterSeconds = (*m_result.resetAt - s.start).count();
        s.attempts = {a};
        emit scenarioRequested(s);
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
    // An empty result takes no room and is no unnamed stop for assistive technology.
    const auto hideEmpty = qScopeGuard([this] {
        for (QLabel* label : {m_classification, m_excerpt, m_decision})
            label->setVisible(!label->text().isEmpty());
    });
    const QString raw = m_input->toPlainText();
    m_showTimeline->setEnabled(!raw.trimmed().isEmpty());
    if (raw.trimmed().isEmpty()) {
        m_result = {};
        m_classification->setText(tr("Paste an error to see how it is classified."));
        m_excerpt->clear();
        m_decision->clear();
        return;
    }
    const policy::Seconds at = now();
    catalogue::Evidence evidence = catalogue::parseRawError(raw.toStdString());
    evidence.provider = m_provider->currentData().toString().toStdString();
    evidence.phase = m_phase->currentData().toString().toStdString();
    // It was pasted because it is an error: no "exit code: 1" line is needed to read it as one.
    evidence.knownFailure = true;
    m_result = catalogue::classify(evidence, at);
    const auto& c = m_result;
    const auto html = [](const std::string& v) { return QString::fromStdString(v).toHtmlEscaped(); };
    QString text = tr("<b>%1</b> — %2<br/>%3 · rule <code>%4</code> · %5 · confidence %6 · scope %7")
                       .arg(PolicyText::codeDescription(c.code).toHtmlEscaped(), PolicyText::className(c.errorClass),
                           html(c.code), html(c.rule), html(c.catalogueVersion),
                           QString::fromUtf8(policy::confidenceName(c.confidence).data()),
                           QString::fromUtf8(catalogue::scopeName(c.scope).data()));
    if (c.kandevCode != c.code)
        text += QStringLiteral("<br/>")
            + tr("kandev's own rules say <code>%1</code> here; this catalogue differs on purpose (see the README).")
                  .arg(html(c.kandevCode));
    if (c.hint) {
        const QString from = tr("“%1” (%2)").arg(html(c.hint->value), html(c.hint->source));
        text += QStringLiteral("<br/>")
            + (c.hint->trusted ? tr("Reset hint from %1: in %2 (trusted)")
                                     .arg(from, PolicyText::duration((*c.resetAt - at).count()))
                               : tr("Reset hint from %1: not trusted (%2)").arg(from, html(c.hint->reason)));
    } else {
        text += QStringLiteral("<br/>") + tr("No reset hint.");
    }
    if (c.truncated)
        text += QStringLiteral("<br/>") + tr("Only the first 16 KiB and 64 headers were read.");
    m_classification->setText(text);
    m_excerpt->setText(breakable(QString::fromStdString(c.excerpt))
                           .toHtmlEscaped()
                           .replace(QLatin1Char('\n'), QStringLiteral("<br/>")));

    if (!m_doc || m_row < 0 || m_row >= m_doc->candidateCount()) {
        m_decision->setText(tr("Select a candidate to see its decision.").toHtmlEscaped());
        return;
    }
    const policy::PolicyDocument policies = m_doc->candidate(m_row).policies.value_or(policy::PolicyDocument {});
    policy::EvaluationInput input;
    input.failure = policy::Failure {c.code, "", c.confidence, c.catalogueVersion, c.resetAt};
    input.now = at;
    input.effectSafe = m_beforeOutput->isChecked();
    const policy::Decision d = policy::evaluate(policies, input);
    QString decision;
    if (!input.effectSafe)
        decision
            = tr("Stop for manual recovery: the failure came after output or tool activity, so retrying could repeat "
                 "side effects.");
    else
        decision = PolicyText::decision(d, d.deadline ? (*d.deadline - at).count() : 0);
    // A trusted hint that the decision leaves unused says why, so nobody wonders where the reset went.
    if (input.effectSafe && c.hint && c.hint->trusted && c.resetAt && d.kind != policy::DecisionKind::WaitingForReset
        && d.errorClass && *d.errorClass != policy::ErrorClass::Unclassified) {
        const policy::ResetWaitPolicy& wait = policies.forClass(*d.errorClass).waitForReset;
        const QString cls = PolicyText::classInSentence(*d.errorClass);
        const QString hint = PolicyText::duration((*c.resetAt - at).count());
        if (!wait.enabled)
            decision += QLatin1Char(' ')
                + tr("Wait-for-reset is off for %1 on this candidate, so the %2 hint is not used.").arg(cls, hint);
        else if ((*c.resetAt - at).count() > wait.maxWaitSeconds)
            decision += QLatin1Char(' ')
                + tr("The %1 hint is beyond this candidate's %2 maximum wait for %3, so it is not used.")
                      .arg(hint, PolicyText::duration(wait.maxWaitSeconds), cls);
    }
    m_decision->setText(tr("%1: %2").arg(m_doc->candidateName(m_row), decision).toHtmlEscaped());
}

}  // namespace gui
