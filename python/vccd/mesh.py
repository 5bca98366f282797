"""mesh.py -- triangle meshes (mesh.h) and their BVHs (bvh.h).

A Mesh holds the library's mesh: the doubles given are its geometry,
exactly.  Its BVH is built when a query first asks for a BV type, one
tree per type (one triangle per leaf, as the command line builds them),
and kept for every later query, from any thread.
"""
import threading

import numpy as np

from vccd._common import Error, _bytes, bv_index, cstr, fail, ffi, float64_exact, lib, real

__all__ = ["Mesh"]

_CENTERS = ("none", "centroid", "mass", "bbox")
_INDEX_MAX = 2**31 - 1


class Mesh:
    """A triangle mesh: Mesh(V, F) from an n x 3 array of vertices
    (float64, or any float or integer array whose values are exactly
    doubles) and an m x 3 array of vertex indices (integers, from 0), or
    Mesh.load(spec).  The arrays are copied.

    A 2D body (a polygon in the plane z = 0) is given as segments
    (i, j, j), as the library stores it (mesh.h); planar says so.
    """

    def __init__(self, V, F, *, name="arrays", degenerate="keep"):
        V = _vertices(V)
        F = _triangles(F, len(V))
        deg = _degenerate(degenerate)
        m = ffi.new("vccd_mesh *")
        e = ffi.new("vccd_error *")
        rc = lib.vccd_mesh_init_arrays(m, _bytes(name, "name"), ffi.cast("double (*)[3]", ffi.from_buffer(V)),
                                       len(V), ffi.cast("vccd_mesh_index (*)[3]", ffi.from_buffer(F)),
                                       len(F), deg, e)
        if rc != 0:
            fail(e)
        self._init(m)

    @classmethod
    def load(cls, spec, *, center="none", radius=None, degenerate="keep"):
        """The mesh of spec: a file (OBJ, OFF, PLY, each maybe gzip'd), a
        shape ("box:1:2:3", "icosphere:2", "tetrahedron", ...) or a
        bundled model ("bunny"), as in a config's mesh = SPEC.  center
        (none, centroid, mass, bbox) moves that point to the origin and
        radius > 0 then scales the farthest vertex to that distance (the
        rounded result is the geometry, mesh.h)."""
        o = ffi.new("vccd_mesh_load_opts *")
        o.degenerate = _degenerate(degenerate)
        c = ffi.new("vccd_mesh_center *")
        if lib.vccd_mesh_center_parse(c, _bytes(center, "center")) != 0:
            raise Error("center: unknown center %r (%s)" % (center, ", ".join(_CENTERS)))
        o.center = c[0]
        if radius is not None:
            r = real(radius, "radius")
            if not r > 0:
                raise ValueError("radius: %r is not > 0" % (radius,))
            o.radius = r
        m = ffi.new("vccd_mesh *")
        e = ffi.new("vccd_error *")
        if lib.vccd_mesh_load(m, _bytes(spec, "spec"), o, e) != 0:
            fail(e)
        self = cls.__new__(cls)
        self._init(m)
        return self

    def _init(self, m):
        self._m = ffi.gc(m, lib.vccd_mesh_clear)
        self._bvh = {}
        self._lock = threading.Lock()

    # --- what the mesh is --------------------------------------------------
    @property
    def name(self):
        return cstr(self._m.name)

    @property
    def n_vertices(self):
        return int(self._m.nv)

    @property
    def n_triangles(self):
        """Triangles, or segments of a 2D body."""
        return int(self._m.nt)

    @property
    def n_edges(self):
        return int(self._m.ne)

    @property
    def vertices(self):
        """An n x 3 float64 copy of the geometry."""
        return np.frombuffer(ffi.buffer(self._m.v, 24 * self._m.nv), dtype=np.float64).reshape(-1, 3).copy()

    @property
    def triangles(self):
        """An m x 3 int32 copy of the triangles."""
        return np.frombuffer(ffi.buffer(self._m.t, 12 * self._m.nt), dtype=np.int32).reshape(-1, 3).copy()

    @property
    def bbox(self):
        """(lo, hi): the corners of the vertices' bounding box."""
        v = self.vertices
        return v.min(axis=0), v.max(axis=0)

    @property
    def closure(self):
        """closed, open, non-manifold or inconsistent (mesh.h)."""
        return cstr(lib.vccd_mesh_closure_name(self._m.closure))

    @property
    def closed(self):
        return self._m.closure == lib.VCCD_MESH_CLOSED

    @property
    def planar(self):
        """A 2D body: segments in the plane z = 0."""
        return bool(self._m.planar)

    @property
    def degenerate(self):
        """Triangles with a repeated index or zero area (kept or dropped)."""
        return int(self._m.degenerate)

    @property
    def path(self):
        """The file read, or None (a shape, or arrays)."""
        return cstr(self._m.path)

    @property
    def format(self):
        return cstr(self._m.format)

    def __len__(self):
        return self.n_triangles

    def __repr__(self):
        return "<vccd.Mesh %r: %d vertices, %d %s, %s>" % (self.name, self.n_vertices, self.n_triangles,
                                                            "segments" if self.planar else "triangles",
                                                            self.closure)

    # --- BVHs --------------------------------------------------------------
    def bvh(self, bv="obb"):
        """Build (once) the BVH with volumes of type bv; its depth and
        node count as a dict.  Queries call this themselves."""
        h = self._tree(bv_index(bv))
        return {"bv": bv, "nodes": int(h.nnodes), "depth": int(h.depth)}

    def _tree(self, bv):
        h = self._bvh.get(bv)
        if h is not None:
            return h
        with self._lock:
            h = self._bvh.get(bv)
            if h is None:
                o = ffi.new("vccd_bvh_opts *")
                lib.vccd_bvh_opts_init(o)
                # one triangle per leaf: a feature pair solved costs far
                # more than a volume test that could have excluded it
                # (the command line's choice, doc/bvh.md)
                o.leaf_size = 1
                o.types = 1 << bv
                h = ffi.new("vccd_bvh *")
                e = ffi.new("vccd_error *")
                if lib.vccd_bvh_build(h, self._m, o, e) != 0:
                    fail(e)
                h = ffi.gc(h, lib.vccd_bvh_clear)
                self._bvh[bv] = h
        return h


def _degenerate(d):
    if d == "keep":
        return lib.VCCD_MESH_DEGENERATE_KEEP
    if d == "drop":
        return lib.VCCD_MESH_DEGENERATE_DROP
    raise ValueError("degenerate: %r is not keep or drop" % (d,))


def _array(a, what):
    if isinstance(a, np.ndarray):
        return a
    try:
        return np.asarray(a)
    except Exception as err:  # ragged lists and the like
        raise ValueError("%s: not an array: %s" % (what, err)) from None


def _vertices(V):
    a = _array(V, "V")
    if a.ndim != 2 or a.shape[1] != 3:
        raise ValueError("V: a %s array; expected n x 3 vertices" % "x".join(map(str, a.shape)) if a.ndim else
                         "V: a scalar; expected an n x 3 array of vertices")
    if len(a) == 0:
        raise ValueError("V: no vertices")
    v = float64_exact(a, "V", "float64 (or another float or integer dtype)")
    bad = ~np.isfinite(v)
    if bad.any():
        i, k = np.argwhere(bad)[0]
        raise ValueError("V: vertex %d: coordinate %d is %s" % (i, k, v[i, k]))
    return v


def _triangles(F, nv):
    a = _array(F, "F")
    if a.ndim != 2 or a.shape[1] != 3:
        raise ValueError("F: a %s array; expected m x 3 vertex indices" % "x".join(map(str, a.shape)) if a.ndim else
                         "F: a scalar; expected an m x 3 array of vertex indices")
    if len(a) == 0:
        raise ValueError("F: no triangles")
    if a.dtype.kind not in "iu":
        raise ValueError("F: dtype %s; expected integer vertex indices" % a.dtype)
    lo, hi = int(a.min()), int(a.max())
    if lo < 0 or hi >= nv:
        bad = np.argwhere((a < 0) | (a >= nv))[0]
        raise ValueError("F: triangle %d: index %d is out of range (%d vertices: 0 to %d)"
                         % (bad[0], int(a[bad[0], bad[1]]), nv, nv - 1))
    if nv > _INDEX_MAX:
        raise ValueError("F: more than 2^31 - 1 vertices")
    return np.ascontiguousarray(a, dtype=np.int32)
