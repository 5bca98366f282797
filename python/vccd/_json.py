"""_json.py -- JSON text as the vccd program writes it with libjansson
(experiments/common/cli_json.c), so that `python3 -m vccd toc --json`
prints the same bytes: one compact line, keys in the order given, reals
at 17 significant digits, non-finite numbers as the strings "inf",
"-inf" and "nan" (JSON has no word for them), and the TOC times lo and
hi as strings (doc/query.md, "JSON output")."""
import math


def time(text, t):
    """A TOC time (lo, hi) as the string vccd_cli_json_time writes: its
    text (Result.lo_text, hi_text: the digits of its precision, rounded
    outward), or t's name when t is not finite."""
    return text if math.isfinite(t) else _nonfinite(t)


def _nonfinite(x):
    return "nan" if math.isnan(x) else "inf" if x > 0 else "-inf"


def _real(x):
    """jansson's text of a finite double: "%.17g", with ".0" when that
    reads as an integer, and the exponent without "+" or leading zeros."""
    s = "%.17g" % x
    if "." not in s and "e" not in s:
        return s + ".0"
    m, e, exp = s.partition("e")
    if not e:
        return s
    sign = "-" if exp[0] == "-" else ""
    return m + "e" + sign + (exp.lstrip("+-").lstrip("0") or "0")


# jansson's escapes: the two-character ones, other controls as \\u00XX
# (upper-case hex); "/" and non-ASCII characters as they are.
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _string(s):
    return '"' + "".join(_ESCAPES.get(c) or ("\\u%04X" % ord(c) if c < " " else c) for c in s) + '"'


def dumps(v):
    """The JSON text of v (dict, list, tuple, str, bool, int, float or
    None) as json_dumpf(JSON_COMPACT | JSON_PRESERVE_ORDER) writes it."""
    if isinstance(v, dict):
        return "{" + ",".join(_string(k) + ":" + dumps(x) for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(dumps(x) for x in v) + "]"
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return "%d" % v
    if isinstance(v, float):
        return _real(v) if math.isfinite(v) else _string(_nonfinite(v))
    if v is None:
        return "null"
    raise TypeError("no JSON for %r" % (v,))
