// SPDX-License-Identifier: Apache-2.0
#pragma once
// The catalogue's fixtures (tests/fixtures/catalogue/*.json), for every test
// that classifies: one fixture per file, or a file {"description", "cases": [...]}.

#include "test_paths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace testpaths
{

struct CatalogueFixture {
    QString name;  // the file, and the case's name in a file of cases
    QJsonObject body;
};

inline QList<CatalogueFixture> catalogueFixtures()
{
    QList<CatalogueFixture> out;
    const QDir dir(fixture(QStringLiteral("catalogue")));
    for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(file));
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll(), &error).object();
        if (error.error != QJsonParseError::NoError)
            qFatal("%s: %s", qPrintable(file), qPrintable(error.errorString()));
        if (!o.contains(QStringLiteral("cases"))) {
            out.push_back({file, o});
            continue;
        }
        for (const auto& c : o[QStringLiteral("cases")].toArray()) {
            const QJsonObject body = c.toObject();
            if (!body.contains(QStringLiteral("name")))
                qFatal("%s: a case without a name", qPrintable(file));
            out.push_back({file + QLatin1Char('/') + body[QStringLiteral("name")].toString(), body});
        }
    }
    return out;
}

// The fixtures that name secrets: none of them may survive in any output.
inline QList<CatalogueFixture> fixturesWithSecrets()
{
    QList<CatalogueFixture> out;
    for (const auto& f : catalogueFixtures()) {
        if (!f.body[QStringLiteral("secrets")].toArray().isEmpty())
            out.push_back(f);
    }
    return out;
}

// A fixture's evidence as a raw error a person pastes (parseRawError's form).
inline QString rawErrorOf(const QJsonObject& evidence)
{
    QString raw;
    if (evidence.contains(QStringLiteral("status")))
        raw += QStringLiteral("HTTP/1.1 %1\n").arg(evidence[QStringLiteral("status")].toInt());
    else if (evidence.contains(QStringLiteral("exit_code")))
        raw += QStringLiteral("exit code: %1\n").arg(evidence[QStringLiteral("exit_code")].toInt());
    const QJsonObject headers = evidence[QStringLiteral("headers")].toObject();
    for (auto it = headers.begin(); it != headers.end(); ++it)
        raw += it.key() + QStringLiteral(": ") + it.value().toString() + QLatin1Char('\n');
    if (!raw.isEmpty())
        raw += QLatin1Char('\n');
    return raw + evidence[QStringLiteral("text")].toString();
}

}  // namespace testpaths
