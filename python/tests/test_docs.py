"""Every ```python block of docs/python.md runs, in order, in one namespace
(as a notebook would run them), so the tour cannot drift from the code."""
import os
import re

import pytest

DOC = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "docs",
                   "python.md")


def blocks():
    with open(DOC) as f:
        text = f.read()
    return re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)


def test_the_tour_has_snippets():
    assert len(blocks()) >= 8


def test_every_snippet_runs(capsys):
    namespace = {"__name__": "docs_python"}
    for i, code in enumerate(blocks(), 1):
        try:
            exec(compile(code, "%s, snippet %d" % (DOC, i), "exec"), namespace)
        except Exception as e:  # name the snippet that failed
            pytest.fail("docs/python.md snippet %d failed: %r" % (i, e))
    assert "31 moves" not in capsys.readouterr().err
