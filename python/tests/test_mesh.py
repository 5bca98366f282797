"""Meshes from numpy arrays and from specs; every bad array is a clear
ValueError (never a crash), every refusal of the library a vccd.Error
with its message; BVHs are built once per BV type and kept."""
import gzip
import re

import numpy as np
import pytest

import vccd
from conftest import run_cli

TET_V = np.array([[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]], dtype=float)
TET_F = np.array([[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]])


def test_from_arrays():
    m = vccd.Mesh(TET_V, TET_F, name="tet")
    assert (m.n_vertices, m.n_triangles, m.n_edges) == (4, 4, 6)
    assert m.closure == "closed" and m.closed and not m.planar and len(m) == 4
    assert np.array_equal(m.vertices, TET_V) and np.array_equal(m.triangles, TET_F)
    lo, hi = m.bbox
    assert list(lo) == [-1, -1, -1] and list(hi) == [1, 1, 1]
    assert "tet" in repr(m) and "4 triangles" in repr(m)
    # the arrays were copied, and the copies handed out are copies
    v = TET_V.copy()
    m2 = vccd.Mesh(v, TET_F)
    v[0, 0] = 7.0
    m2.vertices[0, 0] = 9.0
    assert m2.vertices[0, 0] == 1.0
    # any integer dtype, non-contiguous views, float32 and int vertices
    F = np.asfortranarray(TET_F.astype(np.uint16))
    V = np.hstack([TET_V, np.zeros((4, 1))])[:, :3]
    assert not V.flags.c_contiguous
    assert np.array_equal(vccd.Mesh(V.astype(np.float32), F).vertices, TET_V)
    assert np.array_equal(vccd.Mesh(TET_V.astype(np.int8), F.tolist()).vertices, TET_V)
    # the geometry is the doubles given, exactly
    w = TET_V * (1 / 3)
    assert np.array_equal(vccd.Mesh(w, TET_F).vertices, w)


def test_planar_and_open():
    sq = vccd.Mesh([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], [[0, 1, 1], [1, 2, 2], [2, 3, 3], [3, 0, 0]])
    assert sq.planar and sq.closure == "closed" and sq.n_triangles == 4
    sheet = vccd.Mesh([[0, 0, 0], [1, 0, 0], [0, 1, 0]], [[0, 1, 2]])
    assert sheet.closure == "open" and not sheet.closed


@pytest.mark.parametrize("V, F, pattern", [
    (TET_V[:, :2], TET_F, r"V: a 4x2 array; expected n x 3"),
    (TET_V.ravel(), TET_F, r"V: a 12 array"),
    (5.0, TET_F, r"V: a scalar"),
    (np.zeros((0, 3)), TET_F, r"V: no vertices"),
    (TET_V.astype(complex), TET_F, r"V: dtype complex128"),
    (TET_V.astype(str), TET_F, r"V: dtype <U"),
    (np.array([[0, 0, 2**60], [1, 0, 0], [0, 1, 0]]), [[0, 1, 2]], r"beyond 2\^53"),
    ([[0, 0, 0], [1, 0], [0, 1, 0]], [[0, 1, 2]], r"V: "),
    (np.where(np.arange(12).reshape(4, 3) == 7, np.nan, TET_V), TET_F, r"V: vertex 2: coordinate 1 is nan"),
    (np.where(np.arange(12).reshape(4, 3) == 3, -np.inf, TET_V), TET_F, r"V: vertex 1: coordinate 0 is -inf"),
    (TET_V, TET_F[:, :2], r"F: a 4x2 array; expected m x 3"),
    (TET_V, np.zeros((0, 3), dtype=int), r"F: no triangles"),
    (TET_V, TET_F.astype(float), r"F: dtype float64; expected integer"),
    (TET_V, TET_F + 1, r"F: triangle 1: index 4 is out of range \(4 vertices: 0 to 3\)"),
    (TET_V, TET_F - 1, r"F: triangle 0: index -1 is out of range"),
    (TET_V, np.array([[0, 1, 2**40]]), r"index 1099511627776 is out of range"),
])
def test_bad_arrays(V, F, pattern):
    with pytest.raises(ValueError, match=pattern):
        vccd.Mesh(V, F)


def test_refused_by_the_library():
    # all triangles degenerate and dropped: the library's own message
    with pytest.raises(vccd.Error, match=r"flat: .*all 1 triangles are degenerate"):
        vccd.Mesh([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [[0, 1, 2]], name="flat", degenerate="drop")
    with pytest.raises(ValueError, match="degenerate"):
        vccd.Mesh(TET_V, TET_F, degenerate="maybe")


def test_load_shapes_and_files(tmp_path, cli):
    box = vccd.Mesh.load("box:1:2:3")
    assert (box.n_vertices, box.n_triangles) == (8, 12) and box.closed and box.format == "procedural"
    assert list(box.bbox[1]) == [0.5, 1.0, 1.5]
    ico = vccd.Mesh.load("icosphere:2", center="bbox", radius=2)
    assert abs(np.linalg.norm(ico.vertices, axis=1).max() - 2) < 1e-12
    obj = tmp_path / "tet.obj"
    obj.write_text("".join("v %r %r %r\n" % tuple(v) for v in TET_V) + "".join(
        "f %d %d %d\n" % tuple(f + 1) for f in TET_F))
    m = vccd.Mesh.load(str(obj))
    assert m.path == str(obj) and m.format == "obj" and np.array_equal(m.vertices, TET_V)
    # the same description as the command line's
    out = run_cli(cli, "mesh", "info", str(obj)).splitlines()
    assert "vertices: %d" % m.n_vertices in out and "triangles: %d" % m.n_triangles in out
    assert "edges: %d" % m.n_edges in out and "closure: %s" % m.closure in out
    gz = tmp_path / "tet.obj.gz"
    gz.write_bytes(gzip.compress(obj.read_bytes()))
    assert np.array_equal(vccd.Mesh.load(str(gz)).vertices, TET_V)


def test_load_errors(tmp_path):
    bad = tmp_path / "bad.obj"
    bad.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n")
    with pytest.raises(vccd.Error) as err:
        vccd.Mesh.load(str(bad))
    assert err.value.file == str(bad) and err.value.line == 4
    assert str(err.value).startswith("%s:4: " % bad)
    with pytest.raises(vccd.Error, match="box"):
        vccd.Mesh.load("box:1:2")
    with pytest.raises(vccd.Error, match="no_such_model"):
        vccd.Mesh.load("no_such_model")
    with pytest.raises(vccd.Error, match="center"):
        vccd.Mesh.load("box:1:1:1", center="middle")
    with pytest.raises(ValueError, match="radius"):
        vccd.Mesh.load("box:1:1:1", radius=-1)
    with pytest.raises(TypeError):
        vccd.Mesh.load(3)
    with pytest.raises(ValueError, match="NUL"):
        vccd.Mesh.load("box\0:1:1:1")


def test_bvh_built_once_per_type():
    m = vccd.Mesh.load("icosphere:1")
    info = m.bvh("obb")
    assert info["nodes"] == 2 * m.n_triangles - 1       # one triangle per leaf
    h = m._tree(vccd._common.bv_index("obb"))
    assert m._tree(vccd._common.bv_index("obb")) is h
    assert set(m._bvh) == {vccd._common.bv_index("obb")}
    m.bvh("aabb")
    assert len(m._bvh) == 2
    names = ", ".join(vccd._common.bv_names())     # the registry's order
    with pytest.raises(vccd.Error, match=r"unknown BV type 'cube' \(%s\)" % re.escape(names)):
        m.bvh("cube")
