"""cli.py -- `python3 -m vccd COMMAND`: the package's command line."""
import re
import sys
import time

import vccd
from vccd import _json
from vccd._common import cstr, lib

USAGE = """usage: python3 -m vccd COMMAND [ARGS]

commands:
  bench [toc] [queries] [--repeat N] [--queries DIR] [--cli PATH]
             what the Python layer costs over the library (vccd.bench)
  models     the motion models and their parameters
  toc [--json] [--hex] [--max-work W] [--query-max-work W] CONFIG
             the time of contact of a config's feature pair or two meshes,
             printed as `vccd toc` prints it (vccd.toc_config)
  version    print the version of the package and of libvccd
"""


def models():
    for name, cls in vccd.MOTIONS.items():
        print("%s (vccd.%s): %s" % (name, cls.__name__, cls.summary))
        for s in cls.signatures:
            print("  %s(%s)" % (cls.__name__, ", ".join(p.key if p.default is None else "%s=%s" % (p.key, p.default)
                                                        for p in s.params)))
    return 0


TOC_USAGE = "toc: usage: vccd toc [--json] [--hex] [--max-work W] [--query-max-work W] CONFIG (see vccd help toc)"


class _Usage(Exception):
    """A command-line error: its message is printed after "vccd: "."""


def _option_long(opt, args, i, hi):
    """The value of option args[i] at args[i + 1], worded as the C
    command line's vccd_cli_parse_long."""
    if i + 1 >= len(args):
        raise _Usage("option %s needs a value" % opt)
    s = args[i + 1]
    v = int(s) if re.fullmatch(r"\s*[+-]?[0-9]+", s) else None     # strtol's syntax
    if v is None or not 1 <= v <= hi:
        raise _Usage("option %s: '%s' is not an integer in [1, %d]" % (opt, s, hi))
    return v


def _ends(r, hexa):
    """lo and hi as `vccd toc` prints them: decimal rounded outward with
    the digits of their precision, or (--hex) exact hex floats."""
    return (r.lo_hex, r.hi_hex) if hexa else (r.lo_text, r.hi_text)


def _toc_pair_print(p, r, json, hexa, us):
    inp = p._pair_input()
    o = inp.solve
    kind = cstr(lib.vccd_feature_kind_name(inp.kind))
    dmin = inp.min_separation
    arith, rigorous = p._arith(o)
    st = r.stats
    if json:
        print(_json.dumps({
            "pair": kind, "min_separation": dmin, "solver": cstr(o.solver.name), "arith": arith, "eps_t": o.eps_t,
            "rigorous": bool(rigorous), "status": r.status, "lo": _json.time(_ends(r, hexa)[0], r.lo),
            "hi": _json.time(_ends(r, hexa)[1], r.hi),
            "boxes": st["solver_boxes"], "evals": st["evals"], "escalations": st["escalations"],
            "precision": st["prec"], "limited": bool(r.limited), "time_us": us}))
        return
    print("pair: %s solver=%s arith=%s eps_t=%g%s" % (kind, cstr(o.solver.name), arith, o.eps_t,
                                                       "" if rigorous else " (NON-RIGOROUS)"))
    print("status: %s" % r.status)
    if dmin > 0:
        print("toc: [%s, %s] (first time the distance can be <= min_separation=%.17g)" % (_ends(r, hexa) + (dmin,)))
    else:
        print("toc: [%s, %s]" % _ends(r, hexa))
    if r.status != "none":
        print("params: u in [%.17g, %.17g], v in [%.17g, %.17g]" % (r.params[0] + r.params[1]))
    print("boxes=%d evals=%d escalations=%d precision=%d%s time_us=%.2f"
          % (st["solver_boxes"], st["evals"], st["escalations"], st["prec"], " limited" if r.limited else "", us))


def _pair_text(r, b):
    q = r.pair
    v = q.vertices
    if q.kind == "vertex-edge-2d":
        return "vertex-edge-2d %s vertex %d, %s edge %d-%d (segments %d %d)" % (
            b[q.vertex_body][0], v[0], b[1 - q.vertex_body][0], v[1], v[2], q.triangles[0], q.triangles[1])
    if q.kind == "vertex-face":
        return "vertex-face %s vertex %d, %s triangle %d (triangles %d %d)" % (
            b[q.vertex_body][0], v[0], b[1 - q.vertex_body][0], q.triangles[1 - q.vertex_body], q.triangles[0],
            q.triangles[1])
    return "edge-edge %s edge %d-%d, %s edge %d-%d (triangles %d %d)" % (b[0][0], v[0], v[1], b[1][0], v[2], v[3],
                                                                         q.triangles[0], q.triangles[1])


def _toc_meshes_text(p, r, hexa, ms):
    o = p._mesh_input().opts
    b = [p._body(0), p._body(1)]
    arith, rigorous = p._arith(o.solve)
    st = r.stats
    print("bodies: " + ", ".join("%s (%s, %d %s, motion %s)" % (n, mn, nt, "segments" if planar else "triangles",
                                                                  mo) for n, mn, nt, planar, mo in b))
    line = "query: mode=%s search=%s bv=%s solver=%s arith=%s eps_t=%g" % (
        cstr(lib.vccd_query_mode_name(o.mode)), cstr(lib.vccd_query_search_name(o.search)),
        cstr(lib.vccd_bv_type_get(o.bv).name), cstr(o.solve.solver.name), arith, o.solve.eps_t)
    if o.eps_d > 0:
        line += " eps_d=%g" % o.eps_d
    if o.min_separation > 0:
        line += " min_separation=%.17g" % o.min_separation
    print(line + ("" if rigorous else " (NON-RIGOROUS)"))
    print("status: %s%s" % (r.status, " (APPROXIMATE: capoeira, the BVH alone; lo is a proved lower bound)"
                            if r.approximate else ""))
    if o.min_separation > 0:
        print("toc: [%s, %s] (first time the distance can be <= min_separation=%.17g)"
              % (_ends(r, hexa) + (o.min_separation,)))
    else:
        print("toc: [%s, %s]" % _ends(r, hexa))
    if r.stepped:
        if r.stepped < 0:
            what = "FAILED: the gap at t0 is below eps_d" if o.eps_d > 0 else "FAILED: touching at t0"
        else:
            what = "gap >= eps_d proved" if o.eps_d > 0 else "gap > 0 proved"
        print("step_back: %s from lo=%.17g (%d distance queries)" % (what, r.lo_contact, st["distance_queries"]))
    if r.safe_t is not None:
        print("safe_t: %.17g (gap >= eps_d proved there; [t0, safe_t] contact-free)" % r.safe_t)
    elif o.eps_d > 0 and r.stepped < 0:
        print("safe_t: none (no time in [t0, t1] proved to keep the gap >= eps_d)")
    if r.pair is not None:
        print("pair: " + _pair_text(r, b))
        print("point: %.9g %.9g %.9g" % r.point)
        print("normal: %.9g %.9g %.9g" % r.normal)
        print("velocity: %.9g %.9g %.9g v.n=%.9g" % (r.velocity + (r.vn,)))
    if r.gap is not None:
        print("gap: [%.17g, %.17g] at t=%.17g" % (r.gap + (r.gap_t,)))
    if r.out_of_work:
        print("out_of_work: the query spent its budget ([query] max_work=%d; work=%d): [%.17g, %s) "
              "is proved contact-free, the rest was not searched" % (o.max_work, st["work"], o.solve.t0,
                                                                     _ends(r, hexa)[0]))
    print("bv_tests=%d feature_pairs=%d filtered=%d solver_boxes=%d escalations=%d items=%d leaf_pairs=%d%s "
          "time_ms=%.3f" % (st["bv_tests"], st["feature_pairs"], st["filtered"], st["solver_boxes"],
                            st["escalations"], st["items"], st["leaf_pairs"], " limited" if r.limited else "", ms))


def _toc_meshes_json(p, r, hexa, ms):
    o = p._mesh_input().opts
    b = [p._body(0), p._body(1)]
    arith, rigorous = p._arith(o.solve)
    st = r.stats
    out = {"bodies": [{"name": n, "triangles": nt, "motion": mo} for n, _, nt, _, mo in b],
           "mode": cstr(lib.vccd_query_mode_name(o.mode)), "bv": cstr(lib.vccd_bv_type_get(o.bv).name),
           "solver": cstr(o.solve.solver.name), "arith": arith, "eps_t": o.solve.eps_t, "eps_d": o.eps_d,
           "min_separation": o.min_separation, "rigorous": bool(rigorous), "status": r.status,
           "approximate": bool(r.approximate), "lo": _json.time(_ends(r, hexa)[0], r.lo),
           "hi": _json.time(_ends(r, hexa)[1], r.hi)}
    if r.stepped:
        out["step_back"] = {"ok": r.stepped > 0, "lo_contact": r.lo_contact,
                            "distance_queries": st["distance_queries"]}
    if r.safe_t is not None:
        out["safe_t"] = r.safe_t
    elif o.eps_d > 0 and r.stepped < 0:
        out["safe_t"] = None
    if r.pair is not None:
        q = r.pair
        v = q.vertices
        pair = {"kind": q.kind, "triangles": list(q.triangles)}
        if q.kind == "vertex-edge-2d":
            pair.update(vertex_body=q.vertex_body, vertex=v[0], edge=[v[1], v[2]])
        elif q.kind == "vertex-face":
            pair.update(vertex_body=q.vertex_body, vertex=v[0])
        else:
            pair["edges"] = [[v[0], v[1]], [v[2], v[3]]]
        out.update(pair=pair, point=r.point, normal=r.normal, velocity=r.velocity, vn=r.vn)
    if r.gap is not None:
        out["gap"] = r.gap
        out["gap_t"] = r.gap_t
    out.update(bv_tests=st["bv_tests"], feature_pairs=st["feature_pairs"], filtered=st["filtered"],
               solver_boxes=st["solver_boxes"], escalations=st["escalations"], items=st["items"],
               leaf_pairs=st["leaf_pairs"], limited=bool(r.limited), work=st["work"], max_work=o.max_work,
               out_of_work=bool(r.out_of_work), time_ms=ms)
    print(_json.dumps(out))


def toc(args):
    """`python3 -m vccd toc`: the arguments, the output and the messages
    of `vccd toc` (experiments/cmd/cmd_toc.c); the library reads the
    config for both."""
    from vccd.config import Problem
    json = hexa = False
    max_work = query_max_work = None
    path = None
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--json":
            json = True
        elif a == "--hex":
            hexa = True
        elif a == "--max-work":
            max_work = _option_long(a, args, i, lib.VCCD_SOLVE_MAX_WORK_LIMIT)
            i += 1
        elif a == "--query-max-work":
            query_max_work = _option_long(a, args, i, lib.VCCD_QUERY_MAX_WORK_LIMIT)
            i += 1
        elif a.startswith("-"):
            raise _Usage("toc: unknown option '%s' (see vccd help toc)" % a)
        elif path is not None:
            raise _Usage(TOC_USAGE)
        else:
            path = a
        i += 1
    if path is None:
        raise _Usage(TOC_USAGE)
    p = Problem(path, max_work, query_max_work)
    t0 = time.perf_counter()
    r = p.solve()
    t = time.perf_counter() - t0
    if p.form == "pair":
        _toc_pair_print(p, r, json, hexa, 1e6 * t)
    elif json:
        _toc_meshes_json(p, r, hexa, 1e3 * t)
    else:
        _toc_meshes_text(p, r, hexa, 1e3 * t)
    return 0


def main(argv):
    if not argv or argv[0] in ("-h", "--help", "help"):
        sys.stdout.write(USAGE)
        return 0 if argv else 2
    cmd, args = argv[0], argv[1:]
    try:
        if cmd == "bench":
            from vccd import bench
            return bench.main(args)
        if cmd == "models":
            return models()
        if cmd == "toc":
            return toc(args)
        if cmd in ("version", "--version"):
            print("vccd %s (python package and libvccd)" % vccd.__version__)
            return 0
    except (vccd.Error, _Usage) as err:
        # one line, as the command line's messages
        sys.stderr.write("vccd: %s\n" % err)
        return 2
    sys.stderr.write("vccd: unknown command '%s' (python3 -m vccd --help)\n" % cmd)
    return 2
