"""Poker Hand History (PHH) files: read and write ``.phh`` and multi-hand ``.phhs``.

PHH (the University of Toronto Computer Poker Research Group's "Poker Hand History File Format
Specification", phh-std) is TOML: a hand is a table of fields -- ``variant``, ``antes``,
``blinds_or_straddles``, ``starting_stacks``, ``actions`` and optional ones such as
``players`` and ``finishing_stacks`` -- and a ``.phhs`` file holds several hands as tables
``[1]``, ``[2]``, ...

Amounts are exact: integers stay :class:`int` and decimals become :class:`~decimal.Decimal`
(``0.10`` stays ``Decimal('0.10')``), never floats. Actions are parsed into :class:`Notation`
values and written back in the same notation.

A :class:`HandHistory` or :class:`Notation` is checked when it is made, whether read from a
file or built in code: one that a file could not hold (a list of the wrong length, a negative
ante, a bet with no amount, an action by a player not at the table) raises
:class:`~pokerrules.errors.InvalidNotationError`, so that what :func:`dumps` writes,
:func:`loads` reads back.

>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ["d dh p1 AcAd", "d dh p2 7h2c", "d dh p3 ????", "p3 f", "p1 cbr 6.5", "p2 f"]
... ''')
>>> history.players_count, history.actions[4]
(3, Notation(verb=<Verb.BET_OR_RAISE_TO: 'cbr'>, player=0, amount=Decimal('6.5')))
>>> str(history.actions[2])
'd dh p3 ????'
>>> loads(dumps(history)) == history
True
"""

from __future__ import annotations

import datetime
import enum
import functools
import operator
import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Final, TypeAlias, TypeGuard

import attrs

from pokerrules._validators import shown
from pokerrules.cards import STANDARD_CARDS, Card, parse_card
from pokerrules.errors import InvalidNotationError, PokerRulesError
from pokerrules.history import _toml as _plain_toml
from pokerrules.history.codes import is_extension, split_extension

__all__ = [
    "Amount",
    "HandHistory",
    "Notation",
    "Verb",
    "dumps",
    "dumps_many",
    "load",
    "loads",
    "loads_many",
    "parse_amount",
    "parse_notation",
    "read_each",
    "read_hands",
]

#: An exact amount: an integer, or a decimal for fractional chips (never a float).
Amount: TypeAlias = int | Decimal

_PLAYER_OF: Final = operator.attrgetter("player")
_is_someone: Final = functools.partial(operator.is_not, None)

#: The required and optional fields of phh-std, in the order they are written.
_FIELD_ORDER: Final = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)
#: Fields the library reads into typed values: the game fields (the first ten above) and the
#: players and results; everything else is kept as ``extra``.
_MODELLED: Final = frozenset(_FIELD_ORDER[: _FIELD_ORDER.index("actions") + 1]) | {
    "players",
    "finishing_stacks",
    "winnings",
}


class Verb(enum.Enum):
    """What an action notation does; the value is its PHH code."""

    DEAL_BOARD = "db"
    DEAL_HOLE = "dh"
    BRING_IN = "pb"
    BET_OR_RAISE_TO = "cbr"
    CHECK_OR_CALL = "cc"
    FOLD = "f"
    STAND_PAT_OR_DISCARD = "sd"
    SHOW_OR_MUCK = "sm"
    #: An empty notation or a standalone commentary.
    NONE = ""


_PLAYER_VERBS: Final = frozenset(
    {
        Verb.BRING_IN,
        Verb.BET_OR_RAISE_TO,
        Verb.CHECK_OR_CALL,
        Verb.FOLD,
        Verb.STAND_PAT_OR_DISCARD,
        Verb.SHOW_OR_MUCK,
    }
)


def _sequence(values: Any, what: str) -> tuple[Any, ...]:
    """``values`` as a tuple: a list or other iterable, never a lone string or number."""
    if isinstance(values, str | bytes | Mapping):
        raise InvalidNotationError(f"{what} must be a sequence, not {shown(values)}")
    try:
        return tuple(values)
    except TypeError:
        raise InvalidNotationError(f"{what} must be a sequence, not {shown(values)}") from None


def _card_tuple(cards: Iterable[Card | None]) -> tuple[Card | None, ...]:
    return _sequence(cards, "cards")


#: Amounts are less than this (600 digits): far beyond any stake, and always writable as text.
_AMOUNT_LIMIT: Final = 10**600
_INT_ONLY: Final = frozenset({int})
_STR_ONLY: Final = frozenset({str})


def _say(value: object) -> str:
    """A value for a message: an amount as PHH writes it, cut short when long."""
    if isinstance(value, Decimal):
        text = str(value)
        return text if len(text) <= 80 else text[:77] + "..."
    return shown(value)


def _number(value: Any, where: str, *, infinite: bool = False) -> Amount:
    """A PHH amount: an ``int`` or a ``Decimal`` (never a float or a bool), finite unless
    ``infinite``, and of fewer than 600 digits."""
    # a plain int: a bool, a card or an IntEnum member is an int that is not an amount
    if type(value) is not int and not isinstance(value, Decimal):
        raise InvalidNotationError(f"{where} must be a number, not {shown(value)}")
    if isinstance(value, Decimal):
        if value.is_nan() or (value.is_infinite() and not infinite):
            # only a starting stack may be infinite (a cash game's unknown stack)
            raise InvalidNotationError(f"{where} must be a finite number, not {value}")
        if value.is_finite() and not value.is_zero() and value.adjusted() >= 600:
            raise InvalidNotationError(f"{where} {_say(value)} is too large (600 digits or more)")
    elif abs(value) >= _AMOUNT_LIMIT:
        raise InvalidNotationError(f"{where} {_say(value)} is too large (600 digits or more)")
    # A decimal keeps its written form (10.0 stays Decimal('10.0') and is written back so).
    return value


@attrs.frozen(kw_only=True, repr=False)
class Notation:
    """One entry of a PHH ``actions`` array.

    ``player`` is the 0-based player index (``p1`` is 0) or ``None`` for the dealer; ``cards``
    are the dealt, discarded or shown cards, ``None`` standing for an unknown card (``??``);
    ``shows_dealt`` marks ``sm -`` (show the cards already dealt). A ``sd`` with no cards stands
    pat and a ``sm`` with no cards mucks.
    """

    verb: Verb
    player: int | None = None
    cards: tuple[Card | None, ...] = attrs.field(default=(), converter=_card_tuple)
    amount: Amount | None = None
    shows_dealt: bool = False
    commentary: str | None = None

    def __repr__(self) -> str:
        parts = [f"verb={self.verb!r}"]
        if self.player is not None:
            parts.append(f"player={self.player}")
        if self.cards:
            parts.append(f"cards={self.cards!r}")
        if self.amount is not None:
            parts.append(f"amount={self.amount!r}")
        if self.shows_dealt:
            parts.append("shows_dealt=True")
        if self.commentary is not None:
            parts.append(f"commentary={self.commentary!r}")
        return f"Notation({', '.join(parts)})"

    def __attrs_post_init__(self) -> None:
        _check_notation(self)

    def __str__(self) -> str:
        words: list[str] = []
        if self.verb is Verb.DEAL_BOARD:
            words = ["d", "db", _format_cards(self.cards)]
        elif self.verb is Verb.DEAL_HOLE:
            words = ["d", "dh", f"p{(self.player or 0) + 1}", _format_cards(self.cards)]
        elif self.verb is not Verb.NONE:
            words = [f"p{(self.player or 0) + 1}", self.verb.value]
            if self.verb is Verb.BET_OR_RAISE_TO:
                words.append(_format_amount(self.amount if self.amount is not None else 0))
            elif self.shows_dealt:
                words.append("-")
            elif self.cards:
                words.append(_format_cards(self.cards))
        text = " ".join(words)
        if self.commentary is not None:
            text = f"{text} # {self.commentary}" if text else f"# {self.commentary}"
        return text


#: Setters of a notation's fields, for the parser's trusted construction (:func:`_trusted`).
_SLOTS: Final = tuple(
    Notation.__dict__[name].__set__
    for name in ("verb", "player", "cards", "amount", "shows_dealt", "commentary")
)

#: Player indices are less than this (``p1`` to ``p1000000000``).
_PLAYER_LIMIT: Final = 10**9
_DEALS: Final = frozenset({Verb.DEAL_BOARD, Verb.DEAL_HOLE})
_CARD_VERBS: Final = _DEALS | {Verb.STAND_PAT_OR_DISCARD, Verb.SHOW_OR_MUCK}


def _check_notation(notation: Notation) -> None:
    """Refuse a notation that could not be written and read back as the same notation."""
    verb = notation.verb
    if not isinstance(verb, Verb):
        names = ", ".join(f"Verb.{v.name}" for v in Verb)
        raise InvalidNotationError(f"a notation's verb must be one of {names}; got {shown(verb)}")
    what = "an empty notation" if verb is Verb.NONE else f"a {verb.value!r} notation"
    player = notation.player
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
        raise InvalidNotationError(
            f"player must be a player index (0 for p1), not {shown(player)}"
        )
    if player is not None and not 0 <= player < _PLAYER_LIMIT:
        raise InvalidNotationError(
            f"player must be 0 (p1) to {_PLAYER_LIMIT - 1}, not {shown(player)}"
        )
    acted = verb is Verb.DEAL_HOLE or verb in _PLAYER_VERBS
    if acted and player is None:
        raise InvalidNotationError(f"{what} needs a player")
    if not acted and player is not None:
        raise InvalidNotationError(f"{what} names no player, but player is {shown(player)}")
    for card in notation.cards:
        if card is not None and not isinstance(card, Card):
            raise InvalidNotationError(f"cards must be cards or None (??), not {shown(card)}")
    known = [c for c in notation.cards if c is not None]
    if len(set(known)) != len(known):
        raise InvalidNotationError(f"{what}: a card appears twice")
    if verb in _DEALS and not notation.cards:
        raise InvalidNotationError(f"{what} deals one card or more")
    if verb not in _CARD_VERBS and notation.cards:
        raise InvalidNotationError(f"{what} takes no cards")
    if verb is Verb.BET_OR_RAISE_TO:
        if notation.amount is None:
            raise InvalidNotationError(f"{what} needs an amount")
        if _number(notation.amount, "the amount") <= 0:
            raise InvalidNotationError(
                f"a bet or raise is to a positive amount, not {_say(notation.amount)}"
            )
    elif notation.amount is not None:
        raise InvalidNotationError(f"{what} takes no amount")
    if not isinstance(notation.shows_dealt, bool):
        raise InvalidNotationError(
            f"shows_dealt must be True or False, not {shown(notation.shows_dealt)}"
        )
    if notation.shows_dealt and (verb is not Verb.SHOW_OR_MUCK or notation.cards):
        raise InvalidNotationError("only a show without cards ('sm -') shows the dealt cards")
    if notation.commentary is not None and not isinstance(notation.commentary, str):
        raise InvalidNotationError(
            f"commentary must be a string or None, not {shown(notation.commentary)}"
        )


def _format_cards(cards: Iterable[Card | None]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)


def _format_amount(amount: Amount) -> str:
    if isinstance(amount, Decimal):
        if amount.is_nan():
            return "nan"
        if amount.is_infinite():
            return "inf" if amount > 0 else "-inf"
        return str(amount)
    return str(amount)


_ACTOR: Final = re.compile(r"p([1-9][0-9]*)\Z")


def _parse_cards_word(word: str, text: str) -> tuple[Card | None, ...]:
    if len(word) % 2:
        raise InvalidNotationError(f"{text!r}: {word!r} is not a run of two-character cards")
    out: list[Card | None] = []
    for i in range(0, len(word), 2):
        token = word[i : i + 2]
        if token == "??":
            out.append(None)
            continue
        try:
            out.append(parse_card(token))
        except InvalidNotationError as error:
            raise InvalidNotationError(f"{text!r}: {error}") from None
    known = [c for c in out if c is not None]
    if len(set(known)) != len(known):
        raise InvalidNotationError(f"{text!r}: a card appears twice")
    return tuple(out)


def _parse_player(word: str, text: str) -> int:
    match = _ACTOR.match(word)
    # p1 to p1000000000: a longer number is refused before it is converted
    if match is None or len(match.group(1)) > len(str(_PLAYER_LIMIT)):
        raise InvalidNotationError(f"{shown(text)}: {shown(word)} is not a player (p1, p2, ...)")
    if int(match.group(1)) > _PLAYER_LIMIT:
        raise InvalidNotationError(f"{shown(text)}: players are p1 to p{_PLAYER_LIMIT}")
    return int(match.group(1)) - 1


def parse_amount(text: str) -> Amount:
    """An exact amount from PHH text: ``'25'`` -> 25, ``'0.10'`` -> ``Decimal('0.10')``.

    Amounts of 600 digits or more are refused."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"an amount is text, not {shown(text)}")
    word = text.strip().replace("_", "")
    value: Amount
    whole = re.fullmatch(r"([+-]?)0*([0-9]+)", word)
    if whole:
        if len(whole.group(2)) >= 600:
            raise InvalidNotationError(f"{shown(text)} is too large (600 digits or more)")
        value = int(whole.group(1) + whole.group(2))
    else:
        try:
            value = Decimal(word)
        except InvalidOperation:
            raise InvalidNotationError(f"{shown(text)} is not an amount") from None
        if not value.is_finite():
            raise InvalidNotationError(f"{shown(text)} is not an amount (a finite number)")
    return _number(value, "an amount")


def parse_notation(text: str) -> Notation:
    """Parse one PHH action notation (``'p2 cbr 300'``, ``'d dh p1 AsKd # Alice'``).

    >>> parse_notation("d db 9h6cKc")
    Notation(verb=<Verb.DEAL_BOARD: 'db'>, cards=(Card('9h'), Card('6c'), Card('Kc')))
    >>> str(parse_notation("  p3   sd  ????  # draws two"))
    'p3 sd ???? # draws two'
    >>> parse_notation("p1 xx")
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidNotationError: 'p1 xx': 'xx' is not a PHH action (pb, cbr, cc, f, sd, sm)
    """
    if type(text) is str:
        notation = _PLAIN_NOTATIONS.get(text)
        if notation is not None:
            return notation
        match = _COMMON.fullmatch(text)
        notation = None if match is None else _from_match(match)
        if notation is not None:
            return notation
    return _parse_word_by_word(text)


#: The common notations in one pattern: a deal, a player's fold, check or call, bring-in, bet
#: or raise to a plain amount, discard or show, each with an optional comment. Anything else
#: (odd spacing, a malformed word) is parsed word by word, which words the errors.
_CARD_RUN: Final = r"(?:[2-9TJQKA][cdhs]|\?\?)+"
_COMMON: Final = re.compile(
    r" *(?:d +(?:db +(?P<board>" + _CARD_RUN + r")|dh +p(?P<dealee>[1-9][0-9]{0,8}) +"
    r"(?P<hole>" + _CARD_RUN + r"))"
    r"|p(?P<player>[1-9][0-9]{0,8}) +(?:(?P<plain>f|cc|pb)"
    r"|cbr +(?:(?P<whole>[1-9][0-9]{0,17})|(?P<decimal>[0-9]{1,18}\.[0-9]{1,18}))"
    r"|(?P<card_verb>sd|sm)(?: +(?P<cards>" + _CARD_RUN + r"))?|sm +(?P<dealt>-)))"
    r" *(?:#(?P<comment>.*))?",
    re.DOTALL,
)
#: Card words by their text (``'As'``); ``'??'`` is an unknown card.
_CARD_WORDS: Final[dict[str, Card | None]] = {str(c): c for c in STANDARD_CARDS} | {"??": None}
_PLAIN_VERBS: Final = {"f": Verb.FOLD, "cc": Verb.CHECK_OR_CALL, "pb": Verb.BRING_IN}
_new_object: Final = object.__new__


def _trusted(
    verb: Verb,
    player: int | None = None,
    cards: tuple[Card | None, ...] = (),
    *,
    amount: Amount | None = None,
    shows_dealt: bool = False,
    commentary: str | None = None,
) -> Notation:
    """A notation the parser has already checked (its fields are skipped by the checks)."""
    notation: Notation = _new_object(Notation)
    set_verb, set_player, set_cards, set_amount, set_shows, set_commentary = _SLOTS
    set_verb(notation, verb)
    set_player(notation, player)
    set_cards(notation, cards)
    set_amount(notation, amount)
    set_shows(notation, shows_dealt)
    set_commentary(notation, commentary)
    return notation


#: The two-character words of a card run.
_card_words: Final = re.compile("..", re.DOTALL).findall
#: The commonest notations, a fold, a check or call and a bring-in by p1 to p10 written plainly,
#: by their text: values are immutable, so one value serves every hand.
_PLAIN_NOTATIONS: Final = {
    f"p{n} {code}": _trusted(verb, n - 1)
    for n in range(1, 11)
    for code, verb in _PLAIN_VERBS.items()
}


def _card_run(word: str) -> tuple[Card | None, ...] | None:
    """The cards of a run matched by :data:`_CARD_RUN`, or ``None`` if a card repeats."""
    cards = tuple(map(_CARD_WORDS.__getitem__, _card_words(word)))
    if len(set(cards)) == len(cards):
        return cards
    known = [c for c in cards if c is not None]  # unknown cards (??) may repeat
    return cards if len(set(known)) == len(known) else None


def _from_match(match: re.Match[str]) -> Notation | None:
    """The notation :data:`_COMMON` matched, or ``None`` to leave it to the word-by-word parser
    (a repeated card, an amount of zero: errors it words)."""
    (board, dealee, hole, player_word, plain, whole, decimal, card_verb, word, dealt, comment) = (
        match.groups()
    )
    commentary = None if comment is None else comment.strip()
    if player_word is None:
        cards = _card_run(board if board is not None else hole)
        if cards is None:
            return None
        if board is not None:
            return _trusted(Verb.DEAL_BOARD, cards=cards, commentary=commentary)
        return _trusted(Verb.DEAL_HOLE, int(dealee) - 1, cards, commentary=commentary)
    player = int(player_word) - 1
    if plain is not None:
        return _trusted(_PLAIN_VERBS[plain], player, commentary=commentary)
    if whole is not None:
        return _trusted(Verb.BET_OR_RAISE_TO, player, amount=int(whole), commentary=commentary)
    if decimal is not None:
        amount = Decimal(decimal)
        if not amount:
            return None
        return _trusted(Verb.BET_OR_RAISE_TO, player, amount=amount, commentary=commentary)
    if dealt is not None:
        return _trusted(Verb.SHOW_OR_MUCK, player, shows_dealt=True, commentary=commentary)
    verb = Verb.STAND_PAT_OR_DISCARD if card_verb == "sd" else Verb.SHOW_OR_MUCK
    cards = () if word is None else _card_run(word)
    if cards is None:
        return None
    return _trusted(verb, player, cards, commentary=commentary)


def _parse_word_by_word(text: str) -> Notation:
    """:func:`parse_notation` for any text: word by word, with an error for each mistake."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"an action notation is text, not {shown(text)}")
    body, hash_, comment = text.partition("#")
    commentary = comment.strip() if hash_ else None
    words = body.split()
    if not words:
        return Notation(verb=Verb.NONE, commentary=commentary)
    if words[0] == "d":
        if len(words) >= 2 and words[1] == "db" and len(words) == 3:
            return Notation(
                verb=Verb.DEAL_BOARD,
                cards=_parse_cards_word(words[2], text),
                commentary=commentary,
            )
        if len(words) >= 2 and words[1] == "dh" and len(words) == 4:
            return Notation(
                verb=Verb.DEAL_HOLE,
                player=_parse_player(words[2], text),
                cards=_parse_cards_word(words[3], text),
                commentary=commentary,
            )
        raise InvalidNotationError(
            f"{text!r}: the dealer deals the board ('d db CARDS') or hole cards ('d dh pN CARDS')"
        )
    player = _parse_player(words[0], text)
    if len(words) < 2:
        raise InvalidNotationError(f"{text!r}: the player's action is missing")
    try:
        verb = Verb(words[1])
    except ValueError:
        verb = Verb.NONE
    if verb not in _PLAYER_VERBS:
        raise InvalidNotationError(
            f"{text!r}: {words[1]!r} is not a PHH action (pb, cbr, cc, f, sd, sm)"
        )
    args = words[2:]
    if verb is Verb.BET_OR_RAISE_TO:
        if len(args) != 1:
            raise InvalidNotationError(f"{text!r}: 'cbr' takes one amount")
        amount = parse_amount(args[0])
        if amount <= 0:
            raise InvalidNotationError(f"{text!r}: a bet or raise is to a positive amount")
        return Notation(verb=verb, player=player, amount=amount, commentary=commentary)
    if verb in (Verb.STAND_PAT_OR_DISCARD, Verb.SHOW_OR_MUCK) and len(args) <= 1:
        if args and args[0] == "-" and verb is Verb.SHOW_OR_MUCK:
            return Notation(verb=verb, player=player, shows_dealt=True, commentary=commentary)
        cards = _parse_cards_word(args[0], text) if args else ()
        return Notation(verb=verb, player=player, cards=cards, commentary=commentary)
    if args:
        takes = "one word of cards" if len(args) > 1 and verb is not Verb.CHECK_OR_CALL else ""
        if verb in (Verb.STAND_PAT_OR_DISCARD, Verb.SHOW_OR_MUCK):
            raise InvalidNotationError(f"{text!r}: {verb.value!r} takes {takes}")
        raise InvalidNotationError(f"{text!r}: {verb.value!r} takes no arguments")
    return Notation(verb=verb, player=player, commentary=commentary)


# --- the hand history -------------------------------------------------------------------------


def _amounts(values: Iterable[Amount]) -> tuple[Amount, ...]:
    return _sequence(values, "an amounts field")


def _optional_amounts(values: Iterable[Amount] | None) -> tuple[Amount, ...] | None:
    return None if values is None else _sequence(values, "an amounts field")


def _stacks(values: Iterable[Amount | None]) -> tuple[Amount | None, ...]:
    return _sequence(values, "starting_stacks")


def _notations(values: Iterable[Notation | str]) -> tuple[Notation, ...]:
    listed = _sequence(values, "actions")
    if set(map(type, listed)) <= _STR_ONLY:  # text, as read from a file
        return tuple(map(parse_notation, listed))
    return tuple(v if isinstance(v, Notation) else parse_notation(v) for v in listed)


def _names(values: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if values is None else _sequence(values, "players")


def _extra(values: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(values, Mapping):
        raise InvalidNotationError(f"extra must be a mapping of field names, not {shown(values)}")
    return dict(values)


@attrs.frozen(kw_only=True)
class HandHistory:
    """One PHH hand. Amounts are exact (``int`` or ``Decimal``); an unknown starting stack
    (``inf`` in the file) is ``None``. ``extra`` keeps every other field (author, event,
    venue, time, ...) so that a history round-trips."""

    variant: str
    antes: tuple[Amount, ...] = attrs.field(converter=_amounts)
    blinds_or_straddles: tuple[Amount, ...] | None = attrs.field(
        default=None, converter=_optional_amounts
    )
    bring_in: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    min_bet: Amount | None = None
    starting_stacks: tuple[Amount | None, ...] = attrs.field(converter=_stacks)
    actions: tuple[Notation, ...] = attrs.field(converter=_notations)
    ante_trimming_status: bool | None = None
    players: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    finishing_stacks: tuple[Amount, ...] | None = attrs.field(
        default=None, converter=_optional_amounts
    )
    winnings: tuple[Amount, ...] | None = attrs.field(default=None, converter=_optional_amounts)
    extra: dict[str, Any] = attrs.field(factory=dict, converter=_extra, hash=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.variant, str):
            raise InvalidNotationError(f"variant must be a string, not {shown(self.variant)}")
        n = len(self.starting_stacks)
        if n < 2:
            raise InvalidNotationError(f"a PHH hand needs at least two players, got {n}")
        for name in ("antes", "blinds_or_straddles", "players", "finishing_stacks", "winnings"):
            value = getattr(self, name)
            if value is not None and len(value) != n:
                raise InvalidNotationError(
                    f"{name} has {len(value)} entries but there are {n} players"
                )
        _check_amounts(self)
        if self.ante_trimming_status is not None and not isinstance(
            self.ante_trimming_status, bool
        ):
            raise InvalidNotationError("ante_trimming_status must be true or false")
        if self.players is not None and not all(isinstance(p, str) for p in self.players):
            raise InvalidNotationError("players must be an array of strings")
        # the highest player named, in one pass; the loop finds the first beyond the table
        named = max(filter(_is_someone, map(_PLAYER_OF, self.actions)), default=-1)
        for action in self.actions if named >= n else ():
            if action.player is not None and action.player >= n:
                raise InvalidNotationError(
                    f"{str(action)!r} names player {action.player + 1} of {n}"
                )
        given = {k: True for k in _VARIANT_FIELDS if getattr(self, k) is not None}
        _check_variant_fields(self.variant, given, "")
        _check_extra(self.extra, n)

    @property
    def players_count(self) -> int:
        """The number of players."""
        return len(self.starting_stacks)


def _plain_ints(values: Sequence[Any]) -> TypeGuard[Sequence[int]]:
    """Whether every value is a plain ``int`` of fewer than 600 digits: an amount
    :func:`_number` takes as it is, checked in one pass over the types and one over the sizes."""
    return set(map(type, values)) <= _INT_ONLY and (
        not values or (min(values) > -_AMOUNT_LIMIT and max(values) < _AMOUNT_LIMIT)
    )


def _number_list(value: Any, where: str, *, infinite: bool = False) -> list[Amount]:
    if not isinstance(value, list):
        raise InvalidNotationError(f"{where} must be an array of numbers, not {shown(value)}")
    if _plain_ints(value):
        return list(value)
    return [_number(v, where, infinite=infinite) for v in value]


#: The amount fields the PHH specification requires to be positive, and the lists of amounts
#: that cannot be negative. ``blinds_or_straddles`` may hold a negative entry (a posted bet, a
#: pokerkit extension the replay reports as unsupported).
_POSITIVE_FIELDS: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
_NON_NEGATIVE_LISTS: Final = ("antes", "finishing_stacks", "winnings")
_VARIANT_FIELDS: Final = ("blinds_or_straddles", *_POSITIVE_FIELDS)


def _check_amounts(history: HandHistory) -> None:
    """Refuse amounts a PHH file could not hold: not numbers, or of the wrong sign."""
    stacks = history.starting_stacks
    for stack in () if _plain_ints(stacks) and min(stacks) > 0 else stacks:
        if stack is None:
            continue
        _number(stack, "starting_stacks", infinite=True)
        if isinstance(stack, Decimal) and stack.is_infinite() and stack > 0:
            raise InvalidNotationError("an unknown starting stack is None (written inf), not inf")
        if stack <= 0:
            raise InvalidNotationError(f"a starting stack must be positive, not {_say(stack)}")
    for key in ("antes", "blinds_or_straddles", "finishing_stacks", "winnings"):
        values = getattr(history, key)
        for value in () if values is None or _plain_ints(values) else values:
            _number(value, key)
        if key in _NON_NEGATIVE_LISTS and any(v < 0 for v in values or ()):
            raise InvalidNotationError(f"{key} cannot be negative")
    for key in _POSITIVE_FIELDS:
        value = getattr(history, key)
        if value is not None and _number(value, key) <= 0:
            raise InvalidNotationError(f"{key} must be positive, not {_say(value)}")


# The standard variant codes by betting structure and forced bets (PHH specification, "Required
# fields"): fixed-limit games give small_bet and big_bet and never min_bet; no- and pot-limit
# games give min_bet; stud games give bring_in and never blinds_or_straddles.
_FIXED_LIMIT_CODES: Final = frozenset({"FT", "FO/8", "F7S", "F7S/8", "FR", "F2L3D", "FB"})
_BIG_BET_CODES: Final = frozenset({"NT", "NS", "PO", "N2L1D"})
_STUD_CODES: Final = frozenset({"F7S", "F7S/8", "FR"})
_BLIND_CODES: Final = _FIXED_LIMIT_CODES | _BIG_BET_CODES


def _check_variant_fields(code: str, table: Mapping[str, Any], prefix: str) -> None:
    """Refuse a standard variant's history that lacks a field it requires or gives one it must
    not; other codes are left to the replay."""
    required: list[str] = []
    forbidden: list[str] = []
    if is_extension(code):  # the library's extension codes: blinds, and the structure's bets
        fixed = split_extension(code)[0] == "F"
        required += ["blinds_or_straddles", *(("small_bet", "big_bet") if fixed else ["min_bet"])]
        forbidden += ["bring_in", *(["min_bet"] if fixed else ())]
    elif code in _FIXED_LIMIT_CODES:
        required += ["small_bet", "big_bet"]
        forbidden.append("min_bet")
    elif code in _BIG_BET_CODES:
        required.append("min_bet")
    if code in _STUD_CODES:
        required.append("bring_in")
        forbidden.append("blinds_or_straddles")
    elif code in _BLIND_CODES:
        required.append("blinds_or_straddles")
    missing = [key for key in required if key not in table]
    if missing:
        raise InvalidNotationError(f"{prefix}a {code} history needs {', '.join(missing)}")
    extra = [key for key in forbidden if key in table]
    if extra:
        raise InvalidNotationError(f"{prefix}a {code} history never gives {', '.join(extra)}")


# Optional fields of the specification and the TOML type each holds (the spec's "Optional
# fields"); user-defined fields (a leading underscore) may hold anything.
_TEXT_FIELDS: Final = frozenset(
    {
        "author", "event", "url", "venue", "address", "city", "region", "postal_code",
        "country", "time_zone", "time_zone_abbreviation", "currency", "currency_symbol",
    }
)  # fmt: skip
_WHOLE_FIELDS: Final = frozenset({"day", "month", "year", "level", "seat_count"})
#: Fields that hold a name or a number: the hand (``hand = "A-17"`` or ``hand = 17``).
_NAME_OR_NUMBER_FIELDS: Final = frozenset({"hand"})


#: Fields that hold one entry per player (the spec: "of length N where N is the number of
#: players", "of length equal to the number of players").
_PER_PLAYER_FIELDS: Final = ("seats", "time_banks")


def _check_optional_fields(table: Mapping[str, Any], prefix: str, players: int) -> None:
    """Refuse a known optional field of the wrong type (``day = "Mon"``), or a per-player one
    (``seats``, ``time_banks``) without one entry for each of the ``players``."""
    for key, value in table.items():
        if key in _TEXT_FIELDS and not isinstance(value, str):
            raise InvalidNotationError(f"{prefix}{key} must be a string, not {shown(value)}")
        if key in _WHOLE_FIELDS and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidNotationError(f"{prefix}{key} must be a whole number, not {shown(value)}")
        if key in _NAME_OR_NUMBER_FIELDS and (
            isinstance(value, bool) or not isinstance(value, str | int)
        ):
            raise InvalidNotationError(
                f"{prefix}{key} must be a string or a whole number, not {shown(value)}"
            )
        if key == "seats" and not (
            isinstance(value, list)
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise InvalidNotationError(f"{prefix}seats must be an array of seat numbers")
        if key == "time_banks":
            _check_times(value, f"{prefix}time_banks", each=True)
        if key == "time_limit":
            _check_times(value, f"{prefix}time_limit", each=False)
        if key in _PER_PLAYER_FIELDS and len(value) != players:
            raise InvalidNotationError(
                f"{prefix}{key} has {len(value)} entries but there are {players} players"
            )
        if key == "time" and not isinstance(value, datetime.time):
            raise InvalidNotationError(
                f"{prefix}time must be a TOML local time, not {shown(value)}"
            )


def _check_times(value: Any, where: str, *, each: bool) -> None:
    """Refuse a time that is not a number of at least 0 (``inf``, no limit, allowed), or with
    ``each``, an array of such times."""
    what = "an array of times (numbers at least 0)" if each else "a time (a number at least 0)"
    values = value if each else [value]
    if each and not isinstance(value, list | tuple):
        raise InvalidNotationError(f"{where} must be {what}, not {shown(value)}")
    for item in values:
        # a plain int or a Decimal (a TOML float), never a bool; not NaN, not below 0
        number = type(item) is int or (isinstance(item, Decimal) and not item.is_nan())
        if not number or item < 0:
            raise InvalidNotationError(f"{where} must be {what}, not {shown(value)}")


def _check_extra(extra: Mapping[Any, Any], players: int) -> None:
    """Refuse extra fields a PHH file could not hold: a modelled field's name, a known
    optional field of the wrong type or length (``players`` entries), or a value TOML cannot
    write."""
    for key, value in extra.items():
        if not isinstance(key, str):
            raise InvalidNotationError(f"a field name must be a string, not {shown(key)}")
        if key in _MODELLED:
            raise InvalidNotationError(f"{key} is a field of its own, not an extra field")
        _check_toml_value(value, key, 0)
    _check_optional_fields(extra, "", players)


def _check_toml_value(value: Any, where: str, depth: int) -> None:
    if depth > 100:
        raise InvalidNotationError(f"{where} is nested too deeply to write")
    if isinstance(value, datetime.time | datetime.datetime) and value.tzinfo is not None:
        # TOML has no offset time, and its offsets are whole minutes
        offset = value.utcoffset()
        if (
            isinstance(value, datetime.time)
            or offset is None
            or offset % datetime.timedelta(minutes=1)
        ):
            raise InvalidNotationError(f"{where}: TOML cannot hold the time {shown(value)}")
    if isinstance(value, bool | str | datetime.date | datetime.time):
        return
    if type(value) is int or isinstance(value, Decimal):
        if isinstance(value, int) and abs(value) >= _AMOUNT_LIMIT:
            raise InvalidNotationError(f"{where} is too large to write (600 digits or more)")
        return
    if isinstance(value, list | tuple):
        for item in value:
            _check_toml_value(item, where, depth + 1)
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidNotationError(f"{where}: a key must be a string, not {shown(key)}")
            _check_toml_value(item, where, depth + 1)
        return
    raise InvalidNotationError(f"{where}: cannot write {shown(value)} to a PHH file")


def _from_table(table: Mapping[str, Any], where: str = "") -> HandHistory:
    prefix = f"{where}: " if where else ""
    for key in ("variant", "antes", "starting_stacks", "actions"):
        if key not in table:
            raise InvalidNotationError(f"{prefix}the required field {key!r} is missing")
    variant = table["variant"]
    if not isinstance(variant, str):
        raise InvalidNotationError(f"{prefix}variant must be a string, not {shown(variant)}")
    actions = table["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidNotationError(f"{prefix}actions must be an array of strings")
    stacks: list[Amount | None] = [
        None if isinstance(value, Decimal) and value.is_infinite() and value > 0 else value
        for value in _number_list(table["starting_stacks"], "starting_stacks", infinite=True)
    ]

    def optional_number(key: str) -> Amount | None:
        return _number(table[key], key) if key in table else None

    def optional_list(key: str) -> list[Amount] | None:
        return _number_list(table[key], key) if key in table else None

    players = table.get("players")
    if players is not None and (
        not isinstance(players, list) or not all(isinstance(p, str) for p in players)
    ):
        raise InvalidNotationError(f"{prefix}players must be an array of strings")
    trimming = table.get("ante_trimming_status")
    if trimming is not None and not isinstance(trimming, bool):
        raise InvalidNotationError(f"{prefix}ante_trimming_status must be true or false")
    try:
        return HandHistory(
            variant=variant,
            antes=_number_list(table["antes"], "antes"),
            blinds_or_straddles=optional_list("blinds_or_straddles"),
            bring_in=optional_number("bring_in"),
            small_bet=optional_number("small_bet"),
            big_bet=optional_number("big_bet"),
            min_bet=optional_number("min_bet"),
            starting_stacks=stacks,
            actions=actions,
            ante_trimming_status=trimming,
            players=players,
            finishing_stacks=optional_list("finishing_stacks"),
            winnings=optional_list("winnings"),
            extra={k: v for k, v in table.items() if k not in _MODELLED},
        )
    except InvalidNotationError as error:
        if not where:
            raise
        raise InvalidNotationError(f"{prefix}{error}") from None


def _toml(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise InvalidNotationError(f"a PHH document is text, not {shown(text)}")
    plain = _plain_toml.read(text)
    if plain is not None:
        return plain
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise InvalidNotationError(f"not valid TOML: {error}") from None
    except (ValueError, ArithmeticError):
        # an integer of thousands of digits, or a float whose exponent Decimal cannot hold
        raise InvalidNotationError("not valid TOML: a number too large to read") from None
    except RecursionError:
        raise InvalidNotationError("not valid TOML: arrays or tables nested too deeply") from None


def loads(text: str) -> HandHistory:
    """Read one hand from the text of a ``.phh`` file."""
    return _from_table(_toml(text))


def loads_many(text: str) -> dict[str, HandHistory]:
    """Read the hands of a ``.phhs`` file, by table name (``'1'``, ``'2'``, ...)."""
    document = _toml(text)
    hands: dict[str, HandHistory] = {}
    for key, table in document.items():
        if not isinstance(table, dict):
            raise InvalidNotationError(
                f"a .phhs file holds one table per hand; {key!r} is not a table"
            )
        hands[key] = _from_table(table, f"[{key}]")
    return hands


def _path(path: str | Path) -> Path:
    if not isinstance(path, str | os.PathLike):
        raise InvalidNotationError(f"a path is a string or a Path, not {shown(path)}")
    return Path(path)


def _read_text(path: Path) -> str:
    """The text of a file; a file that is not there or cannot be read raises ``OSError``."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise InvalidNotationError(f"{path} is not UTF-8 text: {error.reason}") from None
    except ValueError as error:  # a NUL character in the name
        raise InvalidNotationError(f"{shown(str(path))} is not a file name: {error}") from None


def load(path: str | Path) -> HandHistory:
    """Read one hand from a ``.phh`` file."""
    return loads(_read_text(_path(path)))


def _is_phhs(path: Path) -> bool:
    """Whether a file holds several hands: its name ends ``.phhs`` in any case (``X.PHHS``)."""
    return path.suffix.lower() == ".phhs"


def read_hands(path: str | Path) -> Iterator[tuple[str, HandHistory]]:
    """Every hand in a ``.phh`` or ``.phhs`` file, with a label (the path, plus ``[key]`` for
    the hands of a ``.phhs`` file)."""
    path = _path(path)
    text = _read_text(path)
    if _is_phhs(path):
        for key, hand in loads_many(text).items():
            yield f"{path}[{key}]", hand
    else:
        yield str(path), loads(text)


def read_each(path: str | Path) -> Iterator[tuple[str, HandHistory | PokerRulesError]]:
    """Like :func:`read_hands`, but a hand that cannot be read gives its error in place of the
    hand, so that one bad table of a ``.phhs`` file does not hide the others. A file that
    cannot be read at all (or is not TOML) still raises."""
    path = _path(path)
    text = _read_text(path)
    if not _is_phhs(path):
        try:
            yield str(path), loads(text)
        except PokerRulesError as error:
            yield str(path), error
        return
    for key, table in _toml(text).items():
        label = f"{path}[{key}]"
        if not isinstance(table, dict):
            yield label, InvalidNotationError(f"{key!r} is not a table (one table per hand)")
            continue
        try:
            yield label, _from_table(table, f"[{key}]")
        except PokerRulesError as error:
            yield label, error


# --- writing ----------------------------------------------------------------------------------

_ESCAPES: Final = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _toml_string(text: str) -> str:
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return _format_amount(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):  # a user-defined table: written inline
        items = ", ".join(f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{" + items + "}"
    raise InvalidNotationError(f"cannot write {shown(value)} to a PHH file")


def _toml_key(key: str) -> str:
    """A key as TOML writes it: bare when it can be, else quoted."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml_string(key)


def _table(history: HandHistory) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "variant": history.variant,
        "ante_trimming_status": history.ante_trimming_status,
        "antes": history.antes,
        "blinds_or_straddles": history.blinds_or_straddles,
        "bring_in": history.bring_in,
        "small_bet": history.small_bet,
        "big_bet": history.big_bet,
        "min_bet": history.min_bet,
        "starting_stacks": [Decimal("inf") if s is None else s for s in history.starting_stacks],
        "actions": history.actions,
        "players": history.players,
        "finishing_stacks": history.finishing_stacks,
        "winnings": history.winnings,
    }
    fields.update(history.extra)
    ordered = {k: fields[k] for k in _FIELD_ORDER if fields.get(k) is not None}
    ordered.update({k: v for k, v in fields.items() if k not in ordered and v is not None})
    return ordered


def _lines(history: HandHistory) -> list[str]:
    lines = []
    for key, value in _table(history).items():
        if key == "actions":
            lines.append("actions = [")
            lines.extend(f"  {_toml_string(str(a))}," for a in value)
            lines.append("]")
        else:
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    return lines


def _history(value: object) -> HandHistory:
    if not isinstance(value, HandHistory):
        raise InvalidNotationError(f"expected a HandHistory, not {shown(value)}")
    return value


def dumps(history: HandHistory) -> str:
    """Write one hand as the text of a ``.phh`` file."""
    return "\n".join(_lines(_history(history))) + "\n"


def dumps_many(hands: Mapping[str, HandHistory] | Iterable[HandHistory]) -> str:
    """Write several hands as the text of a ``.phhs`` file (tables ``[1]``, ``[2]``, ... when
    given a plain sequence)."""
    items = (
        list(hands.items())
        if isinstance(hands, Mapping)
        else [(str(i), h) for i, h in enumerate(_sequence(hands, "hands"), 1)]
    )
    blocks = []
    for key, history in items:
        if not isinstance(key, str):
            raise InvalidNotationError(f"a hand's name must be a string, not {shown(key)}")
        _history(history)
        name = key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml_string(key)
        blocks.append("\n".join([f"[{name}]", *_lines(history)]))
    return "\n\n".join(blocks) + "\n"
