"""Bad input is an exception carrying the library's one-line message (the
command line's, without its "ariadne: " prefix), never a crash; an option
that does not apply is refused, not ignored."""
import re

import pytest

import ariadne
from puzzles import EightPuzzle


def cli_error(cli, *args):
    rc, out, err = cli(*args)
    assert rc == 2 and not out.strip()
    line = err.strip().splitlines()[-1]
    return line[len("ariadne: "):]


def as_on_the_command_line(message):
    """The command line names a domain's parameter as its option
    ("parameter problem" -> "option --problem", ar_tool_option_words); in
    Python it is a keyword, and keeps the library's word."""
    return re.sub(r"parameter ([a-z])", r"option --\1", message)


def test_a_bad_instance_says_what_the_command_line_says(cli):
    for name in ariadne.domains():
        example = ariadne.domain(name).examples[0]
        with pytest.raises(ariadne.InputError) as e:
            ariadne.solve(name, "certainly ~ not an instance", options=example.options)
        args = [name, "certainly ~ not an instance"]
        for k, v in example.options.items():
            args += ["--" + k] + ([] if v is True else [v])
        assert as_on_the_command_line(str(e.value)) == cli_error(cli, "solve", *args)


def test_options_are_checked():
    with pytest.raises(ariadne.InputError, match="unknown domain"):
        ariadne.solve("nonesuch")
    with pytest.raises(ariadne.InputError, match="unknown option 'nonesuch'"):
        ariadne.solve("hanoi", nonesuch=1)
    with pytest.raises(ariadne.InputError, match="unknown algorithm"):
        ariadne.solve("hanoi", discs=3, algo="nonesuch")
    with pytest.raises(ariadne.InputError, match="weight applies to algo=wastar"):
        ariadne.solve("hanoi", discs=3, algo="astar", weight=2)
    with pytest.raises(ariadne.InputError, match="beam_width"):
        ariadne.solve("hanoi", discs=3, algo="astar", beam_width=2)
    with pytest.raises(ariadne.InputError, match="seed does not apply"):
        ariadne.solve("hanoi", discs=3, algo="astar", seed=3)
    with pytest.raises(ariadne.InputError, match="empty instance"):
        ariadne.solve("hanoi", "   ", discs=3)
    with pytest.raises(ariadne.InputError, match="node_limit"):
        ariadne.solve("hanoi", discs=3, node_limit=0)
    flag = next((n, o["name"]) for n in ariadne.domains() for o in ariadne.domain(n).options if not o["metavar"])
    with pytest.raises(ariadne.InputError, match="flag"):
        ariadne.solve(flag[0], **{flag[1].replace("-", "_"): "yes"})
    valued = next((n, o["name"]) for n in ariadne.domains() for o in ariadne.domain(n).options if o["metavar"])
    with pytest.raises(ariadne.InputError, match="needs a value"):
        ariadne.solve(valued[0], **{valued[1].replace("-", "_"): True})
    no_generator = [n for n in ariadne.domains() if not ariadne.domain(n).can_generate]
    for name in no_generator:
        with pytest.raises(ariadne.UnsupportedError, match="generator"):
            ariadne.generate(name, seed=1)
    p = EightPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8))
    with pytest.raises(ariadne.InputError, match="instance"):
        ariadne.solve(p, "1 2 3")
    with pytest.raises(ariadne.InputError, match="unknown option 'nonesuch'"):
        ariadne.solve(p, nonesuch=1)


def test_errors_are_a_hierarchy():
    assert issubclass(ariadne.InputError, ariadne.Error) and issubclass(ariadne.InputError, ValueError)
    assert issubclass(ariadne.UnsupportedError, ariadne.Error)
    assert issubclass(ariadne.MemoryLimitError, MemoryError)
    try:
        ariadne.verify("hanoi", "1-2 9-9", discs=3)
    except ariadne.Error as e:
        assert "move 2" in str(e) and "\n" not in str(e)
    else:
        pytest.fail("an illegal move was accepted")
