// SPDX-License-Identifier: Apache-2.0
// store::readFile / writeFileAtomically against what a careless admin or an
// attacker puts at a path: device nodes, FIFOs, symlinks, other users' files,
// endless sources and a full disk. Real nodes, never mocks.
#include "store/file_store.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <pwd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sstream>

using store::ReadLimit;

namespace
{

std::string contents(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "<unreadable>";
    return f.readAll().toStdString();
}

struct stat statOf(const QString& path)
{
    struct stat st {
    };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        qWarning("lstat %s failed", qPrintable(path));
    return st;
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

bool isRoot()
{
    return ::geteuid() == 0;
}

}  // namespace

class TestFileStore final : public QObject
{
    Q_OBJECT
private slots:
    void readRefusesWhatIsNotARegularFile_data();
    void readRefusesWhatIsNotARegularFile();
    void readFollowsASymlinkToARegularFile();
    void readIsBoundedWhateverTheSizeClaims();
    void readStreamIsBounded();
    void writeRefusesWhatIsNotARegularFile_data();
    void writeRefusesWhatIsNotARegularFile();
    void writeKeepsOwnerGroupAndMode();
    void newFileGetsTheRequestedMode();
    void fullDiskSaysSoAndLeavesNothingBehind();
    void emptyPrivateFileIsCreatedNarrow();
};

void TestFileStore::readRefusesWhatIsNotARegularFile_data()
{
    QTest::addColumn<QString>("kind");  // how the node is made
    QTest::addColumn<QString>("message");
    QTest::newRow("character device") << "/dev/zero"
                                      << "is a character device, not a regular file";
    QTest::newRow("null device") << "/dev/null"
                                 << "is a character device, not a regular file";
    QTest::newRow("FIFO") << "fifo"
                          << "is a FIFO (named pipe), not a regular file";
    QTest::newRow("directory") << "dir"
                               << "is a directory, not a regular file";
    QTest::newRow("symlink to a device") << "link-to-zero"
                                         << "is a character device, not a regular file";
    QTest::newRow("missing") << "missing"
                             << "no such file";
}

void TestFileStore::readRefusesWhatIsNotARegularFile()
{
    QFETCH(QString, kind);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QString path = kind;
    if (kind == QLatin1String("fifo")) {
        path = dir.filePath(QStringLiteral("pipe"));
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else if (kind == QLatin1String("dir")) {
        path = dir.path();
    } else if (kind == QLatin1String("link-to-zero")) {
        path = dir.filePath(QStringLiteral("zero"));
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), path));
    } else if (kind == QLatin1String("missing")) {
        path = dir.filePath(QStringLiteral("absent.json"));
    }
    // A FIFO without a writer would block a plain open() forever; the
    // watchdog is QTest's own timeout.
    const store::ReadResult r = store::readFile(path.toStdString(), 1024);
    QVERIFY(!r.bytes);
    QVERIFY(r.error);
    QVERIFY2(r.error->message.find(message.toStdString()) != std::string::npos, r.error->message.c_str());
    QVERIFY2(r.error->message.rfind(path.toStdString(), 0) == 0, r.error->message.c_str());  // names the file
}

void TestFileStore::readFollowsASymlinkToARegularFile()
{
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("real.json"));
    QVERIFY(writeBytes(target, "{}"));
    QVERIFY(QFile::link(target, dir.filePath(QStringLiteral("link.json"))));
    const store::ReadResult r = store::readFile(dir.filePath(QStringLiteral("link.json")).toStdString(), 1024);
    QVERIFY(!r.error);
    QCOMPARE(*r.bytes, std::string("{}"));
}

void TestFileStore::readIsBoundedWhateverTheSizeClaims()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.txt"));
    QVERIFY(writeBytes(path, QByteArray(5000, 'x')));
    const auto refused = store::readFile(path.toStdString(), 4096);
    QVERIFY(refused.error);
    QVERIFY(refused.error->message.find("limited to") != std::string::npos);
    const auto prefix = store::readFile(path.toStdString(), 4096, ReadLimit::KeepPrefix);
    QVERIFY(!prefix.error);
    QCOMPARE(prefix.bytes->size(), std::size_t(4096));
    QVERIFY(prefix.truncated);
    const auto whole = store::readFile(path.toStdString(), 5000);
    QCOMPARE(whole.bytes->size(), std::size_t(5000));
    QVERIFY(!whole.truncated);
}

void TestFileStore::readStreamIsBounded()
{
    std::istringstream endless(std::string(100000, 'z'));
    const auto refused = store::readStream(endless, "standard input", 1000);
    QVERIFY(refused.error);
    QVERIFY2(refused.error->message.rfind("standard input: larger than", 0) == 0, refused.error->message.c_str());
    std::istringstream again(std::string(100000, 'z'));
    const auto prefix = store::readStream(again, "standard input", 1000, ReadLimit::KeepPrefix);
    QCOMPARE(prefix.bytes->size(), std::size_t(1000));
    QVERIFY(prefix.truncated);
    // The stream was read no further than the bound and one chunk.
    QVERIFY(again.tellg() <= std::streampos(1001));
}

void TestFileStore::writeRefusesWhatIsNotARegularFile_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("/dev/null") << "/dev/null"
                               << "is a character device, not a regular file";
    QTest::newRow("FIFO") << "fifo"
                          << "is a FIFO (named pipe), not a regular file";
    QTest::newRow("directory") << "dir"
                               << "is a directory, not a regular file";
    QTest::newRow("symlink to a regular file") << "link"
                                               << "is a symbolic link to ";
    QTest::newRow("dangling symlink") << "dangling"
                                      << "is a symbolic link to ";
}

void TestFileStore::writeRefusesWhatIsNotARegularFile()
{
    QFETCH(QString, kind);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QString path = kind;
    const QString target = dir.filePath(QStringLiteral("target.json"));
    QVERIFY(writeBytes(target, "original"));
    if (kind == QLatin1String("fifo")) {
        path = dir.filePath(QStringLiteral("pipe"));
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else if (kind == QLatin1String("dir")) {
        path = dir.filePath(QStringLiteral("sub"));
        QVERIFY(QDir().mkdir(path));
    } else if (kind == QLatin1String("link")) {
        path = dir.filePath(QStringLiteral("link.json"));
        QVERIFY(QFile::link(target, path));
    } else if (kind == QLatin1String("dangling")) {
        path = dir.filePath(QStringLiteral("dangling.json"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("nowhere.json")), path));
    }
    const struct stat before = statOf(path);
    const auto error = store::writeFileAtomically(path.toStdString(), "new content");
    QVERIFY(error);
    QVERIFY2(error->message.find(message.toStdString()) != std::string::npos, error->message.c_str());
    QVERIFY2(error->message.find("Nothing was written") != std::string::npos, error->message.c_str());
    // The node is still what it was, and a link's target is untouched.
    const struct stat after = statOf(path);
    QCOMPARE(after.st_mode & S_IFMT, before.st_mode & S_IFMT);
    QCOMPARE(after.st_ino, before.st_ino);
    QCOMPARE(contents(target), std::string("original"));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("nowhere.json"))));
    // No temporary file is left behind.
    const QStringList left = QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    for (const QString& name : left)
        QVERIFY2(!name.contains(QStringLiteral(".tmp-")), qPrintable(name));
}

void TestFileStore::writeKeepsOwnerGroupAndMode()
{
    if (!isRoot())
        QSKIP("giving a file to another user needs root; make test runs as root in CI");
    const passwd* nobody = ::getpwnam("nobody");
    if (!nobody)
        QSKIP("this system has no user nobody");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("theirs.json"));
    QVERIFY(writeBytes(path, "old"));
    const QByteArray native = QFile::encodeName(path);
    QCOMPARE(::chown(native.constData(), nobody->pw_uid, nobody->pw_gid), 0);
    QCOMPARE(::chmod(native.constData(), 0640), 0);

    const auto error = store::writeFileAtomically(
        path.toStdString(), "new", {(path + QStringLiteral(".bak")).toStdString(), std::nullopt, std::nullopt});
    QVERIFY2(!error, error ? error->message.c_str() : "");
    QCOMPARE(contents(path), std::string("new"));
    QCOMPARE(contents(path + QStringLiteral(".bak")), std::string("old"));
    for (const QString& p : {path, path + QStringLiteral(".bak")}) {
        const struct stat st = statOf(p);
        QCOMPARE(st.st_uid, nobody->pw_uid);
        QCOMPARE(st.st_gid, nobody->pw_gid);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
    }
}

void TestFileStore::newFileGetsTheRequestedMode()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("secret-backup.json"));
    QVERIFY(!store::writeFileAtomically(path.toStdString(), "{}", {{}, 0600, std::nullopt}));
    QCOMPARE(statOf(path).st_mode & 07777, mode_t(0600));
    // Without a mode: 0666 less the umask, as any program's new file.
    const mode_t mask = ::umask(022);
    ::umask(mask);
    const QString plain = dir.filePath(QStringLiteral("plain.json"));
    QVERIFY(!store::writeFileAtomically(plain.toStdString(), "{}"));
    QCOMPARE(statOf(plain).st_mode & 07777, mode_t(0666 & ~mask));
}

void TestFileStore::fullDiskSaysSoAndLeavesNothingBehind()
{
    if (!isRoot())
        QSKIP("mounting a small tmpfs needs root; make test runs as root in CI");
    QTemporaryDir dir;
    const QByteArray mountPoint = QFile::encodeName(dir.path());
    if (::mount("tmpfs", mountPoint.constData(), "tmpfs", 0, "size=64k") != 0)
        QSKIP(qPrintable(QStringLiteral("cannot mount a tmpfs here (%1); the container forbids it")
                             .arg(QString::fromLocal8Bit(std::strerror(errno)))));
    const QString path = dir.filePath(QStringLiteral("doc.json"));
    const std::string old(10 * 1024, 'o');
    QVERIFY(!store::writeFileAtomically(path.toStdString(), old));
    // Twice the space there is: the write must fail with a clear reason.
    const auto error = store::writeFileAtomically(path.toStdString(), std::string(128 * 1024, 'n'));
    QVERIFY(error);
    QVERIFY2(error->message.find("no space left") != std::string::npos, error->message.c_str());
    QCOMPARE(contents(path), old);
    // And a backup that does not fit leaves no 0-byte or partial file.
    const std::string big(40 * 1024, 'b');
    QVERIFY(!store::writeFileAtomically(path.toStdString(), big));
    const auto backupError = store::writeFileAtomically(
        path.toStdString(), "tiny", {(path + QStringLiteral(".bak")).toStdString(), std::nullopt, std::nullopt});
    QVERIFY(backupError);
    QVERIFY2(backupError->message.find("(the backup)") != std::string::npos, backupError->message.c_str());
    QCOMPARE(contents(path), big);
    const QStringList left = QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    QCOMPARE(left, QStringList {QStringLiteral("doc.json")});
    QCOMPARE(::umount(mountPoint.constData()), 0);
}

void TestFileStore::emptyPrivateFileIsCreatedNarrow()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("copy.db"));
    QVERIFY(!store::createEmptyPrivateFile(path.toStdString(), 0600));
    QCOMPARE(statOf(path).st_mode & 07777, mode_t(0600));
    QCOMPARE(statOf(path).st_size, off_t(0));
    // It never replaces what is there.
    const auto again = store::createEmptyPrivateFile(path.toStdString(), 0600);
    QVERIFY(again);
    QVERIFY2(again->message.find("File exists") != std::string::npos, again->message.c_str());
}

QTEST_GUILESS_MAIN(TestFileStore)
#include "tst_file_store.moc"
