# common.sh -- helpers shared by the CLI test scripts (sourced): a temp
# directory, pass/fail counters, and checks of exit status and messages.
vccd=./experiments/vccd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

# expect STATUS DESCRIPTION -- COMMAND...: run, compare the exit status.
expect() {
    want=$1; what=$2; shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -eq "$want" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $what: exit $got, expected $want"
        sed 's/^/  stderr: /' "$tmp/err" | head -20
    fi
}

# check DESCRIPTION COMMAND...: count a condition as passed or failed.
check() {
    what=$1; shift
    if "$@"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $what"
    fi
}

# Usage and input errors: one line on stderr containing every needle.
one_line_error() {
    what=$1; shift
    if [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        fail=$((fail + 1))
        echo "FAIL: $what: expected one stderr line, got:"
        cat "$tmp/err"
        return
    fi
    for needle in "$@"; do
        if ! grep -q -- "$needle" "$tmp/err"; then
            fail=$((fail + 1))
            echo "FAIL: $what: stderr lacks '$needle':"
            cat "$tmp/err"
            return
        fi
    done
    pass=$((pass + 1))
}

# bad_toc NAME TEXT NEEDLE...: `vccd toc` on config TEXT (written to
# NAME.ini) exits 2 with one stderr line holding every needle.
bad_toc() {
    name=$1; text=$2; shift 2
    printf '%s\n' "$text" >"$tmp/$name.ini"
    expect 2 "bad $name" -- $vccd toc "$tmp/$name.ini"
    one_line_error "bad $name" "$@"
}

# untimed CSV: the CSV with its time_ms column emptied -- what must not
# depend on how the instances were spread (--jobs, shards, MPI ranks).
untimed() {
    awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "time_ms") c = i } { $c = ""; print }' "$1"
}

# every SED COND: sed -n SED makes at least one line of $tmp/out, and
# each satisfies the awk condition COND (awk compares doubles).
every() {
    sed -n "$1" "$tmp/out" | awk "{ n++; if (!($2)) bad++ } END { exit !(n > 0 && bad == 0) }"
}
# The sed of every for the toc line's [lo, hi]: $1 lo, $2 hi.
lohi='s/^toc: \[\(.*\), \(.*\)\]$/\1 \2/p'

# finish: the summary line automake's harness and CI read, and the status.
finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
