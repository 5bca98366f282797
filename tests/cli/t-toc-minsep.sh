#!/bin/sh
# End-to-end tests of `vccd toc` with [query] min_separation: boxes that
# touch at a known time come within d exactly d / 4 earlier (they close
# at speed 4 along x), for every BV type, with the gap at lo about d; a
# deforming body; the step back composed with it; the example config;
# --json; and bad values named by file, line and key.
set -u
. "${srcdir:-.}/tests/cli/common.sh"

# Box A (1 x 1 x 1) from x = -2, box B (1 x 1 x 2) turned 45 degrees
# about z from x = 2: B's leading edge meets A's face x = 1/2 at
# tc = 1 - (1/2 + sqrt(1/2)) / 4, and is d from it at tc - d / 4.
base='[body.a]
mesh = box:1:1:1
motion = a
[body.b]
mesh = box:1:1:2
motion = b
[motion.a]
type = ltlrm
o0 = -2 0 0
v = 2 0 0
omega = 0 0 0
[motion.b]
type = ltlrm
o0 = 2 0 0
v = -2 0 0
q0 = 0.92387953251128674 0 0 0.38268343236508978
omega = 0 0 0'
tc=0.69822330470336313

holds() {
    sed -n 's/^toc: \[\(.*\), \(.*\)\] (first time the distance can be <= min_separation=.*)$/\1 \2/p' "$tmp/out" |
        awk -v t=$1 '{ exit !(NF == 2 && $1 <= t + 1e-12 && t - 1e-12 <= $2) }'
}
# the gap at lo: lower <= d + 1e-5 (hi - lo <= 1e-6 at speed 4) and upper >= d
gap_about() {
    sed -n 's/^gap: \[\(.*\), \(.*\)\] at .*/\1 \2/p' "$tmp/out" |
        awk -v d=$1 '{ exit !(NF == 2 && $1 <= d + 1e-5 && $2 >= d) }'
}

for bv in sphere aabb obb kdop14 kdop18; do
    for d in 0.001 0.1 0.5; do
        t=$(awk -v tc=$tc -v d=$d 'BEGIN { printf "%.17g", tc - d / 4 }')
        printf '%s\n[query]\nbv = %s\nmin_separation = %s\n' "$base" $bv $d >"$tmp/t.ini"
        expect 0 "boxes $bv d=$d" -- $vccd toc "$tmp/t.ini"
        check "boxes $bv d=$d: certified" grep -q '^status: certified$' "$tmp/out"
        check "boxes $bv d=$d: [lo, hi] holds tc - d/4" holds $t
        check "boxes $bv d=$d: gap at lo about d" gap_about $d
        check "boxes $bv d=$d: query line" grep -q "^query: .* min_separation=$d" "$tmp/out"
    done
done

# min_separation = 0 is the contact query
printf '%s\n[query]\nmin_separation = 0\n' "$base" >"$tmp/t.ini"
expect 0 "d = 0" -- $vccd toc "$tmp/t.ini"
grep -v '^bv_tests' "$tmp/out" >"$tmp/zero"
printf '%s\n' "$base" >"$tmp/t.ini"
expect 0 "plain" -- $vccd toc "$tmp/t.ini"
grep -v '^bv_tests' "$tmp/out" >"$tmp/plain"
check "d = 0: the plain answer" cmp -s "$tmp/zero" "$tmp/plain"

# capoeira with a margin: a lower bound, never after the exact answer
printf '%s\n[query]\nmode = capoeira\nmin_separation = 0.1\n' "$base" >"$tmp/t.ini"
expect 0 "capoeira" -- $vccd toc "$tmp/t.ini"
check "capoeira: lo <= tc - d/4" sh -c "sed -n 's/^toc: \[\([^,]*\),.*/\1/p' '$tmp/out' | awk '{ exit !(\$1 <= $tc - 0.025) }'"

# step back composed: from the min-separation lo to a proved gap >= eps_d
printf '%s\n[query]\nmin_separation = 0.1\neps_d = 0.2\n' "$base" >"$tmp/t.ini"
expect 0 "step back" -- $vccd toc "$tmp/t.ini"
check "step back: proved" grep -q '^step_back: gap >= eps_d proved' "$tmp/out"
check "step back: gap >= eps_d" sh -c "sed -n 's/^gap: \[\([^,]*\),.*/\1/p' '$tmp/out' | awk '{ exit !(\$1 >= 0.2) }'"

# B deforming (vertex-linear, as the rigid box would move): the first
# time within 0.1 is 3/4 - 0.1/4 = 0.725
cat >"$tmp/t.ini" <<'INI'
[body.a]
mesh = box:1:1:1
motion = a
[body.b]
mesh = box:1:1:1
motion = b
[motion.a]
type = ltlrm
o0 = -2 0 0
v = 2 0 0
omega = 0 0 0
[motion.b]
type = vertex-linear
vertices = 8
vertex.0 = 1.5 -0.5 -0.5  -0.5 -0.5 -0.5
vertex.1 = 2.5 -0.5 -0.5  0.5 -0.5 -0.5
vertex.2 = 1.5 0.5 -0.5  -0.5 0.5 -0.5
vertex.3 = 2.5 0.5 -0.5  0.5 0.5 -0.5
vertex.4 = 1.5 -0.5 0.5  -0.5 -0.5 0.5
vertex.5 = 2.5 -0.5 0.5  0.5 -0.5 0.5
vertex.6 = 1.5 0.5 0.5  -0.5 0.5 0.5
vertex.7 = 2.5 0.5 0.5  0.5 0.5 0.5
[query]
min_separation = 0.1
INI
expect 0 "deforming" -- $vccd toc "$tmp/t.ini"
check "deforming: holds 0.725" holds 0.725

printf '%s\n[query]\nmin_separation = 0.1\n' "$base" >"$tmp/t.ini"
expect 0 "json" -- $vccd toc --json "$tmp/t.ini"
check "json: min_separation" grep -q '"min_separation": 0.10000000000000001' "$tmp/out"
check "json: parses" sh -c "python3 -c 'import json,sys; d=json.load(open(\"$tmp/out\")); sys.exit(not (d[\"status\"] == \"certified\" and d[\"min_separation\"] > 0.0999))' 2>/dev/null || ! command -v python3 >/dev/null"

# the example config
expect 0 "toc-minsep.ini" -- $vccd toc "${srcdir:-.}/experiments/configs/toc-minsep.ini"
check "toc-minsep.ini: a time" grep -q '^toc: \[.*first time the distance can be <= min_separation=0.05' "$tmp/out"

bad() {
    name=$1; text=$2; shift 2
    printf '%s\n' "$text" >"$tmp/$name.ini"
    expect 2 "bad $name" -- $vccd toc "$tmp/$name.ini"
    one_line_error "bad $name" "$@"
}
bad negative "$base
[query]
min_separation = -0.1" "negative.ini:19" "min_separation" "expected a decimal >= 0"
bad nan "$base
[query]
min_separation = nan" "nan.ini:19" "min_separation" "expected a decimal >= 0"
bad text "$base
[query]
min_separation = close" "text.ini:19" "min_separation" "expected a decimal >= 0"
bad inf "$base
[query]
min_separation = 1e400" "inf.ini:19" "min_separation" "expected a decimal >= 0"
bad empty "$base
[query]
min_separation =" "empty.ini:19" "min_separation"

finish
