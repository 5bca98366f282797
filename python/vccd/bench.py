"""bench.py -- what the Python layer costs over the library
(`python3 -m vccd bench`), issue 27's two measurements:

  toc      vccd.toc on two bunnies (toc-bunnies.ini's query: radius 1,
           4 apart, each turning a quarter turn) against the same
           library call made directly, vccd_toc_meshes, with the BVHs
           built once before either is timed;
  queries  vccd.queries on the CCD benchmark's sample queries against
           `vccd queries` on the same files: the solve time, loading
           excluded (the command line reports its solve time; the
           Python side times vccd.queries on arrays read beforehand).

Times are wall-clock (time.perf_counter, CLOCK_MONOTONIC as the command
line's), the least of interleaved repetitions: on a loaded machine the
least is the one the other processes disturbed least.
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
    """The solve time `vccd queries` reports for files: queries x mean."""
    out = subprocess.run([cli, "queries"] + [str(f) for f in files], capture_output=True, text=True, check=True)
    m = re.search(r"^total: queries=(\d+) .* mean_us=([0-9.]+)", out.stdout, re.M)
    return int(m.group(1)) * float(m.group(2)) * 1e-6, int(m.group(1))


def bench_queries(files, cli, repeat=5):
    """(Python seconds, C batch seconds, CLI seconds, queries, FN) for
    all files: vccd.queries, the library's batch call made directly
    (vccd_toc_linear_batch), and `vccd queries`' solve time."""
    data = []
    for f in files:
        q, exact, truth = read_queries(f)
        kind = "vertex-face" if "vertex-face" in str(f) else "edge-edge"
        data.append((q[exact], truth[exact], kind))
    o = ffi.new("vccd_solve_opts *")
    lib.vccd_solve_opts_init(o)
    e = ffi.new("vccd_error *")
    py, c, fn = [], [], 0
    for rep in range(repeat):
        t = time.perf_counter()
        res = [vccd.queries(q, kind) for q, _, kind in data]
        py.append(time.perf_counter() - t)
        t = time.perf_counter()
        for q, _, kind in data:
            k = lib.VCCD_FEATURE_VF if kind == "vertex-face" else lib.VCCD_FEATURE_EE
            lib.vccd_toc_linear_batch(ffi.NULL, ffi.NULL, ffi.NULL, ffi.cast("double (*)[8][3]", ffi.from_buffer(q)),
                                      len(q), k, o, e)
        c.append(time.perf_counter() - t)
        if rep == 0:
            fn = sum(int(((r.status == vccd.NONE) & (truth == 1)).sum()) for r, (_, truth, _) in zip(res, data))
    clis = [_cli_solve_seconds(cli, files) for _ in range(repeat)]
    n = sum(len(q) for q, _, _ in data)
    return _best(py), _best(c), _best([s for s, _ in clis]), n, clis[0][1], fn


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
              "vccd queries (solve) %.2f ms: ratio %.2f to the CLI, %.3f to the C batch; fn=%d"
              % (n, ncli, len(files), py * 1e3, c * 1e3, cli * 1e3, py / cli, py / c, fn))
    return 0
