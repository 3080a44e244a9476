// SPDX-License-Identifier: Apache-2.0
// Builds the pseudo locale for tests from the English translation source:
// every message wrapped in ⟦ ⟧, its letters accented and each word about
// 35 % longer, as German and Portuguese run longer than English. A window
// shown in it tells two things at a glance: a text without the markers was
// never translated, and a text whose closing marker is cut off was clipped.
// Placeholders (%1, %n), mnemonics, HTML tags and entities are kept as they are.
//
//   pseudo-locale policy-studio_en.ts policy-studio_pseudo.ts

#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

#include <cmath>
#include <cstdio>

namespace
{

constexpr double kGrowth = 0.35;

QChar accented(QChar c)
{
    // One accented look-alike per ASCII letter, each in Latin Extended-A/B,
    // which every font the editor uses covers.
    static const QString lower = QStringLiteral("àƀćďēƒĝĥĩĵķĺḿńōƥǫŕśţũṽŵẋŷź");
    static const QString upper = QStringLiteral("ÀƁĆĎĒƑĜĤĨĴĶĹḾŃŌƤǪŔŚŢŨṼŴẊŶŹ");
    if (c >= u'a' && c <= u'z')
        return lower.at(c.unicode() - u'a');
    if (c >= u'A' && c <= u'Z')
        return upper.at(c.unicode() - u'A');
    return c;
}

bool isEntityAt(const QString& text, qsizetype i, qsizetype* end)
{
    const qsizetype semi = text.indexOf(u';', i);
    if (semi <= i + 1 || semi - i > 8)
        return false;
    for (qsizetype k = i + 1; k < semi; ++k) {
        const QChar l = text.at(k);
        if (!(l.isLetterOrNumber() || l == u'#'))
            return false;
    }
    *end = semi + 1;
    return true;
}

QString pseudo(const QString& text)
{
    if (text.isEmpty())
        return text;
    QString out;
    out.reserve(qsizetype(double(text.size()) * (1 + kGrowth)) + 4);
    out += QStringLiteral("⟦");
    qsizetype i = 0;
    while (i < text.size()) {
        const QChar c = text.at(i);
        qsizetype end = 0;
        if (c == u'<') {  // a tag, copied whole
            const qsizetype close = text.indexOf(u'>', i);
            end = close < 0 ? text.size() : close + 1;
        } else if (c == u'%' && i + 1 < text.size()
            && (text.at(i + 1).isDigit() || text.at(i + 1) == u'n' || text.at(i + 1) == u'L')) {
            end = i + 2;  // %1, %n, %L1
            while (end < text.size() && text.at(end).isDigit())
                ++end;
        } else if (c == u'&' && i + 1 < text.size() && text.at(i + 1) == u'&') {
            end = i + 2;  // a literal ampersand
        } else if (c == u'&' && isEntityAt(text, i, &end)) {
            // &amp; and the like
        } else if (c == u'&' && i + 1 < text.size()) {
            end = i + 2;  // a mnemonic keeps its letter, so shortcuts stay what they are
        }
        if (end > i) {
            out += text.mid(i, end - i);
            i = end;
            continue;
        }
        if (!c.isLetter()) {
            out += c;
            ++i;
            continue;
        }
        qsizetype letters = 0;
        QChar last;
        while (i < text.size() && text.at(i).isLetter()) {
            last = accented(text.at(i));
            out += last;
            ++letters;
            ++i;
            if (i + 1 < text.size() && text.at(i) == u'&' && text.at(i + 1).isLetter()) {
                out += text.mid(i, 2);  // a mnemonic inside a word
                i += 2;
                ++letters;
            }
        }
        out += QString(qsizetype(std::ceil(double(letters) * kGrowth)), last);
    }
    out += QStringLiteral("⟧");
    return out;
}

// Copies the .ts, replacing every translation by the pseudo text of its
// source (plural forms: of the English forms when filled, else of the source).
bool convert(QIODevice& in, QIODevice& out, QString* error)
{
    QXmlStreamReader reader(&in);
    QXmlStreamWriter writer(&out);
    writer.setAutoFormatting(true);
    writer.writeStartDocument();
    writer.writeDTD(QStringLiteral("<!DOCTYPE TS>"));
    QString source;
    QStringList forms;
    bool numerus = false;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            const auto name = reader.name();
            if (name == QLatin1String("TS")) {
                writer.writeStartElement(QStringLiteral("TS"));
                writer.writeAttribute(QStringLiteral("version"), QStringLiteral("2.1"));
                writer.writeAttribute(QStringLiteral("language"), QStringLiteral("en"));
            } else if (name == QLatin1String("context")) {
                writer.writeStartElement(QStringLiteral("context"));
            } else if (name == QLatin1String("name")) {
                writer.writeTextElement(QStringLiteral("name"), reader.readElementText());
            } else if (name == QLatin1String("message")) {
                numerus = reader.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
                source.clear();
                forms.clear();
                writer.writeStartElement(QStringLiteral("message"));
                if (numerus)
                    writer.writeAttribute(QStringLiteral("numerus"), QStringLiteral("yes"));
            } else if (name == QLatin1String("source")) {
                source = reader.readElementText();
                writer.writeTextElement(QStringLiteral("source"), source);
            } else if (name == QLatin1String("comment")) {
                writer.writeTextElement(QStringLiteral("comment"), reader.readElementText());
            } else if (name == QLatin1String("numerusform")) {
                forms << reader.readElementText();
            }
        } else if (reader.isEndElement()) {
            const auto name = reader.name();
            if (name == QLatin1String("message")) {
                writer.writeStartElement(QStringLiteral("translation"));
                if (numerus) {
                    for (int k = 0; k < 2; ++k) {
                        const QString form = k < forms.size() && !forms.at(k).isEmpty() ? forms.at(k) : source;
                        writer.writeTextElement(QStringLiteral("numerusform"), pseudo(form));
                    }
                } else {
                    writer.writeCharacters(pseudo(source));
                }
                writer.writeEndElement();  // translation
                writer.writeEndElement();  // message
            } else if (name == QLatin1String("context") || name == QLatin1String("TS")) {
                writer.writeEndElement();
            }
        }
    }
    if (reader.hasError()) {
        *error = QStringLiteral("line %1, column %2: %3")
                     .arg(reader.lineNumber())
                     .arg(reader.columnNumber())
                     .arg(reader.errorString());
        return false;
    }
    writer.writeEndDocument();
    return true;
}

}  // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: pseudo-locale ENGLISH.ts PSEUDO.ts\n");
        return 2;
    }
    QFile in(args.at(1));
    if (!in.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "pseudo-locale: %s: %s\n", qPrintable(args.at(1)), qPrintable(in.errorString()));
        return 1;
    }
    QSaveFile out(args.at(2));
    QString error;
    if (!out.open(QIODevice::WriteOnly) || !convert(in, out, &error) || !out.commit()) {
        std::fprintf(stderr, "pseudo-locale: %s: %s\n", qPrintable(error.isEmpty() ? args.at(2) : args.at(1)),
            qPrintable(error.isEmpty() ? out.errorString() : error));
        return 1;
    }
    return 0;
}
