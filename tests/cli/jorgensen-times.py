#!/usr/bin/env python3
"""jorgensen-times.py -- the first contact times of Jørgensen 2006's tests
(experiments/configs/jorgensen/*.ini), computed without vccd: exact
rational arithmetic (fractions) on the configs' own numbers and the
teapot's vertices, no solver, no interval code.

    jorgensen-times.py CONFIGDIR [RESULTS]

prints "NAME none" or "NAME P/Q DECIMAL" for every config; with RESULTS
(lines "NAME STATUS LO HI", vccd's answers) it also checks them -- a
"none" must be vccd's none; a time t* must satisfy LO <= t* (vccd's
proof), HI - LO <= 1e-6, and t* <= HI when vccd says certified, or
|t* - HI| <= 1e-9 when it says possible (undecided: a touch within the
rounding) -- prints one verdict line per test and exits 1 on any
failure.

How each time is found:
  * translations only (every config but ab02): both bodies move by
    x(t) = start + t (end - start), orientation fixed, so a feature pair
    touches at time t when a linear system in t and the features'
    parameters has a solution with every parameter in range.  The first
    such t is the minimum of t over a polytope: a small LP, solved
    exactly by visiting its vertices (every choice of active bounds that
    makes the system square and regular).
  * boxes (ao*): axis-aligned, so they touch exactly when on every axis
    |centre distance| <= sum of the half sides: per axis an interval of
    t, and t* is the least t of their intersection.
  * ab02, a turn: by hand (see ab02_time).
  * teapots (at*): see teapot_dstar.
"""
import configparser
import gzip
import itertools
import os
import sys
from fractions import Fraction as F

Q_ID = [F(1), F(0), F(0), F(0)]


def nums(s):
    # decimals as written: Fraction("1.6085") is the decimal itself, as
    # vccd encloses it; body points are binary64 numbers, which
    # Fraction reads exactly too
    return [F(w) for w in s.split()]


def read(path):
    c = configparser.ConfigParser(inline_comment_prefixes=("#",))
    c.read(path)
    return c


def motion(c, name):
    s = c["motion." + name]
    assert s["type"] == "ltlrm"
    p0, p1 = nums(s["start_position"]), nums(s["end_position"])
    q0, q1 = nums(s["start_orientation"]), nums(s["end_orientation"])
    return p0, p1, q0, q1


def translation(c, name):
    p0, p1, q0, q1 = motion(c, name)
    if q0 != Q_ID or q1 != Q_ID:
        return None
    return p0, [b - a for a, b in zip(p0, p1)]


# --- exact linear algebra and the vertex LP ----------------------------
def solve(A, b):
    """The unique solution of the square system A x = b, or None."""
    n = len(A)
    M = [list(r) + [v] for r, v in zip(A, b)]
    for col in range(n):
        piv = next((r for r in range(col, n) if M[r][col] != 0), None)
        if piv is None:
            return None
        M[col], M[piv] = M[piv], M[col]
        for r in range(n):
            if r != col and M[r][col] != 0:
                f = M[r][col] / M[col][col]
                M[r] = [x - f * y for x, y in zip(M[r], M[col])]
    return [M[i][n] / M[i][i] for i in range(n)]


def lp_min_first(eqs, bounds):
    """min x[0] subject to eqs (rows [coefficients..., rhs]) and
    bounds[i] = (lo, hi) (None: unbounded) on every variable; None when
    infeasible.  The feasible set is bounded (every variable is boxed),
    so a minimum sits at a vertex: some bounds active, the rest of the
    system square and regular."""
    n = len(bounds)
    active = [(i, v) for i, (lo, hi) in enumerate(bounds) for v in (lo, hi) if v is not None]
    best = None
    for k in range(len(active) + 1):
        for S in itertools.combinations(active, k):
            if len({i for i, _ in S}) < k:
                continue
            rows = [r[:n] for r in eqs] + [[F(int(j == i)) for j in range(n)] for i, _ in S]
            rhs = [r[n] for r in eqs] + [v for _, v in S]
            # keep a square, regular subsystem: drop dependent rows
            pick, basis = [], []
            for r, v in zip(rows, rhs):
                trial = basis + [r]
                if rank(trial) == len(trial):
                    basis, pick = trial, pick + [(r, v)]
            if len(basis) != n:
                continue
            x = solve([r for r, _ in pick], [v for _, v in pick])
            if x is None:
                continue
            ok = all(sum(a * xi for a, xi in zip(r[:n], x)) == r[n] for r in eqs)
            ok = ok and all((lo is None or xi >= lo) and (hi is None or xi <= hi) for xi, (lo, hi) in zip(x, bounds))
            if ok and (best is None or x[0] < best):
                best = x[0]
    return best


def rank(rows):
    M = [list(r) for r in rows]
    rk, col, ncol = 0, 0, len(M[0]) if M else 0
    while rk < len(M) and col < ncol:
        piv = next((r for r in range(rk, len(M)) if M[r][col] != 0), None)
        if piv is None:
            col += 1
            continue
        M[rk], M[piv] = M[piv], M[rk]
        for r in range(rk + 1, len(M)):
            f = M[r][col] / M[rk][col]
            M[r] = [x - f * y for x, y in zip(M[r], M[rk])]
        rk, col = rk + 1, col + 1
    return rk


def point(c, key):
    w = c["pair"][key].split()
    return w[0], [F(v) for v in w[1:]]


def vertex_face_time(c):
    """p + a(t) = sum l_k (v_k + b(t)), l >= 0, sum l = 1, t in [0, 1]:
    unknowns (t, l1, l2, l3)."""
    (ma, p), (mb, v1), (_, v2), (_, v3) = (point(c, "point.%d" % i) for i in range(4))
    (a0, da), (b0, db) = translation(c, ma), translation(c, mb)
    eqs = []
    for k in range(3):
        # t (da - db) - l1 v1 - l2 v2 - l3 v3 = b0 - a0 - p
        eqs.append([da[k] - db[k], -v1[k], -v2[k], -v3[k], b0[k] - a0[k] - p[k]])
    eqs.append([F(0), F(1), F(1), F(1), F(1)])
    return lp_min_first(eqs, [(F(0), F(1)), (F(0), None), (F(0), None), (F(0), None)])


def edge_edge_time(c):
    """p1 + s (p2 - p1) + a(t) = q1 + u (q2 - q1) + b(t), s, u, t in
    [0, 1]: unknowns (t, s, u)."""
    (ma, p1), (_, p2), (mb, q1), (_, q2) = (point(c, "point.%d" % i) for i in range(4))
    (a0, da), (b0, db) = translation(c, ma), translation(c, mb)
    eqs = []
    for k in range(3):
        eqs.append([da[k] - db[k], p2[k] - p1[k], -(q2[k] - q1[k]), q1[k] + b0[k] - p1[k] - a0[k]])
    return lp_min_first(eqs, [(F(0), F(1))] * 3)


def box_box_time(c):
    """Axis-aligned boxes centred on their motions' positions: on axis k
    they overlap while |ca_k(t) - cb_k(t)| <= ha_k + hb_k, an interval of
    t (the distance is affine in t); t* = the least t in all three."""
    ba, bb = c["body.o1"], c["body.o2"]
    half = [[F(v) / 2 for v in c[s]["mesh"].split(":")[1:]] for s in ("body.o1", "body.o2")]
    (a0, da), (b0, db) = translation(c, ba["motion"]), translation(c, bb["motion"])
    lo, hi = F(0), F(1)
    for k in range(3):
        # |e + f t| <= r, e + f t the centre distance
        e, f, r = a0[k] - b0[k], da[k] - db[k], half[0][k] + half[1][k]
        if f == 0:
            if abs(e) > r:
                return None
            continue
        t1, t2 = sorted(((-r - e) / f, (r - e) / f))
        lo, hi = max(lo, t1), min(hi, t2)
    return lo if lo <= hi else None


def ab02_time(c):
    """By hand.  The motion turns from the identity to the quaternion
    (0,1,0,0) at a constant rate about +x (the axis of q0^-1 q1) with
    position 0, so body point (0,1,0) is at (0, cos(pi t), sin(pi t)).
    It is on the plane y = z when tan(pi t) = 1: first at t = 1/4 (for
    t < 1/4, cos > sin).  There it is (0, s, s), s = sqrt(2)/2, between
    0.7071 and 0.7072; the probe triangle holds (0, s, s) when it holds
    both bracketing points (it is convex), checked exactly."""
    p0, p1, q0, q1 = motion(c, "m")
    assert p0 == p1 == [0, 0, 0] and q0 == Q_ID and q1 == [0, 1, 0, 0]
    (_, p), (_, A), (_, B), (_, C) = (point(c, "point.%d" % i) for i in range(4))
    assert p == [0, 1, 0]
    for s in (F(7071, 10000), F(7072, 10000)):
        if not in_triangle([F(0), s, s], A, B, C):
            return None
    return F(1, 4)


def in_triangle(x, A, B, C):
    """x in the closed triangle ABC (x on its plane assumed): the three
    sub-triangles' normals point the same way as ABC's (or vanish)."""
    def sub(u, v):
        return [a - b for a, b in zip(u, v)]

    def cross(u, v):
        return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]

    def dot(u, v):
        return sum(a * b for a, b in zip(u, v))

    n = cross(sub(B, A), sub(C, A))
    return all(dot(cross(sub(Q, P), sub(x, P)), n) >= 0 for P, Q in ((A, B), (B, C), (C, A)))


# --- teapots -------------------------------------------------------------
def load_obj_gz(path):
    V, T = [], []
    with gzip.open(path, "rt") as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "v":
                # correctly rounded to binary64, as vccd reads them
                V.append(tuple(F(float(x)) for x in w[1:4]))
            elif w[0] == "f":
                idx = [int(x.split("/")[0]) for x in w[1:]]
                idx = [i - 1 if i > 0 else len(V) + i for i in idx]
                assert len(idx) == 3
                T.append(tuple(idx))
    return V, T


class Tri:
    """A triangle seen along x: its projection on (y, z) and, on the
    line through (y, z) parallel to x, the x-range it covers."""

    def __init__(self, P):
        self.P = P
        self.yz = [(p[1], p[2]) for p in P]
        self.area2 = orient(*self.yz)  # twice the projected area, signed
        ys, zs, xs = [p[1] for p in P], [p[2] for p in P], [p[0] for p in P]
        self.box = (min(ys), max(ys), min(zs), max(zs))
        self.fbox = tuple(float(v) for v in self.box)
        self.xmin, self.xmax = float(min(xs)), float(max(xs))

    def xrange(self, y, z):
        """(lo, hi) of x over the triangle on the line (y, z), or None."""
        if self.area2 != 0:
            a, b, c = self.yz
            l1, l2 = orient((y, z), b, c), orient(a, (y, z), c)
            l3 = self.area2 - l1 - l2
            s = 1 if self.area2 > 0 else -1
            if s * l1 < 0 or s * l2 < 0 or s * l3 < 0:
                return None
            x = (l1 * self.P[0][0] + l2 * self.P[1][0] + l3 * self.P[2][0]) / self.area2
            return x, x
        # seen edge-on: the line lies in the triangle's plane and meets
        # its edges in the end points of the covered range
        xs = []
        for i in range(3):
            P, Q = self.P[i], self.P[(i + 1) % 3]
            u = on_segment((y, z), (P[1], P[2]), (Q[1], Q[2]))
            if u == "both":
                xs += [P[0], Q[0]]
            elif u is not None:
                xs.append(P[0] + u * (Q[0] - P[0]))
        return (min(xs), max(xs)) if xs else None


def orient(a, b, c):
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def on_segment(x, a, b):
    """Parameter u of x on segment ab (2D), "both" when a = b = x, None
    when x is not on it."""
    if a == b:
        return "both" if x == a else None
    if orient(a, b, x) != 0:
        return None
    k = 0 if a[0] != b[0] else 1
    u = (x[k] - a[k]) / (b[k] - a[k])
    return u if 0 <= u <= 1 else None


def crossing(a, b, c, d):
    """The point where segments ab and cd (2D) cross at one point, or None."""
    den = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0])
    if den == 0:
        return None  # parallel: overlaps end at vertices, candidates anyway
    s = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / den
    u = ((c[0] - a[0]) * (b[1] - a[1]) - (c[1] - a[1]) * (b[0] - a[0])) / den
    if 0 <= s <= 1 and 0 <= u <= 1:
        return (a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1]))
    return None


def pair_values(T1, T2):
    """The values of max{p_x} - min{q_x} (p in T1, q in T2 on one line
    parallel to x) at the candidate lines of the pair: the projected
    vertices of each, and the crossings of their projected edges.  On the
    overlap of the projections that function is concave and piecewise
    affine with breaks only over projected vertices, so its maximum is
    at one of these lines."""
    pts = list(T1.yz) + list(T2.yz)
    for i in range(3):
        for j in range(3):
            x = crossing(T1.yz[i], T1.yz[(i + 1) % 3], T2.yz[j], T2.yz[(j + 1) % 3])
            if x is not None:
                pts.append(x)
    out = []
    for y, z in set(pts):
        r1, r2 = T1.xrange(y, z), T2.xrange(y, z)
        if r1 is not None and r2 is not None:
            out.append((r1[1] - r2[0], r1, r2, (y, z)))
    return out


def boxes_meet(a, b):
    return a[0] <= b[1] and b[0] <= a[1] and a[2] <= b[3] and b[2] <= a[3]


def teapot_dstar(tris):
    """D* = max { p_x - q_x : p, q on the surface, same y and z }, the
    largest x-offset at which two copies of the mesh touch.  Branch and
    bound over triangle pairs: a pair can give at most xmax(T1) -
    xmin(T2), so pairs are visited by that bound, largest first, and the
    search stops when the bound falls below the best value found (every
    value exact).  Pairs are drawn with a threshold L; if the best found
    is below L some pair was not drawn, so L is lowered and it runs
    again."""
    xlo, xhi = min(t.xmin for t in tris), max(t.xmax for t in tris)
    L = (xhi - xlo) * 0.9
    while True:
        right = [t for t in tris if t.xmax >= xlo + L]
        left = [t for t in tris if t.xmin <= xhi - L]
        pairs = [(t1.xmax - t2.xmin, n1, n2) for n1, t1 in enumerate(right) for n2, t2 in enumerate(left)
                 if t1.xmax - t2.xmin >= L and boxes_meet(t1.fbox, t2.fbox)]
        pairs.sort(reverse=True)
        best, arg = None, None
        for ub, n1, n2 in pairs:
            # ub is the float difference of two doubles: within an ulp
            if best is not None and ub + 1e-12 < best:
                break
            for v in pair_values(right[n1], left[n2]):
                if best is None or v[0] > best:
                    best, arg = v[0], v
        # the float bound ub rounds; the exact bound is within 1e-12 of it
        if best is not None and float(best) >= L + 1e-9:
            return best, arg
        L -= (xhi - xlo) * 0.05


def teapot_overlap_at(tris, d):
    """A witness that the mesh and its copy moved by d along x cross: a
    pair of triangles, neither seen edge-on, whose values p_x - q_x over
    the overlap of their projections (affine there, the overlap being
    convex and connected) take values <= d and >= d, so that p - q =
    d e_x for some p in T1, q in T2.  The pair, or None."""
    for t1 in tris:
        if t1.area2 == 0:
            continue
        for t2 in tris:
            if t2.area2 == 0 or not (t1.xmin - t2.xmax <= d <= t1.xmax - t2.xmin):
                continue
            if not boxes_meet(t1.fbox, t2.fbox):
                continue
            vals = [v[0] for v in pair_values(t1, t2)]
            if vals and min(vals) <= d <= max(vals):
                return t1, t2
    return None


def teapot_time(c, cache):
    """Both bodies are the same mesh, in the same orientation, translated
    along x only: they touch at time t exactly when their x-offset
    o(t) = b(t) - a(t) is p_x - q_x for surface points p, q on one line
    parallel to x.  Offsets above D* never touch; an offset falling to
    D* from above first touches there; an offset inside the range is
    checked by a witness pair (teapot_overlap_at)."""
    (a0, da), (b0, db) = translation(c, c["body.t1"]["motion"]), translation(c, c["body.t2"]["motion"])
    assert all(a0[k] == b0[k] and da[k] == db[k] for k in (1, 2))
    e, f = b0[0] - a0[0], db[0] - da[0]          # o(t) = e + f t
    if "tris" not in cache:
        path = os.path.join(os.path.dirname(__file__), "..", "..", "experiments", "models", "teapot.obj.gz")
        V, T = load_obj_gz(path)
        cache["tris"] = [Tri([V[i] for i in t]) for t in T]
    tris = cache["tris"]
    if "dstar" not in cache:
        cache["dstar"] = teapot_dstar(tris)
    D = cache["dstar"][0]
    # Dset is symmetric (swap p and q): |o| > D never touches
    if e > D and e + f > D:
        return None                 # affine: above D* all the way
    if e > D:
        return (D - e) / f          # falls through D first
    if teapot_overlap_at(tris, e) is not None:
        return F(0)
    raise SystemExit("teapot: offset %s at t = 0 is inside [-D*, D*] but no witness found" % e)


def expected(path, cache):
    c = read(path)
    name = os.path.basename(path)[:-4]
    if name == "ab02":
        return ab02_time(c)
    if c.has_section("pair"):
        kind = c["pair"]["kind"]
        return vertex_face_time(c) if kind == "vertex-face" else edge_edge_time(c)
    if c.has_section("body.o1"):
        return box_box_time(c)
    return teapot_time(c, cache)


def main():
    d = sys.argv[1]
    cache, exp = {}, {}
    for fn in sorted(os.listdir(d)):
        if fn.endswith(".ini"):
            t = expected(os.path.join(d, fn), cache)
            exp[fn[:-4]] = t
            print(fn[:-4], "none" if t is None else "%s %.17g" % (t, float(t)))
    if "dstar" in cache:
        D, (_, r1, r2, yz) = cache["dstar"]
        print("# teapot D* = %.17g on the line y = %.17g, z = %.17g" % (float(D), float(yz[0]), float(yz[1])))
    if len(sys.argv) < 3:
        return 0
    bad = 0
    with open(sys.argv[2]) as f:
        for line in f:
            name, status, lo, hi = line.split()
            t = exp.pop(name)
            if t is None:
                ok = status == "none"
            else:
                # vccd prints %.17g: float() gives back its double exactly
                flo, fhi = F(float(lo)), F(float(hi))
                # lo is a proof: never after t*.  certified: [lo, hi]
                # holds the first contact.  possible: [lo, hi] could not
                # be decided (a touch within the rounding), so t* may lie
                # a little past hi, but no further than 1e-9
                ok = status in ("certified", "possible") and flo <= t and fhi - flo <= F(1, 10**6)
                ok = ok and (t <= fhi if status == "certified" else abs(t - fhi) <= F(1, 10**9))
            print("%s: %s %s [%s, %s], expected %s" % ("ok" if ok else "FAIL", name, status, lo, hi,
                                                      "none" if t is None else "%.17g" % float(t)))
            bad += not ok
    for name in exp:
        print("FAIL: %s: no result" % name)
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
