"""Playing a PHH history's actions through the hand engine, for
:func:`~pokerrules.history.replay.replay`: the deals of named cards, the betting actions of the
player to act and the shows taken the short way, without asking what is legal; every other
action, and any the engine refuses the short way, taken the checked way (:func:`_step`), which
words the refusal; and the cards that stand in for unknown ones (``??``).
"""

from __future__ import annotations

from typing import Final, cast

import attrs

from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, LegalActions, Raise
from pokerrules.betting import BettingRound
from pokerrules.cards import AnyCard, Card
from pokerrules.engine import (
    Deal,
    Discard,
    Hand,
    Muck,
    PlayerAction,
    ShowHand,
    StandPat,
)
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError, PokerRulesError
from pokerrules.history._stakes import _chips
from pokerrules.history.phh import HandHistory, Notation, Verb
from pokerrules.history.runout_boards import RUNOUT_BOARDS
from pokerrules.variants import Variant


def _known_cards(history: HandHistory) -> set[Card]:
    return {c for a in history.actions for c in a.cards if c is not None}


def _hidden_cards(history: HandHistory) -> dict[int, list[Card | None]]:
    """Per player, what each unknown card dealt to them turns out to be, in the order dealt:
    a card the history later shows or names in a discard, or ``None`` for a card it never
    names (a spare card stands in).

    Each card a player reveals -- shown, or thrown away by name -- without having been seen
    dealt is the earliest unknown card they still hold; each unknown card thrown away is one
    too (it never shows). So in a draw game the cards shown are the ones kept to the end, and
    a named discard is a card the player held."""
    slots: dict[int, list[Card | None]] = {}
    held: dict[int, list[int]] = {}  # the player's unknown cards still in hand (slot numbers)
    known: dict[int, set[Card]] = {}

    def reveal(player: int, card: Card | None) -> None:
        if card is not None and card in known.get(player, set()):
            known[player].discard(card)
            return
        waiting = held.get(player)
        if waiting:
            slots[player][waiting.pop(0)] = card

    for action in history.actions:
        player = action.player
        if player is None:
            continue
        if action.verb is Verb.DEAL_HOLE:
            mine = slots.setdefault(player, [])
            for card in action.cards:
                if card is None:
                    held.setdefault(player, []).append(len(mine))
                    mine.append(None)
                else:
                    known.setdefault(player, set()).add(card)
        elif action.verb is Verb.STAND_PAT_OR_DISCARD:
            for card in action.cards:
                reveal(player, card)
        elif action.verb is Verb.SHOW_OR_MUCK:
            for card in action.cards:
                if card is not None and card not in known.get(player, set()):
                    reveal(player, card)
                    known.setdefault(player, set()).add(card)  # a second show reveals nothing
    return slots


class _ReplayStoppedError(Exception):
    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index
        #: the hand as the replay stopped, when the step that stopped it was not given it
        self.hand: Hand | None = None


@attrs.define
class _Unknowns:
    """Cards to stand in for unknown ones: for each player, what their unknown cards turn out
    to be (``hidden``, see :func:`_hidden_cards`), cards the history never mentions
    (``spare``) for the rest, and the spare cards each player was dealt (``stand_ins``).

    When the spare cards run out in a draw game, a stand-in comes from the discards the dealer
    reshuffles: a card the history never names (``known`` are the cards it names).

    Made for the ``history`` of a ``variant`` with the extra ``runs``; the cards are worked out
    by :meth:`prepare`, when the first unknown card is dealt."""

    history: HandHistory
    variant: Variant
    runs: tuple[tuple[Card, ...], ...]
    spare: list[Card] = attrs.field(factory=list)
    hidden: dict[int, list[Card | None]] = attrs.field(factory=dict)
    known: frozenset[Card] = frozenset()
    stand_ins: dict[int, list[Card]] = attrs.field(factory=dict)
    prepared: bool = False

    def prepare(self) -> None:
        """Work out the spare and hidden cards and the cards the history names (once)."""
        if self.prepared:
            return
        self.prepared = True
        known = _known_cards(self.history) | {c for board in self.runs for c in board}
        deck = self.variant.deck.cards
        self.spare = [c for c in deck if isinstance(c, Card) and c not in known]
        self.hidden = _hidden_cards(self.history)
        self.known = frozenset(known)


def _run_again(hand: Hand, runs: list[tuple[Card, ...]], index: int) -> Hand:
    """Deal the runouts after the first (the extension field, in order) when the engine asks
    for them."""
    step = hand.pending_deal
    while runs and step is not None and step.street.startswith("runout "):
        try:
            hand = hand.apply(Deal(runs.pop(0)))
        except PokerRulesError as error:
            raise _ReplayStoppedError(
                f"{step.street} of {RUNOUT_BOARDS}: {error}", index
            ) from None
        step = hand.pending_deal
    return hand


def _play(hand: Hand, actions: tuple[Notation, ...], scale: int, unknowns: _Unknowns) -> Hand:
    """Play ``actions`` (a history with no repairs and no runouts to deal again): the deals of
    named cards, the betting actions of the player to act (a check or call, the commonest, as
    the round's debt says: :meth:`Hand.check_or_call`; a fold as it is; the others by
    :func:`_shortcut`) and the shows and mucks of the player to turn their hand up the short
    way; every other action -- and any the engine refuses the short way -- by :func:`_step`,
    which words the refusal.

    A show is checked against the cards dealt to the player, as long as every deal has been
    of named cards and nobody has drawn (``dealt``, else ``None``): the cards the player
    holds."""
    deal_hole, deal_board = Verb.DEAL_HOLE, Verb.DEAL_BOARD
    check_or_call, fold, show_or_muck = Verb.CHECK_OR_CALL, Verb.FOLD, Verb.SHOW_OR_MUCK
    new_deal, set_cards = _new_object, _set_dealt_cards
    dealt: dict[int | None, list[Card | None]] | None = {}
    for index, action in enumerate(actions):
        verb = action.verb
        try:
            if verb is deal_hole or verb is deal_board:
                step = hand.pending_deal
                cards = action.cards
                if step is not None and step.seat == action.player and None not in cards:
                    # the deal of the cards the parser made (the engine checks the deal)
                    deal = new_deal(Deal)
                    set_cards(deal, cards)
                    hand = hand.apply(deal)
                    if dealt is not None:
                        dealt.setdefault(action.player, []).extend(cards)
                    continue
            else:
                rnd = hand.betting_round
                if rnd is not None:
                    if rnd.seat_to_act == action.player:
                        if verb is check_or_call:
                            hand = hand.check_or_call()
                            continue
                        if verb is fold:
                            hand = hand.apply(_FOLD)
                            continue
                        moved = _shortcut(hand, rnd, action, scale)
                        if moved is not None:
                            hand = moved
                            continue
                elif verb is show_or_muck and dealt is not None:
                    seat = action.player
                    if hand.actor == seat:
                        shown = action.cards
                        if not shown:
                            hand = hand.apply(_SHOW if action.shows_dealt else _MUCK)
                            continue
                        held = dealt.get(seat, ())
                        if all(c is None or c in held for c in shown):
                            hand = hand.apply(_SHOW)
                            continue
        except PokerRulesError:
            pass  # refused the short way: the checked step refuses it again, and says why
        if verb is not show_or_muck:
            # a step the checked way (a deal of unknown cards, a draw, ...) may change what a
            # player holds: from here a show is checked against the engine's holding
            dealt = None
        try:
            hand = _step(hand, action, index, scale, unknowns)
        except _ReplayStoppedError as stop:
            stop.hand = hand
            raise
    return hand


def _shortcut(hand: Hand, rnd: BettingRound, action: Notation, scale: int) -> Hand | None:
    """The hand after ``action``, a bet, raise or bring-in by the player to act in betting
    round ``rnd``, taken without asking what is legal: a bring-in as it is, a bet with nothing
    wagered yet, a raise over a bet. ``None`` when the action needs what is legal (a
    completion, a raise over a short wager, any other verb): :func:`_player_action` decides it.

    Whenever the engine takes the action chosen here, it is the action :func:`_player_action`
    chooses; when it refuses it, the replay takes the action the checked way, which refuses it
    with the same error as ever (or takes the other action that was meant)."""
    verb = action.verb
    if verb is Verb.BET_OR_RAISE_TO:
        amount = action.amount
        if type(amount) is int:
            to = amount * scale
        else:
            to = _chips(amount if amount is not None else 0, scale, "the amount")
        if not rnd.current_bet:
            bet: Bet = _new_object(Bet)
            _set_bet_amount(bet, to)
            return hand.apply(bet)
        if rnd.bets:
            raise_to: Raise = _new_object(Raise)
            _set_raise_to(raise_to, to)
            return hand.apply(raise_to)
        return None
    if verb is Verb.BRING_IN:
        return hand.apply(_BRING_IN)
    return None


#: The setters of a bet's amount and a raise's total, for actions built from amounts in chips
#: the reader checked positive (the engine checks the size itself).
_set_bet_amount: Final = Bet.__dict__["amount"].__set__
_set_raise_to: Final = Raise.__dict__["to"].__set__


def _where(index: int, action: Notation) -> str:
    """The action, for a message."""
    return f"action {index + 1} {str(action)!r}"


def _step(hand: Hand, action: Notation, index: int, scale: int, cards: _Unknowns) -> Hand:
    verb = action.verb
    if verb is Verb.NONE:
        return hand
    try:
        if verb in (Verb.DEAL_BOARD, Verb.DEAL_HOLE):
            return _deal(hand, action, index, cards)
        seat = action.player
        if seat is None:  # pragma: no cover - the parser gives players a seat
            raise _ReplayStoppedError(f"{_where(index, action)}: no player", index)
        actor = hand.actor
        if (
            verb is Verb.SHOW_OR_MUCK
            and actor != seat
            and (hand.is_shown(seat) or hand.is_complete)
        ):
            return hand  # a repeated show of a hand face up, or a show after the hand
        if actor != seat:
            expected = "nobody" if actor is None else f"p{actor + 1}"
            step = hand.pending_deal
            if step is not None:
                expected = f"the dealer ({step})"
            raise _ReplayStoppedError(
                f"{_where(index, action)}: the history has p{seat + 1} act, but {expected} is "
                "next",
                index,
            )
        return hand.apply(_player_action(hand, action, scale, cards.stand_ins), seat=seat)
    except PokerRulesError as error:
        raise _ReplayStoppedError(f"{_where(index, action)}: {error}", index) from None


def _deal(hand: Hand, action: Notation, index: int, unknowns: _Unknowns) -> Hand:
    step = hand.pending_deal
    if step is None:
        raise _ReplayStoppedError(
            f"{_where(index, action)}: the engine is not dealing now ({hand.phase.value})", index
        )
    if step.seat != action.player:
        target = "the board" if step.seat is None else f"p{step.seat + 1}"
        raise _ReplayStoppedError(
            f"{_where(index, action)}: the engine deals to {target} next", index
        )
    if None not in action.cards:  # every card named: dealt as the history names them
        return hand.apply(_dealt(cast("tuple[AnyCard, ...]", action.cards)))
    unknowns.prepare()
    cards: list[AnyCard] = []
    for card in action.cards:
        if card is not None:
            cards.append(card)
            continue
        player = action.player
        mine = unknowns.hidden.get(player, []) if player is not None else []
        planned = mine.pop(0) if mine else None
        if planned is not None:
            cards.append(planned)
            continue
        if not unknowns.spare:
            # the stub is out: a discard the dealer reshuffles stands in
            dealable = hand.dealable_cards()
            reshuffled = [
                c
                for c in hand.variant.deck.cards
                if isinstance(c, Card)
                and c in dealable
                and c not in unknowns.known
                and c not in cards
            ]
            if not reshuffled:
                raise _ReplayStoppedError(
                    f"{_where(index, action)}: no card left to stand in for an unknown card",
                    index,
                )
            unknowns.spare.append(reshuffled[0])
        stand_in = unknowns.spare.pop(0)
        if player is not None:
            unknowns.stand_ins.setdefault(player, []).append(stand_in)
        cards.append(stand_in)
    return hand.apply(_dealt(tuple(cards)))  # cards the history named, or spares


_set_dealt_cards: Final = Deal.__dict__["cards"].__set__


def _dealt(cards: tuple[AnyCard, ...]) -> Deal:
    """The deal of ``cards`` -- cards the parser made, or spares from the deck -- built without
    the conversion of :class:`~pokerrules.engine.Deal` (the engine checks the deal itself)."""
    deal: Deal = _new_object(Deal)
    _set_dealt_cards(deal, cards)
    return deal


def _player_action(
    hand: Hand, action: Notation, scale: int, stand_ins: dict[int, list[Card]]
) -> PlayerAction:
    verb = action.verb
    if verb is Verb.FOLD:
        return _FOLD
    if verb is Verb.BRING_IN:
        return _BRING_IN
    # only a check or call and a bet or raise depend on what is legal (asked only for them)
    # (the verbs by identity: an enum member's hash is a call)
    asks = verb is Verb.CHECK_OR_CALL or verb is Verb.BET_OR_RAISE_TO
    legal = hand.legal_actions() if asks else None
    if verb is Verb.CHECK_OR_CALL:
        return _CHECK if isinstance(legal, LegalActions) and legal.check else _CALL
    if verb is Verb.BET_OR_RAISE_TO:
        to = _chips(action.amount if action.amount is not None else 0, scale, "the amount")
        if isinstance(legal, LegalActions):
            if legal.bet is not None:
                return Bet(to)
            if legal.complete is not None and to == legal.complete:
                return _COMPLETE
            if (
                legal.raise_to is not None
                and to < legal.raise_to.low
                and _nobody_can_call_more(hand, to)
            ):
                # Recorded only up to what the others can call: the full raise, the excess
                # being uncalled and returned.
                return Raise(to=legal.raise_to.low)
        return Raise(to=to)
    if verb is Verb.STAND_PAT_OR_DISCARD:
        if not action.cards:
            return _STAND_PAT
        seat = action.player if action.player is not None else -1
        mine = stand_ins.get(seat, [])
        thrown: list[AnyCard] = []
        for card in action.cards:
            if card is not None:
                thrown.append(card)
            else:
                held = [c for c in mine if c in hand.holding(seat).cards and c not in thrown]
                if not held:
                    raise InvalidDefinitionError("an unknown discard but no unknown card held")
                thrown.append(held[0])
        return Discard(thrown)
    if action.cards or action.shows_dealt:
        seat = action.player if action.player is not None else -1
        holding = hand.holding(seat).cards
        wrong = [c for c in action.cards if c is not None and c not in holding]
        if wrong:
            shown = " ".join(map(str, wrong))
            raise InvalidNotationError(f"p{seat + 1} shows {shown}, which they do not hold")
        return _SHOW
    return _MUCK


# the actions without fields: immutable values, one of each serves every replay
_FOLD: Final = Fold()
_BRING_IN: Final = BringIn()
_CHECK: Final = Check()
_CALL: Final = Call()
_COMPLETE: Final = Complete()
_STAND_PAT: Final = StandPat()
_SHOW: Final = ShowHand()
_MUCK: Final = Muck()

_new_object: Final = object.__new__


def _nobody_can_call_more(hand: Hand, to: int) -> bool:
    """Whether no opponent can put in more than ``to`` this round (all-in for less)."""
    rnd = hand.betting_round
    if rnd is None:
        return False
    committed, stacks = rnd.contributions, rnd.stacks
    others = [committed[s] + stacks[s] for s in rnd.in_hand if s != rnd.seat_to_act]
    return bool(others) and max(others) <= to
