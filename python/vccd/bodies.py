"""bodies.py -- one step of a scene of bodies (bodies.h): rigid bodies
under any 3D motion model and deforming meshes given as two frames,
mixed; the earliest contact over every pair of bodies and every
deforming body's self-contact, with [t0, lo) proved contact-free for the
whole scene (doc/scene.md "Bodies").
"""
from vccd._common import Error, _bytes, bv_index, cstr, fail, ffi, lib, motion_prec, solve_opts, upper_double
from vccd.mesh import Mesh, _triangles, _vertices
from vccd.motion import Motion

__all__ = ["Bodies", "BodiesResult"]

_KIND = {int(lib.VCCD_FEATURE_VF): "vertex-face", int(lib.VCCD_FEATURE_EE): "edge-edge"}


def _pair_row(names, q, r):
    """One pair's answer as a dict."""
    row = {"body_a": names[q.a], "body_b": names[q.b], "slice": int(q.slice),
           "status": cstr(lib.vccd_toc_status_name(r.status)), "lo": r.lo, "hi": r.hi, "limited": bool(r.limited),
           "kind": None, "vertex_body": None, "vertices": None}
    if r.have_pair:
        row["kind"] = _KIND[int(r.kind)]
        row["vertex_body"] = names[r.vertex_body] if int(r.kind) == int(lib.VCCD_FEATURE_VF) else None
        row["vertices"] = tuple(int(r.v[k]) for k in range(4))
    return row


class BodiesResult:
    """The step's answer.  status: 'none', 'certified' or 'possible';
    [t0, lo) is proved free of contact for the whole scene (none: the
    whole domain), and a certified answer has a contact in [lo, hi].
    pair: the answer of the pair of bodies (or self-contact) whose lo is
    lo, as a dict (body_a, body_b, slice, status, lo, hi, limited, and
    when known kind, vertex_body -- the body whose vertex it is, for
    vertex-face -- and the four vertex indices), or None.  Counters:
    kept (the pairs the broad phase kept, self-contacts included),
    certified, possible, none, limited.  With all_pairs, pairs is the list
    of every kept pair's dict, in the broad phase's order."""

    def __init__(self, a, names, p, pairs):
        self.status = cstr(lib.vccd_toc_status_name(a.status))
        self.lo, self.hi = a.lo, a.hi
        self.pair = _pair_row(names, p.p[a.pair], a.at) if a.have_pair else None
        self.kept = int(a.pairs)
        self.certified, self.possible, self.none = int(a.certified), int(a.possible), int(a.none)
        self.limited = int(a.limited)
        self.pairs = pairs

    def __repr__(self):
        return "BodiesResult(%s [%r, %r], %d pairs kept)" % (self.status, self.lo, self.hi, self.kept)


class Bodies:
    """Bodies(): an empty scene; add() a mesh under a motion, or
    add_frames() a deforming mesh (two frames, every vertex on a straight
    line, self-contact included); or Bodies.config(path), a `vccd scene`
    config of [body.NAME] sections (its [scene], [solver] and
    [arithmetic] become the defaults of toc).  Then toc()."""

    def __init__(self):
        self._bodies = []           # (name, mesh, motion) or (name, V0, V1, F)
        self._c = {}                # the C scene per motion precision
        self._cfg = None

    @classmethod
    def config(cls, path):
        s = ffi.new("vccd_bodies *")
        o = ffi.new("vccd_bodies_opts *")
        e = ffi.new("vccd_error *")
        if lib.vccd_bodies_config_load(s, o, _bytes(path, "path"), e) != 0:
            fail(e)
        self = cls()
        self._cfg = (ffi.gc(s, lib.vccd_bodies_clear), o)
        return self

    def _check_name(self, name):
        if self._cfg is not None:
            raise Error("a scene read from a config takes no more bodies")
        if not isinstance(name, str) or not name or len(name.encode()) > 63:
            raise ValueError("name: %r is not a name of 1 to 63 characters" % (name,))
        if any(b[0] == name for b in self._bodies):
            raise Error("body '%s': a second body of that name" % name)

    def add(self, name, mesh, motion):
        """Add mesh (a vccd.Mesh, in the motion's body frame) moved by
        motion (a 3D model's vccd.Motion; per-vertex models are refused:
        give a deforming mesh to add_frames)."""
        self._check_name(name)
        if not isinstance(mesh, Mesh):
            raise TypeError("mesh: expected a vccd.Mesh, not %s" % type(mesh).__name__)
        if not isinstance(motion, Motion):
            raise TypeError("motion: expected a vccd motion, not %s" % type(motion).__name__)
        if motion.per_vertex or motion.dim != 3:
            raise Error("body '%s': %s" % (name, "a per-vertex motion model has no self-contact test here: give the "
                                           "deforming mesh to add_frames" if motion.per_vertex
                                           else "a scene is 3D: a planar motion is refused"))
        self._bodies.append((name, mesh, motion))
        self._c = {}

    def add_frames(self, name, V0, V1, F):
        """Add a deforming mesh: vertices at t = 0 and t = 1 (two n x 3
        arrays of exact doubles) and m x 3 faces."""
        self._check_name(name)
        V0 = _vertices(V0)
        V1 = _vertices(V1)
        if V1.shape != V0.shape:
            raise ValueError("V1: %d vertices, but V0 has %d" % (len(V1), len(V0)))
        F = _triangles(F, len(V0))
        self._bodies.append((name, V0, V1, F))
        self._c = {}
        d = ffi.new("vccd_solve_opts *")
        lib.vccd_solve_opts_init(d)
        self._scene(motion_prec(d))     # the library's checks, now

    @property
    def names(self):
        if self._cfg is not None:
            s = self._cfg[0]
            out = ffi.new("long[3]")
            return [cstr(lib.vccd_py_bodies_body(s, i, out)) for i in range(lib.vccd_py_bodies_count(s))]
        return [b[0] for b in self._bodies]

    def __repr__(self):
        return "<vccd.Bodies: %s>" % ", ".join(self.names)

    def _scene(self, prec):
        """The C scene with the motions at parameter precision prec."""
        s = self._c.get(prec)
        if s is not None:
            return s
        s = ffi.gc(ffi.new("vccd_bodies *"), lib.vccd_bodies_clear)
        lib.vccd_bodies_init(s)
        e = ffi.new("vccd_error *")
        for b in self._bodies:
            if len(b) == 3:
                name, mesh, motion = b
                V, F = mesh.vertices, mesh.triangles
                m = ffi.new("vccd_mesh *")
                if lib.vccd_mesh_init_arrays(m, _bytes(name, "name"), ffi.cast("double (*)[3]", ffi.from_buffer(V)),
                                             len(V), ffi.cast("vccd_mesh_index (*)[3]", ffi.from_buffer(F)), len(F),
                                             lib.VCCD_MESH_DEGENERATE_KEEP, e) != 0:
                    fail(e)
                # both taken over by the scene, also on failure
                rc = lib.vccd_bodies_add_motion(s, _bytes(name, "name"), m, motion._build(prec), e)
            else:
                name, V0, V1, F = b
                rc = lib.vccd_bodies_add_frames(s, _bytes(name, "name"), ffi.cast("double (*)[3]", ffi.from_buffer(V0)),
                                                ffi.cast("double (*)[3]", ffi.from_buffer(V1)), len(V0),
                                                ffi.cast("vccd_mesh_index (*)[3]", ffi.from_buffer(F)), len(F), e)
            if rc != 0:
                if len(b) == 4:
                    self._bodies.pop()
                fail(e)
        self._c = {prec: s}
        return s

    def toc(self, *, min_separation=None, body_slices=None, max_pairs=None, bv=None, slices=None, all_pairs=False,
            solver=None,
            arith=None, eps_t=None, max_boxes=None, max_work=None, max_precision=None, t0=None, t1=None):
        """The earliest contact of the step over every pair of bodies the
        broad phase keeps (body_slices time slices, 1 .. 256, default 16;
        past max_pairs kept pairs, default 2^26, it raises vccd.Error)
        and every deforming body's self-contact (slices: its broad phase's,
        0 automatic): each pair a mesh query (bv: its bounding volume),
        min_separation d >= 0 (a decimal string is rounded up to the next
        double), solver options as for vccd.toc.  all_pairs: every kept
        pair's answer in result.pairs.  The answer is the same for any
        thread count.  Options not given keep those of Bodies.config, or
        the library's defaults."""
        o = ffi.new("vccd_bodies_opts *")
        if self._cfg is not None:
            o[0] = self._cfg[1][0]
        else:
            lib.vccd_bodies_opts_init(o)
        solve_opts(o.query.solve, solver, arith, eps_t, max_boxes, max_work, max_precision, t0, t1)
        if min_separation is not None:
            o.query.min_separation = o.self.min_separation = upper_double(min_separation, "min_separation")
        if body_slices is not None:
            if isinstance(body_slices, bool) or not isinstance(body_slices, int) or not 1 <= body_slices <= 256:
                raise ValueError("body_slices: %r is not an integer in 1 .. 256" % (body_slices,))
            o.slices = body_slices
        if max_pairs is not None:
            if isinstance(max_pairs, bool) or not isinstance(max_pairs, int) or not 1 <= max_pairs <= 2**40:
                raise ValueError("max_pairs: %r is not an integer in 1 .. 2^40" % (max_pairs,))
            o.max_pairs = max_pairs
        if slices is not None:
            if isinstance(slices, bool) or not isinstance(slices, int) or not 0 <= slices <= 256:
                raise ValueError("slices: %r is not an integer in 0 .. 256" % (slices,))
            o.self.slices = slices
        if bv is not None:
            o.query.bv = bv_index(bv)
        if self._cfg is not None:
            s = self._cfg[0]
        else:
            if not self._bodies:
                raise Error("no bodies: add() or add_frames() first")
            s = self._scene(motion_prec(o.query.solve))
        n = lib.vccd_py_bodies_count(s)
        out = ffi.new("long[3]")
        names = [cstr(lib.vccd_py_bodies_body(s, i, out)) for i in range(n)]
        p = ffi.new("vccd_bodies_pairs *")
        e = ffi.new("vccd_error *")
        if lib.vccd_bodies_broad(p, s, o, e) != 0:
            fail(e)
        p = ffi.gc(p, lib.vccd_bodies_pairs_clear)
        a = ffi.new("vccd_bodies_answer *")
        per = ffi.new("vccd_bodies_pair_answer[]", max(p.n, 1))
        if lib.vccd_bodies_toc(a, per, s, p, o, e) != 0:
            fail(e)
        pairs = [_pair_row(names, p.p[i], per[i]) for i in range(p.n)] if all_pairs else None
        return BodiesResult(a, names, p, pairs)
