#!/bin/sh
# `vccd simulate SCENE.json`: Rigid IPC's scene format (sim_scene_ipc.c).
# Upstream's own scenes (experiments/configs/rigid-ipc, MIT) run proved
# free of interpenetration; a cube on upstream's 30-degree incline slides
# with the closed-form acceleration g (sin 30 - mu cos 30); each key's
# meaning (rotation order and degrees, scale, dimensions, density of a
# solid and of a shell, velocities, is_dof_fixed, type, enabled) is
# checked on a scene written here; bad scenes are named by file, line
# and key with exit 2; keys vccd cannot honour get one warning each.
set -u
. "${srcdir:-.}/tests/cli/common.sh"
ipc="${srcdir:-.}/experiments/configs/rigid-ipc"

# --- upstream's scenes -------------------------------------------------
expect 0 "3-links" -- $vccd simulate "$ipc/chain/3-links.json" --steps 40 --check-gap --out "$tmp/chain"
check "3-links: proved" grep -q '> 0: no interpenetration, proved' "$tmp/out"
check "3-links: the solver's settings named once" \
    test "$(grep -c 'distance_barrier_constraint: Rigid IPC' "$tmp/err")" -eq 1
check "3-links: 3 bodies, 40 steps of 0.01 s" grep -q '^simulate: 3 bodies, 40 steps of 0.01 s' "$tmp/out"
# the fixed link stays where it is; the second is turned 90 degrees
# about x: q = (cos 45, sin 45, 0, 0)
check "3-links: the fixed link stays" awk -F, '$3 == "0-torus" && ($4 != 1.5 || $5 != 0 || $7 != 1) { bad++ }
    END { exit bad > 0 }' "$tmp/chain/trajectory.csv"
check "3-links: rotation [90, 0, 0]" awk -F, '$1 == 0 && $3 == "1-torus" {
    d = $7 - sqrt(0.5); e = $8 - sqrt(0.5); ok = d * d + e * e < 1e-30 && $9 == 0 && $10 == 0 } END { exit !ok }' \
    "$tmp/chain/trajectory.csv"
check "3-links: the free links fall" awk -F, '$3 == "2-torus" { y = $5 } END { exit !(y < 0) }' "$tmp/chain/trajectory.csv"

# every 10th state as PLY: read back, 3 tori of 200 vertices in world
# coordinates (the third link's x from 0.45 - 0.5)
expect 0 "3-links: PLY" -- $vccd simulate "$ipc/chain/3-links.json" --steps 20 --ply-every 10 --no-pictures --out "$tmp/ply"
check "--no-pictures: none" test ! -e "$tmp/ply/plot.gp" -a ! -e "$tmp/ply/frames.dat"
check "PLY: 3 frames" test "$(ls "$tmp/ply/ply" | tr '\n' ' ')" = "frame-000000.ply frame-000010.ply frame-000020.ply "
expect 0 "PLY: read back" -- $vccd mesh info "$tmp/ply/ply/frame-000000.ply"
check "PLY: 600 vertices, 1200 triangles, closed" \
    sh -c "grep -q '^vertices: 600\$' '$tmp/out' && grep -q '^triangles: 1200\$' '$tmp/out' && grep -q '^closure: closed' '$tmp/out'"
check "PLY: world coordinates" awk '/^bbox:/ { x = substr($2, 2) + 0.05; exit !(x * x < 1e-24) }' "$tmp/out"

# The incline (rotation [0, 0, -30]) with mu = 0.05 and g = 9.8: once
# the cube slides, its speed grows at g (sin 30 - mu cos 30) = 4.4756;
# measured from t = 1 to 2 s, to 2%, moving down towards +x.
expect 0 "incline" -- $vccd simulate "$ipc/friction/incline-plane/incline-plane-30deg.json" --steps 200 \
    --out "$tmp/incline"
check "incline: proved" grep -q '> 0: no interpenetration, proved' "$tmp/out"
check "incline: slides at g (sin 30 - mu cos 30)" awk -F, '$3 == "0-cube" && ($1 == 100 || $1 == 200) {
    s[$1] = sqrt($11 * $11 + $12 * $12); vx[$1] = $11 }
    END { a = s[200] - s[100]; want = 9.8 * (0.5 - 0.05 * sqrt(3) / 2);
          exit !(a > 0.98 * want && a < 1.02 * want && vx[200] > 0) }' "$tmp/incline/trajectory.csv"

# card house: open meshes (cards) as thin shells, a few steps
expect 0 "card house" -- $vccd simulate "$ipc/friction/card-house/card-house-2-levels.json" --steps 3 --check-gap \
    --no-pictures --out "$tmp/cards"
check "card house: 8 bodies" grep -q '^simulate: 8 bodies, 3 steps' "$tmp/out"

# every shipped scene loads and starts proved (their full runs, max_time
# each: doc/simulate.md, "Rigid IPC scenes")
n=0
for f in $(find "$ipc" -name '*.json' | sort); do
    n=$((n + 1))
    expect 0 "shipped $(basename "$f")" -- $vccd simulate "$f" --steps 2 --no-pictures --out "$tmp/shipped"
    check "shipped $(basename "$f"): proved" grep -q 'no interpenetration, proved' "$tmp/out"
done
check "shipped scenes: 11 found ($n)" test "$n" -eq 11

# --- each key, on a scene written here --------------------------------
mkdir -p "$tmp/w/meshes" "$tmp/w/a/b" "$tmp/m"
# the unit cube [0, 1]^3, outward: its centre of mass is (1/2, 1/2, 1/2)
cat >"$tmp/w/meshes/cube.obj" <<'EOF'
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
f 1 4 3 2
f 5 6 7 8
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f 4 1 5 8
EOF
# the unit square [0, 1]^2 at y = 0: an open sheet, a shell
printf 'v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf 1 2 3\nf 1 3 4\n' >"$tmp/w/meshes/card.obj"
cp "$tmp/w/meshes/cube.obj" "$tmp/m/"
cp "$tmp/w/meshes/card.obj" "$tmp/m/"

# scene TEXT: $tmp/w/a/b/s.json holds the bodies TEXT, after a ground
scene() {
    cat >"$tmp/w/a/b/s.json" <<EOF
{
    "timestep": 0.01,
    "max_time": 0.02,
    "rigid_body_problem": {
        "gravity": [0, -10, 0],
        "rigid_bodies": [
            {"mesh": "cube.obj", "position": [0, -5, 0], "is_dof_fixed": true},
            $1
        ]
    }
}
EOF
}
# at0 BODY COLUMN: BODY's value in COLUMN of trajectory.csv at step 0
at0() {
    awk -F, -v b="$1" -v c="$2" '$1 == 0 && $3 == b { print $c }' "$tmp/k/trajectory.csv"
}
# near X1 Y1 [X2 Y2 ...]: each Xi within 1e-12 of Yi
near() {
    while [ $# -ge 2 ]; do
        awk -v x="$1" -v y="$2" 'BEGIN { d = x - y; exit !(d * d < 1e-24) }' || return 1
        shift 2
    done
}
# energy COLUMN VALUE: energy.csv's COLUMN at step 0 is VALUE
energy() {
    awk -F, -v c="$1" -v v="$2" 'NR == 2 { exit !($c == v) }' "$tmp/k/energy.csv"
}
run_scene() {
    expect 0 "$1" -- $vccd simulate "$tmp/w/a/b/s.json" --no-pictures --out "$tmp/k"
}

# mesh lookup: a meshes/ folder two levels up; max_time / timestep steps
scene '{"mesh": "cube.obj", "position": [1, 2, 3]}'
run_scene "keys: defaults"
check "max_time / timestep = 2 steps" grep -q '^simulate: 2 bodies, 2 steps of 0.01 s' "$tmp/out"
check "position is the model origin: centre at + (1/2, 1/2, 1/2)" \
    test "$(at0 1-cube 4) $(at0 1-cube 5) $(at0 1-cube 6)" = "1.5 2.5 3.5"
# density 1000 (upstream's default): mass 1000, potential m g y = 25000
check "default density 1000" energy 4 25000

# rotation: degrees, R = Rz Ry Rx; [90, 90, 0] is q = (1/2, 1/2, 1/2, -1/2)
# (the other order would give +1/2 last); the centre turns with it:
# Rx(90) (1/2, 1/2, 1/2) = (1/2, -1/2, 1/2), then Ry(90): (1/2, -1/2, -1/2)
scene '{"mesh": "cube.obj", "rotation": [90, 90, 0]}'
run_scene "keys: rotation"
check "rotation [90, 90, 0]: q" near "$(at0 1-cube 7)" 0.5 "$(at0 1-cube 8)" 0.5 "$(at0 1-cube 9)" 0.5 \
    "$(at0 1-cube 10)" -0.5
check "rotation [90, 90, 0]: centre" near "$(at0 1-cube 4)" 0.5 "$(at0 1-cube 5)" -0.5 "$(at0 1-cube 6)" -0.5
scene '{"mesh": "cube.obj", "rotation": [0, 0, 90]}'
run_scene "keys: rotation z"
check "rotation [0, 0, 90]: centre (-1/2, 1/2, 1/2)" \
    near "$(at0 1-cube 4)" -0.5 "$(at0 1-cube 5)" 0.5 "$(at0 1-cube 6)" 0.5

# scale (three, or one for all) and dimensions (the extents wanted)
scene '{"mesh": "cube.obj", "scale": [2, 1, 1], "density": 1}'
run_scene "keys: scale"
check "scale [2, 1, 1]: centre (1, 1/2, 1/2)" test "$(at0 1-cube 4) $(at0 1-cube 5)" = "1 0.5"
check "scale [2, 1, 1]: mass 2" energy 4 10
scene '{"mesh": "cube.obj", "scale": 3, "density": 1}'
run_scene "keys: scale number"
check "scale 3: mass 27" energy 4 405
scene '{"mesh": "cube.obj", "dimensions": [4, 2, 2], "density": 1}'
run_scene "keys: dimensions"
check "dimensions [4, 2, 2]: centre (2, 1, 1)" test "$(at0 1-cube 4) $(at0 1-cube 5)" = "2 1"
check "dimensions [4, 2, 2]: mass 16" energy 4 160
# a negative scale mirrors the cube: still outward, the same volume
scene '{"mesh": "cube.obj", "scale": [-1, 1, 1], "density": 1}'
run_scene "keys: mirrored"
check "scale [-1, 1, 1]: centre x -1/2" test "$(at0 1-cube 4)" = "-0.5"
check "scale [-1, 1, 1]: mass 1" energy 4 5

# an open mesh is a thin shell: density 3 per unit area, the unit card
# at y = 2: mass 3, potential 3 * 10 * 2, momentum 3 * vx
scene '{"mesh": "card.obj", "position": [0, 2, 0], "density": 3, "linear_velocity": [1, 0, 0]}'
run_scene "keys: shell"
check "shell: mass density * area (potential)" energy 4 60
check "shell: mass density * area (momentum)" energy 6 3

# velocities: linear as given, angular in degrees per second
scene '{"mesh": "cube.obj", "linear_velocity": [1, 2, 3], "angular_velocity": [0, 0, 180]}'
run_scene "keys: velocities"
check "velocities: v" test "$(at0 1-cube 11) $(at0 1-cube 12) $(at0 1-cube 13)" = "1 2 3"
check "velocities: w = pi rad/s" near "$(at0 1-cube 16)" 3.1415926535897931

# fixed bodies: is_dof_fixed true, six trues, type static; enabled false
scene '{"mesh": "cube.obj", "is_dof_fixed": [true, true, true, true, true, true]},
       {"mesh": "cube.obj", "type": "static", "position": [3, 0, 0]},
       {"mesh": "cube.obj", "enabled": false},
       {"mesh": "card.obj", "position": [0, 3, 0]}'
run_scene "keys: fixed"
check "fixed: 4 bodies, the disabled one left out" grep -q '^simulate: 4 bodies' "$tmp/out"
check "fixed: they stay, the card falls" awk -F, '$1 == 2 && ($3 == "1-cube" || $3 == "2-cube") && ($5 != 0 || $12 != 0) { bad++ }
    $1 == 2 && $3 == "4-card" { y = $5 } END { exit !(bad == 0 && y < 3) }' "$tmp/k/trajectory.csv"

# --meshes DIR: only there; a meshes/ folder elsewhere is not looked at
scene '{"mesh": "cube.obj"}'
expect 0 "--meshes" -- $vccd simulate "$tmp/w/a/b/s.json" --meshes "$tmp/m" --out "$tmp/k"
rm "$tmp/m/cube.obj"
expect 2 "--meshes: not there" -- $vccd simulate "$tmp/w/a/b/s.json" --meshes "$tmp/m" --out "$tmp/k"
one_line_error "--meshes: not there" "s.json:7:" "mesh" "not in --meshes"
expect 2 "--meshes on an INI scene" -- $vccd simulate "${srcdir:-.}/experiments/configs/sim-bounce.ini" --meshes "$tmp/m" \
    --out "$tmp/k"
one_line_error "--meshes on an INI scene" "sim-bounce.ini" "--meshes"

# --- warnings: once per key, naming it -----------------------------------
cat >"$tmp/w/a/b/s.json" <<'EOF'
{
    "scene_type": "distance_barrier_rb_problem",
    "solver": "ipc_solver",
    "ipc_solver": {"velocity_conv_tol": 0.01},
    "timestep": 0.01,
    "max_time": 0.02,
    "viewport": 3,
    "rigid_body_problem": {
        "collision_eps": 2,
        "gravity": [0, -10, 0],
        "rigid_bodies": [
            {"mesh": "cube.obj", "position": [0, -5, 0], "type": "kinematic"},
            {"mesh": "cube.obj", "force": [1, 0, 0], "group_id": 1},
            {"mesh": "cube.obj", "position": [3, 0, 0], "force": [0, 1, 0], "torque": [0, 0, 0], "group_id": 1,
             "is_dof_fixed": [false, true, true, true, true, true]}
        ]
    }
}
EOF
expect 0 "warnings" -- $vccd simulate "$tmp/w/a/b/s.json" --out "$tmp/k"
for w in "s.json:3: solver: Rigid IPC's own solver settings" "s.json:4: ipc_solver: Rigid IPC" \
    "s.json:7: viewport: not used" "s.json:9: collision_eps: not used" "s.json:12: type: a kinematic body" \
    "s.json:13: force: a constant external force or torque is not applied (2 bodies)" \
    "s.json:13: group_id: bodies of one group are not exempt from contact (2 bodies)" \
    "s.json:15: is_dof_fixed: single degrees of freedom"; do
    check "warning: $w" test "$(grep -cF "$w" "$tmp/err")" -eq 1
done
check "warnings: 8 lines, no torque (it is zero)" test "$(wc -l <"$tmp/err")" -eq 8

# --- bad scenes: file, line and key, exit 2 --------------------------------
# bad WHAT TEXT NEEDLE...: s.json := TEXT; exit 2, one line, the needles
bad() {
    what=$1; text=$2; shift 2
    printf '%s\n' "$text" >"$tmp/w/a/b/s.json"
    expect 2 "$what" -- $vccd simulate "$tmp/w/a/b/s.json" --no-pictures --out "$tmp/k"
    one_line_error "$what" "$@"
}
head='{
 "timestep": 0.01,
 "rigid_body_problem": {
  "rigid_bodies": [
   {"mesh": "cube.obj", "is_dof_fixed": true},'
bad "syntax" '{
 "timestep": 0.01,
 "max_time": ,
}' "s.json:3:" "not valid JSON"
bad "duplicate key" '{
 "timestep": 0.01,
 "timestep": 0.02
}' "s.json:3:" "duplicate"
bad "not an object" '[1, 2]' "s.json" "expected an object"
bad "timestep 0" '{
 "timestep": 0,
 "rigid_body_problem": {"rigid_bodies": []}
}' "s.json:2:" "timestep" "expected a number in"
bad "scene_type" '{
 "scene_type": "particles_problem"
}' "s.json:2:" "scene_type"
bad "no rigid_body_problem" '{"timestep": 0.01}' "s.json" "rigid_body_problem"
bad "restitution 2" '{
 "rigid_body_problem": {
  "coefficient_restitution": 2,
  "rigid_bodies": []}}' "s.json:3:" "\\[rigid_body_problem\\] coefficient_restitution"
bad "gravity short" '{
 "rigid_body_problem": {
  "gravity": [0, -9.8],
  "rigid_bodies": []}}' "s.json:3:" "gravity" "expected 3 numbers"
bad "one body" "$head"'
   {"mesh": "cube.obj", "enabled": false}]}}' "s.json:4:" "rigid_bodies" "1 bodies"
bad "position a string" "$head"'
   {"mesh": "cube.obj",
    "position": "up"}]}}' "s.json:7:" "\\[rigid_bodies\\[1\\]\\] position" "expected 3 numbers"
bad "rotation element" "$head"'
   {"mesh": "cube.obj",
    "rotation": [0, "x", 0]}]}}' "s.json:7:" "rotation" "element 1"
bad "unknown body key" "$head"'
   {"mesh": "cube.obj",
    "positon": [0, 0, 0]}]}}' "s.json:7:" "\\[rigid_bodies\\[1\\]\\] positon" "unknown key"
bad "no mesh" "$head"'
   {"position": [0, 0, 0]}]}}' "s.json:6:" "\\[rigid_bodies\\[1\\]\\]" "no mesh"
bad "mesh not found" "$head"'
   {"mesh": "sphere.obj"}]}}' "s.json:6:" "mesh" "'sphere.obj': not found" "meshes/ folder"
bad "inline mesh" "$head"'
   {"vertices": [[0, 0, 0]], "faces": []}]}}' "s.json:6:" "vertices" "give a mesh file"
bad "is_dof_fixed 5" "$head"'
   {"mesh": "cube.obj", "is_dof_fixed": [true, true, true, true, true]}]}}' "s.json:6:" "is_dof_fixed"
bad "type" "$head"'
   {"mesh": "cube.obj", "type": "floating"}]}}' "s.json:6:" "type" "dynamic"
bad "density 0" "$head"'
   {"mesh": "cube.obj", "density": 0}]}}' "s.json:6:" "density"
bad "huge position" "$head"'
   {"mesh": "cube.obj", "position": [1e300, 0, 0]}]}}' "s.json:6:" "position" "range"
bad "every body fixed" "$head"'
   {"mesh": "cube.obj", "type": "static"}]}}' "s.json" "every body is fixed"
printf 'v 0 0 0\nv 1 0 0\nf 1 2 9\n' >"$tmp/w/meshes/broken.obj"
bad "a bad mesh file" "$head"'
   {"mesh": "broken.obj"}]}}' "s.json:6:" "mesh" "broken.obj:3"
# a line made by a flat card scaled to a line: no inertia about it
bad "a shell on a line" "$head"'
   {"mesh": "card.obj", "scale": [1, 1, 0]}]}}' "s.json:6:" "mesh" "no mass properties"

finish
