"""`python3 -m vccd`: help, version, the models, the bench (on small
inputs here), `toc CONFIG` line for line as `vccd toc`, and one-line
errors with exit status 2.  The commands run in this process
(vccd.cli.main); two tests run `python3 -m vccd` itself, one of them on
every error of `toc`."""
import json
import math
import os
import re
import subprocess
import sys

import pytest

import vccd
from vccd import _json
from conftest import CLI, FULL, SRCDIR
from vccd.cli import main


def test_python_m_vccd():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    p = subprocess.run([sys.executable, "-m", "vccd", "version"], capture_output=True, text=True, env=env)
    assert p.returncode == 0 and p.stdout == "vccd %s (python package and libvccd)\n" % vccd.__version__
    assert re.match(r"\d+\.\d+\.\d+$", vccd.__version__)
    p = subprocess.run([sys.executable, "-m", "vccd", "tocc"], capture_output=True, text=True, env=env)
    assert p.returncode == 2 and p.stderr == "vccd: unknown command 'tocc' (python3 -m vccd --help)\n"


def test_help(capsys):
    assert main(["--help"]) == 0 and "usage: python3 -m vccd COMMAND" in capsys.readouterr().out
    assert main([]) == 2 and "usage:" in capsys.readouterr().out


def test_models(capsys):
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    for name, cls in vccd.MOTIONS.items():
        assert "%s (vccd.%s): " % (name, cls.__name__) in out
        for s in cls.signatures:
            assert "  %s(%s" % (cls.__name__, s.params[0].key) in out


def test_bench_small(capsys):
    assert main(["bench", "toc", "--model", "icosphere:3", "--repeat", "2"]) == 0
    assert re.match(r"toc two icosphere:3s: python [0-9.]+ ms, C vccd_toc_meshes [0-9.]+ ms: ratio [0-9.]+ "
                    r"\(certified \[", capsys.readouterr().out)
    assert main(["bench", "queries", "--queries", str(SRCDIR / "tests" / "data" / "sample-queries"), "--repeat", "3",
                 "--cli", str(CLI)]) == 0
    out = capsys.readouterr().out.strip()
    assert re.match(r"queries 324 \(of 324 in 4 files\): python vccd.queries [0-9.]+ ms, C vccd_toc_linear_batch "
                    r"[0-9.]+ ms, vccd queries \(solve\) [0-9.]+ ms: python/CLI [0-9.]+, C batch/CLI [0-9.]+, "
                    r"python/C batch [0-9.]+; fn=0$", out)


# `python3 -m vccd toc CONFIG` against `vccd toc CONFIG`: the library
# reads the config for both, so every line must agree but the timing.
CONFIGS = sorted((SRCDIR / "experiments" / "configs").glob("toc*.ini"))
BIG_MODELS = ("bunny", "dragon", "buddha", "teapot")
TIMING = re.compile(r'(time_(us|ms)=|"time_(us|ms)":)[0-9.e+-]+')


def _env():
    return dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))


@pytest.mark.parametrize("json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.name)
def test_toc_as_the_cli(path, json, cli, capsys):
    if not FULL and any("= " + m in path.read_text() for m in BIG_MODELS):
        pytest.skip("reads a bundled 70K-triangle model: the full-size pass only")
    args = ["toc"] + (["--json"] if json else []) + [str(path)]
    # the command line runs while Python answers (two cores, half the wait)
    p = subprocess.Popen([cli] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert main(args) == 0
    got = capsys.readouterr().out
    want, err = p.communicate()
    assert p.returncode == 0, err
    assert "status: " in want or '"status":' in want
    assert TIMING.sub(r"\1", got).splitlines() == TIMING.sub(r"\1", want).splitlines()


# Two boxes closing from 1e308 at speed 1e308 (tests/cli/t-toc-mesh.sh,
# "huge"), body a named with a quote, a backslash, a control byte and a
# byte that is not UTF-8: the rigorous gap at 0 has no finite upper bound.
HUGE = (b'[body.q"u\\o\x01\xffz]\nmesh = box:1:1:1\nmotion = a\n[body.b]\nmesh = box:1:1:2\nmotion = b\n'
        b"[motion.a]\ntype = ltlrm\no0 = 1e308 0 0\nv = -1e308 0 0\nomega = 0 0 0\n"
        b"[motion.b]\ntype = ltlrm\no0 = 2 0 0\nv = -2 0 0\nq0 = 0.92387953251128674 0 0 0.38268343236508978\n"
        b"omega = 0 0 0\n")


def test_toc_json_names_and_infinity(cli, tmp_path, capsys):
    """Python's --json is the command line's, byte for byte (vccd/_json.py
    mirrors cli_json.c), where printf once wrote the name as is and the
    infinite bound as inf: valid JSON, the name as read (U+FFFD for the
    byte), "inf" for the bound."""
    path = tmp_path / "huge.ini"
    path.write_bytes(HUGE)
    args = ["toc", "--json", str(path)]
    p = subprocess.run([cli] + args, capture_output=True)
    assert p.returncode == 0, p.stderr
    assert main(args) == 0
    got = capsys.readouterr().out
    want = p.stdout.decode("utf-8")
    assert TIMING.sub(r"\1", got) == TIMING.sub(r"\1", want)
    d = json.loads(want, parse_constant=lambda c: pytest.fail("not JSON: " + c))
    assert [b["name"] for b in d["bodies"]] == ['q"u\\o\x01\ufffdz', "b"]
    assert d["lo"] == "0" and d["gap"][1] == "inf"


def test_json_text():
    """vccd/_json.py writes jansson's text: reals at 17 digits with ".0"
    or an exponent without "+", escapes, non-finite numbers as strings."""
    assert _json.dumps({"a": [1, 0.1, 3.0, -0.0, 1e20, 1e-5, True, None]}) == \
        '{"a":[1,0.10000000000000001,3.0,-0.0,1e20,1.0000000000000001e-5,true,null]}'
    assert _json.dumps(['"\\/\n\x1f\u00e9']) == '["\\"\\\\/\\n\\u001F\u00e9"]'
    assert _json.dumps([math.inf, -math.inf, math.nan]) == '["inf","-inf","nan"]'
    assert _json.time("0.5", 0.5) == "0.5" and _json.time("x", math.inf) == "inf"


def test_toc_config_result():
    r = vccd.toc_config(SRCDIR / "experiments" / "configs" / "toc.ini")
    assert r.status == "certified" and r.lo <= 0.5 <= r.hi and r.point is None
    assert r.pair.kind == "vertex-face" and r.stats["solver_boxes"] > 0
    r = vccd.toc_config(str(SRCDIR / "experiments" / "configs" / "toc-2d.ini"), max_work=10 ** 6,
                        query_max_work=10 ** 6)
    assert r.status in ("certified", "none") and (r.pair is None) == (r.status == "none")
    with pytest.raises(ValueError):
        vccd.toc_config(SRCDIR / "experiments" / "configs" / "toc.ini", max_work=0)


def _bad_configs(tmp_path):
    toc = SRCDIR / "experiments" / "configs" / "toc.ini"
    bad_key = tmp_path / "bad-key.ini"
    bad_key.write_text(toc.read_text().replace("[pair]\n", "[pair]\nfoo = 1\n"))
    bad_mode = tmp_path / "bad-mode.ini"
    bad_mode.write_text("[body.a]\nmesh = box:1:1:1\nmotion = m\n[query]\nmode = exakt\n")
    return [
        ["toc", str(tmp_path / "missing.ini")],
        ["toc", str(bad_key)],
        ["toc", str(bad_mode)],
        ["toc", "--query-max-work", "5", str(toc)],
        ["toc", "--max-work", "0", str(toc)],
        ["toc", "--max-work"],
        ["toc", "--bogus", str(toc)],
        ["toc", str(toc), str(toc)],
        ["toc"],
    ]


def test_toc_errors_as_the_cli(cli, tmp_path):
    """The same one-line message on stderr, exit status 2, nothing on
    stdout: `python3 -m vccd` run as a program."""
    for args in _bad_configs(tmp_path):
        want = subprocess.run([cli] + args, capture_output=True, text=True)
        got = subprocess.run([sys.executable, "-m", "vccd"] + args, capture_output=True, text=True, env=_env())
        assert want.returncode == 2 and want.stderr.startswith("vccd: "), args
        assert (got.returncode, got.stdout, got.stderr) == (2, "", want.stderr), args
    with pytest.raises(vccd.Error) as err:
        vccd.toc_config(tmp_path / "bad-key.ini")
    assert err.value.file == str(tmp_path / "bad-key.ini") and err.value.line == 23
