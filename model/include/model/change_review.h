// SPDX-License-Identifier: Apache-2.0
#pragma once
// What saving would write, said before anything is: File > Review Changes and
// the confirmation of every database save show it. Per profile, candidate and
// class field, in the words `policyctl diff` prints (not a text diff), with
// candidates named as the route names them; for a database, first the
// versions the save writes and the routes kandev runs under each now.

#include "policy/timeline.h"

#include <QString>

#include <optional>

namespace model
{

class EditorDocument;

struct ChangeReview {
    bool nothingToSave = true;  // the document is as it was read or last saved
    std::optional<QString> refusal;  // why Save would write nothing now (EditorDocument::saveRefusal)
    QString text;
};

// Each edited profile also says what the edit does to its route for
// `scenario` (the one the Timeline shows): "route (Quota exhausted, reset in
// 6 h): +1 attempt, 6 h longer".
ChangeReview reviewChanges(const EditorDocument& document, const policy::Scenario& scenario);
ChangeReview reviewChanges(const EditorDocument& document);  // for the default scenario

}  // namespace model
