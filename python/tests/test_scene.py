"""vccd.Scene against the command line (`vccd scene --all-pairs`) on the
bundled Scalable-CCD step, against the brute force of vccd.queries on a
small folded sheet, and its errors."""
import csv
import io

import numpy as np
import pytest

import vccd
from conftest import SRCDIR, run_cli

CLOTH = SRCDIR / "experiments" / "data" / "scalable-ccd" / "cloth-funnel" / "frames"
CONFIG = SRCDIR / "experiments" / "configs" / "cloth-funnel.ini"


def test_cloth_funnel_matches_cli(cli, tmp_path):
    s = vccd.Scene.load(str(CLOTH / "227.ply.gz"), str(CLOTH / "228.ply.gz"))
    assert (s.n_vertices, s.n_faces, s.n_edges) == (9450, 18484, 27930)
    r = s.toc(all_pairs=True)
    out = tmp_path / "all.csv"
    text = run_cli(cli, "scene", "--all-pairs", out, CONFIG)
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert r.candidates == len(rows) == len(r.pairs) == 41089
    assert r.status == "certified" and r.certified == 43
    assert "earliest contact: certified [%.17g, %.17g]" % (r.lo, r.hi) in text
    kinds = {"vertex-face": 0, "edge-edge": 1}
    status = {"none": vccd.NONE, "certified": vccd.CERTIFIED, "possible": vccd.POSSIBLE}
    # every candidate, bit for bit (lo and hi printed with 17 digits)
    for row, p in zip(rows, r.pairs):
        assert (kinds[row["kind"]], int(row["a"]), int(row["b"]), int(row["slice"])) == \
            (p["kind"], p["a"], p["b"], p["slice"])
        assert status[row["status"]] == p["status"]
        assert float(row["lo"]) == p["lo"] and float(row["hi"]) == p["hi"]
    # the earliest contact alone: the same status, overlapping bounds
    e = vccd.Scene.config(str(CONFIG)).toc()
    assert e.status == r.status and e.lo <= r.hi and r.lo <= e.hi and e.solved < e.candidates
    assert e.pair == ("vertex-face", 8481, 17305)


def sheet():
    """A 6 x 6 sheet whose right half folds over the left and through it."""
    n = 6
    V0 = np.array([(i / n, j / n, 0.0) for j in range(n + 1) for i in range(n + 1)])
    F = []
    for j in range(n):
        for i in range(n):
            a = j * (n + 1) + i
            F += [(a, a + 1, a + n + 2), (a, a + n + 2, a + n + 1)]
    V1 = V0.copy()
    right = V0[:, 0] > 0.5
    V1[right, 0] = 1.1 - V0[right, 0]
    V1[right, 2] = 0.3 * (V0[right, 1] - 0.5)
    return V0, V1, np.array(F)


def test_sheet_against_brute_force():
    V0, V1, F = sheet()
    s = vccd.Scene(V0, V1, F)
    r = s.toc(all_pairs=True)
    # the brute force: every vertex against every face not using it
    q, keys = [], []
    for v in range(len(V0)):
        for f, t in enumerate(F):
            if v not in t:
                q.append(np.concatenate([V0[[v, *t]], V1[[v, *t]]]))
                keys.append((v, f))
    b = vccd.queries(np.array(q), "vertex-face")
    got = {(int(p["a"]), int(p["b"])): p for p in r.pairs if p["kind"] == 0}
    touching = 0
    for (v, f), st, lo, hi in zip(keys, b.status, b.lo, b.hi):
        if (v, f) in got:
            p = got[(v, f)]
            assert (p["status"], p["lo"], p["hi"]) == (st, lo, hi)
        else:
            assert st == vccd.NONE, "vertex %d, face %d left out, answered %d" % (v, f, st)
        touching += st != vccd.NONE
    assert touching > 10 and r.status != "none"
    assert r.lo == min(p["lo"] for p in r.pairs if p["status"] != vccd.NONE)
    # the sweep finds the same candidates, with the same answers
    r2 = s.toc(all_pairs=True, broad="sweep")
    assert np.array_equal(r2.pairs, r.pairs)
    # other slices: other candidates, but every pair that touches
    r4 = s.toc(all_pairs=True, slices=4)
    got4 = {(int(p["a"]), int(p["b"])) for p in r4.pairs if p["kind"] == 0}
    assert all(k in got4 for k, st in zip(keys, b.status) if st != vccd.NONE)
    # within 0.01 no later than the contact
    rd = s.toc(min_separation="0.01")
    assert rd.status != "none" and rd.lo <= r.hi


def test_errors(tmp_path):
    V0, V1, F = sheet()
    with pytest.raises(ValueError, match="V1"):
        vccd.Scene(V0, V1[:-1], F)
    bad = V1.copy()
    bad[3, 1] = np.nan
    with pytest.raises(ValueError):
        vccd.Scene(V0, bad, F)
    s = vccd.Scene(V0, V1, F)
    with pytest.raises(vccd.Error, match="broad"):
        s.toc(broad="grid")
    with pytest.raises(ValueError, match="slices"):
        s.toc(slices=300)
    with pytest.raises(ValueError, match="min_separation"):
        s.toc(min_separation=-1)
    with pytest.raises(ValueError, match="max_candidates"):
        s.toc(max_candidates=0)
    with pytest.raises(vccd.Error, match="max_candidates"):
        s.toc(max_candidates=5, slices=1)
    a = tmp_path / "a.obj"
    b = tmp_path / "b.obj"
    a.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    b.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\n")
    with pytest.raises(vccd.Error) as err:
        vccd.Scene.load(str(a), str(b))
    assert str(a) in str(err.value) and str(b) in str(err.value)
    c = tmp_path / "c.ini"
    c.write_text("[scene]\nframe0 = a.obj\nframe1 = a.obj\nbroad = grid\n")
    with pytest.raises(vccd.Error) as err:
        vccd.Scene.config(str(c))
    assert err.value.line == 4
