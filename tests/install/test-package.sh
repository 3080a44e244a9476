#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the .debs with CPack (policy-studio, libpolicy0, libpolicy-dev),
# checks their file lists and Depends (computed by dpkg-shlibdeps), asks apt
# whether they would install here, unpacks them into a throwaway root and runs
# the binaries from there, and builds the C API test against the packaged
# library with pkg-config.
set -euo pipefail
source "$(dirname "$0")/sanitizer-flags.sh"
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
build_dir=$(cd "${1:?usage: test-package.sh BUILD_DIR}" && pwd)
work=$(mktemp -d /tmp/policy-studio-package.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

(cd "$build_dir" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/out/policy-studio_*.deb)
lib_deb=$(ls "$work"/out/libpolicy[0-9]*_*.deb)
dev_deb=$(ls "$work"/out/libpolicy-dev_*.deb)
[[ -f $deb && -f $lib_deb && -f $dev_deb ]] || fail "not every .deb was written: $(ls "$work/out")"

files=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
for f in ./usr/bin/policy-studio ./usr/bin/policyctl \
         ./usr/share/applications/io.github.kandev.PolicyStudio.desktop \
         ./usr/share/metainfo/io.github.kandev.PolicyStudio.metainfo.xml \
         ./usr/share/icons/hicolor/scalable/apps/io.github.kandev.PolicyStudio.svg \
         ./usr/share/icons/hicolor/48x48/apps/io.github.kandev.PolicyStudio.png \
         ./usr/share/man/man1/policyctl.1 ./usr/share/man/man1/policy-studio.1 \
         ./usr/share/bash-completion/completions/policyctl \
         ./usr/share/policy-studio/translations/policy-studio_de.qm \
         ./usr/share/policy-studio/translations/policy-studio_pt_PT.qm \
         ./usr/share/policy-studio/translations/policy-studio_zh_CN.qm \
         ./usr/share/policy-studio/translations/policy-studio_zh_HK.qm \
         ./usr/share/policy-studio/translations/policy-studio_zh_TW.qm \
         ./usr/share/policy-studio/schema/policy.schema.json \
         ./usr/share/policy-studio/samples/export.json \
         ./usr/share/doc/policy-studio/README.md ./usr/share/doc/policy-studio/LICENSE \
         ./usr/share/doc/policy-studio/copyright; do
    grep -qx "$f" <<<"$files" || fail "the package lacks $f"
done
# The pseudo locale is for tests only.
! grep -q pseudo <<<"$files" || fail "the package holds the test-only pseudo locale"
[[ $(dpkg-deb -f "$deb" Recommends) == *fonts-noto-cjk* ]] || fail "Recommends lacks a CJK font"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6widgets6 libqt6sql6 libqt6sql6-sqlite libqt6svg6 libc6; do
    [[ $depends =~ (^|, )$lib( |,|$) ]] || fail "Depends lacks $lib: $depends"
done
[[ $(dpkg-deb -f "$deb" Package) == policy-studio ]] || fail "package name"

# libpolicy0: the library under its SONAME, with a shlibs file; libpolicy-dev:
# headers, the unversioned link, the CMake package and pkg-config, and a
# dependency on exactly this libpolicy0.
version=$(dpkg-deb -f "$lib_deb" Version)
lib_files=$(dpkg-deb -c "$lib_deb" | awk '{ print $6 }')
grep -qE "^\./usr/lib/([a-z0-9_-]+/)?libpolicy\.so\.0$" <<<"$lib_files" || fail "libpolicy0 lacks libpolicy.so.0: $lib_files"
grep -qE "^\./usr/lib/([a-z0-9_-]+/)?libpolicy\.so\.$version$" <<<"$lib_files" || fail "libpolicy0 lacks libpolicy.so.$version"
[[ $(dpkg-deb -f "$lib_deb" Depends) =~ libstdc\+\+6 ]] || fail "libpolicy0's Depends: $(dpkg-deb -f "$lib_deb" Depends)"
dpkg-deb -e "$lib_deb" "$work/lib-control"
grep -qxF "libpolicy 0 $(dpkg-deb -f "$lib_deb" Package) (= $version)" "$work/lib-control/shlibs" ||
    fail "libpolicy0's shlibs: $(cat "$work/lib-control/shlibs")"
dev_files=$(dpkg-deb -c "$dev_deb" | awk '{ print $6 }')
for f in include/policy-studio/policy_c.h include/policy-studio/policy/evaluator.h; do
    grep -qx "./usr/$f" <<<"$dev_files" || fail "libpolicy-dev lacks $f"
done
for f in libpolicy.so cmake/PolicyStudioCore/PolicyStudioCoreConfig.cmake pkgconfig/policy-studio-core.pc; do
    grep -qE "^\./usr/lib/([a-z0-9_-]+/)?$f$" <<<"$dev_files" || fail "libpolicy-dev lacks $f"
done
[[ $(dpkg-deb -f "$dev_deb" Depends) == *"$(dpkg-deb -f "$lib_deb" Package) (= $version)"* ]] ||
    fail "libpolicy-dev's Depends: $(dpkg-deb -f "$dev_deb" Depends)"

# Would apt install it here, with every dependency satisfiable?
if command -v apt-get >/dev/null && ls /var/lib/apt/lists/*_Packages >/dev/null 2>&1; then
    apt-get install --simulate -qq "$deb" "$lib_deb" "$dev_deb" >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt-get would not install $deb"; }
fi

# Unpacked into a throwaway root, the binaries run and find their files there.
for d in "$deb" "$lib_deb" "$dev_deb"; do dpkg -x "$d" "$work/root"; done
export QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
"$work/root/usr/bin/policyctl" --version >/dev/null || fail "policyctl from the package"
"$work/root/usr/bin/policyctl" validate "$work/root/usr/share/policy-studio/samples/export.json" >/dev/null \
    || fail "policyctl validate on the packaged sample"
[[ $("$work/root/usr/bin/policy-studio" --lang de --show-translation 2>/dev/null) == \
   "de: $work/root/usr/share/policy-studio/translations/policy-studio_de.qm" ]] || fail "policy-studio from the package"
for lang in pt_PT zh_CN zh_HK zh_TW; do
    [[ $("$work/root/usr/bin/policy-studio" --lang "$lang" --show-translation 2>/dev/null) == \
       "$lang: $work/root/usr/share/policy-studio/translations/policy-studio_$lang.qm" ]] || fail "--lang $lang from the package"
done
# The C API test, built with pkg-config against the unpacked -dev package.
pc=$(find "$work/root" -name policy-studio-core.pc)
libdir=$(dirname "$(dirname "$pc")")
cc -std=c11 -DPOLICY_EXPECTED_VERSION="\"$version\"" $(sanitizer_flags "$libdir/libpolicy.so") \
    $(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags policy-studio-core) \
    "$source_dir/tests/capi/tst_policy_c.c" -o "$work/tst_policy_c" \
    $(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --libs policy-studio-core) -lpthread || fail "building against libpolicy-dev"
LD_LIBRARY_PATH=$libdir "$work/tst_policy_c" >/dev/null || fail "the C API test against the packaged libpolicy"
echo "packages $(basename "$lib_deb") and $(basename "$dev_deb"): $(wc -l <<<"$lib_files") and $(wc -l <<<"$dev_files") entries"
echo "package $(basename "$deb"): $(wc -l <<<"$files") entries, Depends: $depends"
