#!/bin/sh
# End-to-end tests of `vccd scene` and `vccd bench scene` on the bundled
# step of the Scalable-CCD benchmark (cloth-funnel): the earliest contact,
# every pair as CSV, no false negative and no wrong certification against
# Mathematica's verdicts, and one-line errors naming file, line and key.
set -u
. "${srcdir:-.}/tests/cli/common.sh"
cfg="${srcdir:-.}/experiments/configs/cloth-funnel.ini"
dir="${srcdir:-.}/experiments/data/scalable-ccd/cloth-funnel"

expect 0 "scene cloth-funnel" -- $vccd scene --all-pairs "$tmp/all.csv" "$cfg"
check "scene: 41089 candidates" grep -q '^broad phase: tree, 1 time slice, .*: 41089 candidates (7319 vertex-face, 33770 edge-edge)' "$tmp/out"
check "scene: certified earliest contact near 0.0452321" grep -Eq '^earliest contact: certified \[0\.04523[0-9]*, 0\.04523[0-9]*\]; \[0, 0\.04523[0-9]*\) proved free' "$tmp/out"
cloth_lohi=$(sed -n 's/^earliest contact: certified \[\([^,]*\), \([^]]*\)\].*/\1 \2/p' "$tmp/out")
cloth_lo=${cloth_lohi%% *}
check "scene: its pair" grep -q '^pair: vertex-face, vertex 8481, face 17305' "$tmp/out"
check "--all-pairs: header and one row per candidate" test "$(wc -l <"$tmp/all.csv")" -eq 41090
check "--all-pairs: the header" sh -c "head -n 1 '$tmp/all.csv' | grep -qx 'kind,a,b,v0,v1,v2,v3,slice,status,lo,hi,limited'"
check "--all-pairs: 43 certified" test "$(grep -c ',certified,' "$tmp/all.csv")" -eq 43
check "--all-pairs: the least lo is the scene's" sh -c "awk -F, 'NR > 1 && \$9 != \"none\" { if (m == \"\" || \$10 < m) m = \$10 } END { print m }' '$tmp/all.csv' | grep -qx '$cloth_lo'"

adir=$(cd "$dir" && pwd)
# the same with the sweep, 4 slices and a separation: proved no later
printf '[scene]\nframe0 = %s/frames/227.ply.gz\nframe1 = %s/frames/228.ply.gz\nbroad = sweep\nslices = 4\nmin_separation = 1e-3\n' \
    "$adir" "$adir" >"$tmp/sep.ini"
expect 0 "scene with min_separation" -- $vccd scene "$tmp/sep.ini"
check "min_separation: sweep, 4 slices" grep -q '^broad phase: sweep, 4 time slices, min_separation 0.001' "$tmp/out"
check "min_separation: within d no later than contact" every 's/^earliest contact: certified \[\([^,]*\), .*/\1/p' "\$1 <= ${cloth_lohi#* }"

expect 0 "bench scene cloth-funnel" -- $vccd bench scene --compare --csv "$tmp/bench.csv" "$dir"
check "bench scene: fn = 0, fp = 0, wrong = 0 over all 355 queries" grep -Eq '^cloth-funnel +9450 +18484 +7319 +33770 +355 +355 +0 +0 +0 ' "$tmp/out"
check "bench scene: tree and sweep agree" grep -q 'the same 41089 candidates' "$tmp/out"
check "bench scene: the data set's queries alone, fn = 0" grep -q "the data set's queries alone: queries=355 positives=134 fn=0 " "$tmp/out"
check "bench scene: CSV row" grep -q '^cloth-funnel,9450,18484,7319,33770,355,355,0,0,0,' "$tmp/bench.csv"

# --- errors: file, line and key named; exit 2 --------------------------------
bad_scene() {
    name=$1; text=$2; shift 2
    printf '%s\n' "$text" >"$tmp/$name.ini"
    expect 2 "bad $name" -- $vccd scene "$tmp/$name.ini"
    one_line_error "bad $name" "$@"
}
f0="$adir/frames/227.ply.gz"
printf 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n' >"$tmp/tri.obj"
printf 'v 0 0 1\nv 1 0 1\nv 0 1 1\nv 1 1 1\nf 1 2 3\nf 2 4 3\n' >"$tmp/two.obj"
bad_scene "no-section" "[solver]" "no-section.ini" "no .scene. section"
bad_scene "no-frame1" "[scene]
frame0 = $f0" "no-frame1.ini:1:" "frame1" "missing"
bad_scene "unknown-key" "[scene]
frame0 = $f0
frame1 = $f0
frame2 = x" "unknown-key.ini:4:" "frame2"
bad_scene "broad" "[scene]
frame0 = $f0
frame1 = $f0
broad = grid" "broad.ini:4:" "broad" "tree or sweep"
bad_scene "slices" "[scene]
frame0 = $f0
frame1 = $f0
slices = 300" "slices.ini:4:" "slices"
bad_scene "separation" "[scene]
frame0 = $f0
frame1 = $f0
min_separation = -1" "separation.ini:4:" "min_separation" "decimal >= 0"
bad_scene "mismatch" "[scene]
frame0 = tri.obj
frame1 = two.obj" "mismatch.ini:3:" "frame1" "two.obj" "tri.obj" "vertices"
bad_scene "missing-frame0" "[scene]
frame0 = nothing.obj
frame1 = tri.obj" "missing-frame0.ini:2:" "frame0" "nothing.obj"
bad_scene "missing-file" "[scene]
frame0 = tri.obj
frame1 = nothing.obj" "missing-file.ini:3:" "nothing.obj"
bad_scene "section" "[scene]
frame0 = tri.obj
frame1 = tri.obj
[query]" "section.ini:4:" "query"
printf '[scene]\nframe0 = %s\nframe1 = %s/frames/228.ply.gz\nslices = 1\nmax_candidates = 1000\n' "$f0" "$adir" >"$tmp/budget.ini"
expect 1 "past max_candidates" -- $vccd scene "$tmp/budget.ini"
one_line_error "past max_candidates" "more than 1000 candidate pairs" "more slices"
bad_scene "budget-zero" "[scene]
frame0 = $f0
frame1 = $f0
max_candidates = 0" "budget-zero.ini:4:" "max_candidates"
# --- a scene of bodies ------------------------------------------------------
expect 0 "scene of bodies" -- $vccd scene --all-pairs "$tmp/bodies.csv" "${srcdir:-.}/experiments/configs/scene-bodies.ini"
check "bodies: four" grep -q '^scene: .*scene-bodies.ini: 4 bodies' "$tmp/out"
check "bodies: the broad phase keeps 1 of 6 pairs and the cloth's self-contact" grep -q '^broad phase over the bodies: 16 time slices, min_separation 0: 1 of 6 pairs of bodies, 1 self-contact' "$tmp/out"
check "bodies: the earliest is the cloth's own, as alone ($cloth_lohi)" grep -q "^earliest contact: certified \[$(echo "$cloth_lohi" | sed 's/ /, /')\]" "$tmp/out"
check "bodies: its pair" grep -q "^pair: vertex-face, vertex 8481 of 'cloth' against the face (vertices 8503 8474 8473) of 'cloth'" "$tmp/out"
check "bodies --all-pairs: header and two rows" test "$(wc -l <"$tmp/bodies.csv")" -eq 3
check "bodies --all-pairs: the ball meets the cloth" grep -Eq '^cloth,ball,[0-9]+,certified,0\.41' "$tmp/bodies.csv"
# two unit boxes closing at 4 per step, one turned: the answer of `vccd toc`
# on the same two bodies, bit for bit
printf '[body.a]\nmesh = box:1:1:1\nmotion = a\n[body.b]\nmesh = box:1:1:1\nmotion = b\n[motion.a]\ntype = ltlrm\nstart_position = -2 0 0\nend_position = 0 0 0\nstart_orientation = 1 0 0 0\nend_orientation = 1 0 0 0\n[motion.b]\ntype = ltlrm\nstart_position = 2 0 0\nend_position = 0 0 0\nstart_orientation = 0.36 0.48 0.64 0.48\nend_orientation = 0.36 0.48 0.64 0.48\n' >"$tmp/boxes.ini"
expect 0 "toc of two boxes" -- $vccd toc "$tmp/boxes.ini"
toc_lohi=$(sed -n 's/^toc: \[\(.*\), \(.*\)\]$/\1 \2/p' "$tmp/out")
expect 0 "scene of two boxes" -- $vccd scene "$tmp/boxes.ini"
check "boxes: 1 of 1 pair" grep -q '1 of 1 pairs of bodies, 0 self-contacts' "$tmp/out"
check "boxes: the answer of vccd toc ($toc_lohi)" every 's/^earliest contact: certified \[\([^,]*\), \([^]]*\)\].*/\1 \2/p' "\$1 == $(echo "$toc_lohi" | cut -d' ' -f1) && \$2 == $(echo "$toc_lohi" | cut -d' ' -f2) && \$1 <= 0.6912 && 0.6912 <= \$2"
check "boxes: the pair" grep -q "^pair: vertex-face, vertex 1 of 'b' against the face (vertices 1 3 7) of 'a'" "$tmp/out"
printf '[scene]\nmin_separation = 0.25\n' >>"$tmp/boxes.ini"
expect 0 "two boxes within 0.25" -- $vccd scene "$tmp/boxes.ini"
check "boxes: within 0.25 before contact" every 's/^earliest contact: certified \[\([^,]*\), \([^]]*\)\].*/\1 \2/p' '$2 < 0.6912 && $1 > 0.6'
bad_scene "bodies-frames-in-scene" "[scene]
frame0 = tri.obj
[body.a]
frame0 = tri.obj
frame1 = tri.obj" "bodies-frames-in-scene.ini:2:" "frame0" "body's section"
bad_scene "body-no-frame1" "[body.a]
frame0 = tri.obj" "body-no-frame1.ini:1:" "body.a" "frame1" "missing"
bad_scene "body-mismatch" "[body.a]
frame0 = tri.obj
frame1 = two.obj" "body-mismatch.ini:3:" "frame1" "two.obj" "tri.obj" "vertices"
bad_scene "body-no-motion" "[body.a]
mesh = box:1:1:1" "body-no-motion.ini:1:" "motion" "missing"
bad_scene "body-per-vertex" "[body.a]
mesh = tri.obj
motion = m
[motion.m]
type = vertex-linear
vertices = 3
vertex.0 = 0 0 0 0 0 1
vertex.1 = 1 0 0 1 0 1
vertex.2 = 0 1 0 0 1 1" "body-per-vertex.ini:3:" "motion" "two frames"
bad_scene "body-slices" "[scene]
body_slices = 0
[body.a]
frame0 = tri.obj
frame1 = tri.obj" "body-slices.ini:2:" "body_slices"
printf '[scene]\nmax_pairs = 1\n' >"$tmp/pile.ini"
for k in a b c; do printf '[body.%s]\nmesh = box:1:1:1\nmotion = rest\n' $k >>"$tmp/pile.ini"; done
printf '[motion.rest]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nomega = 0 0 0\n' >>"$tmp/pile.ini"
expect 1 "a pile past max_pairs" -- $vccd scene "$tmp/pile.ini"
one_line_error "a pile past max_pairs" "more than 1 pairs of bodies" "body_slices"
bad_scene "body-max-pairs" "[scene]
max_pairs = 0
[body.a]
frame0 = tri.obj
frame1 = tri.obj" "body-max-pairs.ini:2:" "max_pairs"
bad_scene "body-bv" "[scene]
bv = cube
[body.a]
frame0 = tri.obj
frame1 = tri.obj" "body-bv.ini:2:" "bv" "cube"
bad_scene "body-section" "[body.a]
frame0 = tri.obj
frame1 = tri.obj
[query]" "body-section.ini:4:" "query"
bad_scene "body-key" "[body.a]
frame0 = tri.obj
frame1 = tri.obj
mesh = tri.obj" "body-key.ini:4:" "mesh"
expect 2 "no config" -- $vccd scene
one_line_error "no config" "usage"
expect 2 "bench scene: no frames" -- $vccd bench scene "$tmp"
one_line_error "bench scene: no frames" "frames" "not 2"
finish
