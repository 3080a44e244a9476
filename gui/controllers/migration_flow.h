// SPDX-License-Identifier: Apache-2.0
#pragma once
// Legacy rules, reviewed before anything can be edited: the migration review
// round trips (a conflict settled by choosing a rule, then reviewed again;
// Migrate; Open Read-Only) for a file and for a database, and the report of
// the migration done on opening, kept for View > Migration Report.

#include "model/migration_review.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

class QWidget;

namespace model
{
class EditorDocument;
}

namespace gui
{

class MigrationFlow final : public QObject
{
    Q_OBJECT
public:
    // Reviews are modal to `window`.
    explicit MigrationFlow(QWidget* window);

    // A document file with legacy rules, reviewed until the person migrates it
    // (one undo step, nothing written), opens it read-only, or settles a
    // conflict (an undoable edit) and reviews the result again. `path` is the
    // file as read: the first review links problems to its lines. Returns what
    // the migration did, for the status bar; "" when nothing was migrated.
    QString reviewFile(model::EditorDocument& document, const QString& name, const QString& path);

    // What the person answered to a database's review.
    enum class DatabaseAnswer {
        Migrate,  // write the migrated profiles (DatabaseSession does, after a backup)
        OpenReadOnly,  // "Open Read-Only", as the button says: all of it
        Open  // nothing could be migrated: the profiles that cannot be stay read-only, the rest is editable
    };
    // A kandev database's legacy rules, reviewed once; the database is not
    // touched here. `unreadable` lists rows that are shown and left alone.
    // `asReport`: whether Migrate makes this review the Migration Report.
    DatabaseAnswer reviewDatabase(
        const model::MigrationReview& planned, const QString& name, const QStringList& unreadable, bool asReport);

    // Another document: the report of the last one no longer applies.
    void forget();
    bool hasReport() const
    {
        return m_remembered.has_value();
    }
    // View > Migration Report: the review of the migration done on opening, to read again.
    void showReport();

signals:
    // Whether View > Migration Report has something to show.
    void reportAvailable(bool available);

private:
    void remember(const model::MigrationReview& planned, const QString& name);

    struct Remembered {
        model::MigrationReview review;
        QString name;
    };
    QWidget* m_window;
    std::optional<Remembered> m_remembered;
};

}  // namespace gui
