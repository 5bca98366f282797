"""vccd.queries against `vccd queries` on the CCD benchmark's sample
queries (Wang et al., ACM TOG 2021): the bundled copy in
tests/data/sample-queries, and in the full-size pass the whole shared
set when this checkout sits next to it.

The files hold exact rationals; vccd.queries takes doubles.  A query is
compared where all its 24 coordinates are exactly doubles (then both
get the same numbers and must give the same status, lo and hi, bit for
bit); on those, no false negative (FN = 0: a query whose truth is a
contact never answered none).  The others are counted, not compared."""
import csv
import os
import pathlib

import numpy as np
import pytest

import vccd
import vccd.bench
from conftest import FULL, SRCDIR, run_cli


def read_queries(path):
    """(points N x 8 x 3 float64, exact mask N, truth N, first line N):
    the package's reader, plus the CSV line each query starts on."""
    q, exact, truth = vccd.bench.read_queries(path)
    return q, exact, truth, 8 * np.arange(len(q)) + 1


def compare(cli, files, tmp_path, threads=1):
    out = tmp_path / "cli.csv"
    run_cli(cli, "queries", "--csv", out, *files)
    cli_rows = {(r["file"], int(r["line"])): r for r in csv.DictReader(open(out))}
    stats = {"queries": 0, "compared": 0, "fn": 0, "positives": 0}
    for f in files:
        kind = "vertex-face" if "vertex-face" in str(f) else "edge-edge"
        q, exact, truth, line = read_queries(f)
        got = vccd.queries(q[exact], kind, threads=threads)
        want = [cli_rows[(str(f), int(ln))] for ln in line[exact]]
        names = {vccd.NONE: "none", vccd.CERTIFIED: "certified", vccd.POSSIBLE: "possible"}
        assert [names[int(s)] for s in got.status] == [w["status"] for w in want], f
        assert got.lo.tolist() == [float(w["lo"]) for w in want], f
        assert got.hi.tolist() == [float(w["hi"]) for w in want], f
        stats["queries"] += len(q)
        stats["compared"] += int(exact.sum())
        stats["positives"] += int(truth[exact].sum())
        stats["fn"] += int(((got.status == vccd.NONE) & (truth[exact] == 1)).sum())
    return stats


def test_bundled_queries_as_the_cli(cli, tmp_path):
    files = sorted((SRCDIR / "tests" / "data" / "sample-queries").rglob("*.csv"))
    assert len(files) == 4
    s = compare(cli, files, tmp_path)
    print("bundled sample queries:", s)
    # 324 queries; those with a coordinate that is no double are left out
    assert s["queries"] == 324 and s["compared"] >= 300 and s["positives"] > 0 and s["fn"] == 0


def _shared():
    for d in (os.environ.get("VCCD_SHARED"), SRCDIR / ".." / "shared", pathlib.Path("/work/shared")):
        if d and (pathlib.Path(d) / "data" / "sample-queries").is_dir():
            return pathlib.Path(d) / "data" / "sample-queries"
    return None


@pytest.mark.skipif(not FULL or _shared() is None, reason="the shared query set: full-size pass, when present")
def test_shared_queries_as_the_cli(cli, tmp_path):
    files = sorted(_shared().rglob("*.csv"))
    s = compare(cli, files, tmp_path, threads=2)
    print("shared sample queries:", s)
    assert s["compared"] > 0 and s["fn"] == 0


def test_threads_give_the_same_answers():
    q, exact, _, _ = read_queries(SRCDIR / "tests" / "data" / "sample-queries" / "unit-tests" / "edge-edge"
                                  / "data_0_0.csv")
    q = q[exact]
    one = vccd.queries(q, "edge-edge")
    for t in (2, 3, 0, 1000):
        many = vccd.queries(q, "edge-edge", threads=t)
        assert all(np.array_equal(a, b) for a, b in zip(one, many))
    assert one.status.dtype == np.int8 and one.lo.dtype == np.float64 and len(one.hi) == len(q)
    assert "queries" in repr(one)
    # one query as an 8 x 3 array, and an empty batch
    assert vccd.queries(q[0], "edge-edge").lo[0] == one.lo[0]
    assert len(vccd.queries(np.zeros((0, 8, 3))).status) == 0


def test_options():
    q, exact, truth, _ = read_queries(SRCDIR / "tests" / "data" / "sample-queries" / "unit-tests" / "vertex-face"
                                      / "data_0_0.csv")
    q, truth = q[exact], truth[exact]
    for arith in ("mpfr:113", "adaptive"):
        for solver in ("bisection", "newton"):
            r = vccd.queries(q, "vertex-face", arith=arith, solver=solver, eps_t=1e-9)
            assert not ((r.status == vccd.NONE) & (truth == 1)).any()
    lim = vccd.queries(q, max_boxes=1)
    assert (lim.status != vccd.NONE).sum() >= (truth == 1).sum()


@pytest.mark.parametrize("q, pattern", [
    (np.zeros((4, 8, 2)), r"a 4x8x2 array; expected N x 8 x 3"),
    (np.zeros((4, 7, 3)), r"a 4x7x3 array"),
    (np.zeros(24), r"a 24 array"),
    (3.0, r"a scalar array|scalar"),
    (np.zeros((2, 8, 3), dtype=complex), r"dtype complex128"),
    (np.full((2, 8, 3), "x"), r"dtype <U1"),
    (np.where(np.arange(48).reshape(2, 8, 3) == 29, np.nan, 0.0), r"query 1, row 1: coordinate 2 is nan"),
    (np.where(np.arange(48).reshape(2, 8, 3) == 5, np.inf, 0.0), r"query 0, row 1: coordinate 2 is inf"),
    ([[[0, 0, 0]] * 8, [[0, 0]] * 8], r"not an N x 8 x 3 array|expected N x 8 x 3"),
    (np.full((1, 8, 3), 2**60), r"beyond 2\^53"),
])
def test_bad_arrays(q, pattern):
    with pytest.raises(ValueError, match=pattern):
        vccd.queries(q)


def test_bad_options():
    q = np.zeros((1, 8, 3))
    with pytest.raises(vccd.Error, match="unknown kind 'vertex-edge-2d'"):
        vccd.queries(q, "vertex-edge-2d")
    with pytest.raises(ValueError, match="threads"):
        vccd.queries(q, threads=-1)
    with pytest.raises(vccd.Error, match="unknown arithmetic"):
        vccd.queries(q, arith="mpfr:1")
    # non-contiguous and float32 arrays are taken as the doubles they hold
    a = np.zeros((3, 8, 6))[:, :, ::2]
    a[:, 4:, 2] = 1.0
    assert not a.flags.c_contiguous
    assert np.array_equal(vccd.queries(a).status, vccd.queries(a.astype(np.float32)).status)
