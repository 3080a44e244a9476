#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the build into a temporary prefix and uses it from there: the
# binaries, an installed sample, the German translation found beside the
# installed binary, the launcher entry and metainfo (validated), the man
# pages (one section per policyctl command), the bash completion, and
# libpolicy used by a backend's build through find_package(PolicyStudioCore).
set -euo pipefail
build_dir=${1:?usage: test-install.sh BUILD_DIR}
source "$(dirname "$0")/sanitizer-flags.sh"
prefix=$(mktemp -d /tmp/policy-studio-install.XXXXXX)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build_dir" --prefix "$prefix" >/dev/null
export QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0

version=$("$prefix/bin/policyctl" --version)
[[ $version =~ ^policyctl\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "policyctl --version printed '$version'"
"$prefix/bin/policyctl" validate "$prefix/share/policy-studio/samples/export.json" >/dev/null \
    || fail "policyctl validate rejects the installed sample"
studio_version=$("$prefix/bin/policy-studio" --version 2>/dev/null)
[[ $studio_version == "Policy Studio ${version#policyctl }" ]] || fail "policy-studio --version printed '$studio_version'"
translation=$("$prefix/bin/policy-studio" --lang de --show-translation 2>/dev/null)
[[ $translation == "de: $prefix/share/policy-studio/translations/policy-studio_de.qm" ]] \
    || fail "the German translation is not read from the installed location: '$translation'"
# Each shipped language by its name and by a locale that reads it; the pseudo locale never installed.
for pair in pt_PT:pt_PT pt_BR:pt_PT zh_CN:zh_CN zh_SG:zh_CN zh_HK:zh_HK zh_MO:zh_HK zh_TW:zh_TW; do
    asked=${pair%%:*} shipped=${pair##*:}
    translation=$("$prefix/bin/policy-studio" --lang "$asked" --show-translation 2>/dev/null)
    [[ $translation == "$shipped: $prefix/share/policy-studio/translations/policy-studio_$shipped.qm" ]] \
        || fail "--lang $asked reads '$translation'"
done
[[ ! -e $prefix/share/policy-studio/translations/policy-studio_pseudo.qm ]] || fail "the pseudo locale was installed"
status=0
"$prefix/bin/policy-studio" --show-translation >/dev/full 2>"$prefix/full.err" || status=$?
[[ $status == 2 ]] && grep -q "cannot write to standard output" "$prefix/full.err" \
    || fail "--show-translation into a full stdout: exit $status, '$(cat "$prefix/full.err")'"

for f in share/policy-studio/schema/policy.schema.json share/policy-studio/schema/policy-rules.schema.json \
         share/doc/policy-studio/README.md \
         share/doc/policy-studio/LICENSE share/doc/policy-studio/copyright \
         share/icons/hicolor/scalable/apps/io.github.kandev.PolicyStudio.svg \
         share/icons/hicolor/256x256/apps/io.github.kandev.PolicyStudio.png \
         share/icons/hicolor/16x16/apps/io.github.kandev.PolicyStudio.png; do
    [[ -s $prefix/$f ]] || fail "$f is not installed"
done
desktop-file-validate "$prefix/share/applications/io.github.kandev.PolicyStudio.desktop" \
    || fail "desktop-file-validate"
grep -q "<project_license>Apache-2.0</project_license>" "$prefix/share/metainfo/io.github.kandev.PolicyStudio.metainfo.xml" \
    || fail "the metainfo names no project licence"
appstreamcli validate --no-net "$prefix/share/metainfo/io.github.kandev.PolicyStudio.metainfo.xml" >/dev/null \
    || { appstreamcli validate --no-net "$prefix/share/metainfo/io.github.kandev.PolicyStudio.metainfo.xml"; fail "appstreamcli validate"; }

# Man pages: every command policyctl lists has its own section, and the text is policyctl's.
page=$prefix/share/man/man1/policyctl.1
commands=$("$prefix/bin/policyctl" --help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
[[ -n $commands ]] || fail "no commands in policyctl --help"
for c in $commands; do
    grep -qx ".SS $c" "$page" || fail "policyctl(1) has no section for $c"
done
grep -q 'Simulates one route cycle' "$page" || fail "policyctl(1) lacks timeline's help text"
grep -q '^\.TH POLICY-STUDIO 1' "$prefix/share/man/man1/policy-studio.1" || fail "policy-studio(1) header"
grep -q 'show\\-translation' "$prefix/share/man/man1/policy-studio.1" || fail "policy-studio(1) lacks an option"
if command -v man >/dev/null; then
    man -l "$page" 2>&1 >/dev/null | grep . && fail "man reports problems in policyctl(1)"
fi

# Bash completion: commands, options, option values, presets.
complete_words() {
    (
        set +eu
        source "$prefix/share/bash-completion/completions/policyctl"
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        COMPREPLY=()
        _policyctl 2>/dev/null
        printf '%s\n' "${COMPREPLY[@]}"
    )
}
[[ $(complete_words policyctl val) == validate ]] || fail "completing 'policyctl val'"
[[ $(complete_words policyctl routes --pro) == --profile ]] || fail "completing 'routes --pro'"
[[ $(complete_words policyctl validate --format j) == json ]] || fail "completing '--format j'"
[[ $(complete_words policyctl timeline --scenario quota | sort | tr '\n' ' ') == "quota-reset-1m quota-reset-6h " ]] \
    || fail "completing '--scenario quota': $(complete_words policyctl timeline --scenario quota)"
(cd "$prefix/share/policy-studio/samples" && [[ $(complete_words policyctl validate exp) == export.json ]]) \
    || fail "completing a file argument"
# Every command completes --help and each option its help names: explain its
# own (--candidate, from the usage line) and the classify options it takes.
for c in $commands; do
    [[ $(complete_words policyctl "$c" --hel) == --help ]] || fail "completing '$c --hel'"
done
[[ $(complete_words policyctl explain --cand) == --candidate ]] || fail "completing 'explain --cand'"
[[ $(complete_words policyctl explain --pro | sort | tr '\n' ' ') == "--profile --provider " ]] \
    || fail "completing 'explain --pro': $(complete_words policyctl explain --pro)"
for o in --status --header --exit-code --phase --now --after-output; do
    [[ $(complete_words policyctl explain "${o:0:5}" | grep -cx -- "$o") == 1 ]] || fail "completing 'explain ${o:0:5}' lacks $o"
done
# File names with spaces and glob characters complete whole, one word each.
mkdir "$prefix/files" && touch "$prefix/files/my file [1].json" "$prefix/files/my*star?.json" "$prefix/files/other.json"
(cd "$prefix/files" && [[ $(complete_words policyctl validate my | sort | tr '\n' '|') == "my file [1].json|my*star?.json|" ]]) \
    || fail "completing names with spaces and globs: $(cd "$prefix/files" && complete_words policyctl validate my | tr '\n' '|')"
(cd "$prefix/files" && [[ $(complete_words policyctl diff --password-file my | sort | tr '\n' '|') == "my file [1].json|my*star?.json|" ]]) \
    || fail "completing an option's file value with a space"
(cd "$prefix/share/policy-studio/samples" && [[ $(complete_words policyctl timeline --compare exp) == export.json ]]) \
    || fail "completing the file after 'timeline --compare'"
[[ $(complete_words policyctl timeline --comp) == --compare ]] || fail "completing 'timeline --comp'"
# A backend's CMake build finds libpolicy in the prefix and runs against it.
library=$(find "$prefix" -name 'libpolicy.so.[0-9]*.*' -type f)
[[ -n $library ]] || fail "libpolicy is not installed"
soname=$(objdump -p "$library" | awk '/SONAME/ { print $2 }')
[[ $soname == "libpolicy.so.$(cut -d. -f1 <<<"${version#policyctl }")" ]] || fail "libpolicy's SONAME is '$soname'"
needed=$(objdump -p "$library" | awk '/NEEDED/ { print $2 }')
[[ $needed != *libQt* ]] || fail "libpolicy links Qt: $needed"
cmake -S "$(dirname "$0")/consumer" -B "$prefix/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_CXX_FLAGS="$(sanitizer_flags "$library")" >"$prefix/consumer.log" 2>&1 &&
    cmake --build "$prefix/consumer" >>"$prefix/consumer.log" 2>&1 || { cat "$prefix/consumer.log"; fail "find_package(PolicyStudioCore)"; }
consumer=$("$prefix/consumer/consumer")
[[ $consumer == 'retry_wait 2 40 ok {"valid":true,"legacy":false,"errors":[],"warnings":[]}' ]] || fail "the consumer printed '$consumer'"
echo "installed into a temporary prefix and used from there: ok"
