// SPDX-License-Identifier: Apache-2.0
#include "model/profile_list_model.h"

#include <algorithm>

namespace model
{

ProfileListModel::ProfileListModel(QObject* parent)
    : QAbstractListModel(parent)
{
}

void ProfileListModel::setDocument(EditorDocument* document)
{
    beginResetModel();
    for (const auto& c : m_connections)
        disconnect(c);
    m_connections.clear();
    m_doc = document;
    m_profiles = m_doc ? m_doc->dynamicProfiles() : std::vector<int> {};
    if (m_doc) {
        // Candidate counts change with inserts and removals; the list of profiles only on replace.
        auto refresh = [this] {
            if (!m_profiles.empty())
                emit dataChanged(index(0), index(int(m_profiles.size()) - 1));
        };
        m_connections << connect(m_doc, &EditorDocument::candidateInserted, this, refresh)
                      << connect(m_doc, &EditorDocument::candidateRemoved, this, refresh)
                      << connect(m_doc, &EditorDocument::issuesChanged, this, refresh);
    }
    endResetModel();
}

int ProfileListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_profiles.size());
}

QVariant ProfileListModel::data(const QModelIndex& index, int role) const
{
    if (!m_doc || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int profile = m_profiles[std::size_t(index.row())];
    const auto& record = m_doc->document().profiles[std::size_t(profile)];
    switch (role) {
    case Qt::DisplayRole: return m_doc->profileTitle(profile);
    case Qt::ToolTipRole:
        return tr("%1 — %n candidate(s)", nullptr, int(record.dynamic->candidates.size()))
            .arg(QString::fromStdString(record.id.empty() ? std::string("—") : record.id));
    case ProfileIndexRole: return profile;
    case SearchTextRole: {
        QStringList words {m_doc->profileTitle(profile), QString::fromStdString(record.id)};
        for (const auto& c : record.dynamic->candidates)
            words << QString::fromStdString(c.executionProfileId);
        return words.join(QLatin1Char('\n'));
    }
    default: return {};
    }
}

int ProfileListModel::rowOfProfile(int profileIndex) const
{
    const auto it = std::find(m_profiles.begin(), m_profiles.end(), profileIndex);
    return it == m_profiles.end() ? -1 : int(it - m_profiles.begin());
}

}  // namespace model
