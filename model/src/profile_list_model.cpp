// SPDX-License-Identifier: Apache-2.0
#include "model/profile_list_model.h"

#include <QFont>

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
                      << connect(m_doc, &EditorDocument::issuesChanged, this, refresh)
                      << connect(m_doc, &EditorDocument::profileChanged, this,
                             [this](int profileIndex) {
                                 const int row = rowOfProfile(profileIndex);
                                 if (row >= 0)
                                     emit dataChanged(index(row), index(row));
                             })
                      << connect(m_doc, &EditorDocument::profilesChanged, this, [this] {
                             beginResetModel();
                             m_profiles = m_doc->dynamicProfiles();
                             endResetModel();
                         });
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
    // A disabled profile says so in its row, in words (not only a colour), and the filter finds the word.
    case Qt::DisplayRole:
        return record.enabled ? m_doc->profileTitle(profile) : disabledTitle(m_doc->profileTitle(profile));
    case Qt::FontRole: {
        if (record.enabled)
            return {};
        QFont italic;
        italic.setItalic(true);
        return italic;
    }
    case Qt::ToolTipRole:
        return tr("%1 — %n candidate(s)", nullptr, int(record.dynamic->candidates.size()))
            .arg(QString::fromStdString(record.id.empty() ? std::string("—") : record.id));
    case ProfileIndexRole: return profile;
    case ProfileEnabledRole: return record.enabled;
    case SearchTextRole: {
        QStringList words {m_doc->profileTitle(profile), QString::fromStdString(record.id)};
        if (!record.enabled)
            words << disabledTitle(m_doc->profileTitle(profile));
        for (const auto& c : record.dynamic->candidates)
            words << QString::fromStdString(c.executionProfileId);
        return words.join(QLatin1Char('\n'));
    }
    default: return {};
    }
}

QString ProfileListModel::disabledTitle(const QString& title)
{
    //: A dynamic profile switched off (agent_profiles.enabled), as the Route dock lists it.
    return tr("%1 [disabled]").arg(title);
}

int ProfileListModel::rowOfProfile(int profileIndex) const
{
    const auto it = std::find(m_profiles.begin(), m_profiles.end(), profileIndex);
    return it == m_profiles.end() ? -1 : int(it - m_profiles.begin());
}

}  // namespace model
