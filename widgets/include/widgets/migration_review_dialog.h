#pragma once
// Before a document with legacy rules can be edited: every candidate's legacy
// rules beside the policies they become, with the reasons and the warnings
// where kandev's Go backend would decide otherwise. Accept migrates (one undo
// step); Cancel opens the original read-only.

#include "migration/migration.h"

#include <QDialog>

class QTextBrowser;

namespace widgets {

class MigrationReviewDialog final : public QDialog {
    Q_OBJECT
public:
    // unreadable: rows whose rules_json cannot be read (databases); shown, left untouched.
    MigrationReviewDialog(const migration::MigrationReport& report, const QString& fileName, QWidget* parent = nullptr,
                          const QStringList& unreadable = {});
    static QString reportHtml(const migration::MigrationReport& report);
    QTextBrowser* browser() const { return m_browser; }

private:
    QTextBrowser* m_browser;
};

}  // namespace widgets
