"""Variants as data: :class:`Variant`, :class:`Street`, :class:`Stakes` and the registry.

A variant is a frozen record composed from small rule components -- the deck, the streets, the
forced bets, the betting structure and its rules, the kill, the showdown shares -- never a
subclass. The amounts it is played for are :class:`Stakes`, kept apart from the rules, and the
seats, stacks and button belong to a hand (:mod:`pokerrules.engine`).

The components live in their own modules and are all importable from here: :class:`Street`
and :class:`Draw` in :mod:`pokerrules.streets`, :class:`Stakes` with :class:`BetSize` and
:class:`BettingStructure` in :mod:`pokerrules.stakes`, and :class:`ForcedBetRules`,
:class:`BringInCard`, :class:`LowballRules` and :class:`SevensPenalty` in
:mod:`pokerrules.variant_rules`.

A variant is checked at construction: a conflict raises
:class:`~pokerrules.errors.InvalidDefinitionError` naming it. New variants derive from old
ones with :func:`attrs.evolve`, and :func:`find_variant` finds the catalogue's variants (and
any you :func:`register`) by name or alias, ignoring case.

>>> import attrs
>>> from pokerrules.variants import find_variant
>>> holdem = find_variant("Limit Hold'em")
>>> holdem.name, [s.name for s in holdem.streets]
("Limit Texas hold'em", ['pre-flop', 'flop', 'turn', 'river'])
>>> six_max = attrs.evolve(holdem, name="Six-max limit hold'em", aliases=(), max_players=6)
>>> six_max.max_players
6
>>> attrs.evolve(holdem, max_players=24)
Traceback (most recent call last):
...
pokerrules.errors.InvalidDefinitionError: Limit Texas hold'em deals 2 cards to each of 24 players and 5 to the board: 53 cards, but the deck holds 52
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Final

import attrs

from pokerrules._validators import is_flag, is_instance, is_member, optional, shown
from pokerrules.betting import BettingRules, Structure
from pokerrules.cards import JOKER, Card, Deck, Rank
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import Scale
from pokerrules.kill import KillRules
from pokerrules.pots import StudOddChip
from pokerrules.runouts import check_boards, check_runouts
from pokerrules.showdown import AnyFive, HoleAndBoard, LowHand, Showdown
from pokerrules.stakes import BetSize, BettingStructure, Stakes
from pokerrules.streets import Draw, Street
from pokerrules.variant_rules import BringInCard, ForcedBetRules, LowballRules, SevensPenalty

__all__ = [
    "BetSize",
    "BettingStructure",
    "BringInCard",
    "Draw",
    "ForcedBetRules",
    "LowballRules",
    "SevensPenalty",
    "Stakes",
    "Street",
    "Variant",
    "find_variant",
    "register",
    "variants",
]


def _names(values: Iterable[str]) -> tuple[str, ...]:
    if isinstance(values, str):
        raise InvalidDefinitionError(
            f"aliases must be a sequence of names, not the string {shown(values)}"
        )
    try:
        return tuple(values)
    except TypeError:
        msg = f"aliases must be a sequence of names, not {shown(values)}"
        raise InvalidDefinitionError(msg) from None


def _streets(values: Iterable[Street]) -> tuple[Street, ...]:
    try:
        streets = tuple(values)
    except TypeError:
        msg = f"streets must be a sequence of Street values, not {shown(values)}"
        raise InvalidDefinitionError(msg) from None
    stranger = next((s for s in streets if not isinstance(s, Street)), None)
    if stranger is not None:
        raise InvalidDefinitionError(f"streets must be Street values, not {shown(stranger)}")
    return streets


def _player_count(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidDefinitionError(
            f"{attribute.name} must be a whole number, not {shown(value)}"
        )


def _runouts(_instance: object, _attribute: attrs.Attribute[int], value: int) -> None:
    check_runouts(value)


def _boards(_instance: object, _attribute: attrs.Attribute[int], value: int) -> None:
    check_boards(value)


@attrs.frozen(kw_only=True)
class Variant:
    """A poker variant: rules only, no amounts.

    * ``name``, ``aliases`` -- how :func:`find_variant` finds it (any case);
    * ``deck`` -- the full deck (:meth:`Deck.standard`, optionally with the joker);
    * ``streets`` -- the :class:`Street` values in order;
    * ``forced_bets`` -- :class:`ForcedBetRules`;
    * ``structure`` -- :class:`BettingStructure`; ``betting`` -- the
      :class:`~pokerrules.betting.BettingRules` options (cap, heads-up, all-in reopening);
    * ``kill`` -- the :class:`~pokerrules.kill.KillRules` (size, trigger, ...) or ``None``;
    * ``showdown`` -- :class:`~pokerrules.showdown.Showdown`: the shares and selection rule;
    * ``lowball`` -- :class:`LowballRules` for California lowball, else ``None``;
    * ``open_pair_big_bet`` -- stud: an open pair on fourth street lets a player bet the big
      bet (RRoP "Seven-Card Stud" 7, default on for
      seven-card stud; RRoP does not use it in razz or high-low);
    * ``stud_odd_chip`` -- stud: who gets an odd chip among tied winners
      (:class:`~pokerrules.pots.StudOddChip`); button games give it
      to the first winner clockwise from the button;
    * ``expose_all_ins`` -- when betting ends with a player all-in, every hand is turned face
      up and later down cards are dealt face up (the tournament rule, WSOP-T; default off);
    * ``common_card`` -- stud: when the stub cannot give every player a card, one card is dealt
      face up to the middle for everyone (RRoP "Seven-Card Stud" 9);
    * ``burn`` -- the dealer burns a card before each later street and each draw;
    * ``runouts`` -- how many times the board is run out when the betting ends with players
      all-in and cards to come (:mod:`pokerrules.runouts`; default once; a hand may agree to
      another number with ``Hand.start(..., runouts=n)``);
    * ``boards`` -- how many boards are dealt on every street (default one; two in the
      double-board games): each pot is split between the boards, the odd chips to the first,
      and each board's part is won by the best hands on that board (:mod:`pokerrules.runouts`);
    * ``min_players``, ``max_players``.
    """

    name: str
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_names)
    deck: Deck = attrs.field(factory=Deck.standard, validator=is_instance(Deck))
    streets: tuple[Street, ...] = attrs.field(converter=_streets)
    forced_bets: ForcedBetRules = attrs.field(
        factory=ForcedBetRules, validator=is_instance(ForcedBetRules)
    )
    structure: BettingStructure = attrs.field(validator=is_member(BettingStructure))
    betting: BettingRules = attrs.field(factory=BettingRules, validator=is_instance(BettingRules))
    kill: KillRules | None = attrs.field(default=None, validator=optional(is_instance(KillRules)))
    showdown: Showdown = attrs.field(validator=is_instance(Showdown))
    lowball: LowballRules | None = attrs.field(
        default=None, validator=optional(is_instance(LowballRules))
    )
    open_pair_big_bet: bool = attrs.field(default=False, validator=is_flag)
    stud_odd_chip: StudOddChip = attrs.field(
        default=StudOddChip.HIGH_CARD_IN_HAND, validator=is_member(StudOddChip)
    )
    expose_all_ins: bool = attrs.field(default=False, validator=is_flag)
    common_card: bool = attrs.field(default=False, validator=is_flag)
    burn: bool = attrs.field(default=True, validator=is_flag)
    runouts: int = attrs.field(default=1, validator=_runouts)
    boards: int = attrs.field(default=1, validator=_boards)
    min_players: int = attrs.field(default=2, validator=_player_count)
    max_players: int = attrs.field(default=10, validator=_player_count)

    def __attrs_post_init__(self) -> None:
        _validate(self)

    # -- derived facts ----------------------------------------------------------------------

    @property
    def is_stud(self) -> bool:
        """Whether a bring-in and the exposed cards set the order of play."""
        return self.forced_bets.bring_in is not None

    @property
    def low_order(self) -> bool:
        """Stud: whether the lowest exposed hand acts first (razz)."""
        return self.forced_bets.bring_in is BringInCard.HIGHEST

    @property
    def has_joker(self) -> bool:
        """Whether the deck holds the joker."""
        return JOKER in self.deck.cards

    @property
    def betting_streets(self) -> tuple[int, ...]:
        """The indexes of the streets with a betting round."""
        return tuple(i for i, s in enumerate(self.streets) if s.betting)

    @property
    def hole_cards(self) -> int:
        """Cards each player holds by the end (down and up)."""
        return sum(s.per_player for s in self.streets)

    @property
    def board_cards(self) -> int:
        """Cards dealt to the board."""
        return sum(s.board for s in self.streets)

    def structure_for(self, street: Street, stakes: Stakes) -> Structure:
        """The :mod:`pokerrules.betting` structure for a street at these stakes."""
        if not isinstance(street, Street):
            raise InvalidDefinitionError(f"street must be a Street, not {shown(street)}")
        if not isinstance(stakes, Stakes):
            raise InvalidDefinitionError(f"stakes must be Stakes, not {shown(stakes)}")
        return stakes.structure(self.structure, street.bet_size)

    def describe(self) -> str:
        """A one-line summary: ``"Limit Texas hold'em: fixed limit, high"``."""
        return f"{self.name}: {self.structure.value}, {self.showdown.describe()}"

    def __str__(self) -> str:
        return self.name


#: Low scales the joker does not play in (deuce-to-seven: unless the share says it does).
_NO_JOKER: Final = frozenset({Scale.DEUCE_TO_SEVEN_LOW, Scale.BADUGI})


def _validate(v: Variant) -> None:
    name = v.name
    strangers = [x for x in (name, *v.aliases) if not isinstance(x, str)]
    if strangers:
        raise InvalidDefinitionError(
            f"a variant's name and aliases are text, not {shown(strangers[0])}"
        )
    if not name.strip():
        raise InvalidDefinitionError("a variant needs a name")
    if not v.streets:
        raise InvalidDefinitionError(f"{name} has no streets")
    if not any(s.betting for s in v.streets):
        raise InvalidDefinitionError(f"{name} has no betting round")
    if not 2 <= v.min_players <= v.max_players:
        raise InvalidDefinitionError(
            f"{name}: the player range {shown(v.min_players)}-{shown(v.max_players)} needs "
            "2 <= min <= max"
        )
    first = v.streets[0]
    if first.per_player == 0:
        raise InvalidDefinitionError(f"{name}: the first street must deal cards to the players")
    hole = v.hole_cards
    down = sum(s.down for s in v.streets)
    held = 0
    for street in v.streets:
        if street.draw is not None and street.draw.max_discard > held:
            raise InvalidDefinitionError(
                f"{name}: the draw on {street.name!r} allows {shown(street.draw.max_discard)} "
                f"discards but a player holds only {shown(held)} cards"
            )
        held += street.per_player
    if v.showdown.uses_hole_spades and down == 0:
        raise InvalidDefinitionError(
            f"{name}: a hole-spade share ({v.showdown.describe()}) needs cards dealt face down, "
            "but no street deals any"
        )
    if v.kill is not None and not v.structure.is_limit:
        raise InvalidDefinitionError(
            f"{name}: a kill needs a limit structure (fixed or spread limit), not "
            f"{v.structure.value}"
        )
    selection = v.showdown.selection
    if isinstance(selection, HoleAndBoard):
        if hole < selection.hole or v.board_cards < selection.board:
            raise InvalidDefinitionError(
                f"{name}: the selection rule needs {selection.hole} hole and {selection.board} "
                f"board cards, but the variant deals {hole} and {v.board_cards}"
            )
    elif any(
        not (isinstance(s, LowHand) and s.scale is Scale.BADUGI) for s in v.showdown.shares
    ) and (hole + v.board_cards < 5):
        raise InvalidDefinitionError(f"{name}: a hand needs five cards; the variant deals fewer")
    short = (Scale.SHORT_DECK, Scale.SHORT_DECK_TRIPS_OVER_STRAIGHT)
    if any(s in short for s in v.showdown.scales) and any(
        not isinstance(c, Card) or c.rank < Rank.SIX for c in v.deck.cards
    ):
        raise InvalidDefinitionError(
            f"{name}: a short-deck ranking needs the short deck, sixes to aces"
        )
    if any(isinstance(s, LowHand) and s.scale is Scale.BADUGI for s in v.showdown.shares) and (
        hole < 4 or v.board_cards or not isinstance(selection, AnyFive)
    ):
        raise InvalidDefinitionError(
            f"{name}: a badugi hand is the player's own four cards or more, with no board"
        )
    if v.has_joker:
        for share in v.showdown.shares:
            if (
                isinstance(share, LowHand)
                and share.scale in _NO_JOKER
                and not share.deuce_to_seven_joker
            ):
                hint = (
                    " (LowHand(deuce_to_seven_joker=True) plays it as the best card it can be)"
                    if share.scale is Scale.DEUCE_TO_SEVEN_LOW
                    else ""
                )
                raise InvalidDefinitionError(
                    f"{name}: the joker does not play in {share.scale.value}{hint}"
                )
        if isinstance(selection, HoleAndBoard):
            raise InvalidDefinitionError(f"{name}: the joker does not play in Omaha selection")
    bring_in = v.forced_bets.bring_in
    if bring_in is not None and first.up == 0:
        raise InvalidDefinitionError(
            f"{name}: a bring-in needs a door card, but the first street deals none face up"
        )
    if v.open_pair_big_bet and (
        bring_in is None or v.structure is not BettingStructure.FIXED_LIMIT
    ):
        raise InvalidDefinitionError(f"{name}: the open-pair big bet is a fixed-limit stud rule")
    if v.lowball is not None:
        if not any(s.draw for s in v.streets):
            raise InvalidDefinitionError(f"{name}: the lowball rules need a draw")
        if v.lowball.sevens_rule is not None and not any(
            isinstance(s, LowHand) and s.scale is Scale.ACE_TO_FIVE_LOW for s in v.showdown.shares
        ):
            raise InvalidDefinitionError(f"{name}: the sevens rule needs an ace-to-five low share")
    if v.runouts > 1 and (
        bring_in is not None or not v.board_cards or any(s.draw for s in v.streets)
    ):
        raise InvalidDefinitionError(
            f"{name}: running the board out more than once needs a board game without draws"
        )
    if v.boards > 1:
        if bring_in is not None or not v.board_cards or any(s.draw for s in v.streets):
            raise InvalidDefinitionError(
                f"{name}: a second board needs a board game without draws"
            )
        if v.runouts > 1:
            raise InvalidDefinitionError(
                f"{name}: a game of {v.boards} boards is not also run out more than once"
            )
    _check_card_count(v)
    seen: set[str] = set()
    for label in (name, *v.aliases):
        key = label.casefold()
        if key in seen:
            raise InvalidDefinitionError(f"{name}: the name or alias {label!r} appears twice")
        seen.add(key)
    if v.has_joker and bring_in is not None:
        # The joker is not a stud card: the bring-in and the exposed hands would have to rank it.
        raise InvalidDefinitionError(f"{name}: the joker is not used in stud games")


def _check_card_count(v: Variant) -> None:
    deck = v.deck.remaining
    players = v.max_players
    per_player = v.hole_cards
    board = v.board_cards * v.boards
    needed = per_player * players + board
    if needed <= deck:
        return
    last = v.streets[-1]
    # The last card may be one common card for everyone.
    common = (per_player - 1) * players + board + 1
    if v.common_card and last.per_player == 1 and last.board == 0 and common <= deck:
        return
    raise InvalidDefinitionError(
        f"{v.name} deals {shown(per_player)} cards to each of {shown(players)} players and "
        f"{shown(board)} to the board: {shown(needed)} cards, but the deck holds {deck}"
    )


# --- the registry -----------------------------------------------------------------------------

_REGISTRY: Final[dict[str, Variant]] = {}
_ORDER: Final[list[Variant]] = []


def _load_catalogue() -> None:
    if not _ORDER:
        importlib.import_module("pokerrules.catalogue")


def register(variant: Variant, *, replace: bool = False) -> Variant:
    """Add a variant to the registry under its name and aliases (any case).

    A name or alias already taken by another variant raises
    :class:`~pokerrules.errors.InvalidDefinitionError` unless ``replace``.
    """
    if not isinstance(variant, Variant):
        raise InvalidDefinitionError(f"only a Variant can be registered, not {shown(variant)}")
    keys = [label.casefold() for label in (variant.name, *variant.aliases)]
    for key in keys:
        taken = _REGISTRY.get(key)
        if taken is not None and taken != variant and not replace:
            raise InvalidDefinitionError(
                f"{key!r} already names the variant {taken.name!r}; pass replace=True"
            )
    for key in keys:
        old = _REGISTRY.get(key)
        if old is not None and old in _ORDER:
            _ORDER.remove(old)
        _REGISTRY[key] = variant
    _ORDER.append(variant)
    return variant


def find_variant(name: str) -> Variant:
    """The registered variant with this name or alias, ignoring case.

    >>> find_variant("RAZZ").name
    'Razz'
    >>> find_variant("omaha high")
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidDefinitionError: no variant is named 'omaha high'; known: ...
    """
    _load_catalogue()
    if not isinstance(name, str):
        raise InvalidDefinitionError(f"a variant name is text, not {shown(name)}")
    variant = _REGISTRY.get(name.strip().casefold())
    if variant is None:
        known = ", ".join(v.name for v in _ORDER)
        raise InvalidDefinitionError(f"no variant is named {name!r}; known: {known}")
    return variant


def variants() -> tuple[Variant, ...]:
    """Every registered variant, in registration order (the catalogue first)."""
    _load_catalogue()
    return tuple(_ORDER)
