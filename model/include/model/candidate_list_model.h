// SPDX-License-Identifier: Apache-2.0
#pragma once
// The current profile's candidates in route order, as a table: name,
// enabled, policy summary, status; the vertical header shows the position. Follows the EditorDocument's
// signals; edits (the check box, drag and drop) go through undo commands.

#include "model/editor_document.h"

#include <QAbstractTableModel>
#include <QPointer>

namespace model
{

class CandidateListModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, EnabledColumn, SummaryColumn, StatusColumn, ColumnCount };
    enum Role {
        ExecutionProfileIdRole = Qt::UserRole + 1,
        CandidateRulesRole,  // the candidate rules it breaks: model::CandidateRules::bits()
        IssueCountRole,  // validation issues of the candidate
        StatusTextRole,  // the badge text, "" when all is well
    };

    explicit CandidateListModel(QObject* parent = nullptr);
    void setDocument(EditorDocument* document);
    EditorDocument* document() const
    {
        return m_doc;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    Qt::DropActions supportedDropActions() const override;
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    bool canDropMimeData(
        const QMimeData* data, Qt::DropAction action, int row, int column, const QModelIndex& parent) const override;
    bool dropMimeData(
        const QMimeData* data, Qt::DropAction action, int row, int column, const QModelIndex& parent) override;

    // The badge: the number of validation problems, else the candidate
    // rules broken ("Stale: profile deleted; Ineligible: profile disabled"),
    // else "".
    static QString statusText(const CandidateRules& rules, int issueCount);
    // `status` with the ids of the house rules the candidate at `row` breaks.
    QString withHouseRules(const QString& status, int row) const;
    static QString ruleBadge(CandidateRule rule);

private:
    QPointer<EditorDocument> m_doc;
    QList<QMetaObject::Connection> m_connections;
};

}  // namespace model
