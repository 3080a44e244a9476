// SPDX-License-Identifier: Apache-2.0
// The translation files as translators leave them: every message finished
// with every plural form its language has, placeholders, tags and mnemonics
// kept, and each glossary term (kandev's word) used the same way throughout.
#include "../common/test_paths.h"

#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>
#include <QXmlStreamReader>
#include <QtTest>

namespace
{

struct Message {
    QString context;
    QString source;
    bool numerus = false;
    bool unfinished = false;
    QStringList forms;  // one text, or the plural forms
};

std::vector<Message> readTs(const QString& path, QString* language)
{
    std::vector<Message> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    QString context;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("TS")) {
            *language = xml.attributes().value(QLatin1String("language")).toString();
        } else if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            out.push_back(
                {context, {}, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes"), false, {}});
        } else if (xml.name() == QLatin1String("source")) {
            out.back().source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            Message& m = out.back();
            m.unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            if (m.numerus) {
                while (xml.readNextStartElement())
                    m.forms << xml.readElementText();
            } else {
                m.forms << xml.readElementText();
            }
        }
    }
    if (xml.hasError())
        qWarning("%s:%lld: %s", qPrintable(path), xml.lineNumber(), qPrintable(xml.errorString()));
    return out;
}

QString tsPath(const QString& language)
{
    return testpaths::sourceDir() + QStringLiteral("/translations/policy-studio_") + language + QStringLiteral(".ts");
}

// The multiset of things a translation must keep: placeholders and tags.
QStringList kept(const QString& text)
{
    static const QRegularExpression token(QStringLiteral("%(?:L?\\d+|n)|</?[a-zA-Z][^>]*>"));
    QStringList out;
    for (auto it = token.globalMatch(text); it.hasNext();)
        out << it.next().captured();
    out.sort();
    return out;
}

bool hasMnemonic(const QString& text)
{
    QString t = text;
    t.remove(QStringLiteral("&&"));
    static const QRegularExpression entity(QStringLiteral("&[a-zA-Z#0-9]+;"));
    t.remove(entity);
    return t.contains(u'&');
}

// A source text without its code: "quoted" JSON values and keys and
// <code>…</code> stay as they are in every language, so a glossary term
// inside them is no use of the term ("skip" or "stop" names two values).
QString withoutCode(QString text)
{
    static const QRegularExpression code(QStringLiteral("\"[^\"]*\"|<code>.*?</code>"));
    return text.remove(code);
}

const QStringList kLanguages {QStringLiteral("de"), QStringLiteral("pt_PT"), QStringLiteral("zh_CN"),
    QStringLiteral("zh_HK"), QStringLiteral("zh_TW")};

}  // namespace

class TestTranslationFiles : public QObject
{
    Q_OBJECT

private slots:
    void everyMessageIsFinished_data();
    void everyMessageIsFinished();
    void placeholdersTagsAndMnemonicsAreKept_data();
    void placeholdersTagsAndMnemonicsAreKept();
    void glossaryTermsAreTranslatedOneWay_data();
    void glossaryTermsAreTranslatedOneWay();
    void everyFileHoldsTheSameMessages();
};

void TestTranslationFiles::everyMessageIsFinished_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("pluralForms");
    QTest::newRow("de") << "de" << 2;
    QTest::newRow("pt_PT") << "pt_PT" << 2;
    QTest::newRow("zh_CN") << "zh_CN" << 1;
    QTest::newRow("zh_HK") << "zh_HK" << 1;
    QTest::newRow("zh_TW") << "zh_TW" << 1;
}

void TestTranslationFiles::everyMessageIsFinished()
{
    QFETCH(QString, language);
    QFETCH(int, pluralForms);
    QString declared;
    const auto messages = readTs(tsPath(language), &declared);
    QCOMPARE(QLocale(declared).name(), QLocale(language).name());
    QVERIFY(messages.size() > 500);
    QStringList problems;
    for (const Message& m : messages) {
        const bool empty
            = std::any_of(m.forms.begin(), m.forms.end(), [](const QString& f) { return f.trimmed().isEmpty(); });
        if (m.unfinished || m.forms.isEmpty() || empty)
            problems << m.context + QStringLiteral(": ") + m.source;
        else if (m.numerus && m.forms.size() != pluralForms)
            problems << QStringLiteral("%1: %2 (%3 plural forms, the language has %4)")
                            .arg(m.context, m.source)
                            .arg(m.forms.size())
                            .arg(pluralForms);
        // Chinese counts without plural forms: no "(s)"-style alternatives left in.
        if (pluralForms == 1 && m.numerus && m.forms.value(0).contains(QLatin1String("(s)")))
            problems << m.context + QStringLiteral(": ") + m.forms.value(0);
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestTranslationFiles::placeholdersTagsAndMnemonicsAreKept_data()
{
    QTest::addColumn<QString>("language");
    for (const QString& l : kLanguages)
        QTest::newRow(qPrintable(l)) << l;
}

void TestTranslationFiles::placeholdersTagsAndMnemonicsAreKept()
{
    QFETCH(QString, language);
    QString declared;
    const auto messages = readTs(tsPath(language), &declared);
    QVERIFY(!messages.empty());
    QStringList problems;
    for (const Message& m : messages) {
        for (const QString& form : m.forms) {
            if (form.isEmpty())
                continue;
            QStringList wanted = kept(m.source);
            QStringList found = kept(form);
            // A plural form may leave %n out ("one attempt"), never add another placeholder.
            if (m.numerus && !found.contains(QLatin1String("%n")))
                wanted.removeAll(QStringLiteral("%n"));
            if (wanted != found)
                problems << QStringLiteral("%1: \"%2\" → \"%3\" (keeps %4, needs %5)")
                                .arg(m.context, m.source, form, found.join(u' '), wanted.join(u' '));
            if (hasMnemonic(m.source) != hasMnemonic(form))
                problems << QStringLiteral("%1: \"%2\" → \"%3\" (the shortcut letter is %4)")
                                .arg(m.context, m.source, form,
                                    hasMnemonic(m.source) ? QStringLiteral("lost") : QStringLiteral("new"));
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestTranslationFiles::glossaryTermsAreTranslatedOneWay_data()
{
    QTest::addColumn<QString>("language");
    for (const QString& l : kLanguages)
        QTest::newRow(qPrintable(l)) << l;
}

void TestTranslationFiles::glossaryTermsAreTranslatedOneWay()
{
    QFETCH(QString, language);
    const QString glossaryPath
        = testpaths::sourceDir() + QStringLiteral("/translations/glossary/") + language + QStringLiteral(".tsv");
    QFile glossary(glossaryPath);
    QVERIFY2(glossary.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable(glossaryPath));
    QString declared;
    const auto messages = readTs(tsPath(language), &declared);
    QVERIFY(!messages.empty());
    QStringList problems;
    int terms = 0;
    int lineNumber = 0;
    const auto options = QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption;
    while (!glossary.atEnd()) {
        ++lineNumber;
        const QString line = QString::fromUtf8(glossary.readLine()).chopped(1);
        if (line.trimmed().isEmpty() || line.startsWith(u'#'))
            continue;
        const QStringList columns = line.split(u'\t');
        QVERIFY2(columns.size() == 5,
            qPrintable(QStringLiteral("%1:%2: %3 columns, the format has 5")
                           .arg(glossaryPath)
                           .arg(lineNumber)
                           .arg(columns.size())));
        const QRegularExpression english(columns.at(1), options);
        const QRegularExpression translation(columns.at(2), options);
        const QRegularExpression never(columns.at(3) == QLatin1String("-") ? QString() : columns.at(3), options);
        for (const auto* re : {&english, &translation, &never})
            QVERIFY2(re->isValid(),
                qPrintable(QStringLiteral("%1:%2: %3").arg(glossaryPath).arg(lineNumber).arg(re->errorString())));
        ++terms;
        int used = 0;
        for (const Message& m : messages) {
            if (!english.match(withoutCode(m.source)).hasMatch())
                continue;
            ++used;
            for (const QString& form : m.forms) {
                if (!translation.match(form).hasMatch())
                    problems << QStringLiteral("%1 (%2): \"%3\" → \"%4\" does not say %5")
                                    .arg(columns.at(0), m.context, m.source, form, columns.at(2));
                else if (!never.pattern().isEmpty() && never.match(form).hasMatch())
                    problems << QStringLiteral("%1 (%2): \"%3\" → \"%4\" says %5")
                                    .arg(columns.at(0), m.context, m.source, form, never.match(form).captured());
            }
        }
        // A term no message uses checks nothing: its English pattern is wrong.
        if (used == 0)
            problems
                << QStringLiteral("%1:%2: %3 matches no message").arg(glossaryPath).arg(lineNumber).arg(columns.at(1));
    }
    QVERIFY2(terms >= 15, qPrintable(QStringLiteral("%1 holds %2 terms").arg(glossaryPath).arg(terms)));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestTranslationFiles::everyFileHoldsTheSameMessages()
{
    // lupdate run over every file: a message missing from one language is a
    // text that language shows in English.
    QString declared;
    QSet<QString> english;
    for (const Message& m : readTs(tsPath(QStringLiteral("en")), &declared))
        english.insert(m.context + u'\x1f' + m.source);
    QVERIFY(!english.isEmpty());
    for (const QString& language : kLanguages) {
        QSet<QString> theirs;
        for (const Message& m : readTs(tsPath(language), &declared))
            theirs.insert(m.context + u'\x1f' + m.source);
        QVERIFY2(theirs == english,
            qPrintable(QStringLiteral("%1: %2 messages, English has %3")
                           .arg(language)
                           .arg(theirs.size())
                           .arg(english.size())));
    }
}

QTEST_GUILESS_MAIN(TestTranslationFiles)
#include "tst_translation_files.moc"
