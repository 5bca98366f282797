"""`python3 -m vccd`: help, version, the models, the bench (on small
inputs here), and one-line errors with exit status 2.  The commands run
in this process (vccd.cli.main); one test runs `python3 -m vccd` itself."""
import os
import re
import subprocess
import sys

import vccd
from conftest import CLI, SRCDIR
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
