#!/bin/sh
# `mpirun -np N vccd run` (a build with MPI): the instances spread over
# ranks give the files of a one-process run, timings aside -- with 2
# ranks, with more ranks than some benchmarks have instances, and with 1.
# Rank 0 computes only the instances i = 0 mod N, so equal files also
# show that the other ranks' rows arrived.  A bad config or --shard
# under mpirun ends every rank with status 2 (no rank left waiting).
# Skipped (77) without MPI.  Every mpirun has a timeout: a lost message
# must fail the test, not hang it.
set -u
. "${srcdir:-.}/tests/cli/common.sh"

grep -q '^#define HAVE_MPI 1' config.h 2>/dev/null || { echo "SKIP: vccd built without MPI"; exit 77; }
command -v mpirun >/dev/null || { echo "SKIP: no mpirun (openmpi-bin)"; exit 77; }
# Open MPI refuses root unless told; two ranks may exceed the cores
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Open MPI's own allocations outlive MPI_Finalize; t-run.sh checks
# vccd's paths for leaks without MPI
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
mpi() {
    np=$1; shift
    timeout 300 mpirun -np "$np" --oversubscribe "$@"
}

# the tiny experiment of t-run.sh: 2 models, 4 benchmarks, 3 instances
cp "${srcdir:-.}/tests/data/run-tiny.ini" "$tmp/x.ini"

same_as_one() {
    for f in instances.csv summary.csv; do
        untimed "$tmp/one/$f" >"$tmp/a"
        untimed "$tmp/$1/$f" >"$tmp/b"
        check "$1: $f = the one-process run's" cmp -s "$tmp/a" "$tmp/b"
    done
    check "$1: report.md written" grep -q "^## Verdict over all 12 instances" "$tmp/$1/report.md"
}

expect 0 "one process" -- $vccd run "$tmp/x.ini" --out "$tmp/one" --jobs 1
expect 0 "2 ranks" -- mpi 2 $vccd run "$tmp/x.ini" --out "$tmp/np2" --jobs 1
check "2 ranks: rank 0 says so" grep -q "all MPI ranks" "$tmp/out"
same_as_one np2
expect 0 "4 ranks, 3 instances" -- mpi 4 $vccd run "$tmp/x.ini" --out "$tmp/np4" --jobs 1
same_as_one np4
expect 0 "1 rank" -- mpi 1 $vccd run "$tmp/x.ini" --out "$tmp/np1" --jobs 2
same_as_one np1

# failures end every rank
sed 's/^bv = aabb/bv = aabbb/' "$tmp/x.ini" >"$tmp/bad.ini"
expect 2 "bad config under mpirun" -- mpi 2 $vccd run "$tmp/bad.ini" --out "$tmp/o"
check "bad config named" grep -q "bad.ini:17: .*aabbb" "$tmp/err"
expect 2 "--shard under mpirun" -- mpi 2 $vccd run "$tmp/x.ini" --out "$tmp/o" --shard 1/2
check "--shard refused" grep -q "shard and MPI ranks" "$tmp/err"

finish
