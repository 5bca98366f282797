"""motion.py -- one Python class per motion model of the library, made at
import time from the models' own parameter tables (motion.h's
vccd_motion_signature), so that a model added in C is a class here with
no Python change.

    vccd.Ltlrm(o0=(0, 0, 1), v=(0, 0, -2), omega=(0, 0, 3))
    vccd.Ltlrm(start_position=..., start_orientation=..., end_position=..., end_orientation=...)
    vccd.VertexLinear(x0=V0, x1=V1)          # n x 3 arrays

A keyword takes a number, a sequence or a numpy array: floats and
integers are taken exactly as the binary64 numbers (or integers) they
are, fractions.Fraction and decimal.Decimal exactly as the rationals they
are, and a string as config text: exact decimals or rationals P/Q ("0.1"
is one tenth, not the double nearest it).  The library checks every value
(vccd_motion_new); what it refuses raises vccd.Error with its message.
"""
import decimal
import fractions
import inspect
import numbers

import numpy as np

from vccd._common import Error, cstr, ffi, lib

__all__ = ["Motion", "MOTIONS"]

# The parameters' precision when a motion is made: that of the command
# line's motions (lib/toc, experiments/), raised by the query when its
# arithmetic is finer.
DEFAULT_PREC = 320

_KINDS = {
    lib.VCCD_MOTION_PARAM_REAL: "real",
    lib.VCCD_MOTION_PARAM_UNIT_QUAT: "unit quaternion",
    lib.VCCD_MOTION_PARAM_DIRECTION: "direction",
    lib.VCCD_MOTION_PARAM_INTEGER: "integer",
}


class Param:
    """One parameter of a model's table (motion.h's vccd_motion_param)."""

    __slots__ = ("key", "kind", "count", "per_vertex", "default", "doc")

    def __init__(self, p):
        self.key = cstr(p.key)
        self.kind = _KINDS.get(p.kind, "real")
        self.count = int(p.count)
        self.per_vertex = bool(p.per_vertex)
        self.default = cstr(getattr(p, "def"))  # a C field named def
        self.doc = cstr(p.doc)

    def describe(self):
        n = "%d number%s" % (self.count, "s" if self.count > 1 else "")
        what = {"unit quaternion": "a unit quaternion, " + n, "direction": "a direction, " + n,
                "integer": "an integer"}.get(self.kind, n)
        if self.per_vertex:
            what += " per vertex"
        d = "required" if self.default is None else "default %s" % self.default
        return "%s: %s (%s; %s)" % (self.key, self.doc, what, d)


class Signature:
    """One way of giving a model's parameters (vccd_motion_signature)."""

    __slots__ = ("name", "function", "doc", "params")

    def __init__(self, s):
        self.name = cstr(s.name)
        self.function = cstr(s.function)
        self.doc = cstr(s.doc)
        self.params = tuple(Param(s.param[j]) for j in range(s.nparam))


def _exact_double(x):
    """x as a float when it is exactly one (float, numpy float, an
    integer or a dyadic fraction within range), else None."""
    if isinstance(x, (bool, np.bool_)):
        raise TypeError("expected a number, not a bool")
    if isinstance(x, (float, np.floating)):
        return float(x)
    if isinstance(x, (int, np.integer)):
        try:
            f = float(x)
        except OverflowError:
            return None
        return f if int(f) == int(x) else None
    if isinstance(x, fractions.Fraction):
        try:
            f = float(x)
        except OverflowError:
            return None
        return f if fractions.Fraction(f) == x else None
    return None


def _text(x):
    """x as config text that means exactly x (an integer, or P/Q)."""
    if isinstance(x, str):
        return x
    if isinstance(x, decimal.Decimal):
        if not x.is_finite():
            raise ValueError("%s is not a finite number" % x)
        q = fractions.Fraction(x)
    elif isinstance(x, (float, np.floating)):
        if not np.isfinite(x):
            raise ValueError("%r is not a finite number" % float(x))
        q = fractions.Fraction(float(x))
    elif isinstance(x, (int, np.integer, fractions.Fraction)):
        q = fractions.Fraction(x)
    elif isinstance(x, numbers.Real):
        q = fractions.Fraction(float(x))
    else:
        raise TypeError("expected a number or a string, not %s" % type(x).__name__)
    return str(q.numerator) if q.denominator == 1 else "%d/%d" % (q.numerator, q.denominator)


class _Value:
    """One keyword's value as the library takes it: doubles (a float64
    array) or text."""

    __slots__ = ("key", "doubles", "text", "shown")

    def __init__(self, cls, p, x):
        self.key = p.key
        self.doubles, self.text = None, None
        if isinstance(x, str):
            self.text, self.shown = x, x
            return
        if isinstance(x, np.ndarray) or isinstance(x, (list, tuple)):
            try:
                a = np.array(x, dtype=object if not isinstance(x, np.ndarray) or x.dtype.kind not in "fiu"
                             else x.dtype)
            except ValueError as err:
                raise ValueError("%s(%s=...): %s" % (cls, p.key, err)) from None
            if p.per_vertex:
                if a.ndim == 2 and a.shape[1] != p.count:
                    raise ValueError("%s(%s=...): a %dx%d array; expected n x %d (one row per vertex)"
                                     % (cls, p.key, a.shape[0], a.shape[1], p.count))
                if a.ndim not in (1, 2):
                    raise ValueError("%s(%s=...): a %d-dimensional array; expected n x %d" % (cls, p.key, a.ndim,
                                                                                              p.count))
            elif a.ndim > 1:
                raise ValueError("%s(%s=...): a %s array; expected %d numbers" % (cls, p.key,
                                                                                  "x".join(map(str, a.shape)),
                                                                                  p.count))
            if a.dtype.kind == "f":
                # float16/32/64 widen exactly
                self.doubles = np.ascontiguousarray(a, dtype=np.float64).ravel()
            else:
                items = a.ravel().tolist()
                try:
                    ds = [_exact_double(v) for v in items]
                except TypeError as err:
                    raise TypeError("%s(%s=...): %s" % (cls, p.key, err)) from None
                if all(d is not None for d in ds):
                    self.doubles = np.array(ds, dtype=np.float64)
                else:
                    try:
                        self.text = " ".join(_text(v) for v in items)
                    except (TypeError, ValueError) as err:
                        raise type(err)("%s(%s=...): %s" % (cls, p.key, err)) from None
            self.shown = a.tolist() if a.size <= 24 else "<%s array>" % "x".join(map(str, a.shape))
            return
        try:
            d = _exact_double(x)
            if d is not None:
                self.doubles = np.array([d], dtype=np.float64)
            else:
                self.text = _text(x)
        except (TypeError, ValueError) as err:
            raise type(err)("%s(%s=...): %s" % (cls, p.key, err)) from None
        self.shown = x


class Motion:
    """A motion of one of the library's models (a subclass per model).

    The parameters are the keywords of one of the model's signatures
    (see the class's help); the library checks them when the motion is
    made.  model is the model's name (a config's "type = NAME"), dim 3
    or 2 (planar), per_vertex whether it moves vertices rather than body
    points (then nvertices says how many).
    """

    model = None
    summary = None
    dim = 3
    per_vertex = False
    signatures = ()
    _type = None

    def __init__(self, **params):
        if self._type is None:
            raise TypeError("vccd.Motion is abstract: use a model's class, e.g. vccd.Ltlrm")
        keys = {p.key: p for s in self.signatures for p in s.params}
        cls = type(self).__name__
        self._values = []
        for k, x in params.items():
            if k not in keys:
                raise TypeError("%s() got an unexpected keyword argument %r (keys: %s)"
                                % (cls, k, "; or ".join(", ".join(p.key for p in s.params)
                                                        for s in self.signatures)))
            if x is None:
                continue
            self._values.append(_Value(cls, keys[k], x))
        # the library takes a model's per-vertex parameters all as doubles
        # or all as text: a mix becomes text, exactly
        pv = [v for v in self._values if keys[v.key].per_vertex]
        if any(v.text is not None for v in pv):
            for v in pv:
                if v.doubles is not None:
                    v.text, v.doubles = " ".join(_text(x) for x in v.doubles.tolist()), None
        self._c = {}
        m = self._make(DEFAULT_PREC)
        self.nvertices = int(m.nvertices) if self.per_vertex else 0

    def _make(self, prec):
        """The C motion at parameter precision prec (kept for reuse)."""
        m = self._c.get(prec)
        if m is not None:
            return m
        m = ffi.gc(self._build(prec), lib.vccd_motion_free)
        self._c[prec] = m
        return m

    def _build(self, prec):
        """A new C motion at parameter precision prec, owned by the caller
        (vccd_motion_free)."""
        n = len(self._values)
        vals = ffi.new("vccd_motion_value[]", max(n, 1))
        keep = []
        for i, v in enumerate(self._values):
            k = ffi.new("char[]", v.key.encode())
            keep.append(k)
            vals[i].key = k
            if v.doubles is not None:
                vals[i].x = ffi.cast("const double *", ffi.from_buffer(v.doubles))
                vals[i].n = len(v.doubles)
                keep.append(v.doubles)
            else:
                t = ffi.new("char[]", v.text.encode("utf-8"))
                keep.append(t)
                vals[i].text = t
                vals[i].n = 0
        e = ffi.new("vccd_error *")
        p = lib.vccd_motion_new(self.model.encode(), vals, n, prec, e)
        if p == ffi.NULL:
            raise Error(ffi.string(e.msg).decode("utf-8", "replace"))
        return p

    @property
    def params(self):
        """The parameters given, as given (a dict)."""
        return {v.key: v.shown for v in self._values}

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join("%s=%r" % (v.key, v.shown) for v in self._values))


def _class_name(model):
    return "".join(w[:1].upper() + w[1:] for w in model.replace("_", "-").split("-"))


def _make_class(t):
    model = cstr(t.name)
    sigs = tuple(Signature(t.sig[g]) for g in range(t.nsig))
    name = _class_name(model)
    lines = ["%s: %s" % (model, cstr(t.summary))]
    if t.dim == 2:
        lines += ["", "A planar motion (the plane z = 0)."]
    if t.per_vertex:
        lines += ["", "Moves the vertices of a mesh, not its body points: per-vertex keywords take an n x count "
                  "array, one row per vertex."]
    for s in sigs:
        lines.append("")
        lines.append("%s(%s)" % (name, ", ".join(p.key if p.default is None else "%s=%r" % (p.key, p.default)
                                                 for p in s.params)))
        lines.append("    %s (C: %s)" % (s.doc, s.function))
        for p in s.params:
            lines.append("    " + p.describe())
    if len(sigs) > 1:
        lines += ["", "The keywords of one signature only."]
    seen = {}
    for s in sigs:
        for p in s.params:
            seen.setdefault(p.key, p)
    sig = inspect.Signature([inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY, default=None) for k in seen])
    ns = {
        "__doc__": "\n".join(lines),
        "__module__": "vccd",
        "__signature__": sig,
        "model": model,
        "summary": cstr(t.summary),
        "dim": int(t.dim),
        "per_vertex": bool(t.per_vertex),
        "signatures": sigs,
        "_type": t,
    }
    return type(name, (Motion,), ns)


def _make_classes():
    classes = {}
    for i in range(lib.vccd_motion_type_count()):
        c = _make_class(lib.vccd_motion_type_get(i))
        classes[c.model] = c
    return classes


# model name -> class, for every registered model
MOTIONS = _make_classes()
