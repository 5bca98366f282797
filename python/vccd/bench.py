"""bench.py -- what the Python layer costs over the library
(`python3 -m vccd bench`), issue 27's two measurements:

  toc      vccd.toc on two bunnies (toc-bunnies.ini's query: radius 1,
           4 apart, each turning a quarter turn) against the same
           library call made directly, vccd_toc_meshes, with the BVHs
           built once before either is timed;
  queries  vccd.queries on the CCD benchmark's sample queries against
           `vccd queries` on the same files: the solve time, loading
           excluded (the command line reports its solve time per file;
           the Python side times vccd.queries per file on arrays read
           beforehand; see bench_queries).

Times are wall-clock (time.perf_counter, CLOCK_MONOTONIC as the command
line's), the least of interleaved repetitions (per file for queries):
on a loaded machine the least is the one the other processes disturbed
least.
"""
import csv
import fractions
import os
import pathlib
import re
import subprocess
import time

import numpy as np

import vccd
from vccd._common import ffi, lib

__all__ = ["bench_toc", "bench_queries", "read_queries"]


def read_queries(path):
    """The queries of a benchmark CSV file (8 rows "Px,Qx,Py,Qy,Pz,Qz,T"
    per query) as (points N x 8 x 3, exact N, truth N): exact says
    whether all 24 rationals of a query are exactly doubles (the points
    are then exactly the file's; otherwise the nearest doubles)."""
    rows = [r for r in csv.reader(open(path)) if r]
    n = len(rows) // 8
    q = np.zeros((n, 8, 3))
    exact = np.ones(n, dtype=bool)
    truth = np.zeros(n, dtype=np.int8)
    for i in range(n):
        for r in range(8):
            f = rows[8 * i + r]
            for k in range(3):
                x = fractions.Fraction(int(f[2 * k]), int(f[2 * k + 1]))
                q[i, r, k] = float(x)
                if fractions.Fraction(q[i, r, k]) != x:
                    exact[i] = False
        truth[i] = int(rows[8 * i][6])
    return q, exact, truth


def _best(xs):
    return min(xs)


def bench_toc(repeat=15, model="bunny"):
    """(Python seconds, C seconds, answer) per query, the least of repeat."""
    a = vccd.Mesh.load(model, center="centroid", radius=1)
    ma = vccd.Ltlrm(start_position=(-2, 0, 0), end_position=(0, 0, 0), start_orientation=(1, 0, 0, 0),
                    end_orientation="0.7071067811865476 0.7071067811865476 0 0")
    mb = vccd.Ltlrm(start_position=(2, 0, 0), end_position=(0, 0, 0), start_orientation=(0, 0, 1, 0),
                    end_orientation="0.7071067811865476 0 0 0.7071067811865476")
    r = vccd.toc(a, ma, a, mb)                  # builds the BVH (obb) once
    from vccd.query import _input
    inp, keep = _input(a, ma, a, mb, *([None] * 15))
    ans = ffi.new("vccd_toc_answer *")
    st = ffi.new("vccd_toc_stats *")
    e = ffi.new("vccd_error *")
    py, c = [], []
    for _ in range(repeat):
        t = time.perf_counter()
        vccd.toc(a, ma, a, mb)
        py.append(time.perf_counter() - t)
        t = time.perf_counter()
        lib.vccd_toc_meshes(ans, st, inp, e)
        c.append(time.perf_counter() - t)
    assert (ans.status, ans.lo, ans.hi) == (lib.VCCD_TOC_CERTIFIED, r.lo, r.hi)
    return _best(py), _best(c), r


def _cli_solve_seconds(cli, files):
    """The solve time `vccd queries` reports for each of files (its
    per-file line: queries x mean_us), in seconds, and the query count."""
    out = subprocess.run([cli, "queries"] + [str(f) for f in files], capture_output=True, text=True, check=True)
    per = {}
    for m in re.finditer(r"^(.*): queries=(\d+) .* mean_us=([0-9.]+)", out.stdout, re.M):
        if m.group(1) != "total":
            per[m.group(1)] = (int(m.group(2)) * float(m.group(3)) * 1e-6, int(m.group(2)))
    return [per[str(f)][0] for f in files], sum(per[str(f)][1] for f in files)


def bench_queries(files, cli, repeat=5):
    """(Python seconds, C batch seconds, CLI seconds, queries, CLI
    queries, FN) for all files: vccd.queries, the library's batch call
    made directly (vccd_toc_linear_batch) and `vccd queries`' solve time,
    the same default options on all three.  Each side's time is the sum
    over files of the least over repeat interleaved rounds: the command
    line times each query's solve apart (a window of microseconds, which
    the other processes of a loaded machine rarely interrupt), so the
    batch calls are timed per file (0.1 to 3 ms) and their least kept,
    the one least interrupted.  Loading is excluded on every side (the
    arrays are read before timing); vccd.queries' own checks and
    conversions of the array are included, as they are part of the call."""
    data = []
    for f in files:
        q, exact, truth = read_queries(f)
        kind = "vertex-face" if "vertex-face" in str(f) else "edge-edge"
        data.append((q[exact], truth[exact], kind))
    o = ffi.new("vccd_solve_opts *")
    lib.vccd_solve_opts_init(o)
    e = ffi.new("vccd_error *")
    nf = len(files)
    py, c, cl = [[] for _ in range(nf)], [[] for _ in range(nf)], [[] for _ in range(nf)]
    fn, ncli = 0, 0
    for rep in range(repeat):
        for j, (q, truth, kind) in enumerate(data):
            t = time.perf_counter()
            r = vccd.queries(q, kind)
            py[j].append(time.perf_counter() - t)
            k = lib.VCCD_FEATURE_VF if kind == "vertex-face" else lib.VCCD_FEATURE_EE
            qp = ffi.cast("double (*)[8][3]", ffi.from_buffer(q))
            t = time.perf_counter()
            rc = lib.vccd_toc_linear_batch(ffi.NULL, ffi.NULL, ffi.NULL, qp, len(q), k, o, e)
            c[j].append(time.perf_counter() - t)
            if rc != 0:
                raise RuntimeError(ffi.string(e.msg).decode())
            if rep == 0:
                fn += int(((r.status == vccd.NONE) & (truth == 1)).sum())
        secs, ncli = _cli_solve_seconds(cli, files)
        for j in range(nf):
            cl[j].append(secs[j])
    n = sum(len(q) for q, _, _ in data)
    total = lambda ts: sum(_best(t) for t in ts)
    return total(py), total(c), total(cl), n, ncli, fn


def _find_queries():
    for d in (os.environ.get("VCCD_SHARED"), pathlib.Path.cwd() / ".." / "shared", pathlib.Path("/work/shared")):
        if d and (pathlib.Path(d) / "data" / "sample-queries").is_dir():
            return pathlib.Path(d) / "data" / "sample-queries"
    return None


def main(args):
    import argparse
    p = argparse.ArgumentParser(prog="python3 -m vccd bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=15, help="repetitions (the least time is reported)")
    p.add_argument("--model", default="bunny", help="the mesh of the toc bench (default bunny)")
    p.add_argument("--queries", help="a directory of sample-query CSV files (default: ../shared/data/sample-queries)")
    p.add_argument("--cli", default="experiments/vccd", help="the vccd command (default ./experiments/vccd)")
    p.add_argument("what", nargs="*", help="toc, queries (default both)")
    a = p.parse_args(args)
    a.what = a.what or ["toc", "queries"]
    for w in a.what:
        if w not in ("toc", "queries"):
            p.error("unknown bench %r (toc, queries)" % w)
    if "toc" in a.what:
        py, c, r = bench_toc(a.repeat, a.model)
        print("toc two %ss: python %.3f ms, C vccd_toc_meshes %.3f ms: ratio %.3f (%s [%.17g, %.17g])"
              % (a.model, py * 1e3, c * 1e3, py / c, r.status, r.lo, r.hi))
    if "queries" in a.what:
        d = pathlib.Path(a.queries) if a.queries else _find_queries()
        if d is None:
            print("queries: no sample-query directory (give --queries DIR)")
            return 2
        files = sorted(d.rglob("*.csv"))
        py, c, cli, n, ncli, fn = bench_queries(files, a.cli, max(1, a.repeat // 3))
        print("queries %d (of %d in %d files): python vccd.queries %.2f ms, C vccd_toc_linear_batch %.2f ms, "
              "vccd queries (solve) %.2f ms: python/CLI %.2f, C batch/CLI %.2f, python/C batch %.3f; fn=%d"
              % (n, ncli, len(files), py * 1e3, c * 1e3, cli * 1e3, py / cli, c / cli, py / c, fn))
        if n != ncli:
            print("warning: %d queries are not exactly doubles and were left out of the batch calls: the sides "
                  "do not solve the same queries" % (ncli - n))
    return 0
