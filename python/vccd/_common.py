"""_common.py -- what every part of the package shares: the compiled
module, the exception, and the reading of options and numbers.

Numbers follow the library's rule (doc/input.md): a binary64 number is
taken exactly as the double it is, a decimal string exactly as the
decimal it writes (0.1 is then one tenth, not the double nearest it).
"""
import fractions
import math
import re

import numpy as np

from vccd._vccd import ffi, lib

__all__ = ["Error", "ffi", "lib"]


class Error(ValueError):
    """vccd refused an input, or a query failed.

    str(err) is vccd's own one-line message, e.g.
    "vccd_motion_new: [ltlrm] q0: not a unit quaternion ..." or
    "mesh.obj:12: vertex 3: NaN coordinate".  err.file and err.line are
    the file (or the C function) and the line it names, None when it
    names none.
    """

    def __init__(self, message):
        super().__init__(message)
        self.message = message
        self.file, self.line = None, None
        m = re.match(r"(.+?):(\d+): ", message)
        if m:
            self.file, self.line = m.group(1), int(m.group(2))
        else:
            m = re.match(r"([^:\s]+): ", message)
            if m:
                self.file = m.group(1)


Error.__module__ = "vccd"


def fail(e):
    """Raise the Error held by the vccd_error *e."""
    raise Error(ffi.string(e.msg).decode("utf-8", "replace"))


def cstr(p):
    return ffi.string(p).decode("utf-8", "replace") if p != ffi.NULL else None


def _names(count, get):
    return [cstr(get(i).name) for i in range(count())]


def bv_names():
    return _names(lib.vccd_bv_type_count, lib.vccd_bv_type_get)


def solver_names():
    return _names(lib.vccd_solver_type_count, lib.vccd_solver_type_get)


def bv_index(name):
    i = lib.vccd_bv_type_find(_bytes(name, "bv"))
    if i < 0:
        raise Error("bv: unknown BV type %r (%s)" % (name, ", ".join(bv_names())))
    return i


def float64_exact(a, what, expected):
    """The numpy array a as contiguous float64 coordinates, taken exactly:
    a float dtype widens exactly, an integer one must lie within 2^53.
    ValueError "WHAT: ..." otherwise ("WHAT: dtype D; expected EXPECTED"
    for any other dtype)."""
    if a.dtype.kind == "f":
        return np.ascontiguousarray(a, dtype=np.float64)        # float16/32 widen exactly
    if a.dtype.kind in "iu":
        if a.size and max(abs(int(a.min())), abs(int(a.max()))) > 2**53:
            raise ValueError("%s: integer coordinates beyond 2^53 are not all exactly doubles" % what)
        return np.ascontiguousarray(a, dtype=np.float64)
    raise ValueError("%s: dtype %s; expected %s" % (what, a.dtype, expected))


def _bytes(s, what):
    if not isinstance(s, str):
        raise TypeError("%s: expected a string, not %s" % (what, type(s).__name__))
    if "\0" in s:
        raise ValueError("%s: %r holds a NUL character" % (what, s))
    return s.encode("utf-8")


def time_value(x, what):
    """A double in [0, 1] (a time), taken exactly."""
    x = real(x, what)
    if not 0.0 <= x <= 1.0:
        raise ValueError("%s: %r is not in [0, 1]" % (what, x))
    return x


def real(x, what):
    if isinstance(x, bool) or not isinstance(x, (int, float)) and not hasattr(x, "__float__"):
        raise TypeError("%s: expected a number, not %s" % (what, type(x).__name__))
    try:
        f = float(x)
    except OverflowError:
        raise ValueError("%s: %r is not a finite binary64 number" % (what, x)) from None
    if not math.isfinite(f):
        raise ValueError("%s: %r is not a finite number" % (what, x))
    return f


def upper_double(x, what):
    """The least double >= x >= 0: a distance the proof must reach at
    least (a string is an exact decimal, as in a config: "0.1" asks for
    one tenth, so the bound used is the double just above it)."""
    if isinstance(x, str):
        try:
            q = fractions.Fraction(x.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError("%s: %r is not a decimal number" % (what, x)) from None
    elif isinstance(x, fractions.Fraction):
        q = x
    else:
        q = fractions.Fraction(real(x, what))
    if q < 0:
        raise ValueError("%s: %s is negative" % (what, x))
    try:
        d = float(q)
    except OverflowError:
        raise ValueError("%s: %s is beyond the binary64 range" % (what, x)) from None
    if fractions.Fraction(d) < q:
        d = math.nextafter(d, math.inf)
    if not math.isfinite(d):
        raise ValueError("%s: %s is beyond the binary64 range" % (what, x))
    return d


def solve_opts(o, solver=None, arith=None, eps_t=None, max_boxes=None, max_work=None, max_precision=None,
               t0=None, t1=None):
    """Fill the vccd_solve_opts *o (already holding its defaults) from
    the arguments that are not None."""
    if solver is not None:
        p = lib.vccd_solver_type_find(_bytes(solver, "solver"))
        if p == ffi.NULL:
            raise Error("solver: unknown solver %r (%s)" % (solver, ", ".join(solver_names())))
        o.solver = p
    if arith is not None:
        if lib.vccd_arith_parse(ffi.addressof(o, "arith"), _bytes(arith, "arith")) != 0:
            raise Error("arith: unknown arithmetic %r (binary64, mpfr:PREC with PREC in 2 .. 65536, adaptive, "
                        "unrounded)" % (arith,))
    if eps_t is not None:
        o.eps_t = time_value(eps_t, "eps_t")
    if max_boxes is not None:
        o.max_boxes = _count(max_boxes, "max_boxes", 1, 10**9)
    if max_work is not None:
        o.max_work = _count(max_work, "max_work", 1, 10**12)
    if max_precision is not None:
        o.max_precision = _count(max_precision, "max_precision", 64, 65536)
    if t0 is not None:
        o.t0 = time_value(t0, "t0")
    if t1 is not None:
        o.t1 = time_value(t1, "t1")
    if not o.t0 <= o.t1:
        raise ValueError("t0 = %r is after t1 = %r" % (o.t0, o.t1))


def _count(x, what, lo, hi):
    if isinstance(x, bool) or not isinstance(x, int) and not (hasattr(x, "__index__")):
        raise TypeError("%s: expected an integer, not %s" % (what, type(x).__name__))
    x = int(x)
    if not lo <= x <= hi:
        raise ValueError("%s: %d is not in [%d, %d]" % (what, x, lo, hi))
    return x


def motion_prec(o):
    """The precision of the motions' parameters for solve options o: at
    least that of the finest arithmetic the solve uses, so that no MPFR
    run sees rounded inputs (the command line's rule)."""
    p = 320
    if o.arith.kind == lib.VCCD_ARITH_MPFR and o.arith.prec > p:
        p = o.arith.prec
    if o.arith.kind == lib.VCCD_ARITH_ADAPTIVE and o.max_precision > p:
        p = o.max_precision
    return int(p)


def arith_name(a):
    buf = ffi.new("char[]", 32)
    return cstr(lib.vccd_arith_name(buf, 32, a))
