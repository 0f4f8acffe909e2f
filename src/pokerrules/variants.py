"""Variants as data: :class:`Variant`, :class:`Street`, :class:`Stakes` and the registry.

A variant is a frozen record composed from small rule components -- the deck, the streets, the
forced bets, the betting structure and its rules, the kill, the showdown shares -- never a
subclass. The amounts it is played for are :class:`Stakes`, kept apart from the rules, and the
seats, stacks and button belong to a hand (:mod:`pokerrules.engine`).

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

import enum
import importlib
import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from pokerrules._validators import (
    is_count,
    is_flag,
    is_instance,
    is_int,
    is_member,
    optional,
    require_chips,
    require_whole,
    shown,
)
from pokerrules.betting import (
    BettingRules,
    FixedLimit,
    NoLimit,
    PotLimit,
    SpreadLimit,
    Structure,
)
from pokerrules.cards import JOKER, Card, Deck, Rank
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import Scale
from pokerrules.forced_bets import (
    AnteKind,
    ForcedBets,
    MississippiAction,
    ShortForcedBet,
    SmallBlindRounding,
    small_blind,
)
from pokerrules.kill import KillRules
from pokerrules.pots import StudOddChip
from pokerrules.rake import Rake
from pokerrules.runouts import check_boards, check_runouts
from pokerrules.showdown import AnyFive, HoleAndBoard, LowHand, Showdown

if TYPE_CHECKING:
    from pokerrules.money import Currency, MoneyAmount

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


class BetSize(enum.Enum):
    """Which limit a street's betting uses: the small bet (early streets) or the big bet."""

    SMALL = "small bet"
    BIG = "big bet"


class BettingStructure(enum.Enum):
    """How much may be bet; the amounts come from :class:`Stakes`."""

    FIXED_LIMIT = "fixed limit"
    SPREAD_LIMIT = "spread limit"
    POT_LIMIT = "pot limit"
    NO_LIMIT = "no limit"

    @property
    def is_limit(self) -> bool:
        """Fixed or spread limit."""
        return self in (BettingStructure.FIXED_LIMIT, BettingStructure.SPREAD_LIMIT)


@attrs.frozen(kw_only=True)
class Draw:
    """A draw: each player still in discards up to ``max_discard`` cards and is dealt as many
    (standing pat is discarding none). When the stub runs short the discards are reshuffled
    (see :mod:`pokerrules.engine`)."""

    max_discard: int = attrs.field(default=5, validator=is_count)


@attrs.frozen(kw_only=True)
class Street:
    """One street: the cards dealt (``down`` and ``up`` to each player, ``board`` to the
    middle), an optional :class:`Draw` before the betting, and whether there is a betting round
    and at which :class:`BetSize`.

    >>> Street(name="flop", board=3)
    Street(name='flop', down=0, up=0, board=3, draw=None, betting=True, bet_size=<BetSize.SMALL: 'small bet'>)
    """

    name: str = attrs.field(validator=is_instance(str))
    down: int = attrs.field(default=0, validator=is_count)
    up: int = attrs.field(default=0, validator=is_count)
    board: int = attrs.field(default=0, validator=is_count)
    draw: Draw | None = attrs.field(default=None, validator=optional(is_instance(Draw)))
    betting: bool = attrs.field(default=True, validator=is_flag)
    bet_size: BetSize = attrs.field(default=BetSize.SMALL, validator=is_member(BetSize))

    def __attrs_post_init__(self) -> None:
        if not (self.down or self.up or self.board or self.draw or self.betting):
            raise InvalidDefinitionError(f"the street {self.name!r} does nothing")

    @property
    def per_player(self) -> int:
        """Cards dealt to each player (down and up)."""
        return self.down + self.up


class BringInCard(enum.Enum):
    """Stud: which door card brings in (Robert's Rules of Poker, "Seven-Card Stud": the low card
    brings in, ties broken by suit; "Razz": the high card brings in, aces low)."""

    #: The lowest door card brings in, aces high (seven-card stud, stud hi/lo).
    LOWEST = "lowest card, ace high"
    #: The highest door card brings in, aces low (razz).
    HIGHEST = "highest card, ace low"


@attrs.frozen(kw_only=True)
class ForcedBetRules:
    """The forced bets a variant uses, without amounts (those are :class:`Stakes`).

    * ``blinds`` -- 0 to 3 blinds: small blind left of the button, big blind next, a third
      after;
    * ``ante`` -- who antes (:class:`~pokerrules.forced_bets.AnteKind`), or ``None``;
    * ``bring_in`` -- stud: which door card brings in (:class:`BringInCard`), or ``None``;
    * ``big_blind_option`` -- the big blind may raise when only called (a live blind, RRoP
      "Button and Blind Use" 2; default on);
    * ``short`` -- :class:`~pokerrules.forced_bets.ShortForcedBet`: what the others must call
      after a blind or bring-in posted all-in for less (default: the full amount);
    * ``button_blind`` -- the one blind is posted by the button, who acts last before the
      flop (short-deck hold'em with antes and a button blind; Wikipedia, "Six-plus hold 'em");
    * ``mississippi_action`` -- who acts first before the flop over a Mississippi (button)
      straddle (:class:`~pokerrules.forced_bets.MississippiAction`; default the player left of
      the straddler).

    Blinds and a bring-in exclude each other. The posting itself is
    :func:`pokerrules.forced_bets.post_forced_bets`.
    """

    blinds: int = attrs.field(default=2)
    ante: AnteKind | None = attrs.field(default=None, validator=optional(is_member(AnteKind)))
    bring_in: BringInCard | None = attrs.field(
        default=None, validator=optional(is_member(BringInCard))
    )
    big_blind_option: bool = attrs.field(default=True, validator=is_flag)
    short: ShortForcedBet = attrs.field(
        default=ShortForcedBet.FULL, validator=is_member(ShortForcedBet)
    )
    button_blind: bool = attrs.field(default=False, validator=is_flag)
    mississippi_action: MississippiAction = attrs.field(
        default=MississippiAction.LEFT_OF_STRADDLER, validator=is_member(MississippiAction)
    )

    def __attrs_post_init__(self) -> None:
        if self.button_blind and self.blinds != 1:
            raise InvalidDefinitionError(
                f"a button blind is the game's only blind: blinds=1, not {shown(self.blinds)}"
            )
        if isinstance(self.blinds, bool) or not isinstance(self.blinds, int):
            raise InvalidDefinitionError(f"blinds is a count of blinds, not {shown(self.blinds)}")
        if not 0 <= self.blinds <= 3:
            raise InvalidDefinitionError(f"a variant has 0 to 3 blinds, not {self.blinds}")
        if self.blinds and self.bring_in is not None:
            raise InvalidDefinitionError("a variant uses blinds or a bring-in, not both")

    def at(self, stakes: Stakes) -> ForcedBets:
        """These forced bets at ``stakes``: the :class:`~pokerrules.forced_bets.ForcedBets`
        value that posts them."""
        if not isinstance(stakes, Stakes):
            raise InvalidDefinitionError(f"stakes must be Stakes, not {shown(stakes)}")
        if len(stakes.blinds) != self.blinds:
            raise InvalidDefinitionError(
                f"the variant has {self.blinds} blind(s) but the stakes give "
                f"{len(stakes.blinds)}: {list(stakes.blinds)}"
            )
        if self.bring_in is not None and stakes.bring_in <= 0:
            raise InvalidDefinitionError("a stud game's stakes need a bring-in")
        if self.ante is not None and stakes.ante <= 0:
            raise InvalidDefinitionError(
                f"the variant has an ante ({self.ante.value}): the stakes must give a positive "
                f"ante, not {shown(stakes.ante)}"
            )
        return ForcedBets(
            blinds=stakes.blinds,
            ante=stakes.ante if self.ante is not None else 0,
            ante_kind=self.ante if self.ante is not None else AnteKind.EACH,
            bring_in=stakes.bring_in if self.bring_in is not None else None,
            big_blind_option=self.big_blind_option,
            short=self.short,
            chip=stakes.chip,
            first_blind_on_button=self.button_blind,
            mississippi_action=self.mississippi_action,
        )


class SevensPenalty(enum.Enum):
    """California lowball's sevens rule: what a player who checks a seven-or-better after the
    draw loses. The penalty is the field ``LowballRules.sevens_rule``.

    Just calling a bet short of a full one (an all-in for less) with a seven-or-better, when it
    could complete the bet, counts as checking it: the player can win nothing put in after the
    call, so whoever calls or raises behind gets that bet back unless they have the hand beat
    (BARGE rulebook, appendix B, "The Sevens Rule", with its worked example). Calling a full
    bet is no violation. Under :attr:`NO_CHECK` such a call is refused: complete or fold.
    """

    #: All action after the draw is void; the player can win only what was in the pot before
    #: the draw (Robert's Rules of Poker, "Ace-to-Five Lowball"; the default).
    FORFEIT_ACTION = "forfeit post-draw action"
    #: The player forfeits the whole pot (some clubs; BARGE rulebook, appendix B).
    FORFEIT_POT = "forfeit the pot"
    #: A seven-or-better may not be checked at all after the draw: bet it or fold it.
    NO_CHECK = "may not check"


@attrs.frozen(kw_only=True)
class LowballRules:
    """California lowball's betting rules.

    * ``first_round_check`` -- off: no checking on the first betting round: a player with
      nothing to call must open or fold ("pass and out"); the big blind, whose blind has
      opened the pot, keeps the option (Robert's Rules of Poker, "Lowball").
    * ``check_raise_after_draw`` -- off: no check-raise after the draw in limit play (RRoP,
      "Ace-to-Five Lowball": "check-raise is not permitted").
    * ``sevens_rule`` -- the :class:`SevensPenalty` for checking a seven-or-better after the
      draw, or ``None`` for no sevens rule (RRoP: assumed in use in limit play).
    """

    first_round_check: bool = attrs.field(default=False, validator=is_flag)
    check_raise_after_draw: bool = attrs.field(default=False, validator=is_flag)
    sevens_rule: SevensPenalty | None = attrs.field(
        default=SevensPenalty.FORFEIT_ACTION, validator=optional(is_member(SevensPenalty))
    )


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


# --- stakes -----------------------------------------------------------------------------------


def _chips_tuple(values: Iterable[int]) -> tuple[int, ...]:
    if isinstance(values, str | bytes):
        raise InvalidDefinitionError(f"blinds must be a sequence of amounts, not {shown(values)}")
    try:
        return tuple(values)
    except TypeError:
        msg = f"blinds must be a sequence of amounts, not {shown(values)}"
        raise InvalidDefinitionError(msg) from None


@attrs.frozen(kw_only=True)
class Stakes:
    """The amounts a variant is played for (kept apart from the rules).

    * ``blinds`` -- small, big (and third) blind, as many as the variant has blinds;
    * ``ante`` -- the ante (each player's, or the button's or big blind's for the table);
    * ``bring_in`` -- the stud bring-in;
    * ``small_bet``, ``big_bet`` -- the fixed-limit bets (spread limit: the least and the
      most a bet may be);
    * ``min_bet`` -- the pot- and no-limit minimum bet (default: the big blind, or the smallest
      chip in a game without blinds);
    * ``chip`` -- the smallest chip in play;
    * ``rake`` -- the house's cut of each pot (a :class:`~pokerrules.rake.Rake`), or ``None``.

    >>> Stakes.limit(20, 40).blinds
    (10, 20)
    >>> Stakes.no_limit(1, 2).structure(BettingStructure.NO_LIMIT, BetSize.SMALL)
    NoLimit(minimum=2)
    """

    blinds: tuple[int, ...] = attrs.field(default=(), converter=_chips_tuple)
    ante: int = attrs.field(default=0, validator=is_count)
    bring_in: int = attrs.field(default=0, validator=is_count)
    small_bet: int = attrs.field(default=0, validator=is_count)
    big_bet: int = attrs.field(default=0, validator=is_count)
    min_bet: int | None = None
    chip: int = attrs.field(default=1, validator=is_count)
    rake: Rake | None = attrs.field(default=None, validator=optional(is_instance(Rake)))

    def __attrs_post_init__(self) -> None:
        for amount in self.blinds:
            require_chips(amount, "a blind")
        if any(later < earlier for earlier, later in itertools.pairwise(self.blinds)):
            raise InvalidDefinitionError(
                f"blinds {list(self.blinds)} are not in posting order: small, big (and third), "
                f"each at least the one before"
            )
        if self.min_bet is not None and (
            isinstance(self.min_bet, bool)
            or not isinstance(self.min_bet, int)
            or self.min_bet <= 0
        ):
            msg = f"the minimum bet (min_bet) must be positive, not {shown(self.min_bet)}"
            raise InvalidDefinitionError(msg)
        if self.chip <= 0:
            raise InvalidDefinitionError("the smallest chip must be positive")
        if self.big_bet and self.small_bet > self.big_bet:
            msg = (
                f"the small bet ({shown(self.small_bet)}) is above the big bet "
                f"({shown(self.big_bet)}): small_bet must be at most big_bet"
            )
            raise InvalidDefinitionError(msg)
        amounts = {
            "blind": self.blinds,
            "ante": (self.ante,),
            "bring-in": (self.bring_in,),
            "bet": (self.small_bet, self.big_bet),
            "minimum bet": (self.min_bet or 0,),
        }
        for what, values in amounts.items():
            odd = next((x for x in values if x % self.chip), None)
            if odd is not None:
                msg = f"a {what} of {shown(odd)} is not a whole number of {shown(self.chip)}-chips"
                raise InvalidDefinitionError(msg)
        rake = self.rake
        if rake is not None:
            for what, amount in (("increment", rake.increment), ("cap", rake.cap or 0)):
                if amount % self.chip:
                    msg = (
                        f"the rake is taken in whole {shown(self.chip)}-chips: its {what} "
                        f"({shown(amount)}) must be a multiple of the chip"
                    )
                    raise InvalidDefinitionError(msg)

    @classmethod
    def limit(
        cls,
        small_bet: int,
        big_bet: int,
        *,
        ante: int = 0,
        bring_in: int = 0,
        blinds: tuple[int, ...] | None = None,
        chip: int = 1,
        rounding: SmallBlindRounding = SmallBlindRounding.DOWN,
        rake: Rake | None = None,
    ) -> Stakes:
        """Fixed-limit stakes: the big blind is the small bet and the small blind half of it,
        rounded to the ``chip`` by ``rounding`` when half is not a whole number of chips
        (down by default, Wikipedia "Blind (poker)"; see
        :func:`pokerrules.forced_bets.small_blind`) -- unless ``blinds`` are given.

        >>> Stakes.limit(3, 6).blinds, Stakes.limit(3, 6, rounding=SmallBlindRounding.UP).blinds
        ((1, 3), (2, 3))
        >>> Stakes.limit(25, 50, chip=5).blinds
        (10, 25)
        """
        require_whole(small_bet, "small_bet")
        require_whole(big_bet, "big_bet")
        if big_bet < small_bet:  # limit stakes need both bets (the stakes allow big_bet=0)
            msg = (
                f"the small bet ({shown(small_bet)}) is above the big bet ({shown(big_bet)}): "
                "small_bet must be at most big_bet"
            )
            raise InvalidDefinitionError(msg)
        require_chips(chip, "chip")
        if not isinstance(rounding, SmallBlindRounding):
            msg = f"rounding must be SmallBlindRounding.DOWN or .UP, not {shown(rounding)}"
            raise InvalidDefinitionError(msg)
        if blinds is None:
            sb = small_blind(small_bet, chip=chip, rounding=rounding) if small_bet > 0 else 0
            blinds = (sb, small_bet) if small_bet else ()
        return cls(
            blinds=blinds,
            ante=ante,
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=big_bet,
            chip=chip,
            rake=rake,
        )

    @classmethod
    def stud(
        cls,
        small_bet: int,
        big_bet: int,
        *,
        bring_in: int,
        ante: int = 0,
        chip: int = 1,
        rake: Rake | None = None,
    ) -> Stakes:
        """Fixed-limit stud stakes: antes and a bring-in, and no blinds (a stud game has none;
        :meth:`limit` makes blinds from the small bet).

        >>> Stakes.stud(5, 10, bring_in=2, ante=1)
        Stakes(blinds=(), ante=1, bring_in=2, small_bet=5, big_bet=10, min_bet=None, chip=1, rake=None)
        """
        require_whole(small_bet, "small_bet")
        require_whole(big_bet, "big_bet")
        if big_bet < small_bet:
            msg = (
                f"the small bet ({shown(small_bet)}) is above the big bet ({shown(big_bet)}): "
                "small_bet must be at most big_bet"
            )
            raise InvalidDefinitionError(msg)
        return cls(
            ante=ante,
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=big_bet,
            chip=chip,
            rake=rake,
        )

    @classmethod
    def no_limit(
        cls, small_blind: int, big_blind: int, *, ante: int = 0, rake: Rake | None = None
    ) -> Stakes:
        """Blind stakes for pot- or no-limit play (the minimum bet is the big blind)."""
        return cls(blinds=(small_blind, big_blind), ante=ante, rake=rake)

    @classmethod
    def in_currency(
        cls,
        currency: Currency,
        *,
        blinds: Iterable[MoneyAmount] = (),
        ante: MoneyAmount = 0,
        bring_in: MoneyAmount = 0,
        small_bet: MoneyAmount = 0,
        big_bet: MoneyAmount = 0,
        min_bet: MoneyAmount | None = None,
        chip: MoneyAmount | None = None,
        rake: Rake | None = None,
    ) -> Stakes:
        """Stakes given in money (:class:`~decimal.Decimal` amounts, decimal strings, ...),
        counted in whole units of ``currency`` (:class:`pokerrules.money.Currency`); ``chip``
        is the smallest chip in play (default: one unit), ``rake`` is in units. An amount that
        is not a whole number of units raises :class:`~pokerrules.errors.InvalidDefinitionError`.

        >>> from pokerrules.money import Currency
        >>> Stakes.in_currency(Currency("0.01"), blinds=("0.25", "0.50")).blinds
        (25, 50)
        """
        if isinstance(blinds, str | bytes):
            raise InvalidDefinitionError(
                f"blinds must be a sequence of amounts, not {shown(blinds)}"
            )
        return cls(
            blinds=tuple(currency.units(b) for b in blinds),
            ante=currency.units(ante),
            bring_in=currency.units(bring_in),
            small_bet=currency.units(small_bet),
            big_bet=currency.units(big_bet),
            min_bet=None if min_bet is None else currency.units(min_bet),
            chip=1 if chip is None else currency.units(chip),
            rake=rake,
        )

    @property
    def minimum_bet(self) -> int:
        """The pot- and no-limit minimum bet."""
        if self.min_bet is not None:
            return self.min_bet
        return self.blinds[-1] if self.blinds else max(self.chip, self.bring_in, self.small_bet)

    def structure(self, kind: BettingStructure, size: BetSize) -> Structure:
        """The betting structure of one street."""
        if not isinstance(kind, BettingStructure):
            names = ", ".join(f"BettingStructure.{m.name}" for m in BettingStructure)
            raise InvalidDefinitionError(f"kind must be one of {names}; got {shown(kind)}")
        if not isinstance(size, BetSize):
            msg = f"size must be BetSize.SMALL or BetSize.BIG; got {shown(size)}"
            raise InvalidDefinitionError(msg)
        if kind is BettingStructure.FIXED_LIMIT:
            bet = self.small_bet if size is BetSize.SMALL else self.big_bet
            if bet <= 0:
                raise InvalidDefinitionError(
                    f"fixed-limit stakes need a {size.value}; give small_bet and big_bet"
                )
            return FixedLimit(bet)
        if kind is BettingStructure.SPREAD_LIMIT:
            if not 0 < self.small_bet <= self.big_bet:
                raise InvalidDefinitionError(
                    "spread-limit stakes need 0 < small_bet (the least) <= big_bet (the most)"
                )
            return SpreadLimit(minimum=self.small_bet, maximum=self.big_bet)
        if kind is BettingStructure.POT_LIMIT:
            return PotLimit(self.minimum_bet)
        return NoLimit(self.minimum_bet)

    def scaled(self, factor_num: int, factor_den: int = 1) -> Stakes:
        """Every amount times ``factor_num / factor_den``, rounded down to the chip.

        Both factors are positive whole numbers.
        """
        for name, value in (("factor_num", factor_num), ("factor_den", factor_den)):
            if not is_int(value) or value <= 0:
                msg = f"{name} must be a positive whole number, not {shown(value)}"
                raise InvalidDefinitionError(msg)

        def scale(x: int) -> int:
            return x * factor_num // factor_den // self.chip * self.chip

        return attrs.evolve(
            self,
            blinds=tuple(scale(b) for b in self.blinds),
            ante=scale(self.ante),
            bring_in=scale(self.bring_in),
            small_bet=scale(self.small_bet),
            big_bet=scale(self.big_bet),
            min_bet=None if self.min_bet is None else scale(self.min_bet),
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
