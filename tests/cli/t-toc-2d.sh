#!/bin/sh
# End-to-end tests of `vccd toc` on two 2D bodies: a triangle meeting a
# rectangle at a known time, with its normal, for every BV type and
# search; a polygon read from an obj2d file; the example config; the step
# back; and bad input (files and configs) named by file, line and field,
# exit 2.
set -u
. "${srcdir:-.}/tests/cli/common.sh"

# Triangle A (ngon:3, a vertex on +x) from x = -3 at speed 4 against the
# rectangle B (1 x 2) at rest: the vertex meets B's left edge at its
# middle at t = 3/8.
base='[body.a]
mesh = ngon:3
motion = a
[body.b]
mesh = rect:1:2
motion = b
[motion.a]
type = ltlrm2d
o0 = -3 0
v = 4 0
omega = 0
[motion.b]
type = ltlrm2d
o0 = 0 0
v = 0 0
omega = 0'

holds_t() {
    sed -n 's/^toc: \[\(.*\), \(.*\)\]$/\1 \2/p' "$tmp/out" | awk '{ n++; ok = $1 <= 0.375 && 0.375 <= $2 } END { exit !(n == 1 && ok) }'
}

for bv in sphere aabb obb kdop14 kdop18; do
    for search in auto bvh brute; do
        printf '%s\n[query]\nbv = %s\nsearch = %s\n' "$base" $bv $search >"$tmp/t.ini"
        expect 0 "2d $bv $search" -- $vccd toc "$tmp/t.ini"
        check "2d $bv $search: certified" grep -q '^status: certified$' "$tmp/out"
        check "2d $bv $search: [lo, hi] holds 3/8" holds_t
        check "2d $bv $search: the pair" grep -q '^pair: vertex-edge-2d a vertex 0, b edge 1-2' "$tmp/out"
        check "2d $bv $search: normal +x" grep -q '^normal: 1 -\?0 -\?0$' "$tmp/out"
        check "2d $bv $search: v.n = 4" grep -q 'v.n=4$' "$tmp/out"
    done
done

# The same triangle from a file, the rectangle from a file: obj2d.
printf 'v 1 0\nv -0.5 0.86602540378443860\nv -0.5 -0.86602540378443860\nl 1 2 3 1\n' >"$tmp/tri.obj2d"
printf '# a rectangle, counter-clockwise\nv 0.5 1\nv -0.5 1\nv -0.5 -1\nv 0.5 -1\nl 1 2 3 4 1\n' >"$tmp/rect.obj2d"
printf '%s\n' "$base" | sed "s|^mesh = ngon:3\$|mesh = $tmp/tri.obj2d|; s|^mesh = rect:1:2\$|mesh = $tmp/rect.obj2d|" >"$tmp/t.ini"
expect 0 "2d files" -- $vccd toc "$tmp/t.ini"
check "2d files: [lo, hi] holds 3/8" holds_t
expect 0 "2d mesh info" -- $vccd mesh info "$tmp/rect.obj2d"
check "2d mesh info: closed polygon" grep -q 'closed (2D: polygons)' "$tmp/out"

printf '%s\n[query]\neps_d = 0.01\n' "$base" >"$tmp/t.ini"
expect 0 "2d step back" -- $vccd toc --json "$tmp/t.ini"
check "2d step back: gap >= eps_d" python3 -c "import json,sys; d=json.load(open('$tmp/out')); sys.exit(not (d['step_back']['ok'] and d['gap'][0] >= 0.01 and d['pair']['kind'] == 'vertex-edge-2d' and float(d['lo']) <= 0.375))"

# min_separation = 0.1: the vertex comes within 0.1 of B's left edge at
# t = 3/8 - 0.1/4 = 0.35, through the segment's capsule piece; the gap
# at lo is 0.1 up to the rounding of the time.
holds_ms() {
    sed -n 's/^toc: \[\([^,]*\), \([^]]*\)\].*/\1 \2/p' "$tmp/out" | awk '{ n++; ok = $1 <= 0.35 && 0.35 <= $2 + 1e-12 } END { exit !(n == 1 && ok) }'
}
gap_ms() {
    sed -n 's/^gap: \[\([^,]*\), \([^]]*\)\].*/\1 \2/p' "$tmp/out" | awk '{ n++; ok = $1 <= 0.1 + 1e-9 && $2 >= 0.1 - 1e-9 && $1 > 0.0999 } END { exit !(n == 1 && ok) }'
}
for bv in aabb obb; do
    for search in bvh brute; do
        printf '%s\n[query]\nbv = %s\nsearch = %s\nmin_separation = 0.1\n' "$base" $bv $search >"$tmp/t.ini"
        expect 0 "2d min_separation $bv $search" -- $vccd toc "$tmp/t.ini"
        check "2d min_separation $bv $search: [lo, hi] holds 0.35" holds_ms
        check "2d min_separation $bv $search: gap at lo about 0.1" gap_ms
    done
done

expect 0 "example" -- $vccd toc "${srcdir:-.}/experiments/configs/toc-2d.ini"
check "example: certified" grep -q '^status: certified$' "$tmp/out"
check "example: step back proved" grep -q '^step_back: gap >= eps_d proved' "$tmp/out"

# Bad configs: exit 2, one line naming file, line and field.
m3='[motion.c]
type = ltlrm
o0 = -3 0 0
v = 4 0 0
omega = 0 0 0'
bad_toc motion3d "$(printf '%s\n' "$base" | sed '3s/^motion = a$/motion = c/')
$m3" "motion3d.ini:3" "body.a" "motion" "is 3D: a 2D body"
bad_toc motion2d "$(printf '%s\n' "$base" | sed 's/^mesh = ngon:3$/mesh = box:1:1:1/')" "motion2d.ini:3" "body.a" "motion" "is planar"
bad_toc mixed "$(printf '%s\n' "$base" | sed 's/^mesh = ngon:3$/mesh = box:1:1:1/; 3s/^motion = a$/motion = c/')
$m3" "both bodies must be 2D or both 3D"
bad_toc search "$base
[query]
search = fastest" "search.ini:18" "search" "unknown search 'fastest'"
bad_toc brutecapo "$base
[query]
mode = capoeira
search = brute" "brutecapo.ini:19" "search" "needs mode = exact"
bad_toc shape "$(printf '%s\n' "$base" | sed 's/^mesh = ngon:3$/mesh = ngon:2/')" "shape.ini:2" "mesh" "N = 2"
bad_toc star "$(printf '%s\n' "$base" | sed 's/^mesh = ngon:3$/mesh = star:5:x/')" "star.ini:2" "mesh" "not a finite number"

# Bad obj2d files: the config's line, then the file's line and field.
badfile() {
    name=$1; text=$2; shift 2
    printf "$text" >"$tmp/$name.obj2d"
    printf '%s\n' "$base" | sed "s|^mesh = ngon:3\$|mesh = $tmp/$name.obj2d|" >"$tmp/$name.ini"
    expect 2 "bad file $name" -- $vccd toc "$tmp/$name.ini"
    one_line_error "bad file $name" "$@"
}
badfile nan 'v 0 0\nv nan 1\nl 1 2\n' "nan.obj2d:2" "vertex 2 x is NaN"
badfile zero 'v 0 0\nv 1 1\nv 1 1\nl 1 2 3\n' "zero.obj2d:4" "polyline index 3" "zero-length segment"
badfile index 'v 0 0\nv 1 1\nl 1 2 7\n' "index.obj2d:3" "polyline index 3" "vertex index 7 out of range"
badfile zcoord 'v 0 0 1\nv 1 1\nl 1 2\n' "zcoord.obj2d:1" "vertex 1 z = 1"
badfile face 'v 0 0\nv 1 1\nv 1 0\nf 1 2 3\n' "face.obj2d:4" "unknown statement 'f'"
badfile empty 'v 0 0\nv 1 1\n' "empty.obj2d" "no segment"

finish
