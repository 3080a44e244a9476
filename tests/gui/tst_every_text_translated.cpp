// SPDX-License-Identifier: Apache-2.0
// The window, its docks and its dialogs in the pseudo locale, where every
// translated message is accented and wrapped in ⟦ ⟧: a visible or accessible
// text with plain ASCII words in it is an untranslated string, and a text
// whose closing marker is cut off was clipped. At 1366x768, as on a laptop.
#include "dialogs/candidate_picker_dialog.h"
#include "dialogs/catalogue_dialog.h"
#include "dialogs/migration_review_dialog.h"
#include "dialogs/open_database_dialog.h"
#include "dialogs/review_changes_dialog.h"
#include "dialogs/scenario_editor_dialog.h"
#include "editor/candidate_editor.h"
#include "editor/class_policy_panel.h"
#include "panels/live_routes_pane.h"
#include "panels/try_error_panel.h"
#include "route/candidate_list_panel.h"
#include "timeline/timeline_panel.h"
#include "window/main_window.h"
#include "window/settings.h"

#include "model/change_review.h"
#include "model/migration_review.h"

#include "format/codec.h"
#include "policy/timeline.h"
#include "catalogue/classifier.h"

#include "../common/gui_helpers.h"
#include "../common/kandev_routes.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QCheckBox>
#include <QPushButton>
#include <QTableView>
#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QKeySequence>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QTimer>
#include <QDeadlineTimer>
#include <QtTest>

using namespace gui;

namespace
{

QString plain(const QString& text)
{
    // Zero-width spaces let long quoted text wrap; they are not part of it.
    const QString t = Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
    return QString(t).remove(QChar(0x200B));
}

// What is left of a text once the words that are never translated are gone:
// the document's own names and ids, file paths, product names and the key
// names Qt writes into shortcuts (translated by Qt, not by us).
class Audit
{
public:
    void allow(const QString& word)
    {
        if (!word.trimmed().isEmpty() && !m_data.contains(word.trimmed())) {
            m_data << word.trimmed();
            // Longest first, so that "claude-sonnet-4" goes before "claude-sonnet".
            std::sort(
                m_data.begin(), m_data.end(), [](const QString& a, const QString& b) { return a.size() > b.size(); });
        }
    }
    void allowDocument(const model::EditorDocument& doc)
    {
        allow(doc.filePath());
        allow(QFileInfo(doc.filePath()).fileName());
        allow(doc.displayName());
        for (const format::ProfileRecord& p : doc.document().profiles) {
            allow(QString::fromStdString(p.id));
            allow(QString::fromStdString(p.name));
            if (p.agentName)
                allow(QString::fromStdString(*p.agentName));
            if (p.dynamic) {
                for (const auto& c : p.dynamic->candidates)
                    allow(QString::fromStdString(c.executionProfileId));
            }
        }
    }

    // The untranslated words in a text ("" when none).
    QString untranslated(const QString& text) const
    {
        QString t = plain(text);
        for (const QString& word : m_data)
            t.replace(word, QStringLiteral(" "));
        static const QRegularExpression never(QStringLiteral(
            "\\b(Policy Studio|kandev|policyctl|SQLite|PostgreSQL|JSON|SVG|CSV|UTC|Ctrl|Shift|Alt|Meta|Esc|Del|Ins|"
            "Enter|Return|Tab|Space|Backspace|Home|End|PgUp|PgDown|Up|Down|Left|Right|F\\d+)\\b"));
        t.replace(never, QStringLiteral(" "));
        // Identifiers are code, the same in every language: error codes
        // (rate_limited), rule ids (api.rate_limit), field paths
        // (candidates[0].execution_profile_id), agent ids (claude-acp).
        static const QRegularExpression identifier(QStringLiteral("[A-Za-z0-9]+(?:[_.\\-:/\\[\\]]+[A-Za-z0-9]+)+\\]?"));
        t.replace(identifier, QStringLiteral(" "));
        // A field of the policy format, as the change review lists it ("  enabled: true -> false").
        static const QRegularExpression field(QStringLiteral("(?m)^\\s+[a-z_]+(?=: )"));
        t.replace(field, QStringLiteral(" "));
        static const QRegularExpression ascii(QStringLiteral("[A-Za-z]{2,}"));
        QStringList words;
        for (auto it = ascii.globalMatch(t); it.hasNext();)
            words << it.next().captured();
        return words.join(u' ');
    }

    // Every text of `root` and its children a person can see or a screen reader reads.
    void walk(QWidget* root, const QString& where)
    {
        QList<QWidget*> widgets = root->findChildren<QWidget*>();
        widgets.prepend(root);
        for (QWidget* w : widgets) {
            if (isQtsOwn(w))
                continue;
            const QString name = where + QLatin1Char('/') + w->metaObject()->className()
                + (w->objectName().isEmpty() ? QString() : QLatin1Char('#') + w->objectName());
            if (w->isWindow())
                check(name + QStringLiteral(" title"), w->windowTitle());
            check(name + QStringLiteral(" tool tip"), w->toolTip());
            check(name + QStringLiteral(" accessible name"), w->accessibleName());
            check(name + QStringLiteral(" accessible description"), w->accessibleDescription());
            check(name + QStringLiteral(" what's this"), w->whatsThis());
            if (auto* l = qobject_cast<QLabel*>(w))
                check(name, l->text());
            if (auto* b = qobject_cast<QAbstractButton*>(w))
                check(name, b->text());
            if (auto* g = qobject_cast<QGroupBox*>(w))
                check(name, g->title());
            if (auto* d = qobject_cast<QDockWidget*>(w))
                check(name, d->windowTitle());
            if (auto* e = qobject_cast<QLineEdit*>(w))
                check(name + QStringLiteral(" placeholder"), e->placeholderText());
            if (auto* e = qobject_cast<QPlainTextEdit*>(w)) {
                check(name, e->toPlainText());
                check(name + QStringLiteral(" placeholder"), e->placeholderText());
            }
            if (auto* e = qobject_cast<QTextEdit*>(w))
                check(name, e->toPlainText());
            if (auto* c = qobject_cast<QComboBox*>(w)) {
                for (int i = 0; i < c->count(); ++i)
                    check(name + QStringLiteral(" item"), c->itemText(i));
            }
            if (auto* t = qobject_cast<QTabBar*>(w)) {
                for (int i = 0; i < t->count(); ++i)
                    check(name + QStringLiteral(" tab"), t->tabText(i));
            }
            if (auto* v = qobject_cast<QAbstractItemView*>(w); v && v->model())
                walkModel(name, v->model());
            if (auto* m = qobject_cast<QMenu*>(w))
                walkActions(name, m->actions());
            if (auto* bar = qobject_cast<QMenuBar*>(w))
                walkActions(name, bar->actions());
            // Custom widgets speak through their accessible interface.
            if (QAccessibleInterface* a = QAccessible::queryAccessibleInterface(w); a && a->isValid()) {
                check(name + QStringLiteral(" accessible name"), a->text(QAccessible::Name));
                check(name + QStringLiteral(" accessible description"), a->text(QAccessible::Description));
                check(name + QStringLiteral(" accessible value"), a->text(QAccessible::Value));
            }
        }
    }

    QStringList problems;
    int texts = 0;

private:
    // Qt's own parts (a dock's float and close buttons, a tab bar's arrows, a
    // button box's OK and Cancel) speak Qt's words, which Qt's translations
    // (qt6-translations-l10n) give in every shipped language but the pseudo one.
    static bool isQtsOwn(QWidget* w)
    {
        if (w->objectName().startsWith(QLatin1String("qt_")) || qobject_cast<QTabBar*>(w->parentWidget()))
            return true;
        auto* button = qobject_cast<QAbstractButton*>(w);
        auto* box = w->parentWidget() ? qobject_cast<QDialogButtonBox*>(w->parentWidget()) : nullptr;
        return button && box && box->standardButton(button) != QDialogButtonBox::NoButton;
    }
    void check(const QString& where, const QString& text)
    {
        if (text.trimmed().isEmpty())
            return;
        ++texts;
        if (const QString words = untranslated(text); !words.isEmpty())
            problems << QStringLiteral("%1: \"%2\" (%3)").arg(where, text.left(160), words);
    }
    void walkActions(const QString& where, const QList<QAction*>& actions)
    {
        for (QAction* a : actions) {
            check(where + QStringLiteral(" action"), a->text());
            if (a->toolTip() != QString(a->text()).remove(u'&'))
                check(where + QStringLiteral(" action tool tip"), a->toolTip());
            if (a->menu())
                walkActions(where + QStringLiteral(" > ") + a->text(), a->menu()->actions());
        }
    }
    void walkModel(const QString& where, QAbstractItemModel* model)
    {
        for (int column = 0; column < model->columnCount(); ++column)
            check(where + QStringLiteral(" header"), model->headerData(column, Qt::Horizontal).toString());
        walkRows(where, model, {});
    }
    void walkRows(const QString& where, QAbstractItemModel* model, const QModelIndex& parent)
    {
        for (int row = 0; row < std::min(model->rowCount(parent), 40); ++row) {
            for (int column = 0; column < model->columnCount(parent); ++column) {
                const QModelIndex index = model->index(row, column, parent);
                for (const int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::AccessibleTextRole)})
                    check(where + QStringLiteral(" cell %1,%2").arg(row).arg(column), index.data(role).toString());
            }
            walkRows(where, model, model->index(row, 0, parent));
        }
    }

    QStringList m_data;
};

// Texts a person cannot read whole: a label or button narrower than its
// text, a wrapped label shorter than its lines, a scroll area that scrolls
// sideways. Only what is visible counts.
QStringList clipped(QWidget* root)
{
    QStringList out;
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    for (QWidget* w : widgets) {
        if (!w->isVisible() || w->visibleRegion().isEmpty())
            continue;
        const QString name = QString::fromLatin1(w->metaObject()->className())
            + (w->objectName().isEmpty() ? QString() : QLatin1Char('#') + w->objectName());
        if (auto* l = qobject_cast<QLabel*>(w); l && !l->text().isEmpty() && l->pixmap().isNull()) {
            // A buddy's label draws its mnemonic as an underline, not as "&".
            QString text = plain(l->text());
            if (l->buddy())
                text.replace(QStringLiteral("&&"), QStringLiteral("\x01")).remove(u'&').replace(u'\x01', u'&');
            if (l->wordWrap()) {
                if (l->height() + 1 < l->heightForWidth(l->width()))
                    out << QStringLiteral("%1 \"%2\": %3 px high, needs %4")
                               .arg(name, text.left(80))
                               .arg(l->height())
                               .arg(l->heightForWidth(l->width()));
            } else if (!text.contains(u'\n')) {
                const int needed = l->fontMetrics().horizontalAdvance(text);
                if (needed > l->contentsRect().width() + 1)
                    out << QStringLiteral("%1 \"%2\": %3 px wide, needs %4")
                               .arg(name, text.left(80))
                               .arg(l->contentsRect().width())
                               .arg(needed);
            }
        }
        if (auto* b = qobject_cast<QAbstractButton*>(w); b && !b->text().isEmpty()
            && !qobject_cast<QTabBar*>(w->parentWidget()) && b->width() + 1 < b->sizeHint().width())
            out << QStringLiteral("%1 \"%2\": %3 px wide, needs %4")
                       .arg(name, b->text())
                       .arg(b->width())
                       .arg(b->sizeHint().width());
        if (auto* s = qobject_cast<QScrollArea*>(w); s && s->horizontalScrollBar()->isVisible())
            out << name + QStringLiteral(" scrolls sideways");
    }
    return out;
}

// clipped(root) once the layouts have settled: new texts are laid out over
// several event-loop turns, more of them on a busy machine (CI runs two tests
// at once). A clip that is still there after three seconds is a clip.
QStringList settledClips(QWidget* root)
{
    QDeadlineTimer settle(3000);
    QStringList clips;
    do {
        QTest::qWait(50);
        clips = clipped(root);
    } while (!clips.isEmpty() && !settle.hasExpired());
    return clips;
}

constexpr QSize kLaptop(1366, 768);

// Every shipped language and the pseudo one: the layout checks run in each.
const QStringList kLanguages {QStringLiteral("pseudo"), QStringLiteral("de"), QStringLiteral("pt_PT"),
    QStringLiteral("zh_CN"), QStringLiteral("zh_HK"), QStringLiteral("zh_TW")};

// kandev's agent ids and phase names (Try an Error's lists) are codes, the same in every language.
void allowKandevCodes(MainWindow& window, Audit& audit)
{
    for (QComboBox* box : {window.tryErrorPanel()->providerBox(), window.tryErrorPanel()->phaseBox()}) {
        for (int i = 0; i < box->count(); ++i)
            audit.allow(box->itemData(i).toString());
    }
}

// Lists each problem on its own line (a failure message would be cut short); true when there are none.
bool report(const QStringList& problems, const char* what)
{
    for (const QString& p : problems)
        qWarning("%s: %s", what, qPrintable(p));
    return problems.isEmpty();
}

}  // namespace

class TestEveryTextTranslated final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void theMarkersShowWhatIsTranslated();
    void windowAndDocks_data();
    void windowAndDocks();
    void databaseWindowAndLiveRoutes();
    void dialogs_data();
    void dialogs();
    void modalQuestionsOfTheWindow_data();
    void modalQuestionsOfTheWindow();

private:
    QString copyOf(const QString& sample)
    {
        return guitest::copyOfSample(m_dir, testpaths::sample(sample));
    }
    // The window at 1366x768, shown; false when it is never exposed.
    [[nodiscard]] static bool showOnALaptop(MainWindow& window);
    // Every dock shown and raised in turn: texts of each, clipping of each in front.
    static void walkDocks(MainWindow& window, Audit& audit, QStringList& clips);
    QTemporaryDir m_dir;
};

void TestEveryTextTranslated::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio Translation Test"));
    QCOMPARE(i18n::install(QStringLiteral("pseudo")), QStringLiteral("pseudo"));
}

void TestEveryTextTranslated::cleanupTestCase()
{
    i18n::install(QLocale(QLocale::English));
}

void TestEveryTextTranslated::init()
{
    QSettings().clear();
    // Every explanation open: their texts are shown too.
    for (const Setting<bool>* open :
        {&settings::explainTransientErrors, &settings::explainHardErrors, &settings::explainSwitching})
        open->setValue(true);
}

// The audit itself: English is found, marked text and the document's names pass.
void TestEveryTextTranslated::theMarkersShowWhatIsTranslated()
{
    Audit audit;
    QVERIFY(!audit.untranslated(QStringLiteral("Retry wait")).isEmpty());
    QVERIFY(!audit.untranslated(QStringLiteral("⟦Ŕēţŕŷŷ⟧ transient")).isEmpty());
    const QString marked = QCoreApplication::translate("gui::ActionSet", "&File");
    QVERIFY2(marked.startsWith(QStringLiteral("⟦")) && marked.endsWith(QStringLiteral("⟧")), qPrintable(marked));
    QVERIFY(audit.untranslated(marked).isEmpty());
    audit.allow(QStringLiteral("claude-sonnet"));
    QVERIFY(audit.untranslated(QStringLiteral("⟦Ŕēţŕŷŷ⟧ claude-sonnet (Ctrl+S)")).isEmpty());
}

bool TestEveryTextTranslated::showOnALaptop(MainWindow& window)
{
    window.resize(kLaptop);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

void TestEveryTextTranslated::walkDocks(MainWindow& window, Audit& audit, QStringList& clips)
{
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        if (!dock->toggleViewAction()->isEnabled())
            continue;
        dock->show();
        dock->raise();
        QCoreApplication::processEvents();
        clips << settledClips(dock);
    }
    audit.walk(&window, QStringLiteral("window"));
}

void TestEveryTextTranslated::windowAndDocks_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("sample");
    QTest::newRow("pseudo, profile") << "pseudo"
                                     << "profile-v1.json";
    for (const QString& language : kLanguages)
        QTest::addRow("%s, export", qPrintable(language)) << language << "export.json";
}

void TestEveryTextTranslated::windowAndDocks()
{
    QFETCH(QString, language);
    QFETCH(QString, sample);
    QCOMPARE(i18n::install(language), language);
    const auto pseudo = qScopeGuard([] { i18n::install(QStringLiteral("pseudo")); });
    MainWindow window;
    QVERIFY(showOnALaptop(window));
    Audit audit;
    allowKandevCodes(window, audit);
    // The error text typed into Try an Error is the user's, and so is the reset hint quoted from it.
    audit.allow(QStringLiteral("429 Too Many Requests: rate limit exceeded, retry after 30s"));
    audit.allow(QStringLiteral("retry after 30s"));
    audit.walk(&window, QStringLiteral("start page"));
    QVERIFY(window.openFile(copyOf(sample)));
    audit.allowDocument(*window.document());
    // Every section on, so that every control and schedule is shown.
    for (ClassPolicyPanel* panel :
        {window.candidateEditor()->transientPanel(), window.candidateEditor()->hardPanel()}) {
        for (QCheckBox* box : {panel->retrySwitch(), panel->waitSwitch()}) {
            if (!box->isChecked())
                guitest::clickIndicator(box);
        }
    }
    // An error tried, so that its class, confidence, scope and stage are shown.
    window.tryErrorPanel()->input()->setPlainText(
        QStringLiteral("429 Too Many Requests: rate limit exceeded, retry after 30s"));
    QStringList clips = settledClips(&window);
    walkDocks(window, audit, clips);
    // Each candidate and profile once: their texts differ.
    for (int row = 0; row < window.candidateList()->view()->model()->rowCount(); ++row) {
        window.candidateList()->selectRow(row);
        audit.walk(window.candidateEditor(), QStringLiteral("candidate %1").arg(row));
    }
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_LAYOUT_DIR"); !dir.isEmpty())
        window.grab().save(QStringLiteral("%1/%2-window.png").arg(dir, language));
    clips.removeDuplicates();
    QVERIFY2(report(clips, "clipped"), "clipped texts (listed above)");
    if (language != QLatin1String("pseudo"))
        return;
    qInfo("%d texts read", audit.texts);
    QVERIFY(audit.texts > 200);
    audit.problems.removeDuplicates();
    QVERIFY2(report(audit.problems, "untranslated"), "untranslated texts (listed above)");
}

void TestEveryTextTranslated::databaseWindowAndLiveRoutes()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    addWaitingRoute(fx);
    MainWindow window;
    QVERIFY(showOnALaptop(window));
    policy::Seconds clock = *policy::parseRfc3339("2026-08-21T10:00:00Z");
    window.liveRoutesPane()->setClock([&clock] { return clock; });
    QVERIFY(window.openDatabase(fx.target));
    QVERIFY(editProfile(*window.document(), "dyn-current"));
    Audit audit;
    allowKandevCodes(window, audit);
    audit.allowDocument(*window.document());
    audit.allow(fx.target.path);
    audit.allow(QFileInfo(fx.target.path).fileName());
    for (const char* data :
        {"s-1", "profile:codex-gpt5", "candidate_order", "rate_limited", "provider_overloaded", "provider-errors.v1"})
        audit.allow(QString::fromLatin1(data));
    QStringList clips;
    walkDocks(window, audit, clips);
    QTest::mouseClick(window.liveRoutesPane()->refreshButton(), Qt::LeftButton);
    QCOMPARE(window.liveRoutesPane()->model()->rowCount(), 1);
    QTableView* view = window.liveRoutesPane()->view();
    QTest::mouseClick(
        view->viewport(), Qt::LeftButton, {}, view->visualRect(window.liveRoutesPane()->model()->index(0, 0)).center());
    audit.walk(window.liveRoutesPane(), QStringLiteral("live routes"));
    clips << clipped(window.liveRoutesPane());
    audit.problems.removeDuplicates();
    QVERIFY2(report(audit.problems, "untranslated"), "untranslated texts (listed above)");
    clips.removeDuplicates();
    QVERIFY2(report(clips, "clipped"), "clipped texts (listed above)");
}

void TestEveryTextTranslated::dialogs_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("dialog");
    for (const QString& language : kLanguages) {
        for (const char* name :
            {"catalogue", "candidate picker", "scenario editor", "migration review", "review changes", "open database"})
            QTest::addRow("%s, %s", qPrintable(language), name) << language << QString::fromLatin1(name);
    }
}

void TestEveryTextTranslated::dialogs()
{
    QFETCH(QString, language);
    QFETCH(QString, dialog);
    QCOMPARE(i18n::install(language), language);
    const auto pseudo = qScopeGuard([] { i18n::install(QStringLiteral("pseudo")); });
    MainWindow window;
    QVERIFY(showOnALaptop(window));
    QVERIFY(window.openFile(copyOf(QStringLiteral("export.json"))));
    model::EditorDocument* doc = window.document();
    // An edit, so that the review has something to say.
    doc->setEnabled(doc->currentProfile(), 0, !doc->candidate(0).enabled);
    Audit audit;
    audit.allowDocument(*doc);
    std::unique_ptr<QDialog> shown;
    // Error codes are kandev's identifiers, the same in every language.
    for (const auto& e : policy::kCatalogue)
        audit.allow(QString::fromLatin1(e.name.data(), qsizetype(e.name.size())));
    for (const auto code : policy::kUnclassifiedCodes)
        audit.allow(QString::fromLatin1(code.data(), qsizetype(code.size())));
    audit.allow(QString::fromLatin1(policy::kCatalogueVersion.data(), qsizetype(policy::kCatalogueVersion.size())));
    if (dialog == QLatin1String("catalogue")) {
        // A rule's id and its example (a provider's own words) are quoted as they are.
        for (const auto& r : catalogue::rules()) {
            audit.allow(QString::fromStdString(std::string(r.id)));
            audit.allow(
                QString::fromStdString(std::string(r.example)).replace(QLatin1Char('\n'), QStringLiteral(" ⏎ ")));
            audit.allow(QString::fromStdString(std::string(r.provider)));
        }
        shown = std::make_unique<CatalogueDialog>(&window);
    } else if (dialog == QLatin1String("candidate picker")) {
        shown = std::make_unique<CandidatePickerDialog>(*doc, &window);
    } else if (dialog == QLatin1String("scenario editor")) {
        shown = std::make_unique<ScenarioEditorDialog>(policy::scenarioPresets().front().scenario, &window);
    } else if (dialog == QLatin1String("migration review")) {
        const std::string text = testpaths::readAll(testpaths::sample(QStringLiteral("legacy-conflict.json")));
        const format::Document legacy = *format::parseDocument(text).document;
        audit.allow(QStringLiteral("legacy-conflict.json"));
        for (const format::ProfileRecord& p : legacy.profiles) {
            audit.allow(QString::fromStdString(p.id));
            audit.allow(QString::fromStdString(p.name));
        }
        for (const char* key : {"retry_same", "try_next", "stop", "rate_limited", "quota_exceeded"})
            audit.allow(QString::fromLatin1(key));
        shown = std::make_unique<MigrationReviewDialog>(
            model::MigrationReview::ofDocument(legacy), QStringLiteral("legacy-conflict.json"), &window);
    } else if (dialog == QLatin1String("review changes")) {
        shown = std::make_unique<ReviewChangesDialog>(
            model::reviewChanges(*doc), doc->displayName(), ReviewChangesDialog::Purpose::ConfirmSave, &window);
    } else if (dialog == QLatin1String("open database")) {
        shown = std::make_unique<OpenDatabaseDialog>(m_dir.filePath(QStringLiteral("kandev.db")), &window);
        audit.allow(m_dir.filePath(QStringLiteral("kandev.db")));
    }
    QVERIFY(shown);
    shown->show();
    QVERIFY(QTest::qWaitForWindowExposed(shown.get()));
    QVERIFY2(shown->width() <= kLaptop.width() && shown->height() <= kLaptop.height(),
        qPrintable(QStringLiteral("%1x%2").arg(shown->width()).arg(shown->height())));
    audit.walk(shown.get(), dialog);
    const QStringList clips = clipped(shown.get());
    if (const QString dir = qEnvironmentVariable("POLICY_STUDIO_LAYOUT_DIR"); !dir.isEmpty())
        shown->grab().save(QStringLiteral("%1/%2-%3.png").arg(dir, language, QString(dialog).replace(u' ', u'-')));
    QVERIFY2(report(guitest::mnemonicClashes(guitest::mnemonicTexts(shown.get())), "shortcut letter"),
        "shortcut letters used twice (listed above)");
    QVERIFY2(report(clips, "clipped"), "clipped texts (listed above)");
    // Only the pseudo locale marks what was translated.
    if (language != QLatin1String("pseudo"))
        return;
    QVERIFY(audit.texts > 3);
    audit.problems.removeDuplicates();
    QVERIFY2(report(audit.problems, "untranslated"), "untranslated texts (listed above)");
}

void TestEveryTextTranslated::modalQuestionsOfTheWindow_data()
{
    QTest::addColumn<QString>("question");
    for (const char* name : {"copy policies", "about", "unsaved changes"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

// The dialogs the window opens itself, read while they wait for an answer.
void TestEveryTextTranslated::modalQuestionsOfTheWindow()
{
    QFETCH(QString, question);
    auto window = std::make_unique<MainWindow>();
    QVERIFY(showOnALaptop(*window));
    QVERIFY(window->openFile(copyOf(QStringLiteral("export.json"))));
    model::EditorDocument* doc = window->document();
    // An edit as a person makes it, so that closing asks first.
    guitest::clickIndicator(window->candidateEditor()->transientPanel()->retrySwitch());
    QVERIFY(doc->isModified());
    Audit audit;
    audit.allowDocument(*doc);
    bool seen = false;
    QStringList clips;
    QTimer::singleShot(200, [&] {
        QWidget* dialog = QApplication::activeModalWidget();
        if (!dialog)
            return;
        seen = true;
        audit.walk(dialog, question);
        clips = clipped(dialog);
        qobject_cast<QDialog*>(dialog)->reject();
    });
    if (question == QLatin1String("copy policies")) {
        window->candidateList()->selectRow(0);
        window->candidateList()->copyPoliciesAction()->trigger();
    } else if (question == QLatin1String("about")) {
        for (QAction* a : window->menuBar()->actions().last()->menu()->actions()) {
            if (a->text() == QCoreApplication::translate("gui::ActionSet", "&About Policy Studio"))
                a->trigger();
        }
    } else {
        window->close();  // the document is edited: it asks first
    }
    QVERIFY(seen);
    QVERIFY(audit.texts > 2);
    QVERIFY2(report(audit.problems, "untranslated"), "untranslated texts (listed above)");
    QVERIFY2(report(clips, "clipped"), "clipped texts (listed above)");
}

QTEST_MAIN(TestEveryTextTranslated)
#include "tst_every_text_translated.moc"
