"""The rules a variant chooses among: its forced bets and California lowball's betting rules.

:class:`ForcedBetRules` says which forced bets a variant uses -- how many blinds, who antes,
which door card brings in -- and the options where rooms disagree about them, without amounts
(those are :class:`~pokerrules.stakes.Stakes`; :meth:`ForcedBetRules.at` joins the two).
:class:`LowballRules` holds California lowball's betting rules, the sevens rule
(:class:`SevensPenalty`) among them. Each option's default follows the source its docstring
names.

>>> from pokerrules.stakes import Stakes
>>> ForcedBetRules().at(Stakes.no_limit(1, 2)).blinds
(1, 2)
>>> ForcedBetRules(blinds=2, bring_in=BringInCard.LOWEST)
Traceback (most recent call last):
...
pokerrules.errors.InvalidDefinitionError: a variant uses blinds or a bring-in, not both
"""

from __future__ import annotations

import enum

import attrs

from pokerrules._validators import is_flag, is_member, optional, shown
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import AnteKind, ForcedBets, MississippiAction, ShortForcedBet
from pokerrules.stakes import Stakes

__all__ = ["BringInCard", "ForcedBetRules", "LowballRules", "SevensPenalty"]


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
