// SPDX-License-Identifier: Apache-2.0
#pragma once
// Picks the agent profile of a new candidate. Every concrete profile of the
// catalogue is listed; those that break one of kandev's candidate rules
// (check/eligibility.h: deleted, disabled, automatic fallback, an Office
// profile, already in the route, ...) are greyed out with the reason written
// beside them and cannot be picked; one whose agent kandev may not launch is
// picked with its warning shown. Without a catalogue, an id is typed.

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
