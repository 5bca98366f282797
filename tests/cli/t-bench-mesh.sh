#!/bin/sh
# t-bench-mesh.sh -- smoke test of vccd bench mesh on procedural meshes
# (the bundled models stay out of make check): it runs, prints every
# part, finds no disagreement between methods, and writes its CSV.
. "${srcdir:-.}/tests/cli/common.sh"

expect 0 "bench mesh quick" -- $vccd bench mesh --quick --poses 3 --mesh icosphere:3 --brute-mesh torus:1:0.3:24:12 --csv "$tmp/m.csv"
check "build table" grep -q '^sah *obb ' "$tmp/out"
check "distance table" grep -q '^== distance: two icosphere:3s, 3 random poses' "$tmp/out"
check "brute table" grep -q '^brute ' "$tmp/out"
check "no BUG" sh -c "! grep -q BUG '$tmp/out'"
check "csv rows" sh -c "[ \$(grep '^distance,icosphere:3,' '$tmp/m.csv' | grep -vc ',fcl,') -eq 25 ]"
expect 2 "bad option" -- $vccd bench mesh --poses 0
expect 2 "bad mesh" -- $vccd bench mesh --quick --mesh no-such-mesh
finish
