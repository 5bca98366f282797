#!/bin/sh
# t-examples.sh -- the programs of examples/ give the answers their
# comments promise (make check also runs each as a test of its exit
# status): the two bunnies touch (a certified [lo, hi] inside (0, 1)),
# the custom motion's kernel encloses MPFR and its drifting cube meets
# the other at t* = 1/2 (lo <= 1/2 <= hi), the distance of the box and
# the tetrahedron is 1 at the poses and shrinks to 0, and the feature
# pair at 256 bits is certified to within eps_t = 1e-12.
. "${srcdir:-.}/tests/cli/common.sh"

# field N of the line matching RE in $tmp/out, brackets and commas blanked
field() {
    sed -n "/$1/{s/[][,;()]/ /g;p;q;}" "$tmp/out" | awk -v n="$2" '{ print $n }'
}
# a <= b as numbers
le() {
    awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 <= b + 0) }'
}

expect 0 "two-bunnies" -- ./examples/two-bunnies
check "two-bunnies: certified" grep -q '^certified: no contact in \[0, ' "$tmp/out"
lo=$(field '^certified' 6); hi=$(field '^certified' 9)
check "two-bunnies: 0 < lo <= hi < 1 ($lo, $hi)" le 1e-300 "$lo"
check "two-bunnies: lo <= hi" le "$lo" "$hi"
check "two-bunnies: hi < 1" le "$hi" 0.9999

expect 0 "custom-motion" -- ./examples/custom-motion
check "custom-motion: the kernel checked" grep -q 'encloses MPFR 512-bit values on 1000 random cases' "$tmp/out"
lo=$(field '^certified' 6); hi=$(field '^certified' 9)
check "custom-motion: lo <= 1/2 ($lo)" le "$lo" 0.5
check "custom-motion: hi >= 1/2 ($hi)" le 0.5 "$hi"
check "custom-motion: within 1e-9 of 1/2" le "$hi" 0.500000001

expect 0 "distance" -- ./examples/distance
lo=$(field '^at the poses' 6); hi=$(field '^at the poses' 7)
check "distance: 1 at the poses ($lo, $hi)" le "$lo" 1
check "distance: upper >= 1" le 1 "$hi"
check "distance: intersecting at t = 1" grep -q '^t = 1 .*(intersecting)$' "$tmp/out"

expect 0 "feature-pair" -- ./examples/feature-pair
check "feature-pair: certified at 256 bits" grep -q 'evaluations at 256 bits' "$tmp/out"
lo=$(field '^certified' 6); hi=$(field '^certified' 9)
check "feature-pair: lo <= hi <= lo + 1e-12" awk -v a="$lo" -v b="$hi" 'BEGIN { exit !(a <= b && b - a <= 1e-12) }'

finish
