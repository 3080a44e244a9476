// SPDX-License-Identifier: Apache-2.0
#include "controls/clear_action.h"

#include "controls/bundled_icons.h"

#include <QAction>
#include <QCoreApplication>
#include <QLineEdit>

namespace gui
{

void addClearAction(QLineEdit* field)
{
    auto* clear = field->addAction(bundledIcon(QStringLiteral("clear")), QLineEdit::TrailingPosition);
    clear->setObjectName(QStringLiteral("clearAction"));
    clear->setText(QCoreApplication::translate("gui::ClearAction", "Clear"));
    clear->setToolTip(clear->text());
    clear->setVisible(!field->text().isEmpty());
    QObject::connect(
        field, &QLineEdit::textChanged, clear, [clear](const QString& text) { clear->setVisible(!text.isEmpty()); });
    QObject::connect(clear, &QAction::triggered, field, [field] {
        field->clear();
        field->setFocus(Qt::OtherFocusReason);
    });
}

}  // namespace gui
