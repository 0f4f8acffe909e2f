"""The PHH reader's fast paths give exactly what the full parsers give.

``pokerrules.history._toml`` reads the plain TOML of PHH files and leaves everything else to
:mod:`tomllib`; :func:`~pokerrules.history.phh.parse_notation` parses the common notations with
one regular expression and everything else word by word. Each fast path is checked against the
full parser: on the sample files, and on Hypothesis documents and notations, well-formed and
not.
"""

from __future__ import annotations

import tomllib
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pokerrules.errors import InvalidNotationError
from pokerrules.history import _toml
from pokerrules.history.phh import Notation, _parse_word_by_word, parse_notation
from tests.shared_data import PHH_SAMPLE


def full_toml(text: str) -> dict[str, Any] | None:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except (tomllib.TOMLDecodeError, ValueError, ArithmeticError, RecursionError):
        return None


def same_document(fast: dict[str, Any], full: dict[str, Any]) -> bool:
    # by repr: Decimal('1.0') == Decimal('1.00') but the written form is kept, and NaN != NaN
    return repr(fast) == repr(full)


def test_fast_toml_reads_every_sample_file_as_tomllib_does() -> None:
    files = sorted(p for p in PHH_SAMPLE.rglob("*") if p.suffix.lower() in (".phh", ".phhs"))
    assert len(files) >= 180
    for path in files:
        text = path.read_text(encoding="utf-8")
        fast = _toml.read(text)
        assert fast is not None, path  # the fast path takes every sample file
        full = full_toml(text)
        assert full is not None
        assert same_document(fast, full), path


_KEY = st.from_regex(r"[A-Za-z0-9_-]{1,8}", fullmatch=True)
_SCALAR = st.one_of(
    st.integers(-(10**20), 10**20).map(str),
    st.from_regex(r"[+-]?(0|[1-9][0-9]{0,5})\.[0-9]{1,4}([eE][+-]?[0-9]{1,2})?", fullmatch=True),
    st.sampled_from(["inf", "-inf", "nan", "true", "false", "00:00:00", "23:59:59", "24:00:00"]),
    st.text(st.characters(codec="utf-8", exclude_characters="'\""), max_size=6).map(
        lambda s: f"'{s}'"
    ),
    st.text(st.characters(codec="utf-8", exclude_characters="'\""), max_size=6).map(
        lambda s: f'"{s}"'
    ),
)
_GAP = st.sampled_from(["", " ", "\n", "\n  ", " # note\n", "\t", "\n# a 'quoted' [comment]\n"])


@st.composite
def documents(draw: st.DrawFn) -> str:
    """PHH-shaped TOML, sometimes with a mistake or a construct the fast reader leaves out."""
    lines = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["scalar", "array", "table", "comment", "blank"]))
        if kind == "table":
            lines.append(f"[{draw(_KEY)}]")
        elif kind == "comment":
            lines.append("# " + draw(st.text(max_size=8)))
        elif kind == "blank":
            lines.append(draw(st.sampled_from(["", "   ", "\t"])))
        elif kind == "scalar":
            lines.append(f"{draw(_KEY)} = {draw(_SCALAR)}{draw(st.sampled_from(['', ' # c']))}")
        else:
            items: list[str] = draw(st.lists(_SCALAR, max_size=5))
            body = "".join(f"{draw(_GAP)}{item}{draw(_GAP)}," for item in items)
            no_trailing_comma: bool = draw(st.booleans())
            if items and no_trailing_comma:
                body = body[:-1]
            lines.append(f"{draw(_KEY)} = [{body}{draw(_GAP)}]")
    text = "\n".join(lines)
    if text and draw(st.booleans()):  # a mutation: insert or delete one character
        at = draw(st.integers(0, len(text) - 1))
        if draw(st.booleans()):
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + draw(st.sampled_from(list("[]=,'\"#\\.\r\x00{}x1 "))) + text[at:]
    return text


@settings(max_examples=400, deadline=None)
@given(documents())
@example("a = 1\na = 2")  # a repeated key: tomllib's error
@example("[1]\nx = 1\n[1]\ny = 2")  # a repeated table
@example("x = [[1], 2]")  # a nested array
@example('x = "a\\tb"')  # an escape
@example("x = 1979-05-27")  # a date
def test_fast_toml_agrees_with_tomllib(text: str) -> None:
    """Whatever the fast reader takes, it reads as tomllib does; it takes nothing tomllib
    refuses."""
    fast = _toml.read(text)
    if fast is None:
        return
    full = full_toml(text)
    assert full is not None, f"the fast reader took a document tomllib refuses: {text!r}"
    assert same_document(fast, full)


@pytest.mark.parametrize(
    "text",
    [
        "x = []",
        "x = [ \n ]",
        "x = [1, 2.5, inf, -0, +7, 1e3, -nan, 0.10]",
        "x = [1,\n  2,\n]",
        "x = ['a', \"b'c\", '', \"\"]",
        "x = [\n  'p1 f',\n  'd db AsKs2c',\n]",
        "x = ['a',]\ny = [3]",
    ],
)
def test_fast_toml_reads_plain_arrays_whole(text: str) -> None:
    """Arrays of strings or of numbers without comments are read in one match, as tomllib
    reads them."""
    fast = _toml.read(text)
    full = full_toml(text)
    assert fast is not None and full is not None
    assert same_document(fast, full)


@pytest.mark.parametrize(
    "text",
    ["x = [,]", "x = [1 2]", "x = ['a' 'b']", "x = [01]", "x = [1.]", "x = [1, 'a'", "x = [1,,]"],
)
def test_fast_toml_leaves_malformed_arrays_to_tomllib(text: str) -> None:
    """A malformed array is not read (tomllib then words the error)."""
    assert full_toml(text) is None
    assert _toml.read(text) is None


_NOTATION_WORDS = st.sampled_from(
    [
        "d db AsKsQs",
        "d db 2h",
        "d db AsAs",
        "d dh p1 ????",
        "d dh p12 7h2c",
        "d dh p0 7h2c",
        "p1 f",
        "p3 cc",
        "p2 pb",
        "p9 cbr 300",
        "p1 cbr 0.75",
        "p1 cbr 0.0",
        "p1 cbr 007",
        "p1 cbr -5",
        "p2 sd",
        "p2 sd 7h??",
        "p2 sd -",
        "p4 sm -",
        "p4 sm 8sAh",
        "p4 sm",
        "p1000000000 f",
        "p1000000001 f",
        "p1 xx",
        "",
        "# only a comment",
    ]
)


@st.composite
def notations(draw: st.DrawFn) -> str:
    text = draw(_NOTATION_WORDS)
    text = draw(st.sampled_from(["", " ", "  "])) + text + draw(st.sampled_from(["", " "]))
    if draw(st.booleans()):
        text += draw(st.sampled_from([" # Alice", "#x", " # a # b ", "\t# tab"]))
    if text and draw(st.booleans()):
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] + draw(st.sampled_from(list(" \t#?dp1cfAs-."))) + text[at + 1 :]
    return text


def parsed(parse: Any, text: str) -> Notation | str:
    try:
        result: Notation = parse(text)
    except InvalidNotationError as error:
        return f"error: {error}"
    return result


@settings(max_examples=500, deadline=None)
@given(notations())
def test_fast_notation_parse_agrees_with_word_by_word(text: str) -> None:
    fast, slow = parsed(parse_notation, text), parsed(_parse_word_by_word, text)
    assert fast == slow
    if isinstance(fast, Notation):
        assert repr(fast) == repr(slow)
        assert parse_notation(str(fast)) == fast  # and it round-trips


def test_fast_notation_is_a_checked_notation() -> None:
    """A notation from the fast path equals (and hashes like) one built through the checks."""
    fast = parse_notation("p2 cbr 2.50 # raise")
    built = Notation(
        verb=fast.verb, player=1, amount=Decimal("2.50"), commentary="raise", cards=()
    )
    assert fast == built
    assert hash(fast) == hash(built)
    assert repr(fast.amount) == "Decimal('2.50')"
