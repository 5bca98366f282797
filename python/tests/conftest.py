"""Shared fixtures of the Python package's tests: the command line to
compare with, the source tree's data, and whether this is the
full-size pass (tests/python/t-python.sh sets the paths; run by hand,
pytest finds them from the current directory and this file)."""
import os
import pathlib
import subprocess

import pytest

SRCDIR = pathlib.Path(os.environ.get("VCCD_SRCDIR") or pathlib.Path(__file__).resolve().parents[2])
CLI = pathlib.Path(os.environ.get("VCCD_CLI") or "experiments/vccd")

# The sanitizer and distcheck passes (VCCD_TEST_MULTIPLIER below 1)
# keep to small inputs: the bundled 70K- and 100K-triangle models and
# the whole shared query set are read in the full-size pass only, as in
# tests/cli/t-queries.sh and t-run.sh.
FULL = float(os.environ.get("VCCD_TEST_MULTIPLIER", "1")) >= 1


@pytest.fixture(scope="session")
def cli():
    if not CLI.exists():
        pytest.fail("no vccd command at %s (set VCCD_CLI)" % CLI)
    return str(CLI)


def run_cli(cli, *args):
    """stdout of `vccd ARGS`, which must exit 0."""
    p = subprocess.run([cli] + [str(a) for a in args], capture_output=True, text=True)
    assert p.returncode == 0, "vccd %s: exit %d: %s" % (" ".join(map(str, args)), p.returncode, p.stderr)
    return p.stdout


@pytest.fixture(scope="session")
def srcdir():
    return SRCDIR
