#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The .ts files hold every message the sources have and no other: lupdate
# run over the sources changes none of them (else: scripts/update-translations).
set -euo pipefail
source_dir=$1
lupdate=${LUPDATE:-/usr/lib/qt6/bin/lupdate}
lconvert=${LCONVERT:-/usr/lib/qt6/bin/lconvert}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$source_dir"/translations/*.ts "$work/"
cd "$source_dir"
"$lupdate" -silent -no-obsolete -locations none model gui app/studio store -ts "$work"/*.ts
# Both sides written by lconvert: only messages count, not how a tool lays out the XML.
status=0
for f in "$source_dir"/translations/*.ts; do
    name=$(basename "$f")
    "$lconvert" -no-obsolete -i "$f" -o "$work/committed-$name"
    "$lconvert" -no-obsolete -i "$work/$name" -o "$work/updated-$name"
    if ! cmp -s "$work/committed-$name" "$work/updated-$name"; then
        echo "$name is not what lupdate makes of the sources; run scripts/update-translations:" >&2
        diff -u "$work/committed-$name" "$work/updated-$name" | head -20 >&2
        status=1
    fi
done
exit $status
