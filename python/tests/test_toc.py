"""vccd.toc, vccd.toc_pair and vccd.distance against the command line's
answers on the shipped configs (experiments/configs/toc*.ini), and
their errors.

The configs are turned into calls by a small reader below: every value
is handed over as the config's own text (exact decimals, as the
command line reads them), so the Python API gets the same inputs the
command line does, and must give the same answer bit for bit.  (The
package itself has no config reader: that is the library's business.)
"""
import configparser
import fractions
import json
import math
import subprocess
import threading

import numpy as np
import pytest

import vccd
from conftest import FULL, SRCDIR, run_cli

CONFIGS = sorted((SRCDIR / "experiments" / "configs").glob("toc*.ini"))
BIG_MODELS = ("bunny", "dragon", "buddha", "teapot")
_meshes = {}


def read(path):
    cp = configparser.ConfigParser(inline_comment_prefixes=("#", ";"), interpolation=None, strict=True)
    cp.optionxform = str
    cp.read(path)
    return cp


def motion(cp, name):
    s = dict(cp["motion." + name])
    cls = vccd.MOTIONS[s.pop("type")]
    if cls.per_vertex:
        n = int(s.pop("vertices"))
        sig = next(g for g in cls.signatures if any(p.per_vertex for p in g.params))
        rows = [s.pop("vertex.%d" % i).split() for i in range(n)]
        at = 0
        for p in sig.params:
            if p.per_vertex:
                s[p.key] = " ".join(" ".join(r[at:at + p.count]) for r in rows)
                at += p.count
    return cls(**s)


def mesh(sec):
    scale = sec.get("scale", "none").split()
    key = (sec["mesh"], sec.get("center", "none"), float(scale[1]) if scale[0] == "radius" else None,
           sec.get("degenerate", "keep"))
    if key not in _meshes:
        _meshes[key] = vccd.Mesh.load(key[0], center=key[1], radius=key[2], degenerate=key[3])
    return _meshes[key]


def options(cp):
    o = {}
    if cp.has_section("solver"):
        s = cp["solver"]
        o.update(solver=s.get("type"), eps_t=s.getfloat("eps_t"), max_boxes=s.getint("max_boxes"),
                 max_work=s.getint("max_work"))
    if cp.has_section("arithmetic"):
        s = cp["arithmetic"]
        o.update(arith=s.get("backend"), max_precision=s.getint("max_precision"))
    return {k: v for k, v in o.items() if v is not None}


def python_answer(cp):
    """The config's query through the Python API."""
    o = options(cp)
    bodies = [s for s in cp.sections() if s.startswith("body.")]
    if bodies:
        q = cp["query"] if cp.has_section("query") else {}
        for k in ("mode", "bv", "search"):
            if k in q:
                o[k] = q[k]
        for k in ("eps_d", "min_separation"):          # exact decimals
            if k in q:
                o[k] = q[k]
        for k in ("positive_gap", "advance"):
            if k in q:
                o[k] = q[k] == "yes"
        args = []
        for b in bodies:
            args += [mesh(cp[b]), motion(cp, cp[b]["motion"])]
        return vccd.toc(*args, **o)
    p = cp["pair"]
    points = []
    for k in range(4 if p["kind"] != "vertex-edge-2d" else 3):
        w = p["point.%d" % k].split()
        m = motion(cp, w[0])
        points.append((m, int(w[2]) if w[1] == "vertex" else tuple(float(x) for x in w[1:])))
    if "min_separation" in p:
        o["min_separation"] = p["min_separation"]
    return vccd.toc_pair(p["kind"], points, **o)


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_toc_config_as_the_cli(path, cli):
    text = path.read_text()
    if not FULL and any("= " + m in text for m in BIG_MODELS):
        pytest.skip("reads a bundled 70K-triangle model: the full-size pass only")
    # the command line runs while Python answers (two cores, half the wait)
    p = subprocess.Popen([cli, "toc", "--json", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    got = python_answer(read(path))
    out, err = p.communicate()
    assert p.returncode == 0, err
    want = json.loads(out)
    # lo and hi are strings (doc/query.md) that read back as the doubles
    lo, hi = float(want["lo"]), float(want["hi"])
    assert (got.status, got.lo, got.hi) == (want["status"], lo, hi)
    assert got.rigorous == want["rigorous"] and got.limited == want["limited"]
    assert got.lo_exact == fractions.Fraction(lo) and got.hi_exact == fractions.Fraction(hi)
    if "bodies" not in want:
        return
    assert got.approximate == want["approximate"]
    assert (got.gap is not None) == ("gap" in want)
    if got.gap is not None:
        assert list(got.gap) == want["gap"]
    assert (got.pair is not None) == ("pair" in want)
    if got.pair is not None:
        p = want["pair"]
        assert got.pair.kind == p["kind"] and list(got.pair.triangles) == p["triangles"]
        if p["kind"] == "edge-edge":
            assert [list(got.pair.vertices[:2]), list(got.pair.vertices[2:])] == p["edges"]
        else:
            assert got.pair.vertex_body == p["vertex_body"] and got.pair.vertices[0] == p["vertex"]
        assert list(got.point) == want["point"] and list(got.normal) == want["normal"]
        assert list(got.velocity) == want["velocity"]
    if "step_back" in want:
        assert got.stepped != 0 and got.lo_contact == want["step_back"]["lo_contact"]
    assert got.safe_t == want.get("safe_t") and got.gap_t == want.get("gap_t")
    for k in ("bv_tests", "feature_pairs", "solver_boxes", "items", "leaf_pairs", "filtered", "escalations"):
        assert got.stats[k] == want[k], k


def boxes():
    a = vccd.Mesh.load("box:1:1:1")
    ma = vccd.Ltlrm(o0=(-2, 0, 0), v=(4, 0, 0), omega=(0, 0, 0))
    mb = vccd.Ltlrm(o0=(2, 0, 0), v=(-4, 0, 0), omega=(0, 0, 1))
    return a, ma, mb


def test_result():
    a, ma, mb = boxes()
    r = vccd.toc(a, ma, a, mb, eps_t=1e-9)
    assert r.status == "certified" and 0 < r.lo <= r.hi <= r.lo + 1e-9
    assert r.rigorous and not r.approximate and not r.limited
    assert r.pair.kind in ("vertex-face", "edge-edge") and len(r.point) == 3
    assert abs(np.linalg.norm(r.normal) - 1) < 1e-9 and r.gap[0] > 0
    assert isinstance(r.lo_exact, fractions.Fraction) and float(r.lo_exact) == r.lo
    assert r.stats["bv_tests"] > 0 and "certified" in repr(r)
    # capoeira: a proved lower bound only
    c = vccd.toc(a, ma, a, mb, mode="capoeira")
    assert c.approximate and c.status in ("possible", "none") and c.lo <= r.lo
    # a time domain without the contact
    n = vccd.toc(a, ma, a, mb, t1=0.25)
    assert n.status == "none" and n.lo == 0.25
    # unrounded: labelled as proving nothing
    assert not vccd.toc(a, ma, a, mb, arith="unrounded").rigorous
    # min_separation as exact decimal text: the first time within 0.1
    m = vccd.toc(a, ma, a, mb, min_separation="0.1")
    assert m.status == "certified" and m.hi < r.lo
    d = vccd.distance(a, ma, a, mb, m.lo)
    assert d.lower > 0.1 - 1e-6


def test_safe_time_near_miss():
    # issue 29: box B slides over box A 1e-4 above its top face, from
    # x = -3 to x = 0 at t = 1: none, but 1e-4 apart at t1.  With
    # eps_d = 1e-3 the safe time comes before t* = (2 - sqrt(1e-6 - 1e-8))
    # / 3, where the gap is 1e-3, within the step back's bisection
    a = vccd.Mesh.load("box:1:1:1")
    still = vccd.Ltlrm(o0=(0, 0, 0), v=(0, 0, 0), omega=(0, 0, 0))
    slide = vccd.Ltlrm(o0=(-3, 0, 1.0001), v=(3, 0, 0), omega=(0, 0, 0))
    tstar = (2 - math.sqrt(1e-6 - 1e-8)) / 3
    r = vccd.toc(a, still, a, slide, eps_d="1e-3")
    assert r.status == "none" and r.lo == r.hi == 1.0
    assert r.stepped == 1 and r.lo_contact == 1.0 and tstar - 2**-12 <= r.safe_t <= tstar
    assert r.gap_t == r.safe_t and r.gap[0] >= 1e-3 and "safe_t=" in repr(r)
    # the proof, by the distance query on its own
    assert vccd.distance(a, still, a, slide, r.safe_t).lower >= 1e-3
    assert vccd.distance(a, still, a, slide, 1.0).upper < 1e-3
    # eps_d below the gap at t1: t1 itself
    s = vccd.toc(a, still, a, slide, eps_d="5e-5")
    assert s.status == "none" and s.stepped == 0 and s.safe_t == 1.0 and s.gap_t == 1.0 and s.gap[0] >= 5e-5
    # parked 1e-4 above A all along: no safe time
    parked = vccd.Ltlrm(o0=(0, 0, 1.0001), v=(0, 0, 0), omega=(0, 0, 0))
    p = vccd.toc(a, still, a, parked, eps_d="1e-3")
    assert p.status == "none" and p.stepped == -1 and p.safe_t is None and p.gap_t == 0.0
    # a contact: the safe time is the stepped-back lo; without eps_d, none
    b, ma, mb = boxes()
    c = vccd.toc(b, ma, b, mb, eps_d=0.01)
    assert c.status == "certified" and c.stepped == 1 and c.safe_t == c.lo == c.gap_t and c.gap[0] >= 0.01
    assert vccd.toc(b, ma, b, mb).safe_t is None and vccd.toc(a, still, a, slide).safe_t is None
    # a deforming body has no rigorous distance to prove a gap with
    eight = vccd.VertexLinear(x0=b.vertices, x1=b.vertices + 1)
    with pytest.raises(vccd.Error, match="eps_d: the step back needs rigid motions"):
        vccd.toc(b, eight, b, mb, eps_d=0.01)


def test_query_work_budget():
    a, ma, mb = boxes()
    r = vccd.toc(a, ma, a, mb)
    assert not r.out_of_work and 0 < r.stats["work"] <= 10**7
    # a budget too small for the search: possible from a proved lo
    s = vccd.toc(a, ma, a, mb, query_max_work=40)
    assert s.status == "possible" and s.limited and s.out_of_work and "out_of_work=True" in repr(s)
    # (work may stop short of 40: the search's memory counts too, 16
    # bytes a unit, and 640 bytes run out first)
    assert s.lo <= r.lo and 0 < s.stats["work"] < r.stats["work"]
    # the same budget, the same answer: units, not seconds
    t = vccd.toc(a, ma, a, mb, query_max_work=40)
    assert (t.status, t.lo, t.hi, t.stats["work"]) == (s.status, s.lo, s.hi, s.stats["work"])
    # enough budget: the plain answer bit for bit
    u = vccd.toc(a, ma, a, mb, query_max_work=10**12)
    assert (u.status, u.lo, u.hi) == (r.status, r.lo, r.hi)
    # a body sent 1e200 away within the step ends within the default budget
    far = vccd.Ltlrm(o0=(1e200, 0, 0), v=(-1e200, 0, 0), omega=(0, 0, 0))
    f = vccd.toc(a, ma, a, far)
    assert f.status in ("possible", "none", "certified") and f.stats["work"] <= 10**7 + 300000
    for bad in (0, -1, 10**12 + 1):
        with pytest.raises(ValueError, match="query_max_work"):
            vccd.toc(a, ma, a, mb, query_max_work=bad)
    with pytest.raises(TypeError, match="query_max_work"):
        vccd.toc(a, ma, a, mb, query_max_work=1.5)


def test_distance_as_the_cli(cli, tmp_path):
    a, ma, mb = boxes()
    d = vccd.distance(a, ma, a, mb, 0.125, bv="aabb")
    assert d.status == "separated" and 0 < d.lower <= d.upper < d.lower + 1e-9
    cfg = tmp_path / "d.ini"
    cfg.write_text("[mesh.a]\nfile = box:1:1:1\n[motion.a]\ntype = ltlrm\no0 = -2 0 0\nv = 4 0 0\nomega = 0 0 0\n"
                   "[motion.b]\ntype = ltlrm\no0 = 2 0 0\nv = -4 0 0\nomega = 0 0 1\n"
                   "[distance]\nmesh.0 = a\nmesh.1 = a\nmotion.0 = a\nmotion.1 = b\nt = 0.125\nbv = aabb\n"
                   "leaf_size = 1\n")
    out = run_cli(cli, "distance", cfg).splitlines()
    # `vccd distance` places the meshes by their poses at t, the library
    # call by the motions' frames (toc.h): two enclosures of the same
    # distance, which must overlap
    lo, hi = map(float, next(x for x in out if x.startswith("distance: ")).split("[")[1].strip("]").split(","))
    assert max(lo, d.lower) <= min(hi, d.upper) and abs(lo - d.lower) < 1e-12
    assert "status: separated" in out


def test_query_errors():
    a, ma, mb = boxes()
    flat = vccd.Mesh.load("ngon:5")
    m2 = vccd.Ltlrm2d(o0=(0, 0), v=(1, 0), omega=0)
    few = vccd.VertexLinear(x0=np.zeros((3, 3)), x1=np.ones((3, 3)))
    with pytest.raises(vccd.Error, match="planar|2D|3D"):
        vccd.toc(a, m2, a, mb)
    with pytest.raises(vccd.Error, match="vert"):
        vccd.toc(a, few, a, mb)
    with pytest.raises(vccd.Error, match="2D|3D|planar"):
        vccd.toc(flat, m2, a, mb)
    eight = vccd.VertexLinear(x0=a.vertices, x1=a.vertices + 1)
    vccd.toc(a, eight, a, mb)
    with pytest.raises(vccd.Error, match="per-vertex|rigid"):
        vccd.distance(a, eight, a, mb)
    for kw, pattern in ((dict(bv="cube"), "unknown BV type"), (dict(mode="fast"), "unknown mode"),
                        (dict(solver="magic"), r"unknown solver 'magic' \(bisection"),
                        (dict(arith="binary32"), "unknown arithmetic"), (dict(search="dfs"), "unknown search"),
                        (dict(eps_d=0.01, mode="capoeira"), "step back needs mode = exact")):
        with pytest.raises(vccd.Error, match=pattern):
            vccd.toc(a, ma, a, mb, **kw)
    for kw in (dict(eps_t=2), dict(eps_t=math.nan), dict(t0=0.5, t1=0.25), dict(t1=1.5), dict(min_separation=-1),
               dict(min_separation="abc"), dict(max_boxes=0), dict(max_precision=10)):
        with pytest.raises(ValueError):
            vccd.toc(a, ma, a, mb, **kw)
    with pytest.raises(TypeError):
        vccd.toc(a, ma, a, "ltlrm")
    with pytest.raises(TypeError):
        vccd.toc(a, ma, np.zeros((3, 3)), mb)
    with pytest.raises(ValueError, match=r"t: 2.0 is not in \[0, 1\]"):
        vccd.distance(a, ma, a, mb, 2.0)


def test_toc_pair_errors():
    m = vccd.Ltlrm(o0=(0, 0, 1), v=(0, 0, -2), omega=(0, 0, 3))
    g = vccd.VertexLinear(x0=np.eye(3), x1=np.eye(3))
    with pytest.raises(vccd.Error, match="unknown kind"):
        vccd.toc_pair("face-face", [(m, (0, 0, 0))] * 4)
    with pytest.raises(ValueError, match="has 4 points, not 3"):
        vccd.toc_pair("vertex-face", [(m, (0, 0, 0)), (g, 0), (g, 1)])
    with pytest.raises(ValueError, match="3 vertices: no vertex 3"):
        vccd.toc_pair("vertex-face", [(m, (0, 0, 0)), (g, 0), (g, 1), (g, 3)])
    with pytest.raises(ValueError, match="moves vertices: give a vertex index"):
        vccd.toc_pair("vertex-face", [(m, (0, 0, 0)), (g, (0, 0, 0)), (g, 1), (g, 2)])
    with pytest.raises(ValueError, match="is rigid: give a body point"):
        vccd.toc_pair("vertex-face", [(m, 0), (g, 0), (g, 1), (g, 2)])
    with pytest.raises(ValueError, match="not a finite"):
        vccd.toc_pair("vertex-face", [(m, (0, math.nan, 0)), (g, 0), (g, 1), (g, 2)])
    with pytest.raises(vccd.Error, match="planar, so z must be 0"):
        p = vccd.Ltlrm2d(o0=(0, 0), v=(1, 0), omega=0)
        vccd.toc_pair("vertex-edge-2d", [(p, (0, 0, 1)), (p, (1, 0, 0)), (p, (0, 1, 0))])


def test_threads_share_meshes():
    """The meshes and motions are read only: queries in threads (the GIL
    released in the library) give the answers of the same queries in
    turn."""
    a, ma, mb = boxes()
    speeds = [0.5 + 0.25 * i for i in range(8)]
    motions = [vccd.Ltlrm(o0=(2, 0.1 * i, 0), v=(-s, 0, 0), omega=(0, 0, s)) for i, s in enumerate(speeds)]
    want = [vccd.toc(a, ma, a, m) for m in motions]
    got = [None] * len(motions)

    def run(i):
        got[i] = vccd.toc(a, ma, a, motions[i])

    ts = [threading.Thread(target=run, args=(i,)) for i in range(len(motions))]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert [(r.status, r.lo, r.hi) for r in got] == [(r.status, r.lo, r.hi) for r in want]


def test_help_states_the_guarantee():
    doc = vccd.toc.__doc__
    for words in ("[t0, lo)", "certified", "possible", "none", "NON-RIGOROUS", "min_separation"):
        assert words in doc
