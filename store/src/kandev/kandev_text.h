// SPDX-License-Identifier: Apache-2.0
#pragma once
// The database layer's own messages, translatable: the editor shows them in
// its language, policyctl (which installs no translation) in English. What a
// database server or driver says is quoted inside them as it said it.

#include <QCoreApplication>

namespace store
{

class KandevText
{
    Q_DECLARE_TR_FUNCTIONS(KandevText)
};

}  // namespace store
