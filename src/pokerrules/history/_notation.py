"""PHH action notations: the :class:`Verb` and :class:`Notation` values of a hand's
``actions`` array, their checks, and the parser of the notation text (``'p2 cbr 300'``).

The parser takes the common notations from a table of ready values or one compiled pattern,
and any other text word by word, which words the errors. The names are public through
:mod:`pokerrules.history.phh`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, Final, TypeAlias

import attrs

from pokerrules._validators import shown
from pokerrules.cards import STANDARD_CARDS, Card, parse_card
from pokerrules.errors import InvalidNotationError

__all__ = ["Amount", "Notation", "Verb", "parse_amount", "parse_notation"]

#: An exact amount: an integer, or a decimal for fractional chips (never a float).
Amount: TypeAlias = int | Decimal


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
        # the last word after a common head: ``d dh p1`` and its cards, ``p2 cbr`` and a
        # whole amount, ...
        head, _, last = text.rpartition(" ")
        shape = _HEADS.get(head)
        if shape is not None:
            notation = _from_last_word(shape[0], shape[1], last)
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


def _checked_run(word: str) -> tuple[Card | None, ...] | None:
    """The cards of a run matched by :data:`_CARD_RUN`, or ``None`` if a card repeats."""
    cards = tuple(map(_CARD_WORDS.__getitem__, _card_words(word)))
    if len(set(cards)) == len(cards):
        return cards
    known = [c for c in cards if c is not None]  # unknown cards (??) may repeat
    return cards if len(set(known)) == len(known) else None


#: The runs of one and two cards (a board's turn or river, a hold'em hand), read ahead by their
#: text: 2,862 entries, each the value :func:`_checked_run` gives.
_SHORT_RUNS: Final = {
    word: _checked_run(word)
    for word in (*_CARD_WORDS, *(a + b for a in _CARD_WORDS for b in _CARD_WORDS))
}
_short_run: Final = _SHORT_RUNS.get


def _card_run(word: str) -> tuple[Card | None, ...] | None:
    """The cards of a run matched by :data:`_CARD_RUN`, or ``None`` if a card repeats."""
    if len(word) <= 4:
        return _short_run(word)
    return _checked_run(word)


#: The heads of the common notations written plainly, by p1 to p10, before their last word:
#: a deal (``d db``, ``d dh p3``), a bet or raise (``p2 cbr``), a discard or show (``p1 sd``,
#: ``p1 sm``), as (verb, player).
_HEADS: Final[dict[str, tuple[Verb, int | None]]] = {
    "d db": (Verb.DEAL_BOARD, None),
    **{f"d dh p{n}": (Verb.DEAL_HOLE, n - 1) for n in range(1, 11)},
    **{
        f"p{n} {verb.value}": (verb, n - 1)
        for n in range(1, 11)
        for verb in (Verb.BET_OR_RAISE_TO, Verb.STAND_PAT_OR_DISCARD, Verb.SHOW_OR_MUCK)
    },
}
#: The card words of a run (``'As'``, ``'??'``), for a run read without the pattern.
_is_card_word: Final = _CARD_WORDS.__contains__


def _from_last_word(verb: Verb, player: int | None, word: str) -> Notation | None:
    """The notation of a common head (:data:`_HEADS`) and its last ``word`` -- a run of cards,
    or a whole amount without leading zeros -- as :func:`_from_match` makes it from the same
    text; ``None`` for any other word (the pattern reads it, or words the error)."""
    amount: int | None = None
    cards: tuple[Card | None, ...] | None = ()
    if verb is Verb.BET_OR_RAISE_TO:
        # what the pattern's whole amount admits: 1 to 18 ASCII digits, not starting with 0
        if not (word.isdigit() and word.isascii() and word[0] != "0" and len(word) <= 18):
            return None
        amount = int(word)
    elif len(word) <= 4:
        cards = _short_run(word)  # None for a word that is not a run of one or two cards
    elif len(word) % 2 or not all(map(_is_card_word, _card_words(word))):
        return None
    else:
        cards = _checked_run(word)
    if cards is None:  # not cards, or a card repeated: the pattern's reader says which
        return None
    return _trusted(verb, player, cards, amount=amount)


def _from_match(match: re.Match[str]) -> Notation | None:
    """The notation :data:`_COMMON` matched, or ``None`` to leave it to the word-by-word parser
    (a repeated card, an amount of zero: errors it words)."""
    (board, dealee, hole, player_word, plain, whole, decimal, card_verb, word, dealt, comment) = (
        match.groups()
    )
    player: int | None = None
    cards: tuple[Card | None, ...] | None = ()
    amount: Amount | None = None
    shows = False
    if player_word is None:
        if board is not None:
            verb = Verb.DEAL_BOARD
            cards = _card_run(board)
        else:
            verb = Verb.DEAL_HOLE
            player = int(dealee) - 1
            cards = _card_run(hole)
    else:
        player = int(player_word) - 1
        if plain is not None:
            verb = _PLAIN_VERBS[plain]
        elif whole is not None:
            verb = Verb.BET_OR_RAISE_TO
            amount = int(whole)
        elif decimal is not None:
            verb = Verb.BET_OR_RAISE_TO
            amount = Decimal(decimal)
            if not amount:
                return None
        elif dealt is not None:
            verb = Verb.SHOW_OR_MUCK
            shows = True
        else:
            verb = Verb.STAND_PAT_OR_DISCARD if card_verb == "sd" else Verb.SHOW_OR_MUCK
            if word is not None:
                cards = _card_run(word)
    if cards is None:
        return None
    commentary = None if comment is None else comment.strip()
    return _trusted(verb, player, cards, amount=amount, shows_dealt=shows, commentary=commentary)


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
