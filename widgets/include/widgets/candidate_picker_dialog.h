#pragma once
// Picks the agent profile of a new candidate: only eligible concrete profiles
// (SPEC section 7) are offered; without a catalogue, an id is typed.

#include "model/editor_document.h"

#include <QDialog>

#include <optional>

class QLineEdit;
class QListWidget;

namespace widgets {

class CandidatePickerDialog final : public QDialog {
    Q_OBJECT
public:
    CandidatePickerDialog(const model::EditorDocument& document, QWidget* parent = nullptr);
    std::optional<model::ConcreteProfile> selection() const;

    static std::optional<model::ConcreteProfile> pick(QWidget* parent, const model::EditorDocument& document);

private:
    QLineEdit* m_filter;
    QListWidget* m_list;
    QLineEdit* m_id;
};

}  // namespace widgets
