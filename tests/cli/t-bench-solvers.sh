#!/bin/sh
# Smoke test of `vccd bench solvers`: both tables have a row per solver,
# the CSV has its header and rows, no pair built to collide is answered
# none, and bad usage gives one-line errors.  Timings are never checked:
# they depend on the machine.
set -u
. "${srcdir:-.}/tests/cli/common.sh"

# The whole shared set when this checkout sits next to it, otherwise the
# bundled subset, so the query part runs in distcheck too.
qdir="${srcdir:-.}/tests/data/sample-queries"
for d in "${VCCD_SHARED:-}" "${srcdir:-.}/../shared"; do
    if [ -n "$d" ] && [ -d "$d/data/sample-queries" ]; then
        qdir="$d/data/sample-queries"
        break
    fi
done

expect 0 "bench solvers --quick --pairs 200" -- \
    $vccd bench solvers --quick --pairs 200 --queries "$qdir" --csv "$tmp/s.csv"
for s in bisection taylor-lagrange newton; do
    check "queries table: $s binary64 row with fn 0" grep -Eq "^$s +binary64 +[0-9]+ +0 " "$tmp/out"
    check "queries table: $s adaptive row" grep -Eq "^$s +adaptive +[0-9]+ " "$tmp/out"
    for k in vertex-face edge-edge all; do
        check "pairs table: $s $k row" grep -Eq "^$s +$k +[0-9]+ " "$tmp/out"
    done
    check "CSV: $s pairs row" grep -q "^pairs,$s,binary64,all,colliding," "$tmp/s.csv"
    check "CSV: $s queries row" grep -q "^queries,$s,binary64,all,all," "$tmp/s.csv"
done
check "--quick divides the pairs by 10" grep -Eq '^bisection +all +20 ' "$tmp/out"
# Columns: solver kind pairs mean median boxes evals | none cert poss
# (colliding) | none cert poss (miss) | ratios.
check "no colliding pair answered none (table)" \
    sh -c "awk '\$8 == \"|\" && \$9 ~ /^[0-9]+$/ && \$9 != 0 { bad = 1 } END { exit bad }' '$tmp/out'"
check "no colliding pair answered none (CSV)" \
    sh -c "awk -F, '\$1 == \"pairs\" && \$5 == \"colliding\" && \$7 != 0 { bad = 1 } END { exit bad }' '$tmp/s.csv'"
check "the colliding-pairs verdict" grep -q '^colliding pairs: none answered none' "$tmp/out"
check "no BUG reported" sh -c "! grep -q BUG '$tmp/out' '$tmp/err'"
check "the thesis claim with the measured ratio" grep -q "Buddingh' 2014 .* measured here" "$tmp/out"
check "CSV header" sh -c "head -1 '$tmp/s.csv' | grep -q '^part,solver,arith,kind,half,n,none,certified,possible,fn,fp,'"
# Every solver in every rigorous arithmetic, on random pairs and the tail
# families.  (Their times are the benchmark's to show, not this test's
# to assert: a loaded machine would make it flaky.)
for f in random grazing boundary t=0,1; do
    for s in bisection taylor-lagrange newton; do
        for a in binary64 mpfr:113 adaptive; do
            check "by-arithmetic table: $f $s $a row" grep -Eq "^$f +$s +$a +[0-9]+ " "$tmp/out"
        done
    done
done
check "by-arithmetic table: the work budget is stated" grep -q 'limited: stopped by the work budget (max_boxes [0-9]*, max_work [0-9]*)' "$tmp/out"
check "CSV: tail rows" grep -q "^pairs-tail,taylor-lagrange,mpfr:113,grazing,all," "$tmp/s.csv"

# Without a query directory that part is skipped, saying so.
expect 0 "bench solvers without --queries" -- $vccd bench solvers --pairs 8 --seed 7
check "query part skipped with a reason" grep -q 'sample queries: skipped (no --queries DIR' "$tmp/out"
check "pairs table still there" grep -Eq '^newton +all +8 ' "$tmp/out"
expect 0 "options before the kind" -- $vccd bench --quick solvers --pairs 40

expect 2 "--pairs 0" -- $vccd bench solvers --pairs 0
one_line_error "--pairs 0" "--pairs"
expect 2 "--seed without value" -- $vccd bench solvers --seed
one_line_error "--seed without value" "--seed"
expect 2 "unknown option" -- $vccd bench solvers --frobnicate
one_line_error "unknown option" "--frobnicate"
expect 2 "missing query directory" -- $vccd bench solvers --queries "$tmp/none"
one_line_error "missing query directory" "$tmp/none"
mkdir "$tmp/empty"
expect 2 "query directory without CSV" -- $vccd bench solvers --queries "$tmp/empty"
one_line_error "query directory without CSV" "$tmp/empty"
expect 0 "help bench" -- $vccd help bench
check "help bench documents solvers and --queries" sh -c "grep -q 'bench solvers' '$tmp/out' && grep -q -- '--queries' '$tmp/out'"

finish
