#!/bin/sh
# `vccd run` with [experiment] instances_file (experiments/run/
# run_instances.c): a run's instances.csv fed back gives the same answers;
# so does the minimal file another program would write (the read
# columns alone, in another order, rows shuffled, hex floats); shards of
# it merge; and every bad file is refused by one line naming the file,
# the line and the column.
set -u
. "${srcdir:-.}/tests/cli/common.sh"

cp "${srcdir:-.}/tests/data/run-tiny.ini" "$tmp/x.ini"
chmod u+w "$tmp/x.ini"
expect 0 "run from the seed" -- $vccd run "$tmp/x.ini" --out "$tmp/g" --jobs 2
# the same experiment with its instances from a file beside it (a path
# relative to the config's directory)
mkdir "$tmp/d"
sed 's/^seed = .*/instances_file = in.csv/; /^instances = /d' "$tmp/x.ini" >"$tmp/d/y.ini"
cp "$tmp/g/instances.csv" "$tmp/d/in.csv"
expect 0 "run from the run's instances.csv" -- $vccd run "$tmp/d/y.ini" --out "$tmp/f" --jobs 2
# everything but time_ms and seed (empty: no seed made these) the same
noseed() { untimed "$1" | awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "seed") c = i } { $c = ""; print }'; }
noseed "$tmp/g/instances.csv" >"$tmp/a"
noseed "$tmp/f/instances.csv" >"$tmp/b"
check "fed back: the same rows and answers" cmp -s "$tmp/a" "$tmp/b"
check "fed back: 37 lines" test "$(wc -l <"$tmp/f/instances.csv")" -eq 37
check "fed back: no seed" awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "seed") c = i } NR > 1 && $c != "" { bad = 1 }
    END { exit bad }' "$tmp/f/instances.csv"
untimed "$tmp/g/summary.csv" >"$tmp/a"
untimed "$tmp/f/summary.csv" >"$tmp/b"
check "fed back: the same summary" cmp -s "$tmp/a" "$tmp/b"
check "report.md names the file" grep -q "instances (read from .*d/in.csv)" "$tmp/f/report.md"
check "resolved.ini names the file" grep -q "^instances_file = .*d/in.csv$" "$tmp/f/resolved.ini"
check "resolved.ini: a digest, no seed" sh -c "grep -q '^instances_digest = [0-9a-f]\{16\}$' '$tmp/f/resolved.ini' &&
    ! grep -q '^seed' '$tmp/f/resolved.ini'"

# What another program writes: the read columns only, in another
# order, one row per instance, rows reversed, positions as hex floats
# (strtod reads %a exactly); the command line's path is relative to the
# current directory.
/usr/bin/python3 - "$tmp/g/instances.csv" "$tmp/min.csv" <<'X'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
p = [b + "_" + c for b in "ab" for c in ("px py pz q0w q0x q0y q0z q1w q1x q1y q1z".split())]
cols = ["instance"] + p[::-1] + ["speed", "models"]
seen, out = set(), []
for r in rows:
    k = (r["models"], r["speed"], r["instance"])
    if k in seen:
        continue
    seen.add(k)
    for c in p[:3] + p[11:14]:
        r[c] = float(r[c]).hex()
    out.append(" , ".join(r[c] for c in cols))
with open(sys.argv[2], "w") as f:
    f.write(",".join(cols) + "\n" + "\n".join(out[::-1]) + "\n\n")
X
check "minimal file: one row per instance" test "$(wc -l <"$tmp/min.csv")" -eq 14
expect 0 "run from a minimal file" -- $vccd run "$tmp/d/y.ini" --out "$tmp/m" --jobs 1 experiment.instances_file="$tmp/min.csv"
noseed "$tmp/m/instances.csv" >"$tmp/b"
noseed "$tmp/g/instances.csv" >"$tmp/a"
check "minimal file: the same rows and answers" cmp -s "$tmp/a" "$tmp/b"

# instances = K: the first K of the file's; more than it holds is an error
expect 0 "instances = 2 of 3" -- $vccd run "$tmp/d/y.ini" --out "$tmp/k" --instances 2
check "instances = 2: 4 x 2 x 3 rows" test "$(wc -l <"$tmp/k/instances.csv")" -eq 25
expect 2 "instances = 4 of 3" -- $vccd run "$tmp/d/y.ini" --out "$tmp/o" --instances 4
one_line_error "instances = 4 of 3" "command line:[0-9]*: \[experiment\] instances: 4, but .*in.csv holds 3"

# shards of a file's instances merge into the one run's files
expect 0 "shard 1/2 of the file" -- $vccd run "$tmp/d/y.ini" --out "$tmp/s1" --shard 1/2
expect 0 "shard 2/2 of the file" -- $vccd run "$tmp/d/y.ini" --out "$tmp/s2" --shard 2/2
expect 0 "merge of the file's shards" -- $vccd merge "$tmp/d/y.ini" "$tmp/s1" "$tmp/s2" --out "$tmp/sm"
untimed "$tmp/f/instances.csv" >"$tmp/a"
untimed "$tmp/sm/instances.csv" >"$tmp/b"
check "merged shards = one run" cmp -s "$tmp/a" "$tmp/b"
# a shard of other instances is refused by its resolved.ini's digest
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "a_px") c = i } NR > 1 { $c = $c * 1.0001 } { print }' \
    "$tmp/d/in.csv" >"$tmp/d/other.csv"
expect 0 "shard 2/2 of other instances" -- $vccd run "$tmp/d/y.ini" --out "$tmp/s3" --shard 2/2 \
    experiment.instances_file="$tmp/d/other.csv"
expect 2 "merge of other instances" -- $vccd merge "$tmp/d/y.ini" "$tmp/s1" "$tmp/s3" --out "$tmp/o"
one_line_error "merge of other instances" "s3/resolved.ini:[0-9]*: \[experiment\] instances_file"

# Bad files: bad NAME NEEDLE: $tmp/NAME.csv (written before) is refused
# with one line holding NAME.csv:NEEDLE (a regular expression)
bad() {
    expect 2 "bad file $1" -- $vccd run "$tmp/d/y.ini" --out "$tmp/o" experiment.instances_file="$tmp/$1.csv"
    one_line_error "bad file $1" "$1.csv:$2"
}
# edit NAME AWK: NAME.csv is the run's instances.csv through AWK (-F, OFS=,)
edit() { awk -F, -v OFS=, "$2" "$tmp/d/in.csv" >"$tmp/$1.csv"; }
: >"$tmp/empty.csv"
bad empty "1: empty file"
edit nocol 'NR == 1 { sub(/,b_q1z,/, ",b_q1Z,") } { print }'
bad nocol "1: no column 'b_q1z'"
edit twice 'NR == 1 { $1 = "a_px" } { print }'
bad twice "1: column 'a_px' given twice (columns 1 and 13)"
edit short 'NR == 3 { NF = NF - 1 } { print }'
bad short "3: 49 fields, the header has 50"
edit long 'NR == 5 { $0 = $0 "," } { print }'
bad long "5: 51 fields, the header has 50"
edit nan 'NR == 4 { $13 = "nan" } { print }'
bad nan "4: column 13 (a_px): 'nan' is not a number"
edit inf 'NR == 6 { $20 = "-inf" } { print }'
bad inf "6: column 20 (a_q1w): '-inf' is not a number"
edit huge 'NR == 7 { $24 = "1e400" } { print }'
bad huge "7: column 24 (b_px): '1e400' is not a number"
edit junk 'NR == 2 { $34 = $34 "x" } { print }'
bad junk "2: column 34 (b_q1z): '.*x' is not a number"
edit noval 'NR == 9 { $15 = "" } { print }'
bad noval "9: column 15 (a_pz): '' is not a number"
edit neg 'NR == 2 { $4 = "-1" } { print }'
bad neg "2: column 4 (instance): '-1' is not an integer"
edit frac 'NR == 2 { $4 = "0.5" } { print }'
bad frac "2: column 4 (instance): '0.5' is not an integer"
edit model 'NR == 3 { $2 = "box-cat" } { print }'
bad model "3: models 'box-cat' at speed 'low' (columns 2 and 3): not a benchmark"
edit speed 'NR == 3 { $3 = "medium" } { print }'
bad speed "3: models 'box-tet' at speed 'medium'"
# an instance again with another parameter: named by the later row
edit other 'NR == 4 { $18 = $18 + 0.001 } { print }'
bad other "4: column 18 (a_q0y): instance 0 of box-tet at low speed given again with other parameters: .* at line 2"
edit gap '$4 != 1 { print }'
bad gap "[0-9]*: column 4 (instance): instance 2 of box-tet at low speed, but no instance 1"
edit far 'NR == 5 { $4 = 100 } { print }'
bad far "5: column 4 (instance): instance 100 of box-tet at low speed, but no instance 3"
edit nobench '$1 != 2 { print }'
bad nobench " no rows of box-tet at high speed, a benchmark of this experiment"
edit counts '$1 != 4 || $4 != 2 { print }'
bad counts " 3 instances of box-tet at low speed, 2 of tet-tet at high speed"
edit quat 'NR > 1 && $1 == 3 && $4 == 1 { $16 = 0.9 } { print }'
bad quat "23: instance 1: body a (columns a_\*): .*start_orientation: not a unit quaternion"
edit blank 'NR == 8 { print "" } { print }'
bad blank "8: blank line inside the data"
printf 'models,speed,instance\n' >"$tmp/header.csv"
bad header "1: no column 'a_px'"
edit rows 'NR == 1 { print }'
bad rows "1: no instances"
printf 'models\0' >"$tmp/nul.csv"
bad nul "1: NUL byte at column 7"

# the key itself: relative to the config, named when the file is missing
# or a directory; seed beside it is an error (it would change nothing)
sed 's/^instances_file = .*/instances_file = nope.csv/' "$tmp/d/y.ini" >"$tmp/d/n.ini"
expect 2 "missing instances file" -- $vccd run "$tmp/d/n.ini" --out "$tmp/o"
one_line_error "missing instances file" "d/n.ini:3: \[experiment\] instances_file: .*d/nope.csv"
mkdir "$tmp/d/dir.csv"
expect 2 "instances file a directory" -- $vccd run "$tmp/d/y.ini" --out "$tmp/o" experiment.instances_file="$tmp/d/dir.csv"
one_line_error "instances file a directory" "command line:[0-9]*: \[experiment\] instances_file: .*dir.csv: is a directory"
sed 's/^instances_file = .*/&\nseed = 3/' "$tmp/d/y.ini" >"$tmp/d/s.ini"
expect 2 "seed beside instances_file" -- $vccd run "$tmp/d/s.ini" --out "$tmp/o"
one_line_error "seed beside instances_file" "d/s.ini:4: \[experiment\] seed: the instances come from instances_file"
# an instances_file override replaces the file's seed, as overrides do
expect 0 "instances_file override of a config with a seed" -- $vccd run "$tmp/x.ini" --out "$tmp/ov" \
    experiment.instances_file="$tmp/min.csv"
noseed "$tmp/ov/instances.csv" >"$tmp/b"
noseed "$tmp/g/instances.csv" >"$tmp/a"
check "instances_file override: the same rows and answers" cmp -s "$tmp/a" "$tmp/b"
expect 2 "both overridden" -- $vccd run "$tmp/x.ini" --out "$tmp/o" experiment.instances_file="$tmp/min.csv" experiment.seed=3
one_line_error "both overridden" "command line:[0-9]*: \[experiment\] seed: the instances come from"
expect 2 "seed override beside instances_file" -- $vccd run "$tmp/d/y.ini" --out "$tmp/o" experiment.seed=3
one_line_error "seed override beside instances_file" "command line:[0-9]*: \[experiment\] seed: the instances come from"

finish
