"""scene.py -- one step of a whole scene (scene.h): every vertex of a
mesh moves on a straight line from frame 0 (t = 0) to frame 1 (t = 1),
self-contact included; the earliest contact, with [t0, lo) proved
contact-free for the whole scene (doc/scene.md).
"""
import numpy as np

from vccd._common import Error, _bytes, cstr, fail, ffi, lib, solve_opts, upper_double
from vccd.mesh import _triangles, _vertices

__all__ = ["Scene", "SceneResult"]

_BROAD = {"tree": lib.VCCD_SCENE_BROAD_TREE, "sweep": lib.VCCD_SCENE_BROAD_SWEEP}
_KIND = {int(lib.VCCD_FEATURE_VF): "vertex-face", int(lib.VCCD_FEATURE_EE): "edge-edge"}


class SceneResult:
    """The scene's answer.  status: 'none', 'certified' or 'possible';
    [t0, lo) is proved free of contact (none: the whole domain), and a
    certified answer has a contact in [lo, hi].  pair: (kind, a, b) of
    the candidate whose lo is lo -- vertex a against face b, or edges a
    and b (indices into the mesh's unique edges) -- or None.  Counters:
    candidates (the broad phase's), solved, certified, possible, none,
    limited, slices.  With all_pairs, pairs is a numpy structured array
    with one row per candidate: kind (0 vertex-face, 1 edge-edge), a, b,
    slice, status (vccd.NONE, CERTIFIED, POSSIBLE), lo, hi, limited."""

    def __init__(self, a, c, pairs):
        self.status = cstr(lib.vccd_toc_status_name(a.status))
        self.lo, self.hi = a.lo, a.hi
        self.pair = ((_KIND[int(a.pair.kind)], int(a.pair.a), int(a.pair.b)) if a.have_pair else None)
        self.candidates, self.solved = int(a.candidates), int(a.solved)
        self.certified, self.possible, self.none = int(a.certified), int(a.possible), int(a.none)
        self.limited = int(a.limited)
        self.slices = int(c.slices)
        self.pairs = pairs

    def __repr__(self):
        return "SceneResult(%s [%r, %r], pair=%r, %d candidates, %d solved)" % (
            self.status, self.lo, self.hi, self.pair, self.candidates, self.solved)


_PAIR_DTYPE = np.dtype([("kind", np.int8), ("a", np.int32), ("b", np.int32), ("slice", np.int32),
                        ("status", np.int8), ("lo", np.float64), ("hi", np.float64), ("limited", np.int8)])


class Scene:
    """Scene(V0, V1, F): vertices at t = 0 and t = 1 (two n x 3 arrays of
    exact doubles, as Mesh takes them) and m x 3 faces; or
    Scene.load(frame0, frame1), two mesh files with the same faces (the
    library checks it and names both files); or Scene.config(path), a
    `vccd scene` config (its [scene], [solver] and [arithmetic] become
    the defaults of toc)."""

    def __init__(self, V0, V1, F, *, name="arrays"):
        V0 = _vertices(V0)
        V1 = _vertices(V1)
        if V1.shape != V0.shape:
            raise ValueError("V1: %d vertices, but V0 has %d" % (len(V1), len(V0)))
        F = _triangles(F, len(V0))
        s = ffi.new("vccd_scene *")
        e = ffi.new("vccd_error *")
        if lib.vccd_scene_init_arrays(s, _bytes(name, "name"), ffi.cast("double (*)[3]", ffi.from_buffer(V0)),
                                      ffi.cast("double (*)[3]", ffi.from_buffer(V1)), len(V0),
                                      ffi.cast("vccd_mesh_index (*)[3]", ffi.from_buffer(F)), len(F), e) != 0:
            fail(e)
        self._init(s, None, None)

    @classmethod
    def load(cls, frame0, frame1):
        s = ffi.new("vccd_scene *")
        e = ffi.new("vccd_error *")
        if lib.vccd_scene_load_frames(s, _bytes(frame0, "frame0"), _bytes(frame1, "frame1"), e) != 0:
            fail(e)
        self = cls.__new__(cls)
        self._init(s, None, None)
        return self

    @classmethod
    def config(cls, path):
        s = ffi.new("vccd_scene *")
        o = ffi.new("vccd_scene_opts *")
        bo = ffi.new("vccd_scene_broad_opts *")
        e = ffi.new("vccd_error *")
        if lib.vccd_scene_config_load(s, o, bo, _bytes(path, "path"), e) != 0:
            fail(e)
        self = cls.__new__(cls)
        self._init(s, o, bo)
        return self

    def _init(self, s, o, bo):
        self._s = ffi.gc(s, lib.vccd_scene_clear)
        self._o, self._bo = o, bo
        n = ffi.new("long[3]")
        lib.vccd_py_scene_counts(self._s, n)
        self.n_vertices, self.n_faces, self.n_edges = int(n[0]), int(n[1]), int(n[2])

    def __repr__(self):
        return "<vccd.Scene: %d vertices, %d faces, %d edges>" % (self.n_vertices, self.n_faces, self.n_edges)

    def toc(self, *, min_separation=None, slices=None, broad=None, max_candidates=None, all_pairs=False,
            solver=None, arith=None,
            eps_t=None, max_boxes=None, max_work=None, max_precision=None, t0=None, t1=None):
        """The earliest contact of the step: the broad phase (broad:
        'tree' or 'sweep'; slices: time slices, 0 automatic;
        max_candidates: past that many pairs it stops with vccd.Error) and the
        narrow phase (solver options as for vccd.toc), min_separation
        d >= 0 (the first time any two features come within d; a
        decimal string is rounded up to the next double).  all_pairs:
        every candidate solved, and their answers in result.pairs.  The
        answer is the same for any thread count (OMP_NUM_THREADS).
        Options not given keep those of Scene.config, or the library's
        defaults."""
        o = ffi.new("vccd_scene_opts *")
        bo = ffi.new("vccd_scene_broad_opts *")
        if self._o is not None:
            o[0], bo[0] = self._o[0], self._bo[0]
        else:
            lib.vccd_scene_opts_init(o)
            lib.vccd_scene_broad_opts_init(bo)
        solve_opts(o.solve, solver, arith, eps_t, max_boxes, max_work, max_precision, t0, t1)
        if min_separation is not None:
            o.min_separation = bo.min_separation = upper_double(min_separation, "min_separation")
        if slices is not None:
            if isinstance(slices, bool) or not isinstance(slices, int) or not 0 <= slices <= 256:
                raise ValueError("slices: %r is not an integer in 0 .. 256" % (slices,))
            bo.slices = slices
        if broad is not None:
            if broad not in _BROAD:
                raise Error("broad: unknown broad phase %r (tree, sweep)" % (broad,))
            bo.method = _BROAD[broad]
        if max_candidates is not None:
            if isinstance(max_candidates, bool) or not isinstance(max_candidates, int) or not \
                    1 <= max_candidates <= 2**40:
                raise ValueError("max_candidates: %r is not an integer in 1 .. 2^40" % (max_candidates,))
            bo.max_candidates = max_candidates
        c = ffi.new("vccd_scene_candidates *")
        e = ffi.new("vccd_error *")
        if lib.vccd_scene_broad(c, self._s, bo, e) != 0:
            fail(e)
        c = ffi.gc(c, lib.vccd_scene_candidates_clear)
        a = ffi.new("vccd_scene_answer *")
        per = ffi.new("vccd_scene_pair_answer[]", max(c.n, 1)) if all_pairs else ffi.NULL
        if lib.vccd_scene_toc(a, per, self._s, c, o, e) != 0:
            fail(e)
        pairs = None
        if all_pairs:
            pairs = np.zeros(c.n, dtype=_PAIR_DTYPE)
            p = np.frombuffer(ffi.buffer(c.p, c.n * ffi.sizeof("vccd_scene_pair")), dtype=np.int32).reshape(-1, 4)
            r = ffi.buffer(per, c.n * ffi.sizeof("vccd_scene_pair_answer"))
            rdt = np.dtype({"names": ["status", "lo", "hi", "limited"], "formats": [np.int32, np.float64, np.float64,
                                                                                     np.int32],
                            "offsets": [ffi.offsetof("vccd_scene_pair_answer", f) for f in ("status", "lo", "hi",
                                                                                             "limited")],
                            "itemsize": ffi.sizeof("vccd_scene_pair_answer")})
            ra = np.frombuffer(r, dtype=rdt)
            pairs["kind"] = (p[:, 0] == int(lib.VCCD_FEATURE_EE)).astype(np.int8)
            pairs["a"], pairs["b"], pairs["slice"] = p[:, 1], p[:, 2], p[:, 3]
            pairs["status"], pairs["lo"], pairs["hi"] = ra["status"], ra["lo"], ra["hi"]
            pairs["limited"] = ra["limited"]
        return SceneResult(a, c, pairs)
