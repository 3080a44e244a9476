#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# libpolicy exports exactly its two APIs: the C functions declared in
# policy_c.h, and the functions of the C++ evaluator declared in
# policy/include/policy (by name: no standard-library template instantiated
# for a policy type, no implicit member, no inline constant). Nothing is an
# STB_GNU_UNIQUE symbol, so dlclose can unload the library.
set -euo pipefail
library=${1:?usage: test-exports.sh LIBRARY SOURCE_DIR}
source_dir=${2:?usage: test-exports.sh LIBRARY SOURCE_DIR}
header=$source_dir/capi/include/policy_c.h
cxx_headers=("$source_dir"/core/policy/include/policy/*.h)
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

mapfile -t symbols < <(nm -D --defined-only "$library" | awk '$2 != "A" { print $3 }' | sed 's/@.*//' | sort -u)
((${#symbols[@]} > 0)) || { echo "FAIL: no symbols read from $library" >&2; exit 1; }
exported_c=()
for symbol in "${symbols[@]}"; do
    if [[ $symbol != _Z* ]]; then
        grep -Eq "[ *]$symbol\(" "$header" || fail "exported C symbol '$symbol' is not declared in policy_c.h"
        exported_c+=("$symbol")
        continue
    fi
    name=$(c++filt "$symbol")
    if [[ $name =~ ^policy::(kandev::)?([a-z][A-Za-z0-9]*)(\[abi:cxx11\])?\( ]]; then
        function=${BASH_REMATCH[2]}
        grep -Eq "[ *&]$function\(" "${cxx_headers[@]}" || fail "exported '$name' is not declared in core/policy/include/policy"
    else
        fail "exported '$name' is not a function of the C or the C++ API"
    fi
done
# Every C function the header declares is there.
for declared in $(grep -oE '\bpolicy_[a-z_]+\(' "$header" | tr -d '(' | sort -u); do
    # A here-string, not a pipe: grep -q leaves at its first match, and under
    # pipefail the printf it cut off (SIGPIPE) would read as "not exported".
    grep -qx "$declared" <<<"$(printf '%s\n' "${exported_c[@]}")" \
        || fail "policy_c.h declares $declared, which is not exported"
done
unique=$(readelf --dyn-syms -W "$library" | awk '$5 == "UNIQUE"' | wc -l)
[[ $unique == 0 ]] || fail "$unique STB_GNU_UNIQUE symbols keep the library loaded after dlclose"
if ((failures)); then
    echo "test-exports: $failures problems in ${#symbols[@]} exported symbols" >&2
    exit 1
fi
echo "test-exports: ${#symbols[@]} exported symbols, all of policy_c.h and core/policy/include/policy"
