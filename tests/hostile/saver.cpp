// SPDX-License-Identifier: Apache-2.0
// Helper of tst_hostile: saves two documents in turn, forever, until killed.
#include "store/file_store.h"

#include <string>

int main(int argc, char** argv)
{
    if (argc < 2)
        return 2;
    const std::string a(4 * 1024 * 1024, 'a');
    const std::string b(3 * 1024 * 1024, 'b');
    for (unsigned i = 0;; ++i)
        store::writeFileAtomically(argv[1], i % 2 ? a : b);
}
