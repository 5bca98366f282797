"""query.py -- the time of contact of two moving meshes, the distance of
two meshes at a time, and the time of contact of one feature pair: one
library call each (toc.h), the GIL released during the call.
"""
import fractions
import re

from vccd._common import Error, _bytes, _count, arith_name, bv_index, cstr, fail, ffi, lib, motion_prec, real, \
    solve_opts, time_value, upper_double
from vccd.mesh import Mesh
from vccd.motion import Motion

__all__ = ["toc", "distance", "toc_pair", "Result", "Distance", "Pair"]

STATUS = {lib.VCCD_TOC_NONE: "none", lib.VCCD_TOC_CERTIFIED: "certified", lib.VCCD_TOC_POSSIBLE: "possible"}
_MODES = {"exact": lib.VCCD_QUERY_EXACT, "capoeira": lib.VCCD_QUERY_CAPOEIRA}
_STATS = ("bv_tests", "items", "leaf_pairs", "feature_pairs", "filtered", "solver_boxes", "evals", "escalations",
          "advance_steps", "distance_queries", "prec", "guessed", "window_plane", "work")


def _time_text(t, d, rnd, hexa):
    """A vccd_time (time.h; d, the double beside it, when it is not set)
    as vccd prints it: rounded in direction rnd with the digits of its
    precision, or exactly as a hex float."""
    buf = ffi.new("char[]", 400)
    lib.vccd_time_snprint(buf, 400, ffi.addressof(t), d, rnd, hexa)
    return ffi.string(buf).decode()


def _time_fraction(t, d):
    """The exact value of a vccd_time as a Fraction, read from its hex
    text."""
    text = _time_text(t, d, lib.MPFR_RNDN, 1)
    m = re.fullmatch(r"(-?)0x([0-9a-fA-F]+)(?:\.([0-9a-fA-F]*))?p([+-]?[0-9]+)", text)
    if not m:
        raise RuntimeError("vccd_time_snprint gave %r" % text)
    frac = m.group(3) or ""
    v = fractions.Fraction(int(m.group(2) + frac, 16)) * fractions.Fraction(2) ** (int(m.group(4)) - 4 * len(frac))
    return -v if m.group(1) else v


class Pair:
    """The feature pair of a contact (query.h's vccd_query_pair).

    kind: vertex-face, edge-edge or vertex-edge-2d.  vertex-face: vertex
    vertices[0] of body vertex_body against triangle
    triangles[1 - vertex_body] of the other; edge-edge: the edge
    (vertices[0], vertices[1]) of body 0 against (vertices[2],
    vertices[3]) of body 1; vertex-edge-2d: vertex vertices[0] of body
    vertex_body against the other's segment (vertices[1], vertices[2]).
    triangles: the triangle (2D: segment) of each body whose ownership
    gave the pair (-1 for a lone feature pair, toc_pair).
    """

    __slots__ = ("kind", "triangles", "vertex_body", "vertices")

    def __init__(self, p):
        self.kind = cstr(lib.vccd_feature_kind_name(p.kind))
        self.triangles = (int(p.tri[0]), int(p.tri[1]))
        self.vertex_body = int(p.vertex_body)
        n = lib.vccd_feature_kind_npoints(p.kind)
        self.vertices = tuple(int(p.v[i]) for i in range(n))

    def __repr__(self):
        return "Pair(kind=%r, triangles=%r, vertex_body=%r, vertices=%r)" % (self.kind, self.triangles,
                                                                             self.vertex_body, self.vertices)


class Result:
    """The answer of toc() or toc_pair() (toc.h's vccd_toc_answer).

    status: "none", "certified" or "possible" (see help(vccd.toc) for
    what each proves).  lo, hi: the bounds as floats, rounded outward;
    lo_exact, hi_exact the ends exactly as fractions.Fraction (P-bit
    numbers when eps_t took the time axis past binary64, else lo and
    hi themselves, dyadic rationals); lo_text, hi_text the same as
    `vccd toc` prints them (lo rounded down, hi up, with the digits of
    their precision: read back at it, the same numbers); lo_hex, hi_hex
    the same exactly, as hex floats (`vccd toc --hex`).  rigorous: False on the unrounded
    arithmetic only (nothing is proved).  approximate: capoeira mode (hi
    is not a proved bound).  limited: possible because a budget ran out;
    out_of_work: the budget was the whole mesh query's (query_max_work).
    pair (a Pair), point, normal (unit, from body 0 towards body 1),
    velocity (body 0's point minus body 1's), vn (velocity . normal,
    >= 0): the contact's feature pair and display values (midpoints, not
    enclosures), None when no pair is known.  params: the pair's parameter enclosures at the contact.  gap:
    (lower, upper), the rigorous distance at gap_t (rigid motions), or
    None; gap_t is lo, or safe_t for a "none" answer with eps_d.
    safe_t (eps_d > 0, exact mode, rigid motions; else None): the latest
    time found whose rigorous gap is proved >= eps_d, for every status --
    where both bodies may be moved and still be eps_d apart ([t0, safe_t]
    is contact-free).  A contact answer's safe_t is its stepped-back lo;
    a "none" answer's is t1, or earlier when a near miss ends closer than
    eps_d (lo and hi stay t1).  None also when no time was proved
    (stepped == -1).  stepped: 1 when lo (for "none": safe_t) was stepped
    back to a proved gap (then lo_contact is where the step back started:
    the contact search's lo, or t1), -1 when not even t0 has the gap.  stats: the work counters (a
    dict), kept apart from the answer.
    """

    __slots__ = ("status", "lo", "hi", "lo_exact", "hi_exact", "lo_text", "hi_text", "lo_hex", "hi_hex",
                 "rigorous", "approximate", "limited", "out_of_work", "pair",
                 "point", "normal", "velocity", "vn", "params", "gap", "gap_t", "safe_t", "stepped", "lo_contact",
                 "stats")

    def __init__(self, a, st, mesh):
        self.status = STATUS.get(a.status, str(a.status))
        self.lo, self.hi = float(a.lo), float(a.hi)
        # the ends exactly: P-bit numbers when eps_t took time past binary64
        self.lo_exact = _time_fraction(a.lo_exact, a.lo)
        self.hi_exact = _time_fraction(a.hi_exact, a.hi)
        # as `vccd toc` prints them: lo rounded down, hi up, with the
        # digits of their precision (read back, the same numbers)
        self.lo_text = _time_text(a.lo_exact, a.lo, lib.MPFR_RNDD, 0)
        self.hi_text = _time_text(a.hi_exact, a.hi, lib.MPFR_RNDU, 0)
        self.lo_hex = _time_text(a.lo_exact, a.lo, lib.MPFR_RNDN, 1)
        self.hi_hex = _time_text(a.hi_exact, a.hi, lib.MPFR_RNDN, 1)
        self.rigorous = bool(a.rigorous)
        self.approximate = bool(a.approximate)
        self.limited = bool(a.limited)
        self.out_of_work = bool(a.out_of_work)
        self.pair = Pair(a.pair) if a.have_pair else None
        self.params = ((a.param[0].lo, a.param[0].hi), (a.param[1].lo, a.param[1].hi)) if a.have_pair else None
        if a.have_pair and mesh:
            self.point, self.normal, self.velocity = (tuple(a.point), tuple(a.normal), tuple(a.velocity))
            self.vn = float(a.vn)
        else:
            self.point = self.normal = self.velocity = self.vn = None
        self.gap = (float(a.gap_lower), float(a.gap_upper)) if a.have_gap else None
        self.gap_t = float(a.gap_t) if a.have_gap else None
        self.safe_t = float(a.safe_t) if a.have_safe else None
        self.stepped = int(a.stepped)
        self.lo_contact = float(a.lo_contact)
        self.stats = {k: int(getattr(st, k)) for k in _STATS}

    def __repr__(self):
        s = "Result(status=%r, lo=%r, hi=%r" % (self.status, self.lo, self.hi)
        if not self.rigorous:
            s += ", rigorous=False"
        if self.approximate:
            s += ", approximate=True"
        if self.limited:
            s += ", limited=True"
        if self.out_of_work:
            s += ", out_of_work=True"
        if self.pair is not None:
            s += ", pair=%r" % (self.pair,)
        if self.gap is not None:
            s += ", gap=%r" % (self.gap,)
        if self.safe_t is not None:
            s += ", safe_t=%r" % (self.safe_t,)
        return s + ")"


class Distance:
    """The rigorous distance of two meshes at a time (distance.h):
    lower is a proof (no two points are closer, rounding included),
    upper the distance of a pair of points, one on each mesh, bounded
    above.  status: separated (lower > 0), touching (lower = 0: touching,
    or apart by less than the rounding) or intersecting (two triangles
    certified to cross).  triangles and points: the pair giving upper
    (approximate world points)."""

    __slots__ = ("lower", "upper", "status", "triangles", "points", "stats")

    def __init__(self, d):
        self.lower, self.upper = float(d.lower), float(d.upper)
        self.status = cstr(lib.vccd_distance_status_name(d.status))
        self.triangles = (int(d.tri[0]), int(d.tri[1]))
        self.points = (tuple(d.point[0]), tuple(d.point[1]))
        self.stats = {"bv_tests": int(d.bv_tests), "tri_tests": int(d.tri_tests)}

    def __repr__(self):
        return "Distance(lower=%r, upper=%r, status=%r)" % (self.lower, self.upper, self.status)


def _body(b, mesh, motion, bv, prec, which):
    if not isinstance(mesh, Mesh):
        raise TypeError("mesh_%s: expected a vccd.Mesh, not %s" % (which, type(mesh).__name__))
    if not isinstance(motion, Motion):
        raise TypeError("motion_%s: expected a vccd motion (e.g. vccd.Ltlrm), not %s" % (which,
                                                                                        type(motion).__name__))
    b.bvh = mesh._tree(bv)
    m = motion._make(prec)
    b.motion = m
    return m


def solve(call, inp, mesh):
    """The Result of call(answer, stats, inp, error), one of toc.h's
    solving calls (the GIL released during it); vccd.Error with the
    library's message when it fails.  mesh: the answer has the mesh
    query's point, normal and velocity."""
    a = ffi.new("vccd_toc_answer *")
    st = ffi.new("vccd_toc_stats *")
    e = ffi.new("vccd_error *")
    if call(a, st, inp, e) != 0:
        fail(e)
    return Result(a, st, mesh)


def _input(mesh_a, motion_a, mesh_b, motion_b, mode, bv, solver, arith, eps_t, eps_d, min_separation, t0, t1,
           max_boxes, max_work, max_precision, positive_gap, search, advance, query_max_work=None):
    inp = ffi.new("vccd_toc_input *")
    lib.vccd_toc_input_init(inp)
    o = inp.opts
    if mode is not None:
        if mode not in _MODES:
            raise Error("mode: unknown mode %r (exact, capoeira)" % (mode,))
        o.mode = _MODES[mode]
    if bv is not None:
        o.bv = bv_index(bv)
    solve_opts(o.solve, solver, arith, eps_t, max_boxes, max_work, max_precision, t0, t1)
    if query_max_work is not None:
        o.max_work = _count(query_max_work, "query_max_work", 1, lib.VCCD_QUERY_MAX_WORK_LIMIT)
    if eps_d is not None and eps_d != 0:
        o.eps_d = upper_double(eps_d, "eps_d")
        if o.mode != lib.VCCD_QUERY_EXACT:
            raise Error("eps_d: the step back needs mode = exact (a proved contact time)")
    if min_separation is not None:
        o.min_separation = upper_double(min_separation, "min_separation")
    if positive_gap is not None:
        o.positive_gap = 1 if positive_gap else 0
    if advance is not None:
        o.advance = 1 if advance else 0
    if search is not None:
        s = lib.vccd_query_search_find(_bytes(search, "search"))
        if s < 0:
            raise Error("search: unknown search %r (auto, bvh, brute)" % (search,))
        o.search = s
        if s == lib.VCCD_QUERY_SEARCH_BRUTE and o.mode != lib.VCCD_QUERY_EXACT:
            raise Error("search: brute needs mode = exact (capoeira is the BVH alone)")
    prec = motion_prec(o.solve)
    keep = (_body(inp.body[0], mesh_a, motion_a, o.bv, prec, "a"), _body(inp.body[1], mesh_b, motion_b, o.bv,
                                                                         prec, "b"))
    return inp, keep


def toc(mesh_a, motion_a, mesh_b, motion_b, *, mode=None, bv=None, solver=None, arith=None, eps_t=None,
        eps_d=None, min_separation=None, t0=None, t1=None, max_boxes=None, max_work=None, max_precision=None,
        positive_gap=None, search=None, advance=None, query_max_work=None):
    """The first time of contact of mesh_a moved by motion_a and mesh_b
    moved by motion_b over the time step [t0, t1] (default [0, 1]).

    What the answer proves (thesis 5.4; doc/query.md), on every rigorous
    arithmetic (binary64, mpfr:PREC, adaptive):
      status "none":      the bodies do not touch anywhere in [t0, t1];
      status "certified": they do not touch in [t0, lo), and they do
                          touch at some time in [lo, hi];
      status "possible":  they do not touch in [t0, lo); whether they
                          touch in [lo, hi] was not decided within the
                          budgets (limited is then True), or the mode
                          proves only the lower bound (capoeira:
                          approximate is True).
    So [t0, lo) is always proved contact-free: advancing a simulation to
    lo is safe.  With min_separation = d > 0, "touch" reads "come within
    distance d" throughout.  On arith="unrounded" (NON-RIGOROUS, for
    comparison experiments) nothing is proved and rigorous is False.
    lo and hi are floats (rounded outward); lo_exact and hi_exact the
    ends exactly as fractions.Fraction: P-bit numbers when eps_t is below
    what binary64 time resolves (mpfr:P or adaptive), else lo and hi.

    Options (None keeps the library's default, vccd_toc_input_init):
      mode            "exact" (default) or "capoeira" (the BVH alone)
      bv              BV type: sphere, aabb, obb (default), kdop14, kdop18
      solver          cubic (default), taylor-lagrange, bisection, newton
      arith           binary64 (default), mpfr:PREC, adaptive, unrounded
      eps_t           the width of a certified [lo, hi] (default 1e-6)
      eps_d           > 0: safe_t, the latest time with a proved gap
                      >= eps_d, for every status (lo of a contact
                      stepped back to it); rigid motions only
      min_separation  d > 0: the first time the distance can be <= d
      positive_gap    step lo back until the gap there is proved > 0
                      (default True)
      t0, t1          the time domain, inside [0, 1]
      max_boxes, max_work, max_precision: the solver's budgets, each
                      feature pair's solve
      query_max_work  the whole query's work budget (default 10**7
                      units; [query] max_work): past it the answer is
                      possible from the proved lo, out_of_work True
      search          auto (default), bvh, brute;  advance: True/False
    Distances (eps_d, min_separation) given as strings are exact
    decimals, rounded up to the next double.

    Each mesh's BVH for bv is built at its first query and kept; the
    meshes and motions are only read, so queries may run in threads.
    Raises vccd.Error (a ValueError) with the library's message on bad
    options, a motion that does not fit its mesh (a per-vertex motion
    with fewer vertices, a planar motion on a 3D mesh), eps_d with a
    per-vertex motion, or out of memory.
    """
    inp, keep = _input(mesh_a, motion_a, mesh_b, motion_b, mode, bv, solver, arith, eps_t, eps_d, min_separation,
                       t0, t1, max_boxes, max_work, max_precision, positive_gap, search, advance, query_max_work)
    r = solve(lib.vccd_toc_meshes, inp, True)
    del keep
    return r


def distance(mesh_a, motion_a, mesh_b, motion_b, t=0.0, *, bv=None):
    """The rigorous distance [lower, upper] of the two moved meshes at
    time t in [0, 1] (rigid motions), traversing the BVHs of type bv
    (default obb).  Returns a Distance; raises vccd.Error for a
    per-vertex motion."""
    t = time_value(t, "t")
    inp, keep = _input(mesh_a, motion_a, mesh_b, motion_b, None, bv, None, None, None, None, None, None, None,
                       None, None, None, None, None, None)
    d = ffi.new("vccd_distance_result *")
    e = ffi.new("vccd_error *")
    rc = lib.vccd_distance_meshes(d, inp, t, e)
    del keep
    if rc != 0:
        fail(e)
    return Distance(d)


def toc_pair(kind, points, *, solver=None, arith=None, eps_t=None, min_separation=None, t0=None, t1=None,
             max_boxes=None, max_work=None, max_precision=None):
    """The first contact of one feature pair (what `vccd toc` does on a
    config's [pair]), with the guarantee of help(vccd.toc).

    kind: "vertex-face" (points v, f0, f1, f2), "edge-edge" (a0, a1, b0,
    b1) or "vertex-edge-2d" (v, e0, e1).  points: one (motion, where)
    per point, where is a body point (x, y, z) of a rigid motion or a
    vertex index of a per-vertex one, e.g.
        toc_pair("vertex-face", [(spinner, (0.25, 0.25, 0)),
                                 (ground, 0), (ground, 1), (ground, 2)])
    Returns a Result (point, normal, velocity are None: no mesh)."""
    k = lib.vccd_feature_kind_find(_bytes(kind, "kind"))
    if k < 0:
        raise Error("kind: unknown kind %r (vertex-face, edge-edge, vertex-edge-2d)" % (kind,))
    np_ = lib.vccd_feature_kind_npoints(k)
    points = list(points)
    if len(points) != np_:
        raise ValueError("points: a %s pair has %d points, not %d" % (kind, np_, len(points)))
    inp = ffi.new("vccd_pair_input *")
    lib.vccd_pair_input_init(inp)
    inp.kind = k
    solve_opts(inp.solve, solver, arith, eps_t, max_boxes, max_work, max_precision, t0, t1)
    if min_separation is not None:
        inp.min_separation = upper_double(min_separation, "min_separation")
    prec = motion_prec(inp.solve)
    keep = []
    for i, pt in enumerate(points):
        try:
            motion, where = pt
        except (TypeError, ValueError):
            raise ValueError("points[%d]: expected (motion, body point or vertex index)" % i) from None
        if not isinstance(motion, Motion):
            raise TypeError("points[%d]: expected a vccd motion, not %s" % (i, type(motion).__name__))
        m = motion._make(prec)
        keep.append(m)
        tr = inp.point[i]
        tr.m = m
        if motion.per_vertex:
            if isinstance(where, bool) or not isinstance(where, int) and not hasattr(where, "__index__"):
                raise ValueError("points[%d]: motion %s moves vertices: give a vertex index, not %r"
                                 % (i, type(motion).__name__, where))
            v = int(where)
            if not 0 <= v < motion.nvertices:
                raise ValueError("points[%d]: motion %s has %d vertices: no vertex %d"
                                 % (i, type(motion).__name__, motion.nvertices, v))
            tr.vertex = v
        else:
            try:
                xyz = [real(c, "points[%d]" % i) for c in where]
            except TypeError:
                raise ValueError("points[%d]: motion %s is rigid: give a body point (x, y, z), not %r"
                                 % (i, type(motion).__name__, where)) from None
            if len(xyz) != 3:
                raise ValueError("points[%d]: a body point has 3 coordinates, not %d" % (i, len(xyz)))
            tr.p = xyz
    r = solve(lib.vccd_toc_pair, inp, False)
    del keep
    return r


def describe_options(o):
    """A line naming the solve options o (for the command line)."""
    return "solver=%s arith=%s eps_t=%g" % (cstr(o.solver.name), arith_name(ffi.addressof(o, "arith")), o.eps_t)
