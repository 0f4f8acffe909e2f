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
from typing import Any, Final

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pokerrules.errors import InvalidNotationError
from pokerrules.history import _notation, _toml, phh
from pokerrules.history._fields import _MODELLED, _check_toml_value
from pokerrules.history.phh import HandHistory, Notation, _parse_word_by_word, parse_notation
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


def test_short_card_runs_from_the_table_are_the_checked_runs() -> None:
    """Exhaustive: every run of one or two cards (``??`` too) the table holds is what the
    general reading of a run gives, a repeated card included (``None``)."""
    words = [*_notation._CARD_WORDS]
    runs = [*words, *(a + b for a in words for b in words)]
    assert len(runs) == 53 + 53 * 53
    for word in runs:
        assert _notation._card_run(word) == _notation._checked_run(word), word
    assert _notation._card_run("AsAs") is None
    assert _notation._card_run("????") == (None, None)


#: Codes and the fields each needs (a history that gives them all and no other is right).
_CODES: Final[dict[str, tuple[str, ...]]] = {
    "NT": ("blinds_or_straddles", "min_bet"),
    "PO": ("blinds_or_straddles", "min_bet"),
    "FT": ("blinds_or_straddles", "small_bet", "big_bet"),
    "F7S": ("bring_in", "small_bet", "big_bet"),
    "XX": (),  # not a standard code: left to the replay
}
_REQUIRED: Final = {"variant", "antes", "starting_stacks", "actions"}
_OPTIONAL_AMOUNTS: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
_GOOD = st.one_of(
    st.integers(1, 400), st.sampled_from([Decimal("0.50"), Decimal("2.5"), Decimal("10.00")])
)
_BAD = st.sampled_from([0, -3, Decimal("-1.25"), Decimal("0.0")])
_BAD_STACKS = st.sampled_from([0, -3, Decimal("-inf"), Decimal("-0.5")])
_ACTIONS = ["d dh p1 AsKs", "d dh p2 ????", "d db 2c3c4c", "p1 cbr 6", "p2 cc", "p1 f"]
_EXTRA = [{}, {"day": 1, "venue": "V"}, {"_note": [1, {"a": "b"}]}]
_WRONG_EXTRA = [{"day": "Mon"}, {"seats": [1, 2, 3, 4, 5]}, {"time_banks": [Decimal("-0.5")]}]
_LISTS: Final = ("antes", "blinds_or_straddles", "finishing_stacks", "winnings", "players")
_MISTAKES: Final = ("length", "sign", "stack", "one player", "action", "field", "extra")


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """PHH tables of numbers and notations: a right one, or one with one mistake across fields
    (a list's length, an amount's sign, a stack, one player, an action by a player beyond the
    table, a variant's missing or forbidden field, an extra field)."""
    mistake = draw(st.sampled_from([None, None, *_MISTAKES]))
    n = 1 if mistake == "one player" else draw(st.integers(2, 4))
    code = draw(st.sampled_from(sorted(_CODES)))
    table: dict[str, Any] = {
        "variant": code,
        "antes": draw(st.lists(_GOOD, min_size=n, max_size=n)),
        "starting_stacks": draw(st.lists(_GOOD, min_size=n, max_size=n)),
        "actions": draw(st.lists(st.sampled_from(_ACTIONS), max_size=6)),
    }
    for key in ("blinds_or_straddles", "finishing_stacks", "winnings"):
        if key in _CODES[code] or (code != "F7S" and draw(st.booleans())):
            table[key] = draw(st.lists(_GOOD, min_size=n, max_size=n))
    for key in _OPTIONAL_AMOUNTS:
        if key in _CODES[code]:
            table[key] = draw(_GOOD)
    if draw(st.booleans()):
        table["players"] = [f"P{i}" for i in range(n)]
    if draw(st.booleans()):
        table["ante_trimming_status"] = draw(st.booleans())
    table.update(draw(st.sampled_from(_EXTRA)))
    lists = [key for key in _LISTS if key in table]
    if mistake == "length":
        key = draw(st.sampled_from(lists))
        table[key] = table[key][:-1] if draw(st.booleans()) else [*table[key], table[key][0]]
    elif mistake == "sign":
        key = draw(st.sampled_from([*[k for k in lists if k != "players"], *_OPTIONAL_AMOUNTS]))
        if isinstance(table.get(key), list):
            table[key][draw(st.integers(0, n - 1))] = draw(_BAD)
        else:
            table[key] = draw(_BAD)
    elif mistake == "stack":
        table["starting_stacks"][draw(st.integers(0, n - 1))] = draw(_BAD_STACKS)
    elif mistake == "action":
        table["actions"].insert(draw(st.integers(0, len(table["actions"]))), "p5 sm -")
    elif mistake == "field":
        drop: bool = draw(st.booleans())
        if drop and _CODES[code]:
            table.pop(draw(st.sampled_from(_CODES[code])))
        else:
            table["min_bet" if code != "NT" else "bring_in"] = draw(_GOOD)
    elif mistake == "extra":
        table.update(draw(st.sampled_from(_WRONG_EXTRA)))
    return table


def built(table: dict[str, Any]) -> HandHistory | str:
    """The history the public constructor builds from a table's values (every converter and
    check running), or its error."""
    fields = {k: v for k, v in table.items() if k in _MODELLED}
    fields["starting_stacks"] = [
        None if isinstance(s, Decimal) and s.is_infinite() and s > 0 else s
        for s in table["starting_stacks"]
    ]
    fields["extra"] = {k: v for k, v in table.items() if k not in _MODELLED}
    try:
        return HandHistory(**fields)
    except InvalidNotationError as error:
        return f"error: {error}"


def read(table: dict[str, Any]) -> HandHistory | str:
    try:
        return phh._from_table(table)
    except InvalidNotationError as error:
        return f"error: {error}"


@settings(max_examples=400, deadline=None)
@given(tables())
def test_history_read_from_a_table_is_the_one_the_constructor_builds(
    table: dict[str, Any],
) -> None:
    """The reader builds a history from the fields it has checked, skipping the converters
    and the checks of each field's type: it gives the history (or the error, word for word)
    that the public constructor gives for the same values."""
    fast, general = read(table), built(table)
    assert fast == general
    if isinstance(fast, HandHistory):
        assert repr(fast) == repr(general)
        assert hash(fast) == hash(general)
        assert phh.loads(phh.dumps(fast)) == fast


_NUMBER_VALUES = st.one_of(
    st.integers(-(10**20), 10**20),
    st.sampled_from([10**600, -(10**600), 10**600 - 1, True]),
    st.decimals(allow_nan=True, allow_infinity=True, places=None),
    st.sampled_from(
        [Decimal("1E+600"), Decimal("-9.99E+599"), Decimal("0E+1000"), Decimal("sNaN"), 1.5]
    ),
)


def numbers_read(values: list[Any], infinite: bool) -> tuple[Any, ...] | str:
    try:
        return phh._number_tuple(values, "x", infinite=infinite)
    except InvalidNotationError as error:
        return f"error: {error}"


def numbers_one_by_one(values: list[Any], infinite: bool) -> tuple[Any, ...] | str:
    try:
        return tuple(_notation._number(v, "x", infinite=infinite) for v in values)
    except InvalidNotationError as error:
        return f"error: {error}"


@settings(max_examples=300, deadline=None)
@given(st.lists(_NUMBER_VALUES, max_size=6), st.booleans())
def test_a_list_of_numbers_checked_at_once_is_checked_as_each_number(
    values: list[Any], infinite: bool
) -> None:
    """A list of plain ints and finite decimals under 600 digits is taken whole; any other
    list gives what checking each number gives (the same values, or the first one's error)."""
    fast, each = numbers_read(values, infinite), numbers_one_by_one(values, infinite)
    assert repr(fast) == repr(each)


def test_a_string_nested_too_deeply_is_refused_as_any_value() -> None:
    """The nesting limit of an extra field holds whatever the innermost value is."""
    value: Any = "a"
    for _ in range(101):
        value = [value]
    with pytest.raises(InvalidNotationError, match="nested too deeply"):
        _check_toml_value(value, "_deep", 0)
    _check_toml_value(value[0], "_deep", 0)  # one level less is written


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.integers(-(10**20), 10**20).map(str),
            st.from_regex(
                r"[+-]?(0|[1-9][0-9]{0,5})(\.[0-9]{1,4})?([eE][+-]?[0-9]{1,2})?", fullmatch=True
            ),
            st.sampled_from(["inf", "-inf", "+inf", "nan", "-nan", "+0", "-0", "0.0"]),
        ),
        max_size=6,
    ),
    st.lists(st.sampled_from(["", " ", "\t", "\n", "\n  "]), min_size=13, max_size=13),
    st.booleans(),
)
def test_an_array_of_numbers_split_at_its_commas_is_read_as_tomllib_reads_it(
    items: list[str], gaps: list[str], trailing_comma: bool
) -> None:
    """A plain array of numbers is read by splitting its text at the commas: the same values
    (integers as ``int``, floats as ``Decimal`` in their written form) as tomllib's."""
    body = ",".join(f"{gaps[2 * i]}{item}{gaps[2 * i + 1]}" for i, item in enumerate(items))
    text = f"x = [{body}{',' if items and trailing_comma else ''}{gaps[-1]}]"
    fast, full = _toml.read(text), full_toml(text)
    assert full is not None
    assert fast is not None
    assert same_document(fast, full)


#: Quotes, the backslash and control characters: what a plain TOML string leaves out.
_QUOTES_AND_CONTROLS: Final = "'\"\\" + "".join(map(chr, [*range(0x20), *range(0x7F, 0xA0)]))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(['"', "'"]),
            st.text(
                st.characters(codec="utf-8", exclude_characters=_QUOTES_AND_CONTROLS),
                max_size=6,
            )
            | st.sampled_from(["a'b", 'a"b', "p1 cbr 2,5", ""]),
        ),
        max_size=6,
    ),
    st.booleans(),
)
def test_an_array_of_strings_split_at_its_quotes_is_read_as_tomllib_reads_it(
    items: list[tuple[str, str]], trailing_comma: bool
) -> None:
    """A plain array of strings is read by splitting its text at the quotes when it holds no
    "'": the same strings as tomllib's (commas and quotes of the other kind inside included)."""
    body = ",\n  ".join(f"{quote}{word}{quote}" for quote, word in items)
    text = f"x = [\n  {body}{',' if items and trailing_comma else ''}\n]"
    fast, full = _toml.read(text), full_toml(text)
    if full is None:  # a string TOML refuses (a control character, its own quote inside)
        return
    assert fast is not None
    assert same_document(fast, full)


_RUN_CHARACTERS = "23456789TJQKAcdhs?xX10 -."


@settings(max_examples=1000, deadline=None)
@given(
    st.sampled_from(sorted(_notation._HEADS)),
    st.one_of(
        st.text(st.sampled_from(_RUN_CHARACTERS), max_size=14),
        st.lists(st.sampled_from([*_notation._CARD_WORDS, "Ax", "1c", "?"]), max_size=7).map(
            "".join
        ),
        st.from_regex(r"[0-9]{1,20}(\.[0-9]{0,3})?", fullmatch=True),
        st.sampled_from(["-", "", "0", "007", "1_000", "²", "+5", "5e3"]),
    ),
)
def test_a_notation_read_by_its_last_word_is_the_one_the_pattern_reads(
    head: str, word: str
) -> None:
    """The commonest notations, a plain head (``d dh p3``, ``p2 cbr``, ...) and one last word
    (cards, or a whole amount), are read without the pattern: exactly as the pattern's reader
    and the word-by-word parser read them, errors included."""
    text = f"{head} {word}"
    fast = parsed(parse_notation, text)
    assert fast == parsed(_parse_word_by_word, text)
    match = _notation._COMMON.fullmatch(text)
    by_pattern = None if match is None else _notation._from_match(match)
    if by_pattern is not None:
        assert repr(fast) == repr(by_pattern)
    if isinstance(fast, Notation):
        assert repr(fast) == repr(_parse_word_by_word(text))
