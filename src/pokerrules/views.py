"""What one seat may know about a hand: :func:`view`.

A game server sends each player the :class:`HandView` of their seat, and spectators the view
of seat ``None``. A view holds everything needed to draw the table and to act -- the stakes,
the button, every seat's stack, chips in the pot and bet this round, the board, the pots, whose
turn it is, the seat's own legal actions, and the log -- and no card the seat cannot see:

* its own cards, every card dealt face up, the board, and the hands turned face up (shown at
  the showdown, or exposed when all-in) are named;
* every other card is ``None``: the other seats' down cards, the burns, the order of a
  reshuffled stub, and the cards another seat discards (the log says only how many).

Every entry of a view's log keeps the ``street`` of the event it shows (see
:mod:`pokerrules.engine.events`).

A view is a frozen value, and :func:`pokerrules.serialization.dumps` writes it.

>>> from pokerrules.cards import Deck
>>> from pokerrules.engine import Hand
>>> from pokerrules.variants import Stakes, find_variant
>>> deck = Deck.ordered("As Ad 7c 2d Kh Qh 3s 9c 8d 4h 5s Jc 6d Th")
>>> hand = Hand.start(find_variant("no-limit hold'em"), stakes=Stakes.no_limit(1, 2),
...                   stacks=[100, 100, 100], button=2, deck=deck)
>>> mine = view(hand, 0)
>>> [(s.seat, s.down, s.stack, s.bet) for s in mine.seats]
[(0, (Card('As'), Card('Ad')), 99, 1), (1, (None, None), 98, 2), (2, (None, None), 100, 0)]
>>> mine.actor, mine.legal, view(hand, 2).legal
(2, None, LegalActions(seat=2, fold=True, call=2, raise_to=Range(4, 100)))
>>> view(hand, None).seats[0].down   # a spectator sees no hole card
(None, None)
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from pokerrules.actions import LegalActions
from pokerrules.cards import AnyCard
from pokerrules.engine import (
    Acted,
    BoardDealt,
    Burned,
    CarriedOver,
    DealStep,
    Dealt,
    Discard,
    Event,
    Hand,
    Outcome,
    Phase,
    Posted,
    Raked,
    RanOut,
    Reshuffled,
    Returned,
    Won,
)
from pokerrules.errors import InvalidDefinitionError
from pokerrules.pots import Pot, side_pots
from pokerrules.variants import Stakes

__all__ = [
    "HandView",
    "SeatView",
    "SeenBurn",
    "SeenDeal",
    "SeenDiscard",
    "SeenEvent",
    "SeenReshuffle",
    "view",
]


@attrs.frozen(kw_only=True)
class SeenDeal:
    """Cards dealt to ``seat`` (``None``: the board) as the viewer saw them: a card the viewer
    may not see is ``None``; ``up`` flags the face-up cards."""

    seat: int | None
    cards: tuple[AnyCard | None, ...]
    up: tuple[bool, ...]
    street: int = 0

    def __str__(self) -> str:
        shown = " ".join(
            ("??" if c is None else f"[{c}]" if u else str(c))
            for c, u in zip(self.cards, self.up, strict=True)
        )
        return "board: " + shown if self.seat is None else f"seat {self.seat} is dealt {shown}"


@attrs.frozen
class SeenBurn:
    """The dealer burns a card (face down: nobody sees it)."""

    street: int = attrs.field(default=0, kw_only=True)

    def __str__(self) -> str:
        return "burn"


@attrs.frozen(kw_only=True)
class SeenReshuffle:
    """The discards were reshuffled into a new stub of ``cards`` cards."""

    cards: int
    street: int = 0

    def __str__(self) -> str:
        return f"the discards are reshuffled ({self.cards} cards)"


@attrs.frozen(kw_only=True)
class SeenDiscard:
    """Another seat discards ``count`` cards (face down)."""

    seat: int
    count: int
    street: int = 0

    def __str__(self) -> str:
        return f"seat {self.seat}: discard {self.count}"


#: An entry of a view's log: the hand's events, with what the viewer may not see taken out.
SeenEvent = (
    Posted
    | SeenDeal
    | SeenBurn
    | SeenReshuffle
    | Acted
    | SeenDiscard
    | Returned
    | Raked
    | Won
    | CarriedOver
    | RanOut
    | BoardDealt
)


@attrs.frozen(kw_only=True)
class SeatView:
    """One seat as the viewer sees it: ``down`` cards (``None`` where hidden) and ``up``
    cards, the ``stack`` behind, the chips ``committed`` to the pot this hand and ``bet`` this
    betting round, and whether it has ``folded``, is ``all_in`` or has ``shown`` its hand."""

    seat: int
    down: tuple[AnyCard | None, ...]
    up: tuple[AnyCard, ...]
    stack: int
    committed: int
    bet: int
    folded: bool
    all_in: bool
    shown: bool


@attrs.frozen(kw_only=True)
class HandView:
    """A hand as ``seat`` sees it (``None``: a spectator). ``legal`` is the seat's legal
    actions when it is to act (one :class:`~pokerrules.actions.LegalActions` in every phase),
    else ``None``; ``pending_deal`` the dealing step a hand dealt by
    hand waits for; ``pots`` the main and side pots made so far (empty once the hand is over:
    see ``outcome``)."""

    seat: int | None
    variant: str
    stakes: Stakes
    button: int
    phase: Phase
    street: str
    seats: tuple[SeatView, ...]
    board: tuple[AnyCard, ...]
    pot: int
    pots: tuple[Pot, ...]
    actor: int | None
    legal: LegalActions | None
    pending_deal: DealStep | None
    log: tuple[SeenEvent, ...]
    outcome: Outcome | None
    #: Every board, in a game of several boards or a hand run out more than once (else empty:
    #: the one board is ``board``).
    boards: tuple[tuple[AnyCard, ...], ...] = ()

    def visible_cards(self) -> frozenset[AnyCard]:
        """Every card this view names."""
        cards: set[AnyCard] = set(self.board)
        for board in self.boards:
            cards.update(board)
        for s in self.seats:
            cards.update(c for c in s.down if c is not None)
            cards.update(s.up)
        for entry in self.log:
            if isinstance(entry, SeenDeal):
                cards.update(c for c in entry.cards if c is not None)
            elif isinstance(entry, Acted) and isinstance(entry.action, Discard):
                cards.update(entry.action.cards)
        return frozenset(cards)


def view(hand: Hand, seat: int | None) -> HandView:
    """What ``seat`` may know of ``hand`` (``None``: a spectator's view)."""
    if not isinstance(hand, Hand):
        raise InvalidDefinitionError(f"view takes a Hand, not {type(hand).__name__}")
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or seat not in hand.seats
    ):
        raise InvalidDefinitionError(
            f"seat must be one of the hand's seats {list(hand.seats)} or None, not {seat!r}"
        )
    known = _shown_down(hand, seat)
    rnd = hand.betting_round
    bets = rnd.contributions if rnd is not None else {}
    contributions = hand.contributions
    stacks = hand.stacks
    folded = hand.folded
    seats = []
    for s in hand.seats:
        holding = hand.holding(s)
        seats.append(
            SeatView(
                seat=s,
                down=tuple(c if c in known[s] else None for c in holding.down),
                up=holding.up,
                stack=stacks[s],
                committed=contributions[s],
                bet=bets.get(s, 0),
                folded=s in folded,
                all_in=stacks[s] == 0 and s not in folded,
                shown=hand.is_shown(s),
            )
        )
    outcome = hand.outcome
    if outcome is not None:
        shown = {s: h for s, h in outcome.shown.items() if set(h.down) <= known.get(s, set())}
        outcome = attrs.evolve(outcome, shown=shown)
    pots: tuple[Pot, ...] = ()
    if outcome is None and hand.in_hand:
        pots = tuple(side_pots(contributions, folded))
    actor = hand.actor
    return HandView(
        seat=seat,
        variant=hand.variant.name,
        stakes=hand.stakes,
        button=hand.button,
        phase=hand.phase,
        street=hand.street,
        seats=tuple(seats),
        board=hand.board,
        pot=hand.pot,
        pots=pots,
        actor=actor,
        legal=hand.legal_actions() if seat is not None and seat == actor else None,
        pending_deal=hand.pending_deal,
        log=tuple(_redact(hand.log, seat, known)),
        outcome=outcome,
        boards=hand.boards if len(hand.boards) > 1 else (),
    )


def _shown_down(hand: Hand, seat: int | None) -> dict[int, frozenset[AnyCard]]:
    """The down cards ``seat`` may see of each seat: all its own, and those of the hands
    turned face up."""
    return {
        s: frozenset(hand.holding(s).down) if s == seat or hand.is_shown(s) else frozenset()
        for s in hand.seats
    }


def _redact(
    log: Iterable[Event], seat: int | None, known: dict[int, frozenset[AnyCard]]
) -> Iterable[SeenEvent]:
    """The log as ``seat`` saw it: a card dealt to another seat is named only when it was
    dealt face up or that seat's hand is face up now."""
    for event in log:
        if isinstance(event, Dealt):
            up = event.up or (False,) * len(event.cards)
            if event.seat is None or event.seat == seat:
                cards: tuple[AnyCard | None, ...] = event.cards
            else:
                face_up = known.get(event.seat, frozenset())
                cards = tuple(
                    c if u or c in face_up else None for c, u in zip(event.cards, up, strict=True)
                )
            yield SeenDeal(seat=event.seat, cards=cards, up=up, street=event.street)
        elif isinstance(event, Burned):
            yield SeenBurn(street=event.street)
        elif isinstance(event, Reshuffled):
            yield SeenReshuffle(cards=len(event.cards), street=event.street)
        elif (
            isinstance(event, Acted)
            and isinstance(event.action, Discard)
            and (seat is None or event.seat != seat)
        ):
            yield SeenDiscard(seat=event.seat, count=len(event.action.cards), street=event.street)
        else:
            yield event
