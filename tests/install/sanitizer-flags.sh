# SPDX-License-Identifier: Apache-2.0
# Sourced by the install tests: the compiler and linker flags a program needs
# to load the libpolicy in $1 (a test build links AddressSanitizer and
# UndefinedBehaviorSanitizer into it, and their runtime must come first).
sanitizer_flags() {
    local needed
    needed=$(objdump -p "$1" | awk '/NEEDED/ { print $2 }')
    if [[ $needed == *libasan* ]]; then
        echo "-fsanitize=address,undefined"
    fi
}
