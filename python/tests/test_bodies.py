"""vccd.Bodies against the command line (`vccd scene` on a scene of
bodies), against vccd.toc on two rigid bodies and vccd.Scene on one
deforming body, and its errors."""
import csv
import io

import numpy as np
import pytest

import vccd
from conftest import SRCDIR, run_cli

CLOTH = SRCDIR / "experiments" / "data" / "scalable-ccd" / "cloth-funnel" / "frames"
CONFIG = SRCDIR / "experiments" / "configs" / "scene-bodies.ini"
Q = (0.36, 0.48, 0.64, 0.48)


def test_config_matches_cli(cli, tmp_path):
    b = vccd.Bodies.config(str(CONFIG))
    assert b.names == ["cloth", "ball", "bunny", "box"]
    r = b.toc(all_pairs=True)
    out = tmp_path / "all.csv"
    text = run_cli(cli, "scene", "--all-pairs", out, CONFIG)
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert "earliest contact: %s [%.17g, %.17g]" % (r.status, r.lo, r.hi) in text
    assert r.kept == len(rows) == len(r.pairs) == 2
    for row, p in zip(rows, r.pairs):
        assert (row["body_a"], row["body_b"], int(row["slice"]), row["status"]) == \
            (p["body_a"], p["body_b"], p["slice"], p["status"])
        assert float(row["lo"]) == p["lo"] and float(row["hi"]) == p["hi"]
        assert row["kind"] == p["kind"] and tuple(int(row["v%d" % k]) for k in range(4)) == p["vertices"]
    assert r.pair["body_a"] == r.pair["body_b"] == "cloth"


def boxes():
    a = vccd.Mesh.load("box:1:1:1")
    ma = vccd.Ltlrm(start_position=(-2, 0, 0), end_position=(0, 0, 0), start_orientation=(1, 0, 0, 0),
                    end_orientation=(1, 0, 0, 0))
    mb = vccd.Ltlrm(start_position=(2, 0, 0), end_position=(0, 0, 0), start_orientation=Q, end_orientation=Q)
    return a, ma, mb


def test_two_boxes_as_toc():
    a, ma, mb = boxes()
    b = vccd.Bodies()
    b.add("a", a, ma)
    b.add("b", a, mb)
    for d in (None, 0.25):
        r = b.toc(min_separation=d)
        t = vccd.toc(a, ma, a, mb, min_separation=d)
        assert (r.status, r.lo, r.hi) == (t.status, t.lo, t.hi)
        assert r.status == "certified" and r.kept == 1
    assert b.toc().lo <= 0.6912 <= b.toc().hi
    # far apart: the broad phase leaves them out
    far = vccd.Ltlrm(start_position=(10, 0, 0), end_position=(10, 1, 0), start_orientation=Q, end_orientation=Q)
    c = vccd.Bodies()
    c.add("a", a, ma)
    c.add("far", a, far)
    r = c.toc(all_pairs=True)
    assert r.status == "none" and r.kept == 0 and r.pairs == [] and r.pair is None


def test_cloth_as_scene_and_with_a_ball():
    m0 = vccd.Mesh.load(str(CLOTH / "227.ply.gz"))
    m1 = vccd.Mesh.load(str(CLOTH / "228.ply.gz"))
    alone = vccd.Scene.load(str(CLOTH / "227.ply.gz"), str(CLOTH / "228.ply.gz")).toc()
    b = vccd.Bodies()
    b.add_frames("cloth", m0.vertices, m1.vertices, m0.triangles)
    r = b.toc()
    assert (r.status, r.lo, r.hi) == (alone.status, alone.lo, alone.hi)
    ball = vccd.Mesh.load("icosphere:3", radius=0.3)
    fall = vccd.Ltlrm(start_position=(0, 0, 0.5), end_position=(0, 0, -0.5), start_orientation=(1, 0, 0, 0),
                      end_orientation=(0.7071067811865476, 0.7071067811865476, 0, 0))
    b.add("ball", ball, fall)
    r = b.toc(all_pairs=True)
    cfg = vccd.Bodies.config(str(CONFIG)).toc(all_pairs=True)
    assert [(p["body_a"], p["body_b"], p["status"], p["lo"], p["hi"]) for p in r.pairs] == \
        [(p["body_a"], p["body_b"], p["status"], p["lo"], p["hi"]) for p in cfg.pairs]


def test_errors(tmp_path):
    a, ma, mb = boxes()
    b = vccd.Bodies()
    with pytest.raises(vccd.Error, match="no bodies"):
        b.toc()
    b.add("a", a, ma)
    with pytest.raises(vccd.Error, match="second body"):
        b.add("a", a, mb)
    with pytest.raises(ValueError, match="name"):
        b.add("", a, mb)
    with pytest.raises(TypeError, match="vccd.Mesh"):
        b.add("b", "box", mb)
    pv = vccd.VertexLinear(x0=[0, 0, 0, 1, 0, 0, 0, 1, 0], x1=[0, 0, 1, 1, 0, 1, 0, 1, 1])
    with pytest.raises(vccd.Error, match="add_frames"):
        b.add("pv", vccd.Mesh(np.eye(3), [[0, 1, 2]]), pv)
    with pytest.raises(ValueError, match="V1"):
        b.add_frames("s", np.eye(3), np.eye(3)[:2], [[0, 1, 2]])
    with pytest.raises(ValueError, match="out of range"):
        b.add_frames("s", np.eye(3), np.eye(3), [[0, 1, 7]])
    assert b.names == ["a"]
    with pytest.raises(ValueError, match="body_slices"):
        b.toc(body_slices=0)
    with pytest.raises(ValueError, match="max_pairs"):
        b.toc(max_pairs=0)
    # more vertices than the vertex-linear model of the pair queries takes
    big = np.zeros(((1 << 20) + 1, 3))
    big[:3] = np.eye(3)
    with pytest.raises(vccd.Error, match=r"body 'big': .*1048576"):
        b.add_frames("big", big, big, [[0, 1, 2]])
    assert b.names == ["a"]
    b.add("b", a, ma)                   # three in one place: three pairs
    b.add("c", a, ma)
    with pytest.raises(vccd.Error, match="more than 1 pairs"):
        b.toc(max_pairs=1)

    bad = tmp_path / "bad.ini"
    bad.write_text("[body.a]\nframe0 = x.obj\n")
    with pytest.raises(vccd.Error, match=r"bad.ini:1: \[body.a\] frame1: missing"):
        vccd.Bodies.config(str(bad))
    c = vccd.Bodies.config(str(CONFIG))
    with pytest.raises(vccd.Error, match="config"):
        c.add("x", a, ma)
