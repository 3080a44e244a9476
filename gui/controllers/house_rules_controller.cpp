// SPDX-License-Identifier: Apache-2.0
#include "controllers/house_rules_controller.h"

#include "window/settings.h"

#include "model/editor_document.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>

namespace gui
{

HouseRulesController::HouseRulesController(QWidget* window)
    : QObject(window)
    , m_window(window)
    , m_rules(new model::HouseRules(this))
    , m_status(new QLabel(window))
{
    m_status->setObjectName(QStringLiteral("houseRulesStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_rules, &model::HouseRules::changed, this, &HouseRulesController::apply);
    apply();
}

void HouseRulesController::setDocument(model::EditorDocument* document, const QString& databaseFolder)
{
    if (m_doc)
        disconnect(m_doc, nullptr, this, nullptr);
    m_doc = document;
    m_databaseFolder = databaseFolder;
    // Saved under another name, a file may have moved beside other rules.
    if (m_doc)
        connect(m_doc, &model::EditorDocument::saved, this, &HouseRulesController::locate);
    locate();
}

void HouseRulesController::locate()
{
    const QString chosen = settings::houseRulesFile.value();
    if (!m_doc) {
        m_rules->locate(chosen, {}, model::HouseRules::Origin::BesideDocument);
    } else if (m_doc->isDatabase()) {
        m_rules->locate(chosen, m_databaseFolder, model::HouseRules::Origin::BesideDatabase);
    } else {
        const QString path = m_doc->filePath();
        m_rules->locate(chosen, path.isEmpty() ? QString() : QFileInfo(path).absolutePath(),
            model::HouseRules::Origin::BesideDocument);
    }
}

void HouseRulesController::apply()
{
    m_status->setText(m_rules->statusText());
    m_status->setToolTip(m_rules->statusToolTip());
    m_status->setAccessibleName(m_rules->statusText());
    m_status->setAccessibleDescription(m_rules->statusToolTip());
    if (m_doc)
        m_doc->setHouseRules(m_rules->ruleSet());
}

void HouseRulesController::chooseFile()
{
    const QString start = m_rules->path().isEmpty() ? QString() : QFileInfo(m_rules->path()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Choose a House Rules File"), start, tr("House rules (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    settings::houseRulesFile.setValue(QFileInfo(path).absoluteFilePath());
    locate();
}

void HouseRulesController::useFileBesideDocument()
{
    settings::houseRulesFile.remove();
    locate();
}

void HouseRulesController::reload()
{
    m_rules->reload();
}

}  // namespace gui
