// SPDX-License-Identifier: Apache-2.0
#pragma once
// "What happens if…": pick an error code, a reset hint, whether the failure
// came before any output, and the retry ordinal; read the evaluator's
// decision for the selected candidate in words.

#include "window/document_view.h"

#include "model/editor_document.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;

namespace gui
{

class DurationEdit;
class ValueSpinBox;

class WhatHappensPanel final : public QWidget, public DocumentView
{
    Q_OBJECT
public:
    explicit WhatHappensPanel(QWidget* parent = nullptr);
    void setDocument(model::EditorDocument* document) override;
    void setRow(int row);
    QString decisionText() const;

    QComboBox* codeBox() const
    {
        return m_code;
    }
    QCheckBox* resetHintBox() const
    {
        return m_hasReset;
    }
    DurationEdit* resetEdit() const
    {
        return m_resetAfter;
    }
    QCheckBox* effectSafeBox() const
    {
        return m_effectSafe;
    }
    ValueSpinBox* ordinalBox() const
    {
        return m_ordinal;
    }
    QCheckBox* resetUsedBox() const
    {
        return m_resetUsed;
    }

private:
    void update();

    QPointer<model::EditorDocument> m_doc;
    int m_row = -1;
    QComboBox* m_code;
    QCheckBox* m_hasReset;
    DurationEdit* m_resetAfter;
    QCheckBox* m_effectSafe;
    ValueSpinBox* m_ordinal;
    QCheckBox* m_resetUsed;
    QLabel* m_decision;
};

}  // namespace gui
