// SPDX-License-Identifier: Apache-2.0
#pragma once
// The dynamic profiles of the open document (an export may hold several).

#include "model/editor_document.h"

#include <QAbstractListModel>
#include <QPointer>

namespace model
{

class ProfileListModel final : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        ProfileIndexRole = Qt::UserRole + 1,
        SearchTextRole,  // title, id and the candidates' agent profile ids: what a filter matches
        ProfileEnabledRole,  // agent_profiles.enabled: a disabled profile is not offered for new tasks
    };
    explicit ProfileListModel(QObject* parent = nullptr);
    void setDocument(EditorDocument* document);
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    int rowOfProfile(int profileIndex) const;
    // "Main route [disabled]": how the list shows a disabled profile, words a filter finds.
    static QString disabledTitle(const QString& title);

private:
    QPointer<EditorDocument> m_doc;
    std::vector<int> m_profiles;
    QList<QMetaObject::Connection> m_connections;
};

}  // namespace model
