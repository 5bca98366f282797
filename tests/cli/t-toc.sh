#!/bin/sh
# End-to-end tests of `vccd toc`: the shipped example (a spinning vertex
# meeting a fixed triangle at exactly t = 1/2) is certified by every
# solver in every rigorous arithmetic with an enclosure holding 1/2, and
# bad pair configs give one-line errors naming file, line and key.
set -u
. "${srcdir:-.}/tests/cli/common.sh"
ini="${srcdir:-.}/experiments/configs/toc.ini"

# contains_half: the toc line's [lo, hi] holds 0.5 (awk compares doubles).
contains_half() {
    every "$lohi" '$1 <= 0.5 && 0.5 <= $2'
}

for s in bisection taylor-lagrange newton; do
    for a in binary64 mpfr:113 adaptive; do
        sed "s/^type = taylor-lagrange/type = $s/; s/^backend = binary64/backend = $a/" "$ini" >"$tmp/t.ini"
        expect 0 "toc $s $a" -- $vccd toc "$tmp/t.ini"
        check "toc $s $a: certified" grep -q '^status: certified$' "$tmp/out"
        check "toc $s $a: [lo, hi] holds 1/2" contains_half
        check "toc $s $a: width <= eps_t" every "$lohi" '$2 - $1 <= 1e-9'
    done
done

# The same vertex 1/16 higher misses until t = 1/2 + 1/32: still certified,
# and [0, lo) proved free, so lo must not pass the true TOC.
sed 's/^point.0 = spinner 0.25 0.25 0$/point.0 = spinner 0.25 0.25 0.0625/' "$ini" >"$tmp/t.ini"
expect 0 "toc raised vertex" -- $vccd toc "$tmp/t.ini"
check "raised vertex: certified" grep -q '^status: certified' "$tmp/out"
check "raised vertex: certified around 0.53125" every "$lohi" '$1 <= 0.53125 && 0.53125 <= $2'
# Vertex outside the triangle (x = 8): the plane is crossed, the face missed.
sed 's/^point.0 = spinner 0.25 0.25 0$/point.0 = spinner 8 0 0/' "$ini" >"$tmp/t.ini"
expect 0 "toc miss" -- $vccd toc "$tmp/t.ini"
check "miss: none" grep -q '^status: none$' "$tmp/out"

# Random pairs of `bench solvers`, replayed through their dumped config
# (points as hex floats, exact).  Pairs 245 and 4592 (seed 1) touch where
# Taylor-Lagrange once ended at a box within rounding of the root and
# could not certify; every solver must certify them now.
for idx in 245 4592; do
    expect 0 "dump pair $idx" -- $vccd bench solvers --seed 1 --dump-pair $idx
    cp "$tmp/out" "$tmp/pair.ini"
    check "dump pair $idx: hex-float points" grep -q '^point.0 = a -\{0,1\}0x' "$tmp/pair.ini"
    for s in bisection taylor-lagrange newton; do
        sed "s/^type = taylor-lagrange/type = $s/" "$tmp/pair.ini" >"$tmp/t.ini"
        expect 0 "pair $idx $s" -- $vccd toc "$tmp/t.ini"
        check "pair $idx $s: certified" grep -q '^status: certified$' "$tmp/out"
    done
done

# A 2D pair moved by a 3D motion is seen projected to the xy-plane: the
# vertex (z = 1) crosses the edge's line at t = 1/2 (the separating axis
# once used z and answered none).
cat >"$tmp/v2d.ini" <<'X'
[motion.g]
type = vertex-linear
vertices = 3
vertex.0 = 1 -1 1   1 1 1
vertex.1 = 0 0 0    0 0 0
vertex.2 = 2 0 0    2 0 0
[pair]
kind = vertex-edge-2d
point.0 = g vertex 0
point.1 = g vertex 1
point.2 = g vertex 2
X
expect 0 "2D pair, 3D motion" -- $vccd toc "$tmp/v2d.ini"
check "2D pair, 3D motion: certified" grep -q '^status: certified' "$tmp/out"
check "2D pair, 3D motion: certified at 1/2" every "$lohi" '$1 <= 0.5 && 0.5 <= $2'
# A subnormal eps_t is a number (strtod flags it ERANGE), finer than
# binary64 time resolves (issue 29): refused at its line, with the
# precision that would resolve it; under adaptive with max_precision
# 1100 (time then at 1088 bits) it is reached, and [0, lo) stays
# contact-free.
cp "$tmp/v2d.ini" "$tmp/v2d-sub.ini"
printf '[solver]\neps_t = 4.9e-324\n' >>"$tmp/v2d-sub.ini"
expect 2 "subnormal eps_t on binary64" -- $vccd toc "$tmp/v2d-sub.ini"
one_line_error "subnormal eps_t on binary64" 'v2d-sub.ini:[0-9]*: \[solver\] eps_t: eps_t = 4.94066e-324 is finer than binary64 resolves in time.*mpfr:1074'
printf '[arithmetic]\nbackend = adaptive\nmax_precision = 1100\n' >>"$tmp/v2d-sub.ini"
expect 0 "subnormal eps_t, adaptive" -- $vccd toc "$tmp/v2d-sub.ini"
check "subnormal eps_t, adaptive: certified" grep -q '^status: certified' "$tmp/out"
check "subnormal eps_t, adaptive: 1/2 in [lo, hi]" every "$lohi" '$1 <= 0.5 && 0.5 <= $2'

# eps_t past binary64 (issue 29): at mpfr:256 and eps_t = 1e-60 the
# pair's enclosure is 1e-60 wide around t* = 1/2, printed with 80
# digits (lo rounded down) or exactly as hex floats; JSON keeps the text.
cp "$tmp/v2d.ini" "$tmp/v2d-fine.ini"
printf '[solver]\neps_t = 1e-60\n[arithmetic]\nbackend = mpfr:256\n' >>"$tmp/v2d-fine.ini"
expect 0 "eps_t 1e-60" -- $vccd toc "$tmp/v2d-fine.ini"
check "eps_t 1e-60: certified" grep -q '^status: certified' "$tmp/out"
check "eps_t 1e-60: lo has the digits of 256 bits" grep -Eq '^toc: \[0\.4999999999999999999999999999999999999999999999999999999999999[0-9]{10,}, 0\.5\]$' "$tmp/out"
cp "$tmp/out" "$tmp/fine.txt"
expect 0 "eps_t 1e-60 --hex" -- $vccd toc --hex "$tmp/v2d-fine.ini"
check "eps_t 1e-60 --hex: exact, 1e-60 wide" python3 -c "
import re, sys
from fractions import Fraction as F
def h(s):
    m = re.fullmatch(r'0x([0-9a-f]+)(?:\.([0-9a-f]*))?p([+-]?[0-9]+)', s)
    fr = m.group(2) or ''
    return F(int(m.group(1) + fr, 16)) * F(2) ** (int(m.group(3)) - 4 * len(fr))
lo, hi = map(h, re.search(r'^toc: \[(.*), (.*)\]$', open('$tmp/out').read(), re.M).groups())
sys.exit(not (lo <= F(1, 2) <= hi and hi - lo <= F(10) ** -60))"
expect 0 "eps_t 1e-60 --json" -- $vccd toc --json "$tmp/v2d-fine.ini"
check "eps_t 1e-60 --json: lo and hi as the text prints them" python3 -c "
import json, re, sys
d = json.load(open('$tmp/out'))
t = re.search(r'^toc: \[(.*), (.*)\]$', open('$tmp/fine.txt').read(), re.M).groups()
sys.exit(not ((d['lo'], d['hi']) == t and d['status'] == 'certified'))"

# min_separation = d in [pair]: the vertex at height 1 - 2t is first within
# d of the face at t = (1 - d) / 2, by every solver; the same vertex
# circling at radius 8 stays more than 5 from the triangle.
for s in bisection taylor-lagrange newton; do
    sed "s/^type = taylor-lagrange/type = $s/; s/^point.3 = ground vertex 2$/point.3 = ground vertex 2\nmin_separation = 0.1/" "$ini" >"$tmp/t.ini"
    expect 0 "toc minsep $s" -- $vccd toc "$tmp/t.ini"
    check "toc minsep $s: certified" grep -q '^status: certified$' "$tmp/out"
    check "toc minsep $s: [lo, hi] holds 0.45" every 's/^toc: \[\(.*\), \(.*\)\] (first time the distance can be <= min_separation=0.1.*)$/\1 \2/p' 'NF == 2 && $1 <= 0.45 + 1e-15 && 0.45 - 1e-15 <= $2'
done
expect 0 "toc minsep json" -- $vccd toc --json "$tmp/t.ini"
check "toc minsep json: the margin" grep -q '"min_separation":0.10000000000000001' "$tmp/out"
sed 's/^point.0 = spinner 0.25 0.25 0$/point.0 = spinner 8 0 0/; s/^point.3 = ground vertex 2$/point.3 = ground vertex 2\nmin_separation = 0.5/' "$ini" >"$tmp/t.ini"
expect 0 "toc minsep miss" -- $vccd toc "$tmp/t.ini"
check "toc minsep miss: none (always farther than 0.5)" grep -q '^status: none$' "$tmp/out"

# --- bad configs -----------------------------------------------------------
# bad NAME NEEDLE... : run on $tmp/bad.ini, expect one line naming it all.
bad() {
    what=$1; shift
    expect 2 "$what" -- $vccd toc "$tmp/bad.ini"
    one_line_error "$what" "$@"
}
edit() { sed "$1" "$ini" >"$tmp/bad.ini"; }
edit 's/^kind = vertex-face$/kind = face-face/'
bad "unknown kind" "bad.ini:2[0-9]:" "kind" "face-face"
edit '/^point.3/d'
bad "missing point" "bad.ini:" "point.3" "missing"
edit 's/^point.1 = ground vertex 0$/point.1 = floor vertex 0/'
bad "unknown motion" "bad.ini:2[0-9]:" "point.1" "motion.floor"
edit 's/^point.1 = ground vertex 0$/point.1 = ground vertex 3/'
bad "vertex out of range" "bad.ini:2[0-9]:" "point.1" "no vertex 3"
edit 's/^point.1 = ground vertex 0$/point.1 = ground 0 0 0/'
bad "per-vertex motion given a point" "point.1" "moves vertices"
edit 's/^point.0 = spinner 0.25 0.25 0$/point.0 = spinner vertex 0/'
bad "rigid motion given a vertex" "point.0" "is rigid"
edit 's/^point.0 = spinner 0.25 0.25 0$/point.0 = spinner 0.1 0.25 0/'
bad "inexact body point" "point.0" "0.1" "exactly"
edit 's/^point.0 = spinner 0.25 0.25 0$/point.0 = spinner nan 0.25 0/'
bad "NaN body point" "point.0" "nan"
edit 's/^point.0 = spinner 0.25 0.25 0$/point.0 = spinner 0.25 0.25/'
bad "short point" "point.0" "expected"
edit 's/^point.3 = ground vertex 2$/point.3 = ground vertex 2\nmin_separation = -0.1/'
bad "negative min_separation" "bad.ini:2[0-9]:" "min_separation" "expected a decimal >= 0"
edit 's/^point.3 = ground vertex 2$/point.3 = ground vertex 2\nmin_separation = far/'
bad "text min_separation" "bad.ini:2[0-9]:" "min_separation" "expected a decimal >= 0"
edit 's/^\[pair\]$/[pairs]/'
bad "unknown section" "bad.ini:" "pairs" "unknown section"
edit 's/^kind = vertex-face$/kind = vertex-face\ncolour = red/'
bad "unknown key" "bad.ini:" "colour"
edit 's/^omega = 0 0 3$/omega = 0 0/'
bad "bad motion" "bad.ini:" "omega"
edit 's/^eps_t = 1e-9$/eps_t = tiny/'
bad "bad eps_t" "bad.ini:" "eps_t" "tiny"
# --max-work: the command line's work budget overrides the config's
expect 0 "--max-work 1" -- $vccd toc --max-work 1 "$ini"
check "--max-work 1: cut short, possible" sh -c "grep -qx 'status: possible' '$tmp/out' && grep -q ' limited ' '$tmp/out'"
expect 0 "--json --max-work" -- $vccd toc "$ini" --max-work 1 --json
check "--json --max-work: limited" grep -q '"limited":true' "$tmp/out"
expect 0 "--max-work large" -- $vccd toc --max-work 1000000 "$ini"
check "--max-work large: not cut short" sh -c "! grep -q ' limited ' '$tmp/out'"
for bad in "--max-work 0" "--max-work x" "--max-work -1" "--max-work 2.5" "--max-work" "--frobnicate"; do
    expect 2 "option $bad" -- $vccd toc $bad "$ini"
    one_line_error "option $bad" "${bad%% *}"
done
expect 2 "two configs" -- $vccd toc "$ini" "$ini"
one_line_error "two configs" "usage"
expect 2 "no config" -- $vccd toc
one_line_error "no config" "usage"
expect 2 "missing config" -- $vccd toc "$tmp/none.ini"
one_line_error "missing config" "none.ini"
mkdir "$tmp/dir.ini"
expect 2 "config is a directory" -- $vccd toc "$tmp/dir.ini"
one_line_error "config is a directory" "dir.ini" "is a directory"

finish
