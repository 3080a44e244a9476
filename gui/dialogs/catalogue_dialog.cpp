// SPDX-License-Identifier: Apache-2.0
#include "dialogs/catalogue_dialog.h"

#include "model/policy_text.h"

#include "catalogue/classifier.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gui
{

using model::PolicyText;

namespace
{
QString s(std::string_view v)
{
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

QTableWidget* table(const QStringList& headers, QWidget* parent)
{
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setWordWrap(false);
    return t;
}

// What a rule reads: wording inside an error context, an exact signature, or only a status or an exit code.
QString readsOf(const catalogue::Rule& r)
{
    if (r.anyText[0].empty() && r.allText[0].empty())
        return r.statuses[0] != 0 ? CatalogueDialog::tr("status") : CatalogueDialog::tr("exit code");
    return r.prose ? CatalogueDialog::tr("error context") : CatalogueDialog::tr("signature");
}

void addRow(QTableWidget* t, const QStringList& cells)
{
    const int row = t->rowCount();
    t->insertRow(row);
    for (int c = 0; c < cells.size(); ++c)
        t->setItem(row, c, new QTableWidgetItem(cells[c]));
}
}  // namespace

CatalogueDialog::CatalogueDialog(QWidget* parent)
    : QDialog(parent)
    , m_codes(table({tr("Code"), tr("Class"), tr("Description")}, this))
    , m_rules(table({tr("Rule"), tr("Priority"), tr("Stage"), tr("Agent"), tr("Code"), tr("Confidence"), tr("Scope"),
                        tr("Reads"), tr("From"), tr("Example")},
          this))
{
    setWindowTitle(tr("Error Catalogue — %1").arg(s(policy::kCatalogueVersion)));
    auto* layout = new QVBoxLayout(this);
    auto* intro
        = new QLabel(tr("Rules apply in kandev's order: its structured signals (status, exit 127), then the agent "
                        "CLI's own wording, then provider-neutral wording, then the runtime environment; the first "
                        "match of highest priority decides. Wording in ordinary language is only read inside an error "
                        "context. Without a match the error is unclassified, and unclassified errors always stop."),
            this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    for (const auto& e : policy::kCatalogue)
        addRow(m_codes, {s(e.name), PolicyText::className(e.errorClass), PolicyText::codeDescription(e.name)});
    for (const auto code : policy::kUnclassifiedCodes)
        addRow(m_codes,
            {s(code), PolicyText::className(policy::ErrorClass::Unclassified), PolicyText::codeDescription(code)});
    for (const auto& r : catalogue::rules()) {
        addRow(m_rules,
            {s(r.id), QString(), PolicyText::stage(r.stage), r.provider.empty() ? tr("any") : s(r.provider),
                r.code.empty() ? tr("(the phase's code)") : s(r.code), PolicyText::confidence(r.confidence),
                PolicyText::scope(r.scope), readsOf(r), r.fromKandev ? tr("kandev") : tr("Policy Studio"),
                s(r.example).replace(QLatin1Char('\n'), QStringLiteral(" ⏎ "))});
        // A number, so that 1090 sorts above 960.
        m_rules->item(m_rules->rowCount() - 1, 1)->setData(Qt::DisplayRole, r.priority);
    }
    m_rules->sortItems(1, Qt::DescendingOrder);
    m_codes->setAccessibleName(tr("Error codes"));
    m_rules->setAccessibleName(tr("Classification rules"));
    m_codes->resizeColumnsToContents();
    m_rules->resizeColumnsToContents();
    auto* tabs = new QTabWidget(this);
    tabs->addTab(m_codes, tr("&Codes"));
    tabs->addTab(m_rules, tr("&Rules"));
    layout->addWidget(tabs, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(900, 560);
}

}  // namespace gui
