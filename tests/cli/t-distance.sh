#!/bin/sh
# t-distance.sh -- vccd distance: known distances of procedural meshes
# (two regular tetrahedra whose nearest edges are exactly 8 apart, then
# exactly touching, then overlapping), every BV type and brute force, a
# rigid motion at a time t, the bundled example, and bad configs named
# by file, line and key (a key or section nothing reads among them).
. "${srcdir:-.}/tests/cli/common.sh"

cfg() {   # cfg NAME BODY: write $tmp/NAME.ini
    printf '%s\n' "$2" >"$tmp/$1.ini"
}

base='[mesh.t]
file = tetrahedron
[distance]
mesh.0 = t
mesh.1 = t'

# lower <= want <= upper for the "distance: [lo, hi]" line
contains() {
    awk -v w="$1" '/^distance:/ { gsub(/[][,]/, " "); if ($2 + 0 <= w + 0 && w + 0 <= $3 + 0) ok = 1 } END { exit !ok }' "$tmp/out"
}
status_is() {
    grep -q "^status: $1\$" "$tmp/out"
}

for bv in sphere aabb obb kdop14 kdop18 brute; do
    cfg far "$base
pose.1 = 10 0 0 1 0 0 0
bv = $bv"
    expect 0 "far $bv" -- $vccd distance "$tmp/far.ini"
    check "far $bv: 8 in the interval" contains 8
    check "far $bv: separated" status_is separated
    check "far $bv: tight" awk '/^distance:/ { n++; gsub(/[][,]/, " "); if (!($3 - $2 < 1e-12)) bad++ } END { exit !(n > 0 && bad == 0) }' "$tmp/out"

    cfg touch "$base
pose.1 = 2 0 0 1 0 0 0
bv = $bv"
    expect 0 "touching $bv" -- $vccd distance "$tmp/touch.ini"
    check "touching $bv: lower 0" contains 0
    check "touching $bv: not separated" sh -c "! grep -q '^status: separated' '$tmp/out'"

    cfg cross "$base
pose.1 = 0.5 0.25 0 0.9 0.1 0.3 0.2
bv = $bv"
    expect 0 "crossing $bv" -- $vccd distance "$tmp/cross.ini"
    check "crossing $bv: certified" status_is intersecting
    check "crossing $bv: [0, 0]" grep -q '^distance: \[0, 0\]$' "$tmp/out"
done

# a quarter turn about z (the dual tetrahedron, still 8 apart) from
# quaternions of any scale: normalisation is done on enclosures
for q in "0.7071067811865476 0 0 0.7071067811865476" "1e-300 0 0 1e-300" "3e200 0 0 3e200"; do
    cfg quarter "$base
pose.1 = 10 0 0 $q"
    expect 0 "quarter turn ($q)" -- $vccd distance "$tmp/quarter.ini"
    check "quarter turn ($q): 8 in the interval" contains 8
done

# median split and leaf size 1 give the same interval
cfg far "$base
pose.1 = 10 0 0 1 0 0 0
split = median
leaf_size = 1"
expect 0 "median leaf 1" -- $vccd distance "$tmp/far.ini"
check "median leaf 1: 8 in the interval" contains 8

# a rigid motion at t = 1/2: from x = 6 to x = 14, so 10 - 2 = 8 apart
cfg motion "$base
motion.1 = m
t = 0.5
[motion.m]
type = ltlrm
start_position = 6 0 0
end_position = 14 0 0
start_orientation = 1 0 0 0
end_orientation = 1 0 0 0"
expect 0 "motion at t" -- $vccd distance "$tmp/motion.ini"
check "motion at t: 8 in the interval" contains 8

# a sphere and a torus around it: the gap is 2 - 0.5 - 1 = 0.5 up to the
# tessellation, so well inside (0.4, 0.6)
cfg torus '[mesh.s]
file = icosphere:3
[mesh.r]
file = torus:2:0.5:48:24
[distance]
mesh.0 = s
mesh.1 = r
bv = kdop18'
expect 0 "sphere in torus" -- $vccd distance "$tmp/torus.ini"
check "sphere in torus: gap near 0.5" awk '/^distance:/ { n++; gsub(/[][,]/, " "); if (!($2 > 0.4 && $3 < 0.6)) bad++ } END { exit !(n > 0 && bad == 0) }' "$tmp/out"

# --- errors: exit 2, one line naming file, line and key ----------------
bad() {   # bad NAME BODY NEEDLE...
    name=$1; body=$2; shift 2
    cfg "$name" "$body"
    expect 2 "bad $name" -- $vccd distance "$tmp/$name.ini"
    one_line_error "bad $name" "$@"
}
bad nodist '[mesh.t]
file = tetrahedron' "no \[distance\] section"
bad bv "$base
bv = octree" "bv.ini:6" "bv" "unknown BV type 'octree'"
bad nomesh '[distance]
mesh.1 = t' "nomesh.ini:1" "mesh.0" "missing"
bad nosection '[distance]
mesh.0 = q
mesh.1 = q' "nosection.ini:2" "mesh.0" "no section \[mesh.q\]"
bad pose6 "$base
pose.1 = 1 2 3 1 0 0" "pose6.ini:6" "pose.1" "7 finite decimals"
bad posetext "$base
pose.1 = 1 2 three 1 0 0 0" "posetext.ini:6" "pose.1"
bad quat0 "$base
pose.0 = 0 0 0 0 0 0 0" "quat0.ini:6" "pose.0" "quaternion is zero"
bad both "$base
pose.1 = 0 0 0 1 0 0 0
motion.1 = m
[motion.m]
type = ltlrm
o0 = 0 0 0
v = 1 0 0
omega = 0 0 0" "both.ini:7" "not both"
bad not "$base
motion.1 = m
[motion.m]
type = ltlrm
o0 = 0 0 0
v = 1 0 0
omega = 0 0 0" "t" "missing: a motion needs the time t"
bad trange "$base
t = 1.5" "trange.ini:6" "expected a decimal in \[0, 1\]"
bad leaf "$base
leaf_size = 0" "leaf.ini:6" "leaf_size"
bad split "$base
split = middle" "split.ini:6" "unknown split 'middle'"
bad key "$base
colour = red" "key.ini:6" "colour"
bad section "$base
[options]
x = 1" "section.ini:6" "unknown section"
bad file '[mesh.t]
file = no-such-file.obj
[distance]
mesh.0 = t
mesh.1 = t' "file.ini:2" "no-such-file.obj"
bad pervertex "$base
motion.1 = v
t = 0.5
[motion.v]
type = vertex-linear
vertices = 1
vertex.0 = 0 0 0  1 0 0" "pervertex.ini:6" "moves vertices"
# Issue 26, item 10: what the config gives, the command uses or refuses
bad tnomotion "$base
pose.1 = 10 0 0 1 0 0 0
t = 0.5" "tnomotion.ini:7" "\[distance\] t" "neither body has a motion"
bad planar "$base
motion.1 = m
t = 0.5
[motion.m]
type = ballistic2d
o0 = 10 0
v = 1 0
a = 0 0
alpha0 = 0
omega = 1" "planar.ini:6" "\[distance\] motion.1" "planar"
bad brutesplit "$base
bv = brute
split = median" "brutesplit.ini:7" "\[distance\] split" "brute"
bad bruteleaf "$base
bv = brute
leaf_size = 2" "bruteleaf.ini:7" "\[distance\] leaf_size" "brute"
bad unusedmesh "$base
[mesh.u]
file = no-such-file.obj" "unusedmesh.ini:6" "\[mesh.u\]" "not used"
bad unusedmotion "$base
[motion.u]
type = ltlrm" "unusedmotion.ini:6" "\[motion.u\]" "not used"
expect 2 "no argument" -- $vccd distance
expect 2 "missing file" -- $vccd distance "$tmp/none.ini"
one_line_error "missing file" "none.ini"

finish
