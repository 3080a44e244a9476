// SPDX-License-Identifier: Apache-2.0
// The editor in the languages it ships: every string translated, plurals
// and Qt's own words following the language, the German window.
#include "editor/candidate_editor.h"
#include "route/candidate_list_panel.h"
#include "editor/class_policy_panel.h"
#include "editor/field_binder.h"
#include "controls/value_controls.h"
#include "panels/live_routes_pane.h"
#include "dialogs/candidate_picker_dialog.h"
#include "window/main_window.h"
#include "dialogs/migration_review_dialog.h"
#include "panels/validation_pane.h"
#include "dialogs/catalogue_dialog.h"
#include "window/start_page.h"
#include "timeline/timeline_panel.h"
#include "panels/try_error_panel.h"
#include "catalogue/classifier.h"
#include <QDockWidget>
#include <QPlainTextEdit>
#include <QTableWidget>
#include "panels/what_happens_panel.h"

#include "model/candidate_list_model.h"
#include "model/editor_document.h"
#include "model/policy_text.h"
#include "model/validation_model.h"

#include "../common/catalogue_fixtures.h"
#include "../common/gui_helpers.h"
#include "../common/kandev_fixture.h"
#include "store/kandev_database.h"
#include "../common/test_paths.h"
#include "translations.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QInputDialog>
#include <QLineEdit>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeySequence>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QMenu>
#include <QMenuBar>
#include <QSplitter>
#include <QToolBar>
#include <QToolButton>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeView>
#include <QXmlStreamReader>
#include <QScrollBar>
#include <QTextDocumentFragment>
#include <QStatusBar>
#include <functional>
#include <QtTest>

using namespace gui;

namespace
{

using guitest::answerNextDialog;
using guitest::typeValue;

}  // namespace

class TestGuiLanguages final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void translationsAreComplete_data();
    void translationsAreComplete();
    void pluralsAndQtsWordsFollowTheLanguage_data();
    void pluralsAndQtsWordsFollowTheLanguage();
    void germanUserInterface();
    void localesChooseTheirLanguage_data();
    void localesChooseTheirLanguage();
    void chineseJoinsWithoutSpaces();
    void unreadableRowsSpeakTheLanguageShown();
    void errorsSpeakTheLanguageShown_data();
    void errorsSpeakTheLanguageShown();

private:
    QTemporaryDir m_dir;
    QString copyOf(const QString& sample);
};

void TestGuiLanguages::initTestCase()
{
    QVERIFY(m_dir.isValid());
    guitest::isolateSettings(m_dir, QStringLiteral("Policy Studio Test"));
    i18n::install(QLocale(QLocale::English));
}

void TestGuiLanguages::init()
{
    QSettings().clear();
}

QString TestGuiLanguages::copyOf(const QString& sample)
{
    return guitest::copyOfSample(m_dir, testpaths::sample(sample));
}

void TestGuiLanguages::translationsAreComplete_data()
{
    QTest::addColumn<QString>("file");
    // The other languages: tst_translation_files.
    QTest::newRow("en") << "policy-studio_en.ts";
}

void TestGuiLanguages::translationsAreComplete()
{
    QFETCH(QString, file);
    QFile f(testpaths::sourceDir() + QStringLiteral("/translations/") + file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    int messages = 0;
    QStringList untranslated;
    QString source;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("message")) {
            ++messages;
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const bool unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            QStringList forms;  // a numerus message's forms, singular first
            if (numerus) {
                while (xml.readNextStartElement())
                    forms << xml.readElementText();
            }
            const QString text
                = numerus ? forms.join(QLatin1Char('\n')) : xml.readElementText(QXmlStreamReader::IncludeChildElements);
            // English needs only its plural forms; every other language needs every message.
            const bool required = file.endsWith(QLatin1String("_de.ts")) || numerus;
            if (required && (unfinished || text.trimmed().isEmpty()))
                untranslated << source;
            // An English plural form is a real one, not the source's "(s)".
            if (numerus && file.endsWith(QLatin1String("_en.ts")) && text.contains(QLatin1String("(s)")))
                untranslated << source;
            // ... whose singular agrees: "%n candidate is", never "%n candidate are".
            static const QRegularExpression pluralVerb(QStringLiteral("%n [a-z]+ (are|were|have)\\b"));
            if (numerus && file.endsWith(QLatin1String("_en.ts")) && !forms.isEmpty()
                && pluralVerb.match(forms.first()).hasMatch())
                untranslated << source + QStringLiteral(" (singular: ") + forms.first() + QLatin1Char(')');
        }
    }
    QVERIFY(messages > 250);
    QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QLatin1Char('\n'))));
}

void TestGuiLanguages::pluralsAndQtsWordsFollowTheLanguage_data()
{
    // A locale without a translation of its own still gets English plurals,
    // and German gets Qt's own German too (shortcut names).
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("one");
    QTest::addColumn<QString>("shortcut");
    QTest::newRow("C") << "C"
                       << "en"
                       << "1 attempt in 5 s, ending in stop."
                       << "Ctrl+O";
    QTest::newRow("French (not translated)") << "fr_FR"
                                             << "en"
                                             << "1 attempt in 5 s, ending in stop."
                                             << "Ctrl+O";
    QTest::newRow("English") << "en_GB"
                             << "en"
                             << "1 attempt in 5 s, ending in stop."
                             << "Ctrl+O";
    QTest::newRow("German") << "de_DE"
                            << "de"
                            << "1 Versuch in 5 s, Ende: stop."
                            << "Strg+O";
}

void TestGuiLanguages::pluralsAndQtsWordsFollowTheLanguage()
{
    QFETCH(QString, locale);
    QFETCH(QString, language);
    QFETCH(QString, one);
    QFETCH(QString, shortcut);
    QCOMPARE(i18n::install(QLocale(locale)), language);
    QCOMPARE(QCoreApplication::translate("model::TimelinePreview", "%n attempt(s) in %1, ending in %2.", nullptr, 1)
                 .arg(QStringLiteral("5 s"), QStringLiteral("stop")),
        one);
    QCOMPARE(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText), shortcut);
    QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
}

void TestGuiLanguages::germanUserInterface()
{
    QCOMPARE(i18n::install(QLocale(QLocale::German)), QStringLiteral("de"));
    {
        ClassPolicyPanel panel(policy::ErrorClass::Hard);
        QCOMPARE(panel.retrySwitch()->text(), QStringLiteral("Denselben Kandidaten w&iederholen"));
        policy::ClassPolicy p {{true, 1, 90}, {false, 0}, policy::Outcome::Stop};
        panel.setPolicy(p, {});
        QCOMPARE(panel.summaryLabel()->text(), QStringLiteral("1 Wiederholung ab 1 min 30 s, dann anhalten"));
        MainWindow window;
        QVERIFY(window.openFile(copyOf(QStringLiteral("profile-v1.json"))));
        QVERIFY(window.windowTitle().endsWith(QStringLiteral("Policy Studio")));
        QCOMPARE(window.saveAction()->text(), QStringLiteral("&Speichern"));
    }
    QCOMPARE(i18n::install(QLocale(QLocale::English)), QStringLiteral("en"));
}

QTEST_MAIN(TestGuiLanguages)
#include "tst_gui_languages.moc"

void TestGuiLanguages::localesChooseTheirLanguage_data()
{
    QTest::addColumn<QString>("asked");
    QTest::addColumn<QString>("shown");
    QTest::addColumn<QString>("sample");  // a message in the language shown
    const QString sample = QStringLiteral("Transient errors");
    QTest::newRow("pt_PT") << "pt_PT"
                           << "pt_PT"
                           << "Erros transitórios";
    QTest::newRow("pt_BR reads Portugal's") << "pt_BR"
                                            << "pt_PT"
                                            << "Erros transitórios";
    QTest::newRow("zh_CN") << "zh_CN"
                           << "zh_CN"
                           << "暂时性错误";
    QTest::newRow("zh_SG reads Simplified") << "zh_SG"
                                            << "zh_CN"
                                            << "暂时性错误";
    QTest::newRow("zh_HK") << "zh_HK"
                           << "zh_HK"
                           << "暫時性錯誤";
    QTest::newRow("zh_MO reads Hong Kong's") << "zh_MO"
                                             << "zh_HK"
                                             << "暫時性錯誤";
    QTest::newRow("zh_TW") << "zh_TW"
                           << "zh_TW"
                           << "暫時性錯誤";
    QTest::newRow("de_AT") << "de_AT"
                           << "de"
                           << "Vorübergehende Fehler";
    QTest::newRow("fr_FR reads English") << "fr_FR"
                                         << "en"
                                         << "Transient errors";
}

void TestGuiLanguages::localesChooseTheirLanguage()
{
    QFETCH(QString, asked);
    QFETCH(QString, shown);
    QFETCH(QString, sample);
    const auto english = qScopeGuard([] { i18n::install(QLocale(QLocale::English)); });
    QCOMPARE(i18n::install(asked), shown);
    QCOMPARE(model::PolicyText::className(policy::ErrorClass::Transient), sample);
    // Numbers follow the language shown: the locale asked for, or English.
    QCOMPARE(QLocale().language(), shown == QLatin1String("en") ? QLocale::English : QLocale(asked).language());
}

void TestGuiLanguages::errorsSpeakTheLanguageShown_data()
{
    // What goes wrong with a file, its text or its legacy rules, said in
    // German and Simplified Chinese: never the English message.
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("content");  // "" for no file at all
    QTest::addColumn<QString>("said");  // what the language says
    QTest::newRow("de, missing") << "de"
                                 << ""
                                 << "Die Datei gibt es nicht";
    QTest::newRow("zh_CN, missing") << "zh_CN"
                                    << ""
                                    << "文件不存在";
    QTest::newRow("de, empty") << "de"
                               << " "
                               << "die Datei ist leer";
    QTest::newRow("zh_CN, syntax") << "zh_CN"
                                   << "{\"version\": 1,"
                                   << "语法错误";
    QTest::newRow("de, wrong type") << "de"
                                    << "{\"candidates\": 5}"
                                    << "gefunden: eine Ganzzahl";
    QTest::newRow("zh_TW, unknown key") << "zh_TW"
                                        << "{\"candidates\": [{\"execution_profile_id\": \"a\", \"position\": 0, "
                                           "\"policies\": {\"version\": 1, \"bogus\": 1}}]}"
                                        << "不明的鍵";
    QTest::newRow("de, duplicate key") << "de"
                                       << "{\"candidates\": [], \"candidates\": []}"
                                       << "doppelter Schlüssel";
}

void TestGuiLanguages::errorsSpeakTheLanguageShown()
{
    QFETCH(QString, language);
    QFETCH(QString, content);
    QFETCH(QString, said);
    QString path = m_dir.filePath(QStringLiteral("missing.json"));
    if (!content.isEmpty()) {
        path = m_dir.filePath(QStringLiteral("broken.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content.toUtf8());
    }
    const QString inEnglish = model::loadDocumentFile(path).error;
    QVERIFY(!inEnglish.isEmpty());
    const auto english = qScopeGuard([] { i18n::install(QLocale(QLocale::English)); });
    QCOMPARE(i18n::install(language), language);
    const QString translated = model::loadDocumentFile(path).error;
    QVERIFY2(translated.contains(said), qPrintable(translated));
    QVERIFY2(translated != inEnglish, qPrintable(translated));
}

// Sentences and list items are joined as the language joins them: Chinese
// puts no space after "。" and lists with "、".
void TestGuiLanguages::chineseJoinsWithoutSpaces()
{
    const auto english = qScopeGuard([] { i18n::install(QLocale(QLocale::English)); });
    QCOMPARE(i18n::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    QCOMPARE(model::PolicyText::joinList({QStringLiteral("甲"), QStringLiteral("乙"), QStringLiteral("丙")}),
        QStringLiteral("甲、乙、丙"));
    QCOMPARE(
        model::PolicyText::joinSentences({QStringLiteral("一。"), QStringLiteral("二。")}), QStringLiteral("一。二。"));
    const policy::ClassPolicy p {{true, 3, 5}, {false, 0}, policy::Outcome::Skip};
    const QString schedule = model::PolicyText::scheduleLine(p);
    QVERIFY2(
        !schedule.contains(QStringLiteral("。 ")) && !schedule.contains(QStringLiteral(", ")), qPrintable(schedule));
    QCOMPARE(i18n::install(QStringLiteral("de")), QStringLiteral("de"));
    QCOMPARE(model::PolicyText::joinList({QStringLiteral("a"), QStringLiteral("b")}), QStringLiteral("a, b"));
}

// A row of kandev's database that cannot be read is said in the language shown.
void TestGuiLanguages::unreadableRowsSpeakTheLanguageShown()
{
    QTemporaryDir dir;
    Fixture fx(QStringLiteral("sqlite"), dir.path());
    QVERIFY(fx.ok);
    QVERIFY(fx.exec(QStringLiteral(
        "UPDATE dynamic_agent_routes SET enabled = 'yes' WHERE dynamic_profile_id = 'dyn-current' AND position = 0")));
    QString error;
    auto db = store::KandevDatabase::open(fx.target, &error);
    QVERIFY2(db, qPrintable(error));
    const auto loaded = db->load(&error);
    QVERIFY2(loaded, qPrintable(error));
    // The fixture's dyn-broken holds a rules_json that is no JSON; dyn-current now a boolean that is text.
    QStringList german, chinese;
    const auto english = qScopeGuard([] { i18n::install(QLocale(QLocale::English)); });
    for (const char* language : {"de", "zh_CN"}) {
        QCOMPARE(i18n::install(QString::fromLatin1(language)), QString::fromLatin1(language));
        for (const format::Diagnostic& row : loaded->invalidRows)
            (language == std::string_view("de") ? german : chinese) << model::PolicyText::diagnostic(row);
    }
    const QString de = german.join(QLatin1Char('\n'));
    const QString zh = chinese.join(QLatin1Char('\n'));
    QVERIFY2(de.contains(QStringLiteral("der Text „yes“ ist kein Wahrheitswert"))
            && de.contains(QStringLiteral("Syntaxfehler")),
        qPrintable(de));
    QVERIFY2(zh.contains(QStringLiteral("不是布尔值")) && zh.contains(QStringLiteral("语法错误")), qPrintable(zh));
}
