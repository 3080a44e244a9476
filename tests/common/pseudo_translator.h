// SPDX-License-Identifier: Apache-2.0
#pragma once
// A pseudo-locale for layout tests: every text the window shows comes out
// about 35 % longer than its English source, as some languages we may ship
// will (German runs about 25 % longer). Words grow by repeating their last
// letter, so lines still break at spaces; placeholders (%1, %n), mnemonics,
// HTML tags and entities are kept as they are.

#include <QTranslator>

#include <algorithm>
#include <cmath>

namespace guitest
{

class PseudoTranslator final : public QTranslator
{
public:
    static constexpr double kGrowth = 0.35;

    using QTranslator::QTranslator;
    bool isEmpty() const override
    {
        return false;
    }

    QString translate(const char* context, const char* sourceText, const char* disambiguation, int n) const override
    {
        Q_UNUSED(context)
        Q_UNUSED(disambiguation)
        Q_UNUSED(n)
        if (!sourceText || !*sourceText)
            return {};
        return lengthen(QString::fromUtf8(sourceText));
    }

    static QString lengthen(const QString& text)
    {
        QString out;
        out.reserve(qsizetype(double(text.size()) * (1 + kGrowth)) + 8);
        qsizetype i = 0;
        while (i < text.size()) {
            const QChar c = text.at(i);
            if (c == u'<') {  // a tag, copied whole
                const qsizetype end = text.indexOf(u'>', i);
                const qsizetype stop = end < 0 ? text.size() : end + 1;
                out += text.mid(i, stop - i);
                i = stop;
                continue;
            }
            if (c == u'%' && i + 1 < text.size() && (text.at(i + 1).isDigit() || text.at(i + 1) == u'n')) {
                out += text.mid(i, 2);  // a placeholder
                i += 2;
                continue;
            }
            if (c == u'&' && i + 1 < text.size() && text.at(i + 1).isLetter()) {
                const qsizetype semi = text.indexOf(u';', i);
                if (semi > i && semi - i <= 8 && text.mid(i + 1, semi - i - 1).isSimpleText()
                    && std::all_of(text.begin() + i + 1, text.begin() + semi, [](QChar l) { return l.isLetter(); })) {
                    out += text.mid(i, semi - i + 1);  // an entity such as &amp;
                    i = semi + 1;
                    continue;
                }
            }
            if (!c.isLetter()) {
                out += c;
                ++i;
                continue;
            }
            qsizetype end = i;
            while (end < text.size() && (text.at(end).isLetter() || text.at(end) == u'&'))
                ++end;
            const QString word = text.mid(i, end - i);
            out += word;
            const qsizetype letters = word.size() - word.count(u'&');
            out += QString(qsizetype(std::ceil(double(letters) * kGrowth)), word.back() == u'&' ? u'x' : word.back());
            i = end;
        }
        return out;
    }
};

}  // namespace guitest
