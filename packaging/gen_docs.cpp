// SPDX-License-Identifier: Apache-2.0
// Build tool: writes the man pages and policyctl's bash completion from the
// programs' own --help text, so that what is installed can never disagree
// with what the programs print.
//
//   gen_docs man BINARY NAME VERSION DATE SUMMARY OUT   one page; a program whose
//       --help lists "commands:" gets one section per command (COMMAND --help)
//   gen_docs completion POLICYCTL OUT                   bash completion
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStringList>

#include <cstdio>
#include <map>

namespace
{

QString helpOf(const QString& binary, const QStringList& args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(
        QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));  // the editor needs a platform for --help
    env.insert(QStringLiteral("ASAN_OPTIONS"), QStringLiteral("detect_leaks=0"));
    p.setProcessEnvironment(env);
    p.start(binary, args);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit) {
        std::fprintf(stderr, "gen_docs: %s %s did not finish\n", qPrintable(binary), qPrintable(args.join(' ')));
        std::exit(1);
    }
    const QString text = QString::fromUtf8(p.readAllStandardOutput());
    if (text.trimmed().isEmpty()) {
        std::fprintf(stderr, "gen_docs: %s %s printed no help\n", qPrintable(binary), qPrintable(args.join(' ')));
        std::exit(1);
    }
    return text;
}

// The names a help block lists, in its order: the two-space-indented entries
// (matched by `entry`, the name captured) under the first line that `isHeading`
// accepts, up to the first line that is not one.
template <typename IsHeading>
QStringList entriesUnder(const QString& help, IsHeading isHeading, const QRegularExpression& entry)
{
    QStringList names;
    bool inBlock = false;
    for (const QString& line : help.split(QLatin1Char('\n'))) {
        if (!inBlock) {
            inBlock = isHeading(line);
            continue;
        }
        const auto m = entry.match(line);
        if (!m.hasMatch())
            break;
        names << m.captured(1);
    }
    return names;
}

// The commands a "commands:" block lists.
QStringList commandsIn(const QString& help)
{
    static const QRegularExpression entry(QStringLiteral("^  ([a-z][a-z-]*)  "));
    return entriesUnder(
        help, [](const QString& line) { return line == QLatin1String("commands:"); }, entry);
}

// The scenario presets a "...presets:" block lists.
QStringList presetsIn(const QString& help)
{
    static const QRegularExpression entry(QStringLiteral("^  ([a-z0-9][a-z0-9-]*)  "));
    return entriesUnder(
        help, [](const QString& line) { return line.endsWith(QLatin1String("presets:")); }, entry);
}

QString roffEscape(QString s)
{
    s.replace(QLatin1Char('\\'), QStringLiteral("\\e"));
    s.replace(QLatin1Char('-'), QStringLiteral("\\-"));
    if (s.startsWith(QLatin1Char('.')) || s.startsWith(QLatin1Char('\'')))
        s.prepend(QStringLiteral("\\&"));
    return s;
}

// Help text as man(7): indented lines stay as printed (tables, JSON shapes),
// prose becomes filled paragraphs, "heading:" lines become bold headings.
QString roffBody(const QString& help, bool skipUsage)
{
    QString out;
    bool verbatim = false;
    const auto setVerbatim = [&](bool on) {
        if (on != verbatim)
            out += on ? QStringLiteral(".PP\n.nf\n") : QStringLiteral(".fi\n");
        verbatim = on;
    };
    bool inUsage = false;
    bool paragraphOpen = false;
    for (const QString& line : help.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("usage: ")) || line.startsWith(QLatin1String("Usage: "))) {
            inUsage = true;
            if (skipUsage)
                continue;
            setVerbatim(true);
            out += QStringLiteral("\\fB") + roffEscape(line.mid(7)) + QStringLiteral("\\fR\n");
            continue;
        }
        if (inUsage && line.startsWith(QLatin1Char(' '))) {  // a wrapped usage line
            if (!skipUsage)
                out += roffEscape(line) + QLatin1Char('\n');
            continue;
        }
        inUsage = false;
        if (line.trimmed().isEmpty()) {
            setVerbatim(false);
            paragraphOpen = false;
            continue;
        }
        if (line.startsWith(QLatin1Char(' '))) {
            setVerbatim(true);
            paragraphOpen = false;
            out += roffEscape(line) + QLatin1Char('\n');
            continue;
        }
        setVerbatim(false);
        // "exit codes: 0 ..." opens a paragraph of its own, as it reads in the terminal.
        static const QRegularExpression label(QStringLiteral("^[a-z][a-z ]{0,20}: "));
        if (label.match(line).hasMatch())
            paragraphOpen = false;
        if (line.endsWith(QLatin1Char(':')) && line.size() < 40) {
            out += QStringLiteral(".PP\n\\fB") + roffEscape(line.chopped(1)) + QStringLiteral("\\fR\n");
            paragraphOpen = false;
            continue;
        }
        if (!paragraphOpen)
            out += QStringLiteral(".PP\n");
        paragraphOpen = true;
        out += roffEscape(line) + QLatin1Char('\n');
    }
    setVerbatim(false);
    return out;
}

bool writeFile(const QString& path, const QString& text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text.toUtf8()) < 0) {
        std::fprintf(stderr, "gen_docs: cannot write %s\n", qPrintable(path));
        return false;
    }
    return true;
}

int manPage(const QStringList& a)
{
    const QString& binary = a[0];
    const QString& name = a[1];
    QString help = helpOf(binary, {QStringLiteral("--help")});
    help.replace(binary, name);  // Qt's parser prints the path it was started with
    QStringList usage;  // the usage line and its continuations
    for (const QString& line : help.split(QLatin1Char('\n'))) {
        if (!usage.isEmpty() && !line.startsWith(QLatin1Char(' ')))
            break;
        if (!usage.isEmpty() || line.startsWith(QLatin1String("usage: ")) || line.startsWith(QLatin1String("Usage: ")))
            usage << line;
    }
    QString page = QStringLiteral(".\\\" Generated from %1 --help by gen_docs; edit the program's help text instead.\n")
                       .arg(name);
    page += QStringLiteral(".TH %1 1 \"%2\" \"Policy Studio %3\" \"User Commands\"\n").arg(name.toUpper(), a[3], a[2]);
    page += QStringLiteral(".SH NAME\n%1 \\- %2\n").arg(roffEscape(name), roffEscape(a[4]));
    page += QStringLiteral(".SH SYNOPSIS\n") + roffBody(usage.join(QLatin1Char('\n')), false);
    page += QStringLiteral(".SH DESCRIPTION\n") + roffBody(help, true);
    const QStringList commands = commandsIn(help);
    if (!commands.isEmpty()) {
        page += QStringLiteral(".SH COMMANDS\n");
        for (const QString& command : commands)
            page += QStringLiteral(".SS %1\n").arg(command)
                + roffBody(helpOf(binary, {command, QStringLiteral("--help")}), false);
    }
    page += QStringLiteral(".SH SEE ALSO\n");
    page += name == QLatin1String("policyctl") ? QStringLiteral(".BR policy\\-studio (1)\n")
                                               : QStringLiteral(".BR policyctl (1)\n");
    return writeFile(a[5], page) ? 0 : 1;
}

// --- bash completion

struct Option {
    QString spec;  // "text|json", "FILE", "" for a flag
};

std::map<QString, Option> optionsIn(const QString& help)
{
    std::map<QString, Option> options;
    static const QRegularExpression listed(
        QStringLiteral("^\\s+(--[a-z][a-z-]*)(?: ([^ ]+))?(?:\\s{2,}|$)"), QRegularExpression::MultilineOption);
    static const QRegularExpression bracketed(QStringLiteral("\\[(--[a-z][a-z-]*)(?: ([^\\]]+))?\\]"));
    // The usage line names required options too ("--candidate N").
    static const QRegularExpression inUsage(
        QStringLiteral("(?:^|\\s)(--[a-z][a-z-]*)(?: ([A-Z][A-Z|]*|[a-z]+\\|[a-z|]+))?"));
    const QString usage = help.section(QStringLiteral("\n\n"), 0, 0);
    for (const QRegularExpression* re : {&listed, &bracketed, &inUsage}) {
        const QString& text = re == &inUsage ? usage : help;
        for (auto it = re->globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            QString spec = m.captured(2);
            spec.remove(QLatin1Char('\''));
            options.emplace(m.captured(1), Option {spec});
        }
    }
    options.emplace(QStringLiteral("--help"), Option {});  // every command takes it
    return options;
}

int completion(const QStringList& a)
{
    const QString& binary = a[0];
    const QString help = helpOf(binary, {QStringLiteral("--help")});
    const QStringList commands = commandsIn(help);
    QString script = QStringLiteral(
        "# bash completion for policyctl: generated from policyctl's --help by gen_docs.\n"
        "_policyctl()\n"
        "{\n"
        "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} opts=\"\" arg=0 values=\"\" files=0\n"
        "    if ((COMP_CWORD == 1)); then\n"
        "        mapfile -t COMPREPLY < <(compgen -W \"%1 --help --version\" -- \"$cur\")\n"
        "        return\n"
        "    fi\n"
        "    case \"${COMP_WORDS[1]}\" in\n")
                         .arg(commands.join(QLatin1Char(' ')));
    for (const QString& command : commands) {
        const QString verbHelp = helpOf(binary, {command, QStringLiteral("--help")});
        const auto options = optionsIn(verbHelp);
        const QStringList presets = presetsIn(verbHelp);
        QStringList names;
        QString valueCases;
        for (const auto& [name, option] : options) {
            names << name;
            if (option.spec.isEmpty())
                continue;
            QStringList words;
            bool withFiles = false;
            for (const QString& alternative : option.spec.split(QLatin1Char('|'))) {
                if (alternative == alternative.toLower())
                    words << alternative;  // a literal value: text, json
                else if (alternative == QLatin1String("NAME"))
                    words << presets;
                else if (QStringList {QStringLiteral("FILE"), QStringLiteral("F"), QStringLiteral("OUT"),
                             QStringLiteral("DB"), QStringLiteral("PATH"), QStringLiteral("OTHER")}
                             .contains(alternative))
                    withFiles = true;
            }
            valueCases
                += QStringLiteral("        %1) arg=1 values=\"%2\" files=%3 ;;\n")
                       .arg(name, words.join(QLatin1Char(' ')), withFiles ? QStringLiteral("1") : QStringLiteral("0"));
        }
        script
            += QStringLiteral("    %1)\n        opts=\"%2\"\n        case \"$prev\" in\n%3        esac\n        ;;\n")
                   .arg(command, names.join(QLatin1Char(' ')), valueCases);
    }
    script += QStringLiteral(
        "    esac\n"
        "    if ((arg)); then  # the value of the option before\n"
        "        mapfile -t COMPREPLY < <(compgen -W \"$values\" -- \"$cur\")\n"
        "        # File names one per line, as they are: a space or a glob character does not split or expand them.\n"
        "        ((files)) && mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- \"$cur\") && compopt -o "
        "filenames 2>/dev/null\n"
        "        return\n"
        "    fi\n"
        "    if [[ $cur == -* ]]; then\n"
        "        mapfile -t COMPREPLY < <(compgen -W \"$opts\" -- \"$cur\")\n"
        "    else\n"
        "        compopt -o filenames 2>/dev/null\n"
        "        mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
        "    fi\n"
        "}\n"
        "complete -F _policyctl policyctl\n");
    return writeFile(a[1], script) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv)
{
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    if (args.size() == 7 && args[0] == QLatin1String("man"))
        return manPage(args.mid(1));
    if (args.size() == 3 && args[0] == QLatin1String("completion"))
        return completion(args.mid(1));
    std::fprintf(
        stderr, "usage: gen_docs man BINARY NAME VERSION DATE SUMMARY OUT | gen_docs completion POLICYCTL OUT\n");
    return 2;
}
