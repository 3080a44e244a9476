#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The cgo example (examples/go/policy) against libpolicy installed into a
# temporary prefix and found through pkg-config, as a Go backend would use it.
# Exit 77 (ctest: skipped) when Go is not installed.
set -euo pipefail
build_dir=${1:?usage: test-go-example.sh BUILD_DIR SOURCE_DIR}
source_dir=${2:?usage: test-go-example.sh BUILD_DIR SOURCE_DIR}
if ! command -v go >/dev/null; then
    echo "skipped: Go is not installed (Debian: apt-get install golang-go)"
    exit 77
fi
work=$(mktemp -d /tmp/policy-studio-go.XXXXXX)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
source "$source_dir/tests/install/sanitizer-flags.sh"

for component in lib dev; do
    cmake --install "$build_dir" --prefix "$work/prefix" --component "$component" >/dev/null
done
pc=$(find "$work/prefix" -name policy-studio-core.pc)
libdir=$(dirname "$(dirname "$pc")")
cp -r "$source_dir/examples/go/policy" "$work/src"
cd "$work/src"
# Offline and self-contained: no module downloads, caches inside $work.
export HOME=$work GOPATH=$work/gopath GOCACHE=$work/cache GOPROXY=off GOFLAGS=-mod=mod
export PKG_CONFIG_PATH=$(dirname "$pc")
export CGO_LDFLAGS="-Wl,-rpath,$libdir $(sanitizer_flags "$libdir/libpolicy.so")"
export ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
go vet ./...
go test -count=1 -v ./... | tee "$work/go-test.log" | grep -E '^(--- FAIL|FAIL|ok)' || true
grep -q '^ok' "$work/go-test.log" || { cat "$work/go-test.log"; exit 1; }
echo "kandev's policy cases through libpolicy from Go: $(grep -c -- '--- PASS' "$work/go-test.log") passed"
