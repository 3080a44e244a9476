#!/usr/bin/env bash
# Builds the .deb with CPack, checks its file list and its Depends
# (computed by dpkg-shlibdeps), asks apt whether it would install here, and
# unpacks it into a throwaway root and runs the binaries from there.
set -euo pipefail
build_dir=$(cd "${1:?usage: test-package.sh BUILD_DIR}" && pwd)
work=$(mktemp -d /tmp/policy-studio-package.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

(cd "$build_dir" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/out/policy-studio_*.deb)
[[ -f $deb ]] || fail "no .deb written"

files=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
for f in ./usr/bin/policy-studio ./usr/bin/policyctl \
         ./usr/share/applications/io.github.kandev.PolicyStudio.desktop \
         ./usr/share/metainfo/io.github.kandev.PolicyStudio.metainfo.xml \
         ./usr/share/icons/hicolor/scalable/apps/io.github.kandev.PolicyStudio.svg \
         ./usr/share/icons/hicolor/48x48/apps/io.github.kandev.PolicyStudio.png \
         ./usr/share/man/man1/policyctl.1 ./usr/share/man/man1/policy-studio.1 \
         ./usr/share/bash-completion/completions/policyctl \
         ./usr/share/policy-studio/translations/policy-studio_de.qm \
         ./usr/share/policy-studio/schema/policy.schema.json \
         ./usr/share/policy-studio/samples/export.json \
         ./usr/share/doc/policy-studio/README.md; do
    grep -qx "$f" <<<"$files" || fail "the package lacks $f"
done
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6widgets6 libqt6sql6 libqt6sql6-sqlite libqt6svg6 libc6; do
    [[ $depends =~ (^|, )$lib( |,|$) ]] || fail "Depends lacks $lib: $depends"
done
[[ $(dpkg-deb -f "$deb" Package) == policy-studio ]] || fail "package name"

# Would apt install it here, with every dependency satisfiable?
if command -v apt-get >/dev/null && ls /var/lib/apt/lists/*_Packages >/dev/null 2>&1; then
    apt-get install --simulate -qq "$deb" >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt-get would not install $deb"; }
fi

# Unpacked into a throwaway root, the binaries run and find their files there.
dpkg -x "$deb" "$work/root"
export QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
"$work/root/usr/bin/policyctl" --version >/dev/null || fail "policyctl from the package"
"$work/root/usr/bin/policyctl" validate "$work/root/usr/share/policy-studio/samples/export.json" >/dev/null \
    || fail "policyctl validate on the packaged sample"
[[ $("$work/root/usr/bin/policy-studio" --lang de --show-translation 2>/dev/null) == \
   "de: $work/root/usr/share/policy-studio/translations/policy-studio_de.qm" ]] || fail "policy-studio from the package"
echo "package $(basename "$deb"): $(wc -l <<<"$files") entries, Depends: $depends"
