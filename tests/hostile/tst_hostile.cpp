// SPDX-License-Identifier: Apache-2.0
// Hostile input: every bad file gives a clear error (file, line and column
// or field path), policyctl exits 1 or 2, the editor does not crash, and the
// file is left untouched. Saves are atomic even when the writer is killed.
#include "check/document_check.h"
#include "store/file_store.h"
#include "window/main_window.h"

#include "../common/test_paths.h"
#include "translations.h"

#include <QApplication>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <sys/resource.h>

#include <csignal>

namespace
{

const std::string kPolicies
    = R"({"version": 1, "transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval_seconds": 5}, "wait_for_reset": {"enabled": false, "max_wait_seconds": 0}, "on_exhausted": "skip"}, "hard": {"retry": {"enabled": false, "max_retries": 0, "initial_interval_seconds": 0}, "wait_for_reset": {"enabled": true, "max_wait_seconds": 300}, "on_exhausted": "stop"}})";

std::string candidate(int position, const std::string& policies = kPolicies)
{
    return R"({"position": )" + std::to_string(position) + R"(, "execution_profile_id": "agent-)"
        + std::to_string(position) + R"(", "enabled": true, "policies": )" + policies + "}";
}

std::string document(const std::string& candidates)
{
    return "{\n  \"version\": 1,\n  \"candidates\": [" + candidates + "]\n}\n";
}

std::string withPolicies(const std::string& from, const std::string& to)
{
    std::string p = kPolicies;
    p.replace(p.find(from), from.size(), to);
    return document(candidate(0, p));
}

std::int64_t peakRssMiB()
{
    struct rusage usage {
    };
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

}  // namespace

class TestHostile final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void badFiles_data();
    void badFiles();
    void hundredMegabyteFileIsRefusedWithBoundedMemory();
    void atomicSaveSurvivesAKilledWriter();
    void readOnlyOrVanishedTargetKeepsTheEdit();

private:
    QTemporaryDir m_dir;
};

void TestHostile::initTestCase()
{
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    i18n::install(QLocale(QLocale::English));
}

void TestHostile::badFiles_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("mentions");  // in the error message or path
    QTest::addColumn<bool>("hasPosition");  // a line and column are given

    auto row = [](const char* name, const std::string& bytes, const char* mentions, bool position = true) {
        QTest::newRow(name) << QByteArray::fromStdString(bytes) << QString::fromUtf8(mentions) << position;
    };
    const std::string valid = document(candidate(0));
    row("empty file", "", "empty");
    row("only whitespace", "\n  \n", "empty");
    row("truncated", valid.substr(0, valid.size() / 2), "syntax error");
    row("BOM then garbage", "\xEF\xBB\xBF{]", "syntax error");
    row("NUL byte", std::string("{\"candidates\": [\0]}", 19), "a NUL byte is not allowed in JSON text");
    row("invalid UTF-8", "{\"candidates\": [{\"position\": 0, \"execution_profile_id\": \"\xC3\x28\"}]}",
        "not UTF-8: the byte 0xC3");
    row("nesting 10000 deep", std::string(10000, '[') + std::string(10000, ']'), "nested more than");
    row("1e400", withPolicies("\"max_retries\": 3", "\"max_retries\": 1e400"), "number overflow");
    row("-0", withPolicies("\"max_retries\": 0", "\"max_retries\": -0"), "-0 is not a valid integer");
    row("beyond int64", withPolicies("\"max_retries\": 3", "\"max_retries\": 9223372036854775808"), "out of range");
    row("fraction", withPolicies("\"max_retries\": 3", "\"max_retries\": 1.5"), "fraction 1.5");
    row("string for a number", withPolicies("\"max_wait_seconds\": 300", "\"max_wait_seconds\": \"300\""),
        "expected an integer, found a string");
    row("duplicate keys",
        withPolicies("\"on_exhausted\": \"skip\"", "\"on_exhausted\": \"skip\", \"on_exhausted\": \"stop\""),
        "duplicate key");
    row("missing candidates", "{\"version\": 1}", "not a policy document");
    row("empty candidate list", document(""), "at least one candidate");
    row("duplicate positions", document(candidate(0) + ", " + candidate(0)), "must carry position 1");
    row("non-contiguous positions", document(candidate(0) + ", " + candidate(2)), "must carry position 1");
    row("policy version from the future", withPolicies("\"version\": 1", "\"version\": 3"),
        "unsupported policy version 3");
    row("negative number", withPolicies("\"max_wait_seconds\": 300", "\"max_wait_seconds\": -300"),
        "between 1 and 604800");
    row("legacy conflict",
        document(
            R"({"position": 0, "execution_profile_id": "a", "rules": {"model_capacity": "retry_same", "rate_limited": "stop"}})"),
        "conflicting");
    row("not JSON at all", "PK\x03\x04\x14\x00binary", "syntax error");
}

void TestHostile::badFiles()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, mentions);
    QFETCH(bool, hasPosition);
    const QString path = m_dir.filePath(QStringLiteral("%1.json").arg(
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'))));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }

    // The core says what and where.
    const auto check = check::checkDocument(bytes.toStdString());
    QVERIFY(!check.valid());
    const auto& e = check.errors.front();
    QVERIFY2(QString::fromStdString(e.message + " " + e.path).contains(mentions), e.message.c_str());
    if (hasPosition)
        QVERIFY2(e.line > 0 && e.column > 0, e.message.c_str());

    // policyctl names the file and exits 1 (invalid) or 2 (unreadable).
    QProcess p;
    p.start(QStringLiteral(POLICYCTL_PATH), {QStringLiteral("validate"), path});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY(p.exitCode() == 1 || p.exitCode() == 2);
    const QString out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    QVERIFY2(out.contains(path + QStringLiteral(":")), qPrintable(out));
    QVERIFY2(out.contains(mentions), qPrintable(out));

    // policyctl migrate --in-place writes nothing.
    QProcess m;
    m.start(QStringLiteral(POLICYCTL_PATH), {QStringLiteral("migrate"), QStringLiteral("--in-place"), path});
    QVERIFY(m.waitForFinished(60000));
    QVERIFY(m.exitCode() == 1 || m.exitCode() == 2);
    QVERIFY(!QFile::exists(path + QStringLiteral(".bak")));

    // The editor refuses it or opens it (read-only or with its problems listed), without crashing.
    gui::MainWindow window;
    QTimer::singleShot(0, [] {
        for (int i = 0; i < 50 && !QApplication::activeModalWidget(); ++i)
            QTest::qWait(10);
        if (auto* modal = QApplication::activeModalWidget())
            qobject_cast<QDialog*>(modal)->reject();
    });
    window.openFile(path);

    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), bytes);  // untouched
}

void TestHostile::hundredMegabyteFileIsRefusedWithBoundedMemory()
{
    const QString path = m_dir.filePath(QStringLiteral("huge.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const std::string filler(1024 * 1024, 'x');
        f.write("{\"candidates\": [{\"position\": 0, \"execution_profile_id\": \"a\"}], \"padding\": [");
        for (int i = 0; i < 100; ++i)
            f.write(("\"" + filler + "\"" + (i < 99 ? "," : "")).c_str());
        f.write("]}\n");
    }
    QVERIFY(QFileInfo(path).size() > 100 * 1000 * 1000);
    const store::ReadResult read = store::readFile(path.toStdString(), 64u * 1024 * 1024);
    QVERIFY(!read.bytes);
    QVERIFY(read.error->message.find("limited to 64 MiB") != std::string::npos);
    QProcess p;
    p.start(QStringLiteral(POLICYCTL_PATH), {QStringLiteral("validate"), path});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains(QStringLiteral("limited to 64 MiB")));
    gui::MainWindow window;
    QTimer::singleShot(0, [] {
        if (auto* modal = QApplication::activeModalWidget())
            qobject_cast<QDialog*>(modal)->reject();
    });
    QVERIFY(!window.openFile(path));
    QVERIFY2(peakRssMiB() < 1024, qPrintable(QString::number(peakRssMiB())));
}

void TestHostile::atomicSaveSurvivesAKilledWriter()
{
    // A child process saves two large documents in turn; it is killed at
    // random moments. The file is always one of them, whole.
    const QString path = m_dir.filePath(QStringLiteral("atomic.json"));
    const std::string a(4 * 1024 * 1024, 'a');
    const std::string b(3 * 1024 * 1024, 'b');
    QVERIFY(!store::writeFileAtomically(path.toStdString(), a));
    for (int round = 0; round < 12; ++round) {
        QProcess writer;
        writer.start(QStringLiteral(HOSTILE_SAVER_PATH), {path});
        QVERIFY(writer.waitForStarted());
        QTest::qWait(5 + (round * 37) % 60);
        ::kill(pid_t(writer.processId()), SIGKILL);
        writer.waitForFinished();
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray content = f.readAll();
        QVERIFY2(content == QByteArray::fromStdString(a) || content == QByteArray::fromStdString(b),
            qPrintable(QStringLiteral("round %1: %2 bytes").arg(round).arg(content.size())));
    }
}

void TestHostile::readOnlyOrVanishedTargetKeepsTheEdit()
{
    const QString path = m_dir.filePath(QStringLiteral("ro.json"));
    QFile::copy(testpaths::sample(QStringLiteral("profile-v1.json")), path);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const auto e = store::writeFileAtomically(m_dir.filePath(QStringLiteral("gone/dir/x.json")).toStdString(), "{}");
    QVERIFY(e);
    QVERIFY(e->message.find("gone/dir/x.json") != std::string::npos);
    QDir(m_dir.path()).mkdir(QStringLiteral("locked"));
    const QString lockedDir = m_dir.filePath(QStringLiteral("locked"));
    QFile::setPermissions(lockedDir, QFile::ReadOwner | QFile::ExeOwner);
    if (::geteuid() != 0) {  // root ignores directory permissions
        const auto denied = store::writeFileAtomically((lockedDir + QStringLiteral("/x.json")).toStdString(), "{}");
        QVERIFY(denied);
    }
    QFile::setPermissions(lockedDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

QTEST_MAIN(TestHostile)
#include "tst_hostile.moc"
