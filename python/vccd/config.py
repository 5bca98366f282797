"""config.py -- a time-of-contact problem read from a config file, as
`vccd toc CONFIG` reads it: the library reads the config (toc.h's
vccd_toc_problem), so the two agree on every value and every error
message (file, line, section, key).
"""
import os

from vccd._common import _count, arith_name, cstr, fail, ffi, lib
from vccd.query import solve

__all__ = ["Problem", "toc_config"]


class Problem:
    """The problem of a toc config: one feature pair ([motion.NAME] and
    [pair] sections) or two moving meshes (two [body.NAME] sections,
    [query]), with [solver] / [arithmetic] (doc/input.md).  Loading reads
    the motions exactly, loads the meshes and builds their BVHs once;
    solve() may then run many times (it only reads the problem).

    max_work overrides [solver] max_work (each feature pair's solve),
    query_max_work [query] max_work (the whole mesh query; a pair config
    refuses it).  Raises vccd.Error with the library's message, naming
    file, line, section and key, on any bad config.
    """

    def __init__(self, path, max_work=None, query_max_work=None):
        o = ffi.new("vccd_toc_problem_opts *")
        lib.vccd_toc_problem_opts_init(o)
        if max_work is not None:
            o.max_work = _count(max_work, "max_work", 1, lib.VCCD_SOLVE_MAX_WORK_LIMIT)
        if query_max_work is not None:
            o.query_max_work = _count(query_max_work, "query_max_work", 1, lib.VCCD_QUERY_MAX_WORK_LIMIT)
        if not isinstance(path, (str, bytes)) and not hasattr(path, "__fspath__"):
            raise TypeError("path: expected a file name, not %s" % type(path).__name__)
        path = os.fsencode(path)
        pp = ffi.new("vccd_toc_problem **")
        e = ffi.new("vccd_error *")
        if lib.vccd_toc_problem_load(pp, path, o, e) != 0:
            fail(e)
        self._p = ffi.gc(pp[0], lib.vccd_toc_problem_free)

    @property
    def form(self):
        """"pair" or "meshes"."""
        return "meshes" if lib.vccd_toc_problem_form_get(self._p) == lib.VCCD_TOC_PROBLEM_MESHES else "pair"

    @property
    def path(self):
        return cstr(lib.vccd_toc_problem_path(self._p))

    def solve(self):
        """The answer (a vccd.Result, with the guarantee of help(vccd.toc))."""
        return solve(lib.vccd_toc_problem_solve, self._p, self.form == "meshes")

    # What the command line prints of the problem: the raw inputs (cffi
    # views, valid while this object lives).
    def _pair_input(self):
        return lib.vccd_toc_problem_pair(self._p)

    def _mesh_input(self):
        return lib.vccd_toc_problem_meshes(self._p)

    def _body(self, i):
        """(name, mesh name, triangles, planar, motion model) of body i."""
        m = lib.vccd_toc_problem_mesh(self._p, i)
        return (cstr(lib.vccd_toc_problem_body_name(self._p, i)), cstr(m.name), int(m.nt), bool(m.planar),
                cstr(self._mesh_input().body[i].motion.type.name))

    def _arith(self, solve):
        return arith_name(ffi.addressof(solve, "arith")), bool(lib.vccd_arith_is_rigorous(ffi.addressof(solve,
                                                                                                       "arith")))


def toc_config(path, max_work=None, query_max_work=None):
    """The time of contact of the problem in the config file at path
    (what `vccd toc CONFIG` answers): a vccd.Result, with the guarantee
    of help(vccd.toc).  max_work overrides [solver] max_work (each
    feature pair's budget), query_max_work [query] max_work (the whole
    mesh query's; refused on a [pair] config).  Raises vccd.Error with
    the command line's message (file, line, section, key)."""
    return Problem(path, max_work, query_max_work).solve()

