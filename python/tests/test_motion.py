"""Every motion class: made from each of its signatures, refused with a
clear error for a bad keyword or a bad value, and its numbers taken
exactly.  The classes come from the library's registry, so these tests
loop over vccd.MOTIONS (a model added in C is covered with no change)
and check that list against the command line's own."""
import decimal
import fractions
import math

import numpy as np
import pytest

import vccd
from conftest import run_cli

MODELS = sorted(vccd.MOTIONS)


def valid(p, j, nv=3):
    """Valid numbers for parameter p (j-th of its signature)."""
    if p.kind == "unit quaternion":
        # unequal orientations (a turn needs an axis)
        x = [0.6, 0.8, 0.0, 0.0] if j % 4 == 1 else [0.8, 0.0, 0.6, 0.0]
    elif p.kind == "direction":
        x = [0.0] * (p.count - 1) + [1.0]
    elif p.kind == "integer":
        x = [2.0]
    else:
        x = [0.125 * (j + 1) + 0.25 * i for i in range(p.count)]
    if p.per_vertex:
        return np.array([[c + 0.5 * k for c in x] for k in range(nv)])
    return x[0] if p.count == 1 and p.kind != "integer" else (int(x[0]) if p.kind == "integer" else x)


def kwargs(cls, sig, conv=lambda v: v):
    return {p.key: conv(valid(p, j)) for j, p in enumerate(sig.params)}


def exact_text(v):
    """v's numbers as exact decimal text (no float rounding between)."""
    a = np.atleast_1d(np.asarray(v, dtype=np.float64)).ravel()
    return " ".join(format(decimal.Decimal(float(x)), "f") for x in a)


def test_every_model_of_the_cli_has_a_class(cli):
    out = run_cli(cli, "motion-check", "--all", "--samples", "1")
    names = sorted({line.split()[1] for line in out.splitlines() if line.startswith("model ")})
    assert names and names == MODELS
    for name, cls in vccd.MOTIONS.items():
        assert cls.model == name and issubclass(cls, vccd.Motion)
        assert getattr(vccd, cls.__name__) is cls
        assert cls.signatures and all(s.params for s in cls.signatures)


@pytest.mark.parametrize("name", MODELS)
def test_constructed_from_each_signature(name):
    cls = vccd.MOTIONS[name]
    for sig in cls.signatures:
        m = cls(**kwargs(cls, sig))
        assert isinstance(m, vccd.Motion) and m.model == name
        if cls.per_vertex:
            assert m.nvertices == 3
        # repr shows the parameters and makes the same motion again
        again = eval(repr(m), {c.__name__: c for c in vccd.MOTIONS.values()})
        assert repr(again) == repr(m)
        # text defaults are what the table says: giving them changes nothing
        given = kwargs(cls, sig)
        for p in sig.params:
            if p.default is not None:
                given[p.key] = p.default
        cls(**given)
    doc = cls.__doc__
    assert name in doc and all(p.key in doc for s in cls.signatures for p in s.params)


@pytest.mark.parametrize("name", MODELS)
def test_bad_keyword(name):
    cls = vccd.MOTIONS[name]
    args = kwargs(cls, cls.signatures[0])
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'velocityy'.*keys: "):
        cls(velocityy=(1, 2, 3), **args)
    with pytest.raises(TypeError):
        cls((0, 0, 0))                      # positional
    if len(cls.signatures) > 1:
        mixed = dict(args)
        other = cls.signatures[1].params[0]
        mixed[other.key] = valid(other, 0)
        with pytest.raises(vccd.Error, match=r"\[%s\] %s: not with the keys" % (name, other.key)):
            cls(**mixed)


@pytest.mark.parametrize("name", MODELS)
def test_bad_value(name):
    cls = vccd.MOTIONS[name]
    sig = cls.signatures[0]
    reals = [p for p in sig.params if p.kind == "real"]
    p = reals[0]
    args = kwargs(cls, sig)

    def refused(value, pattern):
        bad = dict(args)
        bad[p.key] = value
        with pytest.raises(vccd.Error, match=pattern) as err:
            cls(**bad)
        assert isinstance(err.value, ValueError)
        assert err.value.file and err.value.file.startswith("vccd_motion_new")

    good = np.atleast_2d(args[p.key]) if p.per_vertex else np.atleast_1d(args[p.key])
    nan = good.astype(float).copy()
    nan.flat[0] = math.nan
    refused(nan if p.per_vertex else list(nan), r"\[%s\] %s: .*nan" % (name, p.key))
    inf = good.astype(float).copy()
    inf.flat[-1] = -math.inf
    refused(inf if p.per_vertex else list(inf), r"\[%s\] %s: .*-inf" % (name, p.key))
    if not p.per_vertex:
        refused(list(good) + [1.0], r"\[%s\] %s: expected %d number" % (name, p.key, p.count))
    junk = exact_text(good).split()
    junk[-1] = "two"
    # (a per-vertex model reads its text vertex by vertex: vertex.I)
    refused(" ".join(junk), r"\[%s\] (%s|vertex\.2): .*'two'" % (name, p.key))
    # a required key left out
    missing = dict(args)
    del missing[p.key]
    with pytest.raises(vccd.Error, match=r"\[%s\] %s: missing" % (name, p.key)):
        cls(**missing)
    # not a number at all
    bad = dict(args)
    bad[p.key] = object() if p.count == 1 and not p.per_vertex else [object()] * p.count
    with pytest.raises(TypeError):
        cls(**bad)
    for q in sig.params:
        if q.kind == "unit quaternion":
            bad = dict(args)
            bad[q.key] = (2.0, 0.0, 0.0, 0.0)
            with pytest.raises(vccd.Error, match=r"\[%s\] %s: " % (name, q.key)):
                cls(**bad)


def _fingerprint(cls, m):
    """Numbers that depend on every bit of m's parameters: a rigid 3D
    motion's distance from a fixed box at t = 0.3 and its first contact
    with a plate; a planar one's the same in 2D; a per-vertex one's
    feature pair against a fixed triangle."""
    if cls.per_vertex:
        tri = vccd.VertexLinear(x0=[[-20, -20, -5.3], [20, -20, -5.31], [0, 20, -5.29]],
                                x1=[[-20, -20, 5.3], [20, -20, 5.31], [0, 20, 5.29]])
        r = vccd.toc_pair("vertex-face", [(m, 0), (tri, 0), (tri, 1), (tri, 2)], eps_t=0.0)
        return r.status, r.lo, r.hi
    if cls.dim == 2:
        body, other = vccd.Mesh.load("ngon:5"), vccd.Mesh.load("rect:1:3")
        still = vccd.Ltlrm2d(o0=(4, 0.5), v=(-2, 0), omega=0.5)
    else:
        body, other = vccd.Mesh.load("box:0.5:0.25:1"), vccd.Mesh.load("icosphere:1")
        still = vccd.Ltlrm(o0=(4, 0.5, 0.25), v=(-2, 0, 0), omega=(0, 0, 0.5))
    d = vccd.distance(body, m, other, still, 0.3)
    r = vccd.toc(body, m, other, still, eps_t=0.0)
    return d.lower, d.upper, r.status, r.lo, r.hi


@pytest.mark.parametrize("name", MODELS)
def test_numbers_taken_exactly(name):
    """floats, their exact decimal text, Fractions and Decimals make the
    same motion; the decimal text nearest the float, a different number,
    is read as that decimal (so it may differ)."""
    cls = vccd.MOTIONS[name]
    sig = cls.signatures[0]
    base = kwargs(cls, sig)
    # numbers that are not short decimals, to make rounding visible
    for j, p in enumerate(sig.params):
        if p.kind == "real":
            base[p.key] = np.asarray(base[p.key], dtype=np.float64) * (1 + 2.0 ** -40) + 1 / 3
            if p.count == 1 and not p.per_vertex:
                base[p.key] = float(base[p.key])
    want = _fingerprint(cls, cls(**base))
    as_text = {k: exact_text(v) if not isinstance(v, int) else str(v) for k, v in base.items()}
    assert _fingerprint(cls, cls(**as_text)) == want
    as_frac = {k: [fractions.Fraction(float(x)) for x in np.ravel(v)] if not isinstance(v, int) else v
               for k, v in base.items()}
    as_frac = {k: (np.array(v, dtype=object).reshape(-1, next(p.count for p in sig.params if p.key == k))
                   if next(p.per_vertex for p in sig.params if p.key == k) else v) for k, v in as_frac.items()}
    assert _fingerprint(cls, cls(**as_frac)) == want
    as_dec = {k: [decimal.Decimal(float(x)) for x in np.ravel(v)] if not isinstance(v, int) else v
              for k, v in base.items() if not next(p.per_vertex for p in sig.params if p.key == k)}
    if as_dec:
        rest = {k: v for k, v in base.items() if k not in as_dec}
        assert _fingerprint(cls, cls(**as_dec, **rest)) == want


def test_float32_and_int_arrays_are_exact():
    a = vccd.Ltlrm(o0=np.array([1, 2, 3], dtype=np.int64), v=np.array([0.1, 0, 0], dtype=np.float32),
                   omega=(0, 0, 0))
    b = vccd.Ltlrm(o0=(1.0, 2.0, 3.0), v=(float(np.float32(0.1)), 0.0, 0.0), omega=(0, 0, 0))
    box = vccd.Mesh.load("box:1:1:1")
    assert vccd.distance(box, a, box, b, 1.0).upper == vccd.distance(box, b, box, a, 1.0).upper
    # an integer beyond 2^53 is no double: it is taken as exact text
    big = vccd.Ltlrm(o0=(2**60 + 1, 0, 0), v=(0, 0, 0), omega=(0, 0, 0))
    assert big.params["o0"] == [2**60 + 1, 0, 0]


def test_per_vertex_shapes():
    V = np.arange(12, dtype=float).reshape(4, 3)
    m = vccd.VertexLinear(x0=V, x1=V + 1)
    assert m.nvertices == 4
    assert vccd.VertexLinear(x0=V.ravel(), x1=(V + 1).ravel()).nvertices == 4
    with pytest.raises(ValueError, match=r"a 4x2 array; expected n x 3"):
        vccd.VertexLinear(x0=V[:, :2], x1=V[:, :2])
    with pytest.raises(vccd.Error, match=r"x1: expected 12 numbers"):
        vccd.VertexLinear(x0=V, x1=V[:3])
    with pytest.raises(vccd.Error, match=r"x0: .*nan"):
        vccd.VertexLinear(x0=np.full((2, 3), np.nan), x1=np.zeros((2, 3)))
    with pytest.raises(ValueError, match=r"3-dimensional"):
        vccd.VertexLinear(x0=np.zeros((2, 3, 1)), x1=np.zeros((2, 3, 1)))
    with pytest.raises(vccd.Error, match=r"x0: "):
        vccd.VertexLinear(x0=[], x1=[])


def test_abstract_motion():
    with pytest.raises(TypeError, match="abstract"):
        vccd.Motion()


def test_float_and_decimal_text_differ_as_they_should():
    """The double 0.1 is 0.1000000000000000055...: a vertex rising to
    it touches a plane at that double at t = 1, while one rising to the
    decimal 0.1 ends just below the plane and never touches."""
    plane = [[-1, -1, 0.1], [1, -1, 0.1], [0, 1, 0.1]]
    tri = vccd.VertexLinear(x0=plane, x1=plane)

    def status(x1):
        m = vccd.VertexLinear(x0=[[0, 0, -1]], x1=x1)
        return vccd.toc_pair("vertex-face", [(m, 0), (tri, 0), (tri, 1), (tri, 2)], arith="mpfr:200").status

    assert status([[0, 0, 0.1]]) == "certified"
    assert status("0 0 %s" % decimal.Decimal(0.1)) == "certified"
    assert status([[0, 0, fractions.Fraction(0.1)]]) == "certified"
    assert status("0 0 0.1") == "none"
    assert status([[0, 0, fractions.Fraction(1, 10)]]) == "none"
    assert status([[0, 0, decimal.Decimal("0.1")]]) == "none"
