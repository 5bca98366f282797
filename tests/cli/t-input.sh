#!/bin/sh
# End-to-end tests of the input policy (doc/input.md, issues 13 and 26):
# one check per way a config, CSV, mesh or command line used to be
# dropped, misreported or hung on.  Each block names the issue's item it guards.
set -u
. "${srcdir:-.}/tests/cli/common.sh"
src="${srcdir:-.}"
toc="$src/experiments/configs/toc.ini"
vf="$src/tests/data/sample-queries/unit-tests/vertex-face/data_0_0.csv"

# located_error WHAT FILE LINE: one stderr line starting "vccd: FILE:LINE: ".
located_error() {
    one_line_error "$1" "^vccd: $2:$3: "
}

# --- 1. the README's config examples parse and run ------------------------
# Every indented block of README.md that starts with a [section] header is
# written out as it stands (indentation and "#" comments included).
awk -v dir="$tmp" '
    /^    +\[[a-z.]+\]/ && !inblk { inblk = 1; n++; f = dir "/readme" n ".ini" }
    inblk && /^ *$/ { inblk = 0 }
    inblk { print > f }
' "$src/README.md"
nblocks=$(ls "$tmp"/readme*.ini 2>/dev/null | wc -l)
check "README: at least two config examples found ($nblocks)" test "$nblocks" -ge 2
for f in "$tmp"/readme*.ini; do
    if grep -q '^ *\[motion' "$f"; then
        expect 0 "README example $(basename "$f") (motion-check)" -- $vccd motion-check "$f" --samples 20
    else
        expect 0 "README example $(basename "$f") (queries --config)" -- $vccd queries --config "$f" "$vf"
        check "README [solver] example: its solver is used" grep -q 'solver=newton arith=adaptive' "$tmp/out"
    fi
done

# --- 2. NUL bytes: an error at their line, no line shifted ----------------
printf '[motion.a]\ntype = ltlrm\no0 = 0 0 0\nv = 1 0 0\nomega = 0 0 3\0 garbage\n' >"$tmp/nul.ini"
expect 2 "NUL in a config value" -- $vccd motion-check "$tmp/nul.ini" --samples 5
located_error "NUL in a config value" "$tmp/nul.ini" 5
one_line_error "NUL: names its column" "column 14"
{ sed -n 1,3p "$vf"; printf '1,2,3\0,4,5,6,0\n'; sed -n 5,16p "$vf"; } >"$tmp/vertex-face-nul.csv"
expect 2 "NUL in a CSV row" -- $vccd queries "$tmp/vertex-face-nul.csv"
located_error "NUL in a CSV row" "$tmp/vertex-face-nul.csv" 4
one_line_error "NUL in a CSV row: said so" "NUL byte at column 6"
{ sed -n 1,8p "$vf"; printf '\0\n'; sed -n 9,16p "$vf"; } >"$tmp/vertex-face-nul2.csv"
expect 2 "a NUL-only CSV line is not blank" -- $vccd queries "$tmp/vertex-face-nul2.csv"
located_error "a NUL-only CSV line is not blank" "$tmp/vertex-face-nul2.csv" 9
one_line_error "a NUL-only CSV line: said so" "NUL byte at column 1"

# --- 3. indented keys and headers are keys and headers --------------------
# answer WHAT INI NAME: `vccd toc INI` succeeds; its status and toc
# lines go to $tmp/NAME.out
answer() {
    expect 0 "$1" -- $vccd toc "$2"
    grep '^status\|^toc:' "$tmp/out" >"$tmp/$3.out"
}
sed 's/^/   /' "$toc" >"$tmp/indented.ini"
answer "toc: the example indented" "$tmp/indented.ini" indented
answer "toc: the example" "$toc" plain
check "indentation changes nothing" cmp -s "$tmp/indented.out" "$tmp/plain.out"

# --- 4. unknown sections, in every command, at their line ------------------
printf '[solver]\ntype = newton\n\n[solvr]\neps_t = 1e-3\n' >"$tmp/solvr.ini"
expect 2 "queries --config: [solvr]" -- $vccd queries --config "$tmp/solvr.ini" "$vf"
located_error "queries --config: [solvr]" "$tmp/solvr.ini" 4
check "queries --config: nothing solved" test ! -s "$tmp/out"
{ cat "$toc"; printf '\n[moton.b]\ntype = ltlrm\n'; } >"$tmp/moton.ini"
n=$(($(wc -l <"$toc") + 2))
expect 2 "motion-check: [moton.b]" -- $vccd motion-check "$tmp/moton.ini" --samples 5
located_error "motion-check: [moton.b]" "$tmp/moton.ini" $n
expect 2 "toc: [moton.b]" -- $vccd toc "$tmp/moton.ini"
located_error "toc: [moton.b]" "$tmp/moton.ini" $n
{ cat "$toc"; printf '\n[motion.x]\ntype = frisbee\n'; } >"$tmp/unused.ini"
expect 2 "toc: an unused [motion.x] of unknown type" -- $vccd toc "$tmp/unused.ini"
one_line_error "toc: an unused [motion.x] of unknown type" "unused.ini:$((n + 1)): \[motion.x\] type: " "frisbee"

# --- 5. motion-check: the reference is finer than any MPFR backend ---------
for p in 200 400 1000; do
    expect 0 "motion-check --backend mpfr:$p" -- $vccd motion-check "$src/experiments/configs/motions.ini" --samples 40 --backend mpfr:$p
    check "mpfr:$p: no violation" sh -c "tail -n 1 '$tmp/out' | grep -q ' violations=0\$'"
done

# --- 6. endless and huge input ----------------------------------------------
# (a device is not a regular file: refused before a byte is read, issue 26)
expect 2 "toc /dev/zero ends" -- timeout 20 $vccd toc /dev/zero
one_line_error "toc /dev/zero" "^vccd: /dev/zero: is a character device, not a regular file\$"
expect 2 "queries /dev/zero ends" -- timeout 20 $vccd queries --kind vertex-face /dev/zero
one_line_error "queries /dev/zero" "^vccd: /dev/zero: is a character device, not a regular file\$"
# 100,000 sections: linear loading (0.2 s; quadratic took 11 s for 40,000,
# so about 70 s for these)
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "[motion.s%d]\nx = %d\n", i, i }' >"$tmp/many.ini"
expect 2 "100,000 sections load in time" -- timeout 20 $vccd toc "$tmp/many.ini"
located_error "100,000 sections: the first error" "$tmp/many.ini" 1
# a count is checked against the file before allocating
printf '[motion.m]\ntype = vertex-linear\nvertices = 1048576\nvertex.0 = 0 0 0 1 1 1\n' >"$tmp/count.ini"
expect 2 "vertices = 1048576 in a 4-line file" -- timeout 20 $vccd motion-check "$tmp/count.ini"
one_line_error "vertices = 1048576: names the missing vertex" "count.ini:1: \[motion.m\] vertex.1: missing"
# lines of 64 KiB and more are read whole; beyond the limit, an error
spaces() { head -c "$1" /dev/zero | tr '\0' ' '; }
{ awk '$1 == "o0" { exit } { print }' "$toc"; printf 'o0 = 0'; spaces 70000; printf ' 0 1\n'
  awk 'f { print } $1 == "o0" { f = 1 }' "$toc"; } >"$tmp/long.ini"
expect 0 "a 70 KB config line" -- $vccd toc "$tmp/long.ini"
grep '^status\|^toc:' "$tmp/out" >"$tmp/long.out"
check "the 70 KB line means what it says" cmp -s "$tmp/long.out" "$tmp/plain.out"
{ printf '[solver]\ntype = newton'; spaces 1100000; echo; } >"$tmp/huge.ini"
expect 2 "a 1.1 MB config line" -- $vccd toc "$tmp/huge.ini"
one_line_error "a 1.1 MB config line" "huge.ini:2: line longer than"

# --- 7. directory walks: a symlink loop is walked once --------------------
mkdir -p "$tmp/q/vertex-face"
cp "$vf" "$tmp/q/vertex-face/a.csv"
ln -s . "$tmp/q/vertex-face/loop"
ln -s vertex-face "$tmp/q/again"
expect 0 "bench solvers: a symlink loop" -- timeout 120 $vccd bench solvers --quick --pairs 1 --queries "$tmp/q"
nq=$(($(wc -l <"$vf") / 8))
check "bench solvers: the file counted once" grep -q "($nq queries in 1 files)" "$tmp/out"

# --- 8. messages ------------------------------------------------------------
# a BOM is not quoted; it does not hide a header line
{ printf '\357\273\277'; printf 'x,1,2,3,4,5,0\n'; } >"$tmp/vertex-face-bom.csv"
expect 2 "CSV with BOM: bad field" -- $vccd queries "$tmp/vertex-face-bom.csv"
one_line_error "CSV with BOM: the field as written" "column 1 (x numerator): 'x' is not"
{ printf '\357\273\277'; cat "$vf"; } >"$tmp/vertex-face-bom-ok.csv"
expect 0 "CSV with BOM: read" -- $vccd queries "$tmp/vertex-face-bom-ok.csv"
# control bytes are escaped
printf '[motion.a]\ntype = ltl\033[2Jrm\n' >"$tmp/esc.ini"
expect 2 "control bytes in a value" -- $vccd motion-check "$tmp/esc.ini"
one_line_error "control bytes: escaped" 'ltl\\x1b\[2Jrm'
check "control bytes: no raw ESC on stderr" sh -c "! tr -d '\n' <'$tmp/err' | grep -q \"\$(printf '\033')\""
# a long path keeps the line number
long="$tmp"
for i in 1 2 3 4 5 6 7 8 9 10; do long="$long/directory-name-of-fifty-characters-for-the-test-$i"; done
mkdir -p "$long"
printf '[motion.a]\ntype = ltlrm\no0 = 0 0 0\nv = 1 0 0\nomega = 0 0\n' >"$long/bad.ini"
expect 2 "a 500+ character path" -- $vccd motion-check "$long/bad.ini"
one_line_error "a 500+ character path: line and key kept" "bad.ini:5: \[motion.a\] omega: "
# motion names of 64 characters and more
name=$(printf 'm%.0s' $(seq 1 70))
sed "s/spinner/$name/g" "$toc" >"$tmp/name.ini"
expect 0 "a 70-character motion name" -- $vccd toc "$tmp/name.ini"
# '-' and 100 digits is 100 digits
d100=$(printf '1%.0s' $(seq 1 100))
{ echo "-$d100,$d100,0,1,0,1,0"; sed -n 2,8p "$vf"; } >"$tmp/vertex-face-digits.csv"
expect 0 "'-' and 100 digits" -- $vccd queries "$tmp/vertex-face-digits.csv"
{ echo "-1$d100,1,0,1,0,1,0"; sed -n 2,8p "$vf"; } >"$tmp/vertex-face-digits2.csv"
expect 2 "'-' and 101 digits" -- $vccd queries "$tmp/vertex-face-digits2.csv"
one_line_error "'-' and 101 digits" "digits2.csv:1: column 1 (x numerator): more than 100 digits"
# --help anywhere after the subcommand
for args in "queries --help" "queries --config --help" "bench solvers --help" "bench --quick solvers -h" \
            "toc x.ini --help" "motion-check --samples --help" "queries $vf --help"; do
    sub=${args%% *}
    expect 0 "vccd $args" -- $vccd $args
    check "vccd $args: the $sub help" sh -c "head -n 1 '$tmp/out' | grep -q '^usage: vccd $sub'"
done
# options after the files are parsed before any file is read
expect 0 "queries FILE --verbose" -- $vccd queries "$vf" --verbose
check "queries FILE --verbose: per-query lines" sh -c "test \$(wc -l <'$tmp/out') -gt 3"
expect 2 "queries FILE --bogus" -- $vccd queries "$vf" --bogus
check "queries FILE --bogus: nothing solved" test ! -s "$tmp/out"
# a directory is named as one
expect 2 "queries DIR" -- $vccd queries --kind vertex-face "$tmp/q"
one_line_error "queries DIR" "q: is a directory"

# gzip-compressed input is read as it is; cut short, it is an error
gzip -c "$toc" >"$tmp/toc.ini.gz"
expect 0 "toc: a gzip config" -- $vccd toc "$tmp/toc.ini.gz"
grep '^status\|^toc:' "$tmp/out" >"$tmp/gz.out"
check "toc: the gzip config means the same" cmp -s "$tmp/gz.out" "$tmp/plain.out"
gzip -c "$vf" >"$tmp/vertex-face-gz.csv.gz"
expect 0 "queries: a gzip CSV" -- $vccd queries "$tmp/vertex-face-gz.csv.gz"
head -c 300 "$tmp/vertex-face-gz.csv.gz" >"$tmp/vertex-face-cut.csv.gz"
expect 2 "queries: a cut gzip CSV" -- $vccd queries "$tmp/vertex-face-cut.csv.gz"
one_line_error "queries: a cut gzip CSV" "cut.csv.gz:[0-9]*: read error"
# command-line arguments are escaped too
expect 2 "an option with an ESC byte" -- $vccd queries "--x$(printf '\033')[2J" "$vf"
one_line_error "an option with an ESC byte" 'x\\x1b\[2J'

# --- 9. write errors ----------------------------------------------------------
if [ -w /dev/full ]; then
    $vccd toc "$toc" >/dev/full 2>"$tmp/err"
    st=$?
    check "toc > /dev/full: exit status $st is not 0" test "$st" -ne 0
    one_line_error "toc > /dev/full: says so" "error writing the output"
    $vccd --help >/dev/full 2>/dev/null
    st=$?
    check "--help > /dev/full: exit status $st is not 0" test "$st" -ne 0
fi

# --- 10. issue 26: non-regular files, gzip trailing data, form feeds -------
# A FIFO as any input used to block forever in open(); every reader now
# refuses it at once (timeout 10: a regression fails, it does not hang).
# run_fifo WHAT FIFO ARGS...: exit 2, one line naming FIFO as one.
run_fifo() {
    what=$1; fifo=$2; shift 2
    expect 2 "$what: a FIFO" -- timeout 10 "$@"
    one_line_error "$what: a FIFO" "$fifo: is a FIFO, not a regular file\$"
}
mkfifo "$tmp/fifo.obj" "$tmp/fifo.ini"
run_fifo "mesh info" "$tmp/fifo.obj" $vccd mesh info "$tmp/fifo.obj"
run_fifo "toc config" "$tmp/fifo.ini" $vccd toc "$tmp/fifo.ini"
sed "s|^mesh = bunny|mesh = $tmp/fifo.obj|" "$src/experiments/configs/toc-bunnies.ini" >"$tmp/fifo-body.ini"
run_fifo "toc body mesh" "$tmp/fifo.obj" $vccd toc "$tmp/fifo-body.ini"
one_line_error "toc body mesh: at its key" "fifo-body.ini:5: \[body.a\] mesh: "
printf '[mesh.a]\nfile = %s\n[distance]\nmesh.0 = a\nmesh.1 = a\npose.1 = 3 0 0 1 0 0 0\n' "$tmp/fifo.obj" \
    >"$tmp/fifo-distance.ini"
run_fifo "distance" "$tmp/fifo.obj" $vccd distance "$tmp/fifo-distance.ini"
run_fifo "distance config" "$tmp/fifo.ini" $vccd distance "$tmp/fifo.ini"
sed "s|^mesh = tetrahedron|mesh = $tmp/fifo.obj|" "$src/experiments/configs/sim-tet-drop.ini" >"$tmp/fifo-sim.ini"
run_fifo "simulate body mesh" "$tmp/fifo.obj" $vccd simulate "$tmp/fifo-sim.ini"
run_fifo "simulate config" "$tmp/fifo.ini" $vccd simulate "$tmp/fifo.ini"
sed "s|^mesh = tetrahedron|mesh = $tmp/fifo.obj|" "$src/tests/data/run-tiny.ini" >"$tmp/fifo-run.ini"
run_fifo "run model" "$tmp/fifo.obj" $vccd run "$tmp/fifo-run.ini" --out "$tmp/fifo-run"
run_fifo "run config" "$tmp/fifo.ini" $vccd run "$tmp/fifo.ini" --out "$tmp/fifo-run"
mkdir "$tmp/shard"
mkfifo "$tmp/shard/instances.csv"
run_fifo "merge instances.csv" "$tmp/shard/instances.csv" $vccd merge "$src/tests/data/run-tiny.ini" "$tmp/shard" "$tmp/shard" --out "$tmp/fifo-m"
run_fifo "queries CSV" "$tmp/fifo.ini" $vccd queries --kind vertex-face "$tmp/fifo.ini"
# other kinds are named as what they are; /dev/stdin is whatever stdin
# is: a file redirected in is read, a pipe is a FIFO
expect 2 "toc /dev/null" -- $vccd toc /dev/null
one_line_error "toc /dev/null" "^vccd: /dev/null: is a character device, not a regular file\$"
expect 2 "mesh info DIR" -- $vccd mesh info "$tmp/shard/"
one_line_error "mesh info DIR" "shard/: is a directory, not a regular file\$"
expect 0 "toc /dev/stdin < FILE" -- $vccd toc /dev/stdin <"$toc"
grep '^status\|^toc:' "$tmp/out" >"$tmp/stdin.out"
check "toc /dev/stdin < FILE: the file's answer" cmp -s "$tmp/stdin.out" "$tmp/plain.out"
cat "$toc" | $vccd toc /dev/stdin >"$tmp/out" 2>"$tmp/err"
check "cat FILE | toc /dev/stdin: exit 2" test $? -eq 2
one_line_error "cat FILE | toc /dev/stdin" "^vccd: /dev/stdin: is a FIFO, not a regular file\$"

# Bytes after a gzip stream used to vanish (zlib's gzread skips them).
# Members one after another are one stream, as for gzip -d; anything
# else after the last member is an error naming the byte where it starts.
obj="$src/tests/data/meshes/box.obj"
{ sed -n '/^f /!p' "$obj" | gzip -c; grep '^f ' "$obj" | gzip -c; } >"$tmp/members.obj.gz"
expect 0 "mesh info: two gzip members" -- $vccd mesh info "$tmp/members.obj.gz"
check "two gzip members: the faces of the second read" grep -q '^triangles: 12$' "$tmp/out"
gzip -c "$obj" >"$tmp/tail.obj.gz"
size=$(wc -c <"$tmp/tail.obj.gz")
printf 'v 5 5 5\nf 1 2 9\n' >>"$tmp/tail.obj.gz"
expect 2 "mesh info: OBJ lines after the gzip stream" -- $vccd mesh info "$tmp/tail.obj.gz"
one_line_error "mesh info: OBJ lines after the gzip stream" \
    "tail.obj.gz:$(($(wc -l <"$obj") + 1)): trailing data after the gzip stream, at byte $size of the file"
{ gzip -c "$toc"; printf '[solver]\neps_t = 1e-3\n'; } >"$tmp/tail.ini.gz"
expect 2 "toc: a config with lines after its gzip stream" -- $vccd toc "$tmp/tail.ini.gz"
one_line_error "toc: lines after the gzip stream" "tail.ini.gz:[0-9]*: trailing data after the gzip stream"
{ gzip -c "$vf"; printf '\037'; } >"$tmp/tail.csv.gz"
expect 2 "queries: one byte after the gzip stream" -- $vccd queries --kind vertex-face "$tmp/tail.csv.gz"
one_line_error "queries: one byte after the gzip stream" "tail.csv.gz:[0-9]*: trailing data after the gzip stream"
{ gzip -c "$vf"; printf '\037\213'; } >"$tmp/cut2.csv.gz"
expect 2 "queries: a second member cut short" -- $vccd queries --kind vertex-face "$tmp/cut2.csv.gz"
one_line_error "queries: a second member cut short" "cut2.csv.gz:[0-9]*: read error: unexpected end of file"

# A binary PLY's body must end the file: after a gzip stream, bytes that
# are not another member are refused too (the body's check read one more
# byte and took an error for the end).
gzip -c "$src/tests/data/meshes/box-le.ply" >"$tmp/tail.ply.gz"
size=$(wc -c <"$tmp/tail.ply.gz")
printf 'junk' >>"$tmp/tail.ply.gz"
expect 2 "mesh info: bytes after a binary PLY's gzip stream" -- $vccd mesh info "$tmp/tail.ply.gz"
one_line_error "mesh info: bytes after a binary PLY's gzip stream" \
    "tail.ply.gz: trailing data after the gzip stream, at byte $size of the file"
{ gzip -c "$src/tests/data/meshes/box-le.ply"; gzip -c </dev/null; } >"$tmp/members.ply.gz"
expect 0 "mesh info: a binary PLY and an empty gzip member" -- $vccd mesh info "$tmp/members.ply.gz"

# vccd run's reference directory: its appendix-k.csv is read through the
# input reader, so a FIFO is refused at the reference key, not waited on.
mkdir "$tmp/ref"
mkfifo "$tmp/ref/appendix-k.csv"
awk -v r="$tmp/ref" '{ print } /^\[experiment\]/ { print "reference = " r }' "$src/tests/data/run-tiny.ini" \
    >"$tmp/ref-run.ini"
expect 2 "run: a FIFO as the reference's appendix-k.csv" -- timeout 10 $vccd run "$tmp/ref-run.ini" --out "$tmp/ref-out"
one_line_error "run: a FIFO reference" "ref-run.ini:[0-9]*: \[experiment\] reference: .*appendix-k.csv: is a FIFO, not a regular file\$"

# A line starting with a form feed or a vertical tab was a continuation
# of the previous value ("key given twice"); they are blanks like the
# others, in front of keys, headers and comments, and around values.
awk '{ printf "%s%s\n", (NR % 3 == 0 ? "\f" : NR % 3 == 1 ? "\v" : " \f\t\v"), $0 }' "$toc" >"$tmp/ff.ini"
answer "toc: form feeds and vertical tabs in front of every line" "$tmp/ff.ini" ff
check "form feeds change nothing" cmp -s "$tmp/ff.out" "$tmp/plain.out"
printf '[solver]\ntype = newton\n\feps_t = 1e-3\f\v\n\v[arithmetic]\f\n\f# a comment\n\v\f\n' >"$tmp/ff2.ini"
expect 0 "queries --config: form feeds at keys and headers" -- $vccd queries --config "$tmp/ff2.ini" "$vf"
printf '[solver]\ntype = newton\n\ftype = bisection\n' >"$tmp/ff3.ini"
expect 2 "a key given twice behind a form feed" -- $vccd queries --config "$tmp/ff3.ini" "$vf"
one_line_error "a key given twice behind a form feed" "ff3.ini:3: \[solver\] type: key given twice (first on line 2)"

finish
