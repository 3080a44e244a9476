// SPDX-License-Identifier: Apache-2.0
#pragma once
// Keeps the house rules in force on the open document: finds the rules file
// when a document opens or is saved elsewhere (model::HouseRules), names it in
// the status bar, and carries out File > House Rules (choose a file, go back
// to the one found beside the document, read it again).

#include "model/house_rules.h"

#include <QObject>
#include <QPointer>

class QLabel;
class QWidget;

namespace model
{
class EditorDocument;
}

namespace gui
{

class HouseRulesController final : public QObject
{
    Q_OBJECT
public:
    explicit HouseRulesController(QWidget* window);

    // The document to keep the rules on; `databaseFolder` is the folder of a
    // SQLite database's file ("" for a file, or a PostgreSQL database).
    void setDocument(model::EditorDocument* document, const QString& databaseFolder);
    model::HouseRules* rules() const
    {
        return m_rules;
    }
    // For the status bar: which rules file is in force (its tool tip: the path, or why it cannot be used).
    QLabel* statusLabel() const
    {
        return m_status;
    }

    // File > House Rules.
    void chooseFile();
    void useFileBesideDocument();
    void reload();

private:
    void locate();
    void apply();

    QWidget* m_window;
    model::HouseRules* m_rules;
    QLabel* m_status;
    QPointer<model::EditorDocument> m_doc;
    QString m_databaseFolder;
};

}  // namespace gui
