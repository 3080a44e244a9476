// SPDX-License-Identifier: Apache-2.0
#pragma once
// Picks the agent profile of a new candidate: only eligible concrete profiles
// (SPEC section 7) are offered; without a catalogue, an id is typed. Profiles
// already in the route are listed, marked and not selectable: kandev's
// backend refuses a route that names a profile twice.

#include "model/editor_document.h"

#include <QDialog>

#include <optional>
#include <set>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace gui
{

class CandidatePickerDialog final : public QDialog
{
    Q_OBJECT
public:
    CandidatePickerDialog(const model::EditorDocument& document, QWidget* parent = nullptr);
    std::optional<model::ConcreteProfile> selection() const;

    QLineEdit* filterEdit() const
    {
        return m_filter;
    }
    QListWidget* list() const
    {
        return m_list;
    }
    QLineEdit* idEdit() const
    {
        return m_id;
    }

    static std::optional<model::ConcreteProfile> pick(QWidget* parent, const model::EditorDocument& document);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void applyFilter(const QString& text);
    void updateOk();

    QLineEdit* m_filter;
    QListWidget* m_list;
    QLineEdit* m_id;
    QLabel* m_idNote;
    QPushButton* m_ok = nullptr;
    std::set<QString> m_inRoute;
};

}  // namespace gui
