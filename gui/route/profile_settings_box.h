// SPDX-License-Identifier: Apache-2.0
#pragma once
// The dynamic profile's own settings, as kandev's settings page has them:
// its name (required, trimmed when written) and whether it is enabled, with
// what a disabled profile means said in words. Edits are undo commands.
// Hidden for a bare dynamic document, which has neither.

#include "window/document_view.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace model
{
class EditorDocument;
}

namespace gui
{

class ProfileSettingsBox final : public QWidget, public DocumentView
{
    Q_OBJECT
public:
    explicit ProfileSettingsBox(QWidget* parent = nullptr);
    void setDocument(model::EditorDocument* document) override;

    QLineEdit* nameEdit() const
    {
        return m_name;
    }
    QCheckBox* enabledSwitch() const
    {
        return m_enabled;
    }
    QLabel* nameError() const
    {
        return m_nameError;
    }
    QLabel* enabledHelp() const
    {
        return m_enabledHelp;
    }

private:
    void refresh();

    QPointer<model::EditorDocument> m_doc;
    QLineEdit* m_name;
    QLabel* m_nameError;
    QCheckBox* m_enabled;
    QLabel* m_enabledHelp;
    QList<QMetaObject::Connection> m_connections;
};

}  // namespace gui
