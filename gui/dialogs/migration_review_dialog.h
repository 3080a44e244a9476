// SPDX-License-Identifier: Apache-2.0
#pragma once
// Before a document with legacy rules can be edited: every candidate's legacy
// rules beside the policies they become, with the reasons and the warnings
// where kandev's Go backend would decide otherwise. Accept migrates (one undo
// step); Cancel opens the original read-only; a conflict can be settled by
// choosing the rule that wins (ChoiceMade), and a problem shown at its line.

#include "model/migration_review.h"

#include <QDialog>

#include <optional>
#include <string>

class QDialogButtonBox;
class QLabel;
class QTextBrowser;
class QUrl;

namespace gui
{

class MigrationReviewDialog final : public QDialog
{
    Q_OBJECT
public:
    // exec() returns this when a conflicting rule was chosen (choice()).
    static constexpr int ChoiceMade = 2;
    struct Choice {
        std::size_t profileIndex = 0;
        std::size_t candidateIndex = 0;
        policy::ErrorClass errorClass = policy::ErrorClass::Transient;
        std::string keep;  // the rule key that wins
    };

    // unreadable: rows whose rules_json cannot be read (databases); shown, left untouched.
    MigrationReviewDialog(model::MigrationReview review, const QString& fileName, QWidget* parent = nullptr,
        const QStringList& unreadable = {});
    // Problems link to their line in this file (the document as read from it).
    void setSourceFile(const QString& path);
    // Conflicting rules become links: choosing one closes the dialog with ChoiceMade.
    void setChoicesOffered(bool offered);
    // A kandev database: the profiles that can be migrated are offered even
    // when others cannot be (Migrate writes only those), and problems are told
    // by profile and candidate name instead of field paths in a file.
    void setDatabase();
    // Only to read again (View > Migration Report): a Close button and no choices.
    void setReviewOnly();
    std::optional<Choice> choice() const
    {
        return m_choice;
    }

    QTextBrowser* browser() const
    {
        return m_browser;
    }

protected:
    void showEvent(QShowEvent* event) override;

private:
    void render();
    void offerButtons();
    void followLink(const QUrl& url);
    void showFileLine(int line);

    model::MigrationReview m_review;
    QStringList m_unreadable;
    QString m_sourceFile;
    QString m_name;
    bool m_offerChoices = false;
    bool m_database = false;
    std::optional<Choice> m_choice;
    QTextBrowser* m_browser;
    QDialogButtonBox* m_buttons;
    QLabel* m_intro;
};

}  // namespace gui
