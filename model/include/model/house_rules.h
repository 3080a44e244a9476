// SPDX-License-Identifier: Apache-2.0
#pragma once
// The house rules in force for the open document: which rules file (the one
// chosen in the settings, else the nearest .policy-rules.json in the
// document's or the database's folder or a parent), the rules read from it,
// or why it cannot be read. A file that cannot be read gives no rules, never
// a default: the status bar says so.

#include "format/diagnostic.h"
#include "rules/rule_set.h"

#include <QFileSystemWatcher>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace model
{

class HouseRules final : public QObject
{
    Q_OBJECT
public:
    // How the file in force was found.
    enum class Origin { None, Chosen, BesideDocument, BesideDatabase };
    // The name looked for beside a document or a database.
    static QString besideFileName();

    explicit HouseRules(QObject* parent = nullptr);

    // Uses `chosenFile` when it is not empty, else looks for besideFileName()
    // in `folder` and its parents (none for an empty folder: a PostgreSQL
    // database has no folder). `besideOrigin` says whose folder it is.
    void locate(const QString& chosenFile, const QString& folder, Origin besideOrigin);
    // Reads the file in force again (it is also watched, and read again when it changes).
    void reload();

    Origin origin() const
    {
        return m_origin;
    }
    // The file in force, absolute; empty when none.
    const QString& path() const
    {
        return m_path;
    }
    // The rules read, null when there is no file or it cannot be read.
    std::shared_ptr<const rules::RuleSet> ruleSet() const
    {
        return m_ruleSet;
    }
    // Why the file gives no rules: it cannot be read (readError), or its text
    // breaks the rules file's schema (errors, with line and column).
    const QString& readError() const
    {
        return m_readError;
    }
    const std::vector<format::Diagnostic>& errors() const
    {
        return m_errors;
    }
    // The status bar's words: which file is in force and how it was found, or what is wrong with it.
    QString statusText() const;
    // Its tool tip: the whole path, and the first problem of a file that cannot be used.
    QString statusToolTip() const;

    // The nearest besideFileName() in `folder` or a parent; empty when there is none.
    static QString findBeside(const QString& folder);

signals:
    void changed();

private:
    void read();
    void watch();

    Origin m_origin = Origin::None;
    QString m_path;
    std::shared_ptr<const rules::RuleSet> m_ruleSet;
    QString m_readError;
    std::vector<format::Diagnostic> m_errors;
    QFileSystemWatcher m_watcher;
};

}  // namespace model
