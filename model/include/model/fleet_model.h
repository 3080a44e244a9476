// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Fleet Overview: one row per dynamic profile of the open document, with
// what an admin reviews across many profiles at once (candidates, worst-case
// hold per class, attempts, providers, live routes, house-rule violations).
// Every number comes from the core (check::routeCandidates, policy::reviewRoute,
// rules::Linter); this model only keeps the rows and words them. An edit of
// one profile recomputes that profile's row; only a new document, a replaced
// one (a migration and its undo) or profiles added or deleted reset the model.

#include "model/editor_document.h"

#include "rules/lint.h"
#include "rules/rule_set.h"

#include "policy/review.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace model
{

class FleetModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Profile,
        Enabled,
        Candidates,
        HoldTransient,
        HoldHard,
        Attempts,
        Providers,
        LiveRoutes,
        Violations,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1,  // a raw number (a name for Profile) that a proxy sorts by
        ProfileIndexRole,  // index into document().profiles
        SearchTextRole,  // name, id and providers: what a filter matches
        HasViolationsRole,  // errors or warnings of the rules in force (exceptions not counted)
    };

    explicit FleetModel(QObject* parent = nullptr);
    ~FleetModel() override;

    void setDocument(EditorDocument* document);
    // The house rules in force; null: kandev's own (RuleSet::kandevDefaults()).
    // It must outlive the model or be replaced before it goes.
    void setRuleSet(std::shared_ptr<const rules::RuleSet> ruleSet);
    // Reads the live routes of every profile at once from a database with
    // route state; a file, or a database without route state, has none and
    // the column stays empty. Returns false (with the error) when the read failed.
    bool refreshLiveRoutes(QString* error = nullptr);
    bool hasLiveRoutes() const
    {
        return m_liveRoutes.has_value();
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    int rowOfProfile(int profileIndex) const;
    // Profiles whose rules in force find an error or a warning.
    int profilesWithViolations() const;

    // "2 h 5 min, then stop", "stops at once", "none left": how a class's worst case ends.
    static QString holdText(const policy::ClassWorstCase& worst);
    // A rule as the tooltip names it: kandev's built-in rules in words, a house's by its id.
    static QString ruleName(const QString& ruleId);

private:
    struct Row {
        int profileIndex = -1;
        QString name;
        QString id;
        bool enabled = true;
        int candidates = 0;
        int enabledCandidates = 0;
        policy::ClassWorstCase transient;
        policy::ClassWorstCase hard;
        QStringList providers;  // distinct known agents of the enabled candidates, sorted
        bool unknownProvider = false;  // an enabled candidate whose agent the document does not name
        rules::LintCounts violations;
        QStringList violatedRules;  // rule ids, as often as they fire, for the tooltip
    };

    void rebuild();  // resets the model: every row computed again
    Row computeRow(int profileIndex) const;
    void updateProfile(int profileIndex);  // one row again, dataChanged
    void updateAllRows();  // every row again, dataChanged (the rules changed)
    void onCurrentProfileChanged(int profileIndex);
    const rules::RuleSet& rulesInForce() const;
    QVariant display(const Row& row, int column) const;
    QVariant sortValue(const Row& row, int column) const;
    QString toolTip(const Row& row, int column) const;
    int liveRoutesOf(const Row& row) const;

    QPointer<EditorDocument> m_doc;
    QList<QMetaObject::Connection> m_connections;
    std::shared_ptr<const rules::RuleSet> m_ruleSet;  // shared with the document that keeps them in force
    rules::RuleSet m_defaults;
    // Both over m_doc->document(): rebuilt whenever its profiles may have moved.
    std::unique_ptr<check::ProfileIndex> m_index;
    std::unique_ptr<rules::Linter> m_linter;
    std::vector<Row> m_rows;
    std::unordered_map<int, int> m_rowOfProfile;  // profile index -> row
    int m_current = -1;  // the document's current profile, as last told
    std::optional<std::unordered_map<std::string, int>> m_liveRoutes;  // profile id -> routes running
};

}  // namespace model
