#!/bin/sh
# End-to-end tests of the 2D mode of `vccd simulate`: a square dropped
# flat bounces to e^2 of its fall without spin; the polygon pile keeps
# every step's rigorous gap lower bound > 0, stays in the plane and gets
# its plane picture; bad 2D scenes are named by file, line and key with
# exit 2.
set -u
. "${srcdir:-.}/tests/cli/common.sh"
cfg="${srcdir:-.}/experiments/configs"

gaps_positive() {
    awk -F, 'NR > 2 { n++; if (!($12 > 0)) bad++ } END { exit !(n > 0 && bad == 0) }' "$1/energy.csv"
}

cat >"$tmp/bounce.ini" <<'INI'
[simulate]
steps = 120
dt = 0.008
gravity = 0 -9.81 0
restitution = 0.5
[body.ground]
mesh = rect:8:1
fixed = yes
position = 0 -0.5
[body.box]
mesh = rect:1:1
position = 0 2
INI
expect 0 "2d bounce" -- $vccd simulate "$tmp/bounce.ini" --out "$tmp/bounce"
check "2d bounce: gaps > 0" gaps_positive "$tmp/bounce"
check "2d bounce: one event, two points" sh -c "awk -F, 'NR > 1' '$tmp/bounce/events.csv' | wc -l | grep -qx 2"
# rises to 1/2 + gap + e^2 (2 - 1/2 - gap), gap in [eps_d, 2 eps_d]: 1%
check "2d bounce: e^2 of the fall" awk -F, '$3 == "box" && NR > 2 { if ($5 < prev) down = 1; if (down && $5 > prev) up = 1; if (up && $5 > m) m = $5; prev = $5 } $3 == "box" && NR == 3 { prev = $5 } END { r = (m - 0.501) / 1.499; exit !(r > 0.2475 && r < 0.2525) }' "$tmp/bounce/trajectory.csv"
check "2d bounce: no spin, in the plane" awk -F, 'NR > 1 { if ($6 != 0 || $13 != 0 || $14 != 0 || $15 != 0 || ($16 > 1e-9 || $16 < -1e-9)) bad++ } END { exit bad > 0 }' "$tmp/bounce/trajectory.csv"

expect 0 "2d pile" -- $vccd simulate "$cfg/sim-2d-pile.ini" --out "$tmp/pile" --steps 120
check "2d pile: gaps > 0" gaps_positive "$tmp/pile"
check "2d pile: proved" grep -q 'no interpenetration, proved' "$tmp/out"
check "2d pile: contacts" sh -c "[ \$(wc -l <'$tmp/pile/events.csv') -gt 10 ]"
check "2d pile: in the plane" awk -F, 'NR > 1 { if ($6 != 0 || $13 != 0 || $14 != 0 || $15 != 0) bad++ } END { exit bad > 0 }' "$tmp/pile/trajectory.csv"
check "2d pile: the plane picture" grep -q "the plane (x, y)" "$tmp/pile/plot.gp"

bad() {
    what=$1; text=$2; shift 2
    printf '%s\n' "$text" >"$tmp/bad.ini"
    expect 2 "bad $what" -- $vccd simulate "$tmp/bad.ini" --out "$tmp/badout"
    one_line_error "bad $what" "$@"
}
two='[body.a]
mesh = ngon:5
position = 0 2
[body.b]
mesh = rect:4:1
fixed = yes'
bad "mixed 2D and 3D" "[simulate]
$two
[body.c]
mesh = box:1:1:1
position = 5 5 5" "all 2D bodies"
bad "gravity out of the plane" "[simulate]
gravity = 0 0 -9.81
$two" "bad.ini:2" "gravity" "in the plane"
bad "orientation on a 2D body" "[simulate]
$two
orientation = 1 0 0 0" "bad.ini:8" "orientation" "angle"
bad "3 numbers for a 2D position" "[simulate]
[body.a]
mesh = ngon:5
position = 0 2 0
[body.b]
mesh = rect:4:1
fixed = yes" "bad.ini:4" "position"
bad "bad angle" "[simulate]
[body.a]
mesh = ngon:5
angle = north
[body.b]
mesh = rect:4:1
fixed = yes" "bad.ini:4" "angle"
printf 'v 0 0\nv 1 0\nv 1 1\nl 1 2 3\n' >"$tmp/open.obj2d"
bad "open polyline, no mass" "[simulate]
[body.a]
mesh = $tmp/open.obj2d
[body.b]
mesh = rect:4:1
fixed = yes" "bad.ini:3" "mesh" "open polyline" "mass and inertia"

# Issue 26, items 5 and 7 in 2D: a mass alone scales the polygon's own
# mass properties (mass 3 on the unit square at omega = 2: I = 3/6, so
# the kinetic energy is I omega^2 / 2 = 1; it was 1/3, as for mass 1);
# inertia needs a mass; the angle and the other numbers are held to the
# simulation's range.
printf '[simulate]\nsteps = 1\n[body.a]\nmesh = rect:1:1\nposition = 0 2\nangular_velocity = 2\nmass = 3\n%s\n' \
    "[body.b]
mesh = rect:4:1
fixed = yes" >"$tmp/mass.ini"
expect 0 "2d mass alone" -- $vccd simulate "$tmp/mass.ini" --out "$tmp/mass"
check "2d mass alone: the polygon's inertia scaled (KE 1)" \
    awk -F, '$1 == "0" { d = $3 - 1; ok = d < 1e-12 && d > -1e-12 } END { exit !ok }' "$tmp/mass/energy.csv"
bad "2d inertia on a fixed body" "[simulate]
$two
inertia = 2" "bad.ini:8" "\[body.b\] inertia" "fixed body"
bad "2d inertia without mass, moving" "[simulate]
[body.a]
mesh = ngon:5
position = 0 2
inertia = 2
[body.b]
mesh = rect:4:1
fixed = yes" "bad.ini:5" "\[body.a\] inertia" "needs mass"
for kv in "angle = 1e300" "angle = 1e-300" "angular_velocity = 1e300" "position = 1e300 2" "velocity = 0 -1e-300"; do
    bad "2d range: $kv" "[simulate]
[body.a]
mesh = ngon:5
$kv
[body.b]
mesh = rect:4:1
fixed = yes" "bad.ini:4" "\[body.a\] ${kv%% =*}" "range"
done

finish
