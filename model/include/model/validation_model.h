// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every validation issue of the current profile, why its legacy candidates
// cannot be migrated, and the candidate rules they break (errors, and
// warnings that do not stop a save), for the validation pane.

#include "model/editor_document.h"

#include "policy/validation.h"

#include <QAbstractTableModel>
#include <QPointer>

#include <optional>

namespace model
{

// Where an issue points: a candidate row and, inside it, a field path
// relative to the candidate (policies.hard.retry.max_retries), and the
// setting of the candidate's policies it names, if it names one.
struct IssueTarget {
    int row = -1;
    QString field;
    std::optional<policy::SettingPath> setting;
};
// The field of an issue about the profile itself: its name (row -1).
inline const QString kProfileNameField = QStringLiteral("name");
IssueTarget targetOf(const std::string& path);

class ValidationModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { MessageColumn, CandidateColumn, PathColumn, ColumnCount };
    // WarningRole: a row that stops no save (a kandev warning, a house rule that
    // does not block, an excepted one). HouseRuleRole: the house rule's id, "" for kandev's own.
    enum Role { CandidateRowRole = Qt::UserRole + 1, FieldRole, WarningRole, HouseRuleRole, ExceptedRole };

    explicit ValidationModel(QObject* parent = nullptr);
    void setDocument(EditorDocument* document);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    // The rows that stop a save, and the warnings (a candidate kandev may refuse), which do not.
    int errorCount() const;
    int warningCount() const;
    // Violations of house rules that stop no save (warnings, and errors when the
    // rules file does not block), excepted ones left out; those that stop a save are errors.
    int nonBlockingHouseRuleCount() const;

private:
    void refresh();
    struct Row {
        std::string path;
        QString message;
        bool warning = false;  // stops no save
        QString houseRule = {};  // the rule's id; empty for kandev's own rules
        bool excepted = false;
    };
    QPointer<EditorDocument> m_doc;
    std::vector<Row> m_rows;
    QMetaObject::Connection m_connection;
};

}  // namespace model
