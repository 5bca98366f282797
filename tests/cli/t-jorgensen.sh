#!/bin/sh
# Jørgensen 2006's tests AB00-AT02 (experiments/configs/jorgensen/*.ini, one
# `vccd toc` config each): vccd's answers against the contact times that
# tests/cli/jorgensen-times.py computes without vccd, in exact rational
# arithmetic from the configs and the teapot's vertices -- "none" where
# nothing touches, otherwise lo <= t* with [lo, hi] holding t* (certified)
# or ending within 1e-9 of it (possible).
set -u
. "${srcdir:-.}/tests/cli/common.sh"

command -v python3 >/dev/null || { echo "SKIP: no python3 for the independent times"; exit 77; }
dir="${srcdir:-.}/experiments/configs/jorgensen"
: >"$tmp/results"
for ini in "$dir"/*.ini; do
    name=$(basename "$ini" .ini)
    expect 0 "$name" -- timeout 300 $vccd toc "$ini"
    status=$(sed -n 's/^status: //p' "$tmp/out")
    range=$(sed -n 's/^toc: \[\(.*\), \(.*\)\]$/\1 \2/p' "$tmp/out")
    echo "$name $status $range" >>"$tmp/results"
done
check "15 tests" test "$(wc -l <"$tmp/results")" -eq 15
python3 "${srcdir:-.}/tests/cli/jorgensen-times.py" "$dir" "$tmp/results" >"$tmp/verdict"
rc=$?
grep -v '^ok' "$tmp/verdict" | grep -v '^[a-z0-9]* ' | grep -v '^#'
check "every time as computed independently" test "$rc" -eq 0
check "every test judged" test "$(grep -c '^ok: ' "$tmp/verdict")" -eq 15

finish
