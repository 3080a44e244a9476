// SPDX-License-Identifier: Apache-2.0
#include "route/profile_settings_box.h"

#include "window/colour_scheme.h"

#include "model/commands.h"
#include "model/editor_document.h"
#include "model/policy_text.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace gui
{

ProfileSettingsBox::ProfileSettingsBox(QWidget* parent)
    : QWidget(parent)
    , m_name(new QLineEdit(this))
    , m_nameError(new QLabel(this))
    , m_enabled(new QCheckBox(tr("Profile enabled"), this))
    , m_enabledHelp(new QLabel(this))
{
    setObjectName(QStringLiteral("profileSettings"));
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setVerticalSpacing(2);
    // No mnemonics here: every letter of these words has one elsewhere in the
    // window (a test holds them unique); Tab reaches both fields.
    auto* nameLabel = new QLabel(tr("Profile name:"), this);
    nameLabel->setBuddy(m_name);
    m_name->setObjectName(QStringLiteral("profileName"));
    m_name->setAccessibleName(tr("Profile name"));
    m_name->setPlaceholderText(tr("Required"));
    form->addRow(nameLabel, m_name);
    m_nameError->setObjectName(QStringLiteral("profileNameError"));
    m_nameError->setWordWrap(true);
    QPalette errorPalette = m_nameError->palette();
    errorPalette.setColor(QPalette::WindowText, toneText(Tone::Error, errorPalette));
    m_nameError->setPalette(errorPalette);
    m_nameError->hide();
    form->addRow(m_nameError);
    m_enabled->setObjectName(QStringLiteral("profileEnabled"));
    form->addRow(m_enabled);
    // What the switch means, read rather than hovered: kandev keeps a
    // disabled profile's running sessions and stops offering it for new work.
    m_enabledHelp->setObjectName(QStringLiteral("profileEnabledHelp"));
    m_enabledHelp->setWordWrap(true);
    m_enabledHelp->setForegroundRole(QPalette::PlaceholderText);
    // As wide as the dock makes it: a wrapped label's own width hint would widen the dock.
    m_enabledHelp->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_nameError->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    form->addRow(m_enabledHelp);

    connect(m_name, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (m_doc && m_doc->currentProfile() >= 0)
            m_doc->undoStack()->push(new model::SetProfileNameCommand(m_doc, text.toStdString()));
    });
    connect(m_enabled, &QCheckBox::toggled, this, [this](bool on) {
        if (m_doc && m_doc->currentProfile() >= 0)
            m_doc->undoStack()->push(new model::SetProfileEnabledCommand(m_doc, on));
    });
    refresh();
}

void ProfileSettingsBox::setDocument(model::EditorDocument* document)
{
    for (const auto& c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    m_doc = document;
    if (m_doc) {
        using model::EditorDocument;
        for (auto signal : {&EditorDocument::issuesChanged, &EditorDocument::profilesChanged})
            m_connections << connect(m_doc, signal, this, &ProfileSettingsBox::refresh);
        m_connections << connect(m_doc, &EditorDocument::currentProfileChanged, this, &ProfileSettingsBox::refresh)
                      << connect(m_doc, &EditorDocument::profileChanged, this, &ProfileSettingsBox::refresh)
                      << connect(m_doc, &EditorDocument::readOnlyChanged, this, &ProfileSettingsBox::refresh)
                      << connect(m_doc, &EditorDocument::saved, this, &ProfileSettingsBox::refresh);
    }
    refresh();
}

void ProfileSettingsBox::refresh()
{
    const int current = m_doc ? m_doc->currentProfile() : -1;
    const bool shown = current >= 0 && m_doc->hasProfileSettings(current);
    setVisible(shown);
    if (!shown)
        return;
    const auto& profile = m_doc->document().profiles[std::size_t(current)];
    const QString name = QString::fromStdString(profile.name);
    // Only when it differs: setting the same text would move the cursor of the person typing.
    if (m_name->text() != name)
        m_name->setText(name);
    m_name->setReadOnly(m_doc->isReadOnly());
    {
        const QSignalBlocker block(m_enabled);
        m_enabled->setChecked(profile.enabled);
    }
    m_enabled->setEnabled(!m_doc->isReadOnly());
    m_enabledHelp->setText(profile.enabled
            ? tr("Offered for new tasks and agents.")
            : tr("Not offered for new tasks or agents; sessions already routed through it keep running."));
    QString error;
    for (const auto& issue : m_doc->issues()) {
        if (issue.code == policy::IssueCode::ProfileNameRequired)
            error = model::PolicyText::issueMessage(issue);
    }
    m_nameError->setText(error);
    m_nameError->setVisible(!error.isEmpty());
    m_name->setAccessibleDescription(error);
}

}  // namespace gui
