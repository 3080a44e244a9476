// SPDX-License-Identifier: Apache-2.0
#pragma once
// Paths of the source tree's samples and fixtures, for tests.

#include <QFile>
#include <QString>
#include <QtTest>

namespace testpaths
{

inline QString sourceDir()
{
    return QStringLiteral(POLICY_STUDIO_SOURCE_DIR);
}

inline QString sample(const QString& name)
{
    return sourceDir() + QStringLiteral("/resources/samples/") + name;
}

inline QString fixture(const QString& name)
{
    return sourceDir() + QStringLiteral("/tests/fixtures/") + name;
}

inline std::string readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll().toStdString();
}

}  // namespace testpaths
