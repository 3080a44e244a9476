// SPDX-License-Identifier: Apache-2.0
#pragma once
// A file error in the language shown (the editor's translation; English,
// word for word as FileError::message, where none is installed).

#include "store/file_store.h"

#include <QCoreApplication>
#include <QString>

namespace store
{

class FileText
{
    Q_DECLARE_TR_FUNCTIONS(FileText)
public:
    static QString describe(const FileError& error);
};

}  // namespace store
