#!/bin/sh
# End-to-end tests of the vccd command: help, exit statuses, one-line
# errors, and `bench arith` writing its table and CSV.
set -u
. "${srcdir:-.}/tests/cli/common.sh"

# A usage error: exit status 2 and one stderr line naming the culprit.
usage_error() {
    what=$1; needle=$2; shift 2
    expect 2 "$what" -- "$@"
    one_line_error "$what" "$needle"
}

expect 0 "--help" -- $vccd --help
grep -q "subcommands:" "$tmp/out" || { fail=$((fail + 1)); echo "FAIL: --help lists no subcommands"; }
grep -q "bench" "$tmp/out" || { fail=$((fail + 1)); echo "FAIL: --help does not list bench"; }
expect 0 "help bench" -- $vccd help bench
grep -q -- "--csv" "$tmp/out" || { fail=$((fail + 1)); echo "FAIL: help bench does not document --csv"; }
expect 0 "help" -- $vccd help
expect 0 "version" -- $vccd version
expect 0 "--version" -- $vccd --version
expect 2 "no arguments" -- $vccd
usage_error "unknown subcommand" "frobnicate" $vccd frobnicate
usage_error "unknown option" "--bogus" $vccd --bogus
usage_error "help of unknown subcommand" "nope" $vccd help nope
usage_error "bench without kind" "bench" $vccd bench
usage_error "unknown bench" "nope" $vccd bench nope
usage_error "bench unknown option" "--fast" $vccd bench arith --fast
usage_error "--csv without file" "--csv" $vccd bench arith --csv
usage_error "version with argument" "version" $vccd version extra

expect 0 "bench arith --quick --csv" -- $vccd bench arith --quick --csv "$tmp/b.csv"
for b in binary64 "unrounded(NONRIGOROUS)" mpfr:53 mpfr:113 mpfr:256; do
    for op in add mul div sqrt sin_cos cross; do
        if ! grep -q "^backend,$b,$op," "$tmp/b.csv"; then
            fail=$((fail + 1))
            echo "FAIL: bench CSV lacks backend=$b op=$op"
        fi
    done
done
grep -q "cost of rigour in the geometry template" "$tmp/out" \
    || { fail=$((fail + 1)); echo "FAIL: bench does not report the geometry ratio"; }
head -1 "$tmp/b.csv" | grep -q "^section,backend,op,ns_per_op,baseline_ns_per_op,ratio$" \
    || { fail=$((fail + 1)); echo "FAIL: bench CSV header"; }
expect 2 "bench csv into a missing directory" -- $vccd bench arith --quick --csv "$tmp/no/such/dir.csv"

finish
