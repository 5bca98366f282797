"""batch.py -- many linear feature-pair queries at once (toc.h's
vccd_toc_linear_batch), the call users of the CCD peers ask for.
"""
import concurrent.futures
import os

import numpy as np

from vccd._common import Error, ffi, float64_exact, lib, solve_opts

__all__ = ["queries", "Batch", "NONE", "CERTIFIED", "POSSIBLE"]

NONE, CERTIFIED, POSSIBLE = int(lib.VCCD_TOC_NONE), int(lib.VCCD_TOC_CERTIFIED), int(lib.VCCD_TOC_POSSIBLE)
_KINDS = {"vertex-face": lib.VCCD_FEATURE_VF, "edge-edge": lib.VCCD_FEATURE_EE}


class Batch(tuple):
    """(status, lo, hi): numpy arrays, one entry per query.  status holds
    vccd.NONE, vccd.CERTIFIED or vccd.POSSIBLE (int8); lo and hi the
    bounds (float64), with the guarantee of help(vccd.toc) for each
    query."""

    __slots__ = ()

    def __new__(cls, status, lo, hi):
        return tuple.__new__(cls, (status, lo, hi))

    status = property(lambda self: self[0])
    lo = property(lambda self: self[1])
    hi = property(lambda self: self[2])

    def __repr__(self):
        s = self.status
        return "Batch(%d queries: %d certified, %d possible, %d none)" % (len(s), (s == CERTIFIED).sum(),
                                                                         (s == POSSIBLE).sum(), (s == NONE).sum())


def _points(q):
    """q as a C-contiguous N x 8 x 3 float64 array, or ValueError."""
    if not isinstance(q, np.ndarray):
        try:
            q = np.asarray(q)
        except Exception as err:  # ragged nested lists and the like
            raise ValueError("queries: not an N x 8 x 3 array: %s" % err) from None
    if q.ndim == 2 and q.shape == (8, 3):
        q = q[np.newaxis]
    if q.ndim != 3 or q.shape[1:] != (8, 3):
        raise ValueError("queries: a %s array; expected N x 8 x 3 (rows 0-3 the points at t = 0, rows 4-7 at t = 1)"
                         % ("x".join(map(str, q.shape)) or "scalar"))
    q = float64_exact(q, "queries", "float64 coordinates")
    bad = ~np.isfinite(q)
    if bad.any():
        i, r, k = np.argwhere(bad)[0]
        raise ValueError("queries: query %d, row %d: coordinate %d is %s" % (i, r, k, q[i, r, k]))
    return q


def queries(q, kind="vertex-face", *, threads=1, solver=None, arith=None, eps_t=None, max_boxes=None,
            max_work=None, max_precision=None, t0=None, t1=None):
    """Solve N linear queries of the CCD benchmark (Wang et al., ACM TOG
    2021): q is an N x 8 x 3 array, q[i, 0:4] the four points at t = 0
    and q[i, 4:8] the same points at t = 1, each moving on the segment
    between (doubles, taken exactly).  kind: "vertex-face" (points v,
    f0, f1, f2) or "edge-edge" (a0, a1, b0, b1).  Returns a Batch
    (status, lo, hi) of numpy arrays.

    threads > 1 (0: one per CPU) splits the batch into that many slices
    solved at once (the GIL is released in the library); each query's
    answer does not depend on the split, so the result is the same for
    any thread count.  Options as for vccd.toc.  Bad arrays (shape,
    dtype, NaN or infinite coordinates) raise ValueError."""
    if kind not in _KINDS:
        raise Error("kind: unknown kind %r (vertex-face, edge-edge)" % (kind,))
    q = _points(q)
    o = ffi.new("vccd_solve_opts *")
    lib.vccd_solve_opts_init(o)
    solve_opts(o, solver, arith, eps_t, max_boxes, max_work, max_precision, t0, t1)
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise ValueError("threads: %r is not an integer >= 0" % (threads,))
    n = len(q)
    status = np.zeros(n, dtype=np.intc)
    lo = np.zeros(n, dtype=np.float64)
    hi = np.zeros(n, dtype=np.float64)
    k = _KINDS[kind]
    nt = (os.cpu_count() or 1) if threads == 0 else threads
    nt = max(1, min(nt, n))
    bounds = [n * i // nt for i in range(nt + 1)]
    qp = ffi.cast("double (*)[8][3]", ffi.from_buffer(q))
    sp = ffi.cast("int *", ffi.from_buffer(status))
    lp = ffi.cast("double *", ffi.from_buffer(lo))
    hp = ffi.cast("double *", ffi.from_buffer(hi))

    def run(a, b):
        e = ffi.new("vccd_error *")
        if lib.vccd_toc_linear_batch(sp + a, lp + a, hp + a, qp + a, b - a, k, o, e) != 0:
            # the library numbers the query within the slice
            return a, ffi.string(e.msg).decode("utf-8", "replace")
        return None

    if nt == 1:
        errs = [run(0, n)] if n else []
    else:
        with concurrent.futures.ThreadPoolExecutor(max_workers=nt) as ex:
            errs = list(ex.map(lambda i: run(bounds[i], bounds[i + 1]), range(nt)))
    for err in errs:
        if err is not None:
            raise Error("%s (slice from query %d)" % (err[1], err[0]) if err[0] else err[1])
    return Batch(status.astype(np.int8), lo, hi)
