// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every issue of the profile with its field path; activating one selects the
// candidate and focuses the field.

#include "window/document_view.h"

#include "model/validation_model.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QTreeView;

namespace gui
{

class ValidationPane final : public QWidget, public DocumentView
{
    Q_OBJECT
public:
    explicit ValidationPane(QWidget* parent = nullptr);
    void setDocument(model::EditorDocument* document) override;
    QTreeView* view() const
    {
        return m_view;
    }
    model::ValidationModel* model() const
    {
        return m_model;
    }

signals:
    void issueActivated(int row, const QString& field);

private:
    void updateStatus();
    QPointer<model::EditorDocument> m_doc;
    model::ValidationModel* m_model;
    QTreeView* m_view;
    QLabel* m_status;
};

}  // namespace gui
