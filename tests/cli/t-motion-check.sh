#!/bin/sh
# End-to-end tests of `vccd motion-check`: every registered model passes
# with random parameters, a config file is checked section by section,
# and bad configs and bad usage give one-line errors with exit status 2.
set -u
. "${srcdir:-.}/tests/cli/common.sh"

# --- every registered model, random parameters ------------------------------
expect 0 "motion-check --all" -- $vccd motion-check --all --samples 300
check "--all: last line is the zero-violation total" \
    sh -c "tail -n 1 '$tmp/out' | grep -Eq '^total: models=[0-9]+ checks=[0-9]+ violations=0\$'"
# one report per model, and as many as `models=` says
nmodels=$(tail -n 1 "$tmp/out" | sed -n 's/^total: models=\([0-9]*\) .*/\1/p')
nreports=$(grep -c '^model .* backend binary64: checks=[0-9]* violations=0$' "$tmp/out")
check "--all: $nreports model reports for models=$nmodels" test "${nmodels:-0}" -ge 2 -a "$nreports" -eq "${nmodels:-0}"
for b in mpfr:53 mpfr:113; do
    expect 0 "motion-check --all --backend $b" -- $vccd motion-check --all --samples 100 --backend $b
    check "--backend $b: zero violations" \
        sh -c "tail -n 1 '$tmp/out' | grep -Eq '^total: models=[0-9]+ checks=[0-9]+ violations=0\$'"
done
# The unrounded backend is NON-RIGOROUS: it does miss (which is what it
# is for: showing what rigour buys), so only that it runs and reports.
$vccd motion-check --all --samples 100 --backend unrounded >"$tmp/out" 2>"$tmp/err"
st=$?
check "--backend unrounded: exit 0 or 1 (got $st)" test "$st" -eq 0 -o "$st" -eq 1
check "--backend unrounded: total line" \
    sh -c "tail -n 1 '$tmp/out' | grep -Eq '^total: models=[0-9]+ checks=[0-9]+ violations=[0-9]+\$'"

# --- a config file ---------------------------------------------------------
cat >"$tmp/ok.ini" <<'EOF'
# two motions; the checker takes the [motion...] sections
[motion]
type = ltlrm
o0 = 1 2 3
v = 0.5 0 -0.25
q0 = 0.7071067811865476 0 0 0.7071067811865476
omega = 0 0 3.14159

[motion.poses]
type = ltlrm
start_position = 0 0 0
end_position = 1 1 0
start_orientation = 1 0 0 0
end_orientation = 0 0 0 1
turns = 1
EOF
expect 0 "motion-check CONFIG" -- $vccd motion-check "$tmp/ok.ini" --samples 200
check "CONFIG: reports [motion]" grep -q '^model motion backend binary64: checks=[0-9]* violations=0$' "$tmp/out"
check "CONFIG: reports [motion.poses]" grep -q '^model motion.poses backend binary64: checks=[0-9]* violations=0$' "$tmp/out"
check "CONFIG: total of two models" sh -c "tail -n 1 '$tmp/out' | grep -Eq '^total: models=2 checks=[0-9]+ violations=0\$'"
expect 0 "motion-check CONFIG --section" -- $vccd motion-check "$tmp/ok.ini" --section motion.poses --samples 50
check "--section: one model" sh -c "tail -n 1 '$tmp/out' | grep -Eq '^total: models=1 '"
# A section no command knows is an error at its line, not skipped (issue 13)
cp "$tmp/ok.ini" "$tmp/scene.ini"
printf '\n[scene]\nnote = not a motion\n' >>"$tmp/scene.ini"
expect 2 "unknown section [scene]" -- $vccd motion-check "$tmp/scene.ini" --samples 10
one_line_error "unknown section [scene]" "scene.ini:17: \[scene\] unknown section"
# The shipped example of every model (automake's harness exports srcdir).
expect 0 "experiments/configs/motions.ini" -- $vccd motion-check "${srcdir:-.}/experiments/configs/motions.ini" --samples 100
check "experiments/configs/motions.ini covers every registered model" \
    test "$(grep -c '^model motion\.' "$tmp/out")" -ge "$($vccd motion-check --all --samples 1 | grep -c '^model ')"

# --- bad configs: exit 2, one line naming FILE:LINE: and the key --------------
printf '[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 1 nan 3\nomega = 0 0 1\n' >"$tmp/bad.ini"
expect 2 "bad number" -- $vccd motion-check "$tmp/bad.ini"
one_line_error "bad number" "$tmp/bad.ini:4:" " v: " "nan"
printf '[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 1 2 3\nomega = 0 0 1\nspin = 3\n' >"$tmp/bad.ini"
expect 2 "unknown key" -- $vccd motion-check "$tmp/bad.ini"
one_line_error "unknown key" "$tmp/bad.ini:6:" " spin: "
printf '[motion]\ntype = ltlrm\nv = 1 2 3\nomega = 0 0 1\n' >"$tmp/bad.ini"
expect 2 "missing key" -- $vccd motion-check "$tmp/bad.ini"
one_line_error "missing key" "$tmp/bad.ini:1:" " o0: "
printf '[motion]\ntype = warp\n' >"$tmp/bad.ini"
expect 2 "unknown type" -- $vccd motion-check "$tmp/bad.ini"
one_line_error "unknown type" "$tmp/bad.ini:2:" " type: " "warp" "ltlrm"
printf '[motion]\ntype = ltlrm\no0 = 1 2 3\no0 = 1 2 3\n' >"$tmp/bad.ini"
expect 2 "duplicate key" -- $vccd motion-check "$tmp/bad.ini"
one_line_error "duplicate key" "$tmp/bad.ini:4:" " o0: "
printf '[motion]\ntype = ltlrm\nno equals sign here\n' >"$tmp/bad.ini"
expect 2 "syntax error" -- $vccd motion-check "$tmp/bad.ini"
one_line_error "syntax error" "$tmp/bad.ini:3:"
printf '[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 1 2 3\nomega = 0 0 1\nq0 = 1 1 0 0\n' >"$tmp/bad.ini"
expect 2 "non-unit quaternion" -- $vccd motion-check "$tmp/bad.ini"
one_line_error "non-unit quaternion" "$tmp/bad.ini:6:" " q0: "
expect 2 "missing file" -- $vccd motion-check "$tmp/none.ini"
one_line_error "missing file" "$tmp/none.ini"
expect 2 "no motion section" -- $vccd motion-check "$tmp/ok.ini" --section nope
one_line_error "no motion section" "nope"

# --- usage ------------------------------------------------------------------
expect 2 "no arguments" -- $vccd motion-check
one_line_error "no arguments" "motion-check"
expect 2 "unknown option" -- $vccd motion-check --all --frobnicate
one_line_error "unknown option" "--frobnicate"
expect 2 "--samples without value" -- $vccd motion-check --all --samples
one_line_error "--samples without value" "--samples"
expect 2 "--samples not a number" -- $vccd motion-check --all --samples lots
one_line_error "--samples not a number" "--samples"
expect 2 "--samples 0" -- $vccd motion-check --all --samples 0
expect 2 "unknown backend" -- $vccd motion-check --all --backend float
one_line_error "unknown backend" "float"
expect 2 "--backend without value" -- $vccd motion-check --all --backend
expect 2 "both CONFIG and --all" -- $vccd motion-check "$tmp/ok.ini" --all
expect 2 "two configs" -- $vccd motion-check "$tmp/ok.ini" "$tmp/ok.ini"
expect 0 "help motion-check" -- $vccd help motion-check
check "help motion-check documents --samples" grep -q -- "--samples" "$tmp/out"
check "help motion-check documents --backend" grep -q -- "--backend" "$tmp/out"

finish
