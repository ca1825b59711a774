"""Shared fixtures of the Python tests: the command-line tool as an oracle
(ARIADNE_CLI, set by CTest; else build/ariadne of this checkout) and small
puzzles defined in Python (puzzles.py)."""
import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
ROOT = os.path.dirname(os.path.dirname(HERE))

# Under sanitizers the tests that only measure (memory growth) are shortened.
SANITIZED = os.environ.get("ARIADNE_TEST_SANITIZED") == "1"


def cli_path():
    path = os.environ.get("ARIADNE_CLI") or os.path.join(ROOT, "build", "ariadne")
    return path if os.access(path, os.X_OK) else None


@pytest.fixture(scope="session")
def cli():
    """Runs `ariadne ARGS...` and returns (exit status, stdout, stderr)."""
    path = cli_path()
    if path is None:
        pytest.skip("the ariadne command-line tool was not found (set ARIADNE_CLI)")

    def run(*args, timeout=120):
        env = dict(os.environ)
        env.pop("LD_PRELOAD", None)  # the tool is not built for it
        p = subprocess.run([path] + [str(a) for a in args], capture_output=True, text=True, timeout=timeout,
                           env=env)
        return p.returncode, p.stdout, p.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    """Runs `ariadne ARGS... --json` and returns the parsed object."""
    def run(*args):
        rc, out, err = cli(*args, "--json")
        assert out.strip(), "ariadne %s printed nothing (status %d): %s" % (" ".join(map(str, args)), rc, err)
        return json.loads(out.strip().splitlines()[-1])

    return run


def options_argv(options):
    """A domain's options as command-line arguments."""
    argv = []
    for name, value in options.items():
        argv.append("--" + name)
        if value is not True:
            argv.append(str(value))
    return argv
