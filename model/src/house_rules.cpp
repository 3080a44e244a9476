// SPDX-License-Identifier: Apache-2.0
#include "model/house_rules.h"

#include "model/policy_text.h"

#include "policy/text.h"
#include "rules/rules_file.h"
#include "store/file_store.h"
#include "store/file_text.h"

#include <QDir>
#include <QFileInfo>

namespace model
{

QString HouseRules::besideFileName()
{
    return QStringLiteral(".policy-rules.json");
}

HouseRules::HouseRules(QObject* parent)
    : QObject(parent)
{
    // An editor (or git checkout) replaces the file: read it again, and watch the new one.
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this] { reload(); });
}

QString HouseRules::findBeside(const QString& folder)
{
    if (folder.isEmpty())
        return {};
    QDir dir(QFileInfo(folder).absoluteFilePath());
    for (;;) {
        const QString candidate = dir.filePath(besideFileName());
        if (QFileInfo(candidate).isFile())
            return QDir::cleanPath(candidate);
        if (!dir.cdUp())
            return {};
    }
}

void HouseRules::locate(const QString& chosenFile, const QString& folder, Origin besideOrigin)
{
    if (!chosenFile.isEmpty()) {
        m_origin = Origin::Chosen;
        m_path = QFileInfo(chosenFile).absoluteFilePath();
    } else {
        m_path = findBeside(folder);
        m_origin = m_path.isEmpty() ? Origin::None : besideOrigin;
    }
    reload();
}

void HouseRules::reload()
{
    read();
    watch();
    emit changed();
}

void HouseRules::read()
{
    m_ruleSet.reset();
    m_readError.clear();
    m_errors.clear();
    if (m_path.isEmpty())
        return;
    const store::ReadResult file = store::readFile(m_path.toStdString(), rules::kMaxRulesFileBytes);
    if (file.error) {
        m_readError = store::FileText::describe(*file.error);
        return;
    }
    rules::RulesFileResult parsed = rules::readRulesFile(*file.bytes);
    m_errors = std::move(parsed.errors);
    if (parsed.ruleSet)
        m_ruleSet = std::make_shared<const rules::RuleSet>(std::move(*parsed.ruleSet));
}

void HouseRules::watch()
{
    if (!m_watcher.files().isEmpty())
        m_watcher.removePaths(m_watcher.files());
    if (!m_path.isEmpty() && QFileInfo::exists(m_path))
        m_watcher.addPath(m_path);
}

namespace
{
// A file name as one line: a line break or another control character in it
// is shown as its escape, never acted on (a status bar of two lines).
QString oneLine(const QString& text)
{
    return QString::fromStdString(policy::escapedControls(text.toStdString()));
}
}  // namespace

QString HouseRules::statusText() const
{
    const QString name = oneLine(QFileInfo(m_path).fileName());
    if (m_origin == Origin::None)
        return tr("House rules: none");
    if (!m_ruleSet)
        return tr("House rules: %1 cannot be used").arg(name);
    switch (m_origin) {
    case Origin::Chosen: return tr("House rules: %1 (chosen in the settings)").arg(name);
    case Origin::BesideDocument: return tr("House rules: %1 (found beside the document)").arg(name);
    case Origin::BesideDatabase: return tr("House rules: %1 (found beside the database)").arg(name);
    case Origin::None: break;
    }
    return {};
}

QString HouseRules::statusToolTip() const
{
    if (m_origin == Origin::None)
        return tr("No rules file is chosen in the settings, and there is no %1 in the document's folder or a "
                  "parent: only kandev's own rules are checked.")
            .arg(besideFileName());
    if (!m_readError.isEmpty())
        return m_readError;
    if (!m_errors.empty()) {
        const format::Diagnostic& first = m_errors.front();
        return tr(
            "%1:%2:%3: %4 (%n problem(s) in all; policyctl lint --rules lists them)", nullptr, int(m_errors.size()))
            .arg(oneLine(m_path))
            .arg(first.line)
            .arg(first.column)
            .arg(QString::fromStdString(first.path.empty() ? first.message : first.path + ": " + first.message));
    }
    return oneLine(m_path);
}

}  // namespace model
