// SPDX-License-Identifier: Apache-2.0
#pragma once
// A view of the open document. The window attaches every view to a new
// document, and detaches them before the old one goes, with one loop over
// this interface instead of a call per view.

namespace model
{
class EditorDocument;
}

namespace gui
{

class DocumentView
{
public:
    virtual ~DocumentView() = default;
    // nullptr: let go of the document (it may be destroyed right after).
    virtual void setDocument(model::EditorDocument* document) = 0;

protected:
    DocumentView() = default;
    DocumentView(const DocumentView&) = default;
    DocumentView& operator=(const DocumentView&) = default;
};

}  // namespace gui
