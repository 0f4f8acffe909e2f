"""One round of Caribbean stud at a table of one dealer and up to seven players.

A round is an immutable value; every command returns the next round and a rejected command
raises and leaves the round as it was. The phases are:

1. ``BETTING``: each player places one ante (one hand per player) and may add the progressive
   side bet; :meth:`CaribbeanRound.no_more_bets` closes the wagers.
2. ``DEALING``: :meth:`~CaribbeanRound.deal` deals five cards to each player and to the dealer,
   whose last card is turned up. :meth:`~CaribbeanRound.deal_cards` records a deal as it
   actually happened, so that the procedural rules for irregular deals apply:

   * a player dealt the wrong number of cards has a dead hand (that player's wagers are
     returned; the others play on);
   * a dealer dealt four cards is given a fifth from the deck;
   * any other misdeal to the dealer voids the round (all wagers are returned).

   A hole card exposed before "no more bets" voids all hands
   (:meth:`~CaribbeanRound.expose_hole_card`).
3. ``DECIDING``: each live player folds or raises (:meth:`~CaribbeanRound.decide`).
4. ``SETTLED``: :meth:`~CaribbeanRound.settle` settles every player
   (:mod:`~pokerrules.games.caribbean.settlement`) and the progressive
   (:mod:`~pokerrules.games.caribbean.progressive`). ``VOID`` ends a voided round.

Progressive contributions reach the meter when the round is settled, so a void round or a dead
hand leaves the meter untouched. Sources: Wikipedia, "Caribbean stud poker" (wagers before "no
more bets"); published casino house rules for the game (one hand per player; a wrong card
count is a dead hand for that player only; a misdeal to the dealer other than four cards voids
every hand).

>>> table = CaribbeanRound.open().wager("Ann", 10, progressive=True).wager("Bob", 5)
>>> table = table.no_more_bets().deal(seed=3)
>>> table.phase, table.to_decide, table.up_card
(<Phase.DECIDING: 'deciding'>, (0, 1), Card('9h'))
>>> table = table.decide(0, Decision.RAISE).decide(1, Decision.FOLD).settle()
>>> print(table.describe())
dealer: 5c 2h Qh 8c 9h (up card 9h)
seat 0 Ann: 2d 8d As Qc Kc
seat 1 Bob: 4h 5h Jd 8h 6d
seat 0 Ann (high card): dealer does not qualify; ante +10, raise +0, progressive -1; net +9
seat 1 Bob (high card): folded; ante -5; net -5
>>> table.house_result  # Bob's 5, the house's 30% of the side bet, less Ann's 10
Fraction(-47, 10)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from fractions import Fraction

import attrs

from pokerrules._validators import is_chips, is_flag, shown
from pokerrules.cards import Card, Deck, format_cards
from pokerrules.errors import (
    ActionNotAvailableError,
    BetSizeError,
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
    OutOfTurnError,
)
from pokerrules.evaluation import evaluate_high
from pokerrules.games.caribbean.progressive import Meter, ProgressiveAward, progressive_awards
from pokerrules.games.caribbean.rules import US_RULES, CaribbeanRules, PayHand, pay_hand
from pokerrules.games.caribbean.settlement import Decision, Outcome, settle_hand
from pokerrules.games.caribbean.strategy import simple_strategy

__all__ = [
    "CaribbeanRound",
    "Phase",
    "PlayerHand",
    "Settlement",
    "Strategy",
    "Wager",
    "play_round",
]

HAND_SIZE = 5


class Phase(enum.Enum):
    """Where a round is."""

    BETTING = "betting"
    DEALING = "dealing"
    DECIDING = "deciding"
    SETTLED = "settled"
    VOID = "void"


def _player_name(_instance: object, _attribute: object, value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise InvalidDefinitionError(f"a player needs a name, not {shown(value)}")


@attrs.frozen(kw_only=True)
class Wager:
    """A player's ante and whether the progressive side bet is made."""

    player: str = attrs.field(validator=_player_name)
    ante: int = attrs.field(validator=is_chips)
    progressive: bool = attrs.field(default=False, validator=is_flag)


@attrs.frozen(kw_only=True)
class PlayerHand:
    """A seat's wager, cards and decision."""

    seat: int
    wager: Wager
    cards: tuple[Card, ...] = ()
    dead: bool = False
    decision: Decision | None = None


@attrs.frozen(kw_only=True)
class Settlement:
    """How one player's wagers ended, in chips.

    ``ante_result`` and ``raise_result`` are what the ante and the raise won (positive) or lost
    (negative); ``raise_bet`` is the raise staked (0 after a fold). ``progressive_bet`` is the
    side bet staked and ``progressive_award`` what it was paid. ``net`` is the player's total.
    """

    seat: int
    player: str
    outcome: Outcome
    ante: int
    raise_bet: int
    ante_result: int
    raise_result: int
    progressive_bet: int = 0
    progressive_award: int = 0
    hand: PayHand | None = None
    capped: bool = False

    @property
    def net(self) -> int:
        """The player's total result for the round."""
        return self.ante_result + self.raise_result + self.progressive_award - self.progressive_bet

    def describe(self) -> str:
        """One line: who, what happened and the money."""
        held = f" ({self.hand.label.lower()})" if self.hand is not None else ""
        parts = [f"ante {self.ante_result:+d}"]
        if self.raise_bet:
            parts.append(f"raise {self.raise_result:+d}" + (" (capped)" if self.capped else ""))
        if self.progressive_bet:
            parts.append(f"progressive {self.progressive_award - self.progressive_bet:+d}")
        return (
            f"seat {self.seat} {self.player}{held}: {self.outcome.value}; "
            f"{', '.join(parts)}; net {self.net:+d}"
        )


def _void_settlement(hand: PlayerHand, outcome: Outcome) -> Settlement:
    return Settlement(
        seat=hand.seat,
        player=hand.wager.player,
        outcome=outcome,
        ante=hand.wager.ante,
        raise_bet=0,
        ante_result=0,
        raise_result=0,
    )


@attrs.frozen(kw_only=True)
class CaribbeanRound:
    """One round of Caribbean stud (see the module documentation)."""

    rules: CaribbeanRules
    meter: Meter
    meter_before: Meter
    phase: Phase = Phase.BETTING
    hands: tuple[PlayerHand, ...] = ()
    dealer: tuple[Card, ...] = ()
    deck: Deck | None = None
    settlements: tuple[Settlement, ...] = ()
    awards: tuple[ProgressiveAward, ...] = ()
    notes: tuple[str, ...] = ()

    # -- construction and queries -------------------------------------------------------------

    @classmethod
    def open(
        cls, rules: CaribbeanRules = US_RULES, *, meter: Meter | None = None
    ) -> CaribbeanRound:
        """A new round taking wagers; the meter starts at the rules' reset amount by default."""
        if not isinstance(rules, CaribbeanRules):
            raise InvalidDefinitionError(f"rules must be CaribbeanRules, not {shown(rules)}")
        if meter is not None and not isinstance(meter, Meter):
            raise InvalidDefinitionError(f"meter must be a Meter or None, not {shown(meter)}")
        start = meter if meter is not None else Meter.start(rules.progressive.reset)
        return cls(rules=rules, meter=start, meter_before=start)

    @property
    def up_card(self) -> Card | None:
        """The dealer's face-up card (the last card dealt to the dealer), once dealt."""
        return self.dealer[-1] if self.dealer else None

    @property
    def to_decide(self) -> tuple[int, ...]:
        """The seats still to fold or raise (empty outside the deciding phase)."""
        if self.phase is not Phase.DECIDING:
            return ()
        return tuple(h.seat for h in self.hands if not h.dead and h.decision is None)

    def legal_decisions(self, seat: int) -> tuple[Decision, ...]:
        """What ``seat`` may do now (empty when it has nothing to decide)."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidDefinitionError(f"seat must be a seat number, not {shown(seat)}")
        return (Decision.FOLD, Decision.RAISE) if seat in self.to_decide else ()

    @property
    def house_result(self) -> Fraction:
        """What the house won this round (exact): its share of the side bets, less what it paid
        (antes, raises, fixed progressive payouts, meter resets)."""
        progressive = self.rules.progressive
        side_bets = sum(
            s.progressive_bet for s in self.settlements if s.outcome is not Outcome.VOID
        )
        kept = side_bets * (1 - progressive.contribution)
        fixed = sum(a.paid for a in self.awards if not a.from_meter)
        seeded = self.meter.seeded - self.meter_before.seeded
        played = sum(s.ante_result + s.raise_result for s in self.settlements)
        return kept - fixed - seeded - played

    # -- commands -----------------------------------------------------------------------------

    def _require(self, phase: Phase, doing: str, *, seat: int | None = None) -> None:
        if self.phase is phase:
            return
        if self.phase in (Phase.SETTLED, Phase.VOID):
            raise GameOverError(f"cannot {doing}: the round is {self.phase.value}", seat=seat)
        raise ActionNotAvailableError(
            f"cannot {doing} while {self.phase.value}; that is done while {phase.value}",
            seat=seat,
            legal=self._legal_words(),
        )

    def _legal_words(self) -> str:
        return {
            Phase.BETTING: "wager, no more bets",
            Phase.DEALING: "deal",
            Phase.DECIDING: "decide" if self.to_decide else "settle",
        }.get(self.phase, "")

    def wager(self, player: str, ante: int, *, progressive: bool = False) -> CaribbeanRound:
        """Seat ``player`` with ``ante`` (and the progressive side bet when asked).

        One hand per player: a player already seated cannot wager again.
        """
        _player_name(None, None, player)
        self._require(Phase.BETTING, f"take {player!r}'s wager")
        if any(h.wager.player == player for h in self.hands):
            raise ActionNotAvailableError(
                f"{player} already has a hand: one hand per player", legal="wager for a new player"
            )
        if len(self.hands) >= self.rules.max_players:
            raise ActionNotAvailableError(
                f"{player} cannot be seated: all {self.rules.max_players} seats are taken",
                legal="no more bets",
            )
        if isinstance(ante, bool) or not isinstance(ante, int) or ante < 1:
            raise BetSizeError(
                f"{player} cannot ante {shown(ante)}: the ante is a positive chip amount"
            )
        seat = len(self.hands)
        hand = PlayerHand(
            seat=seat, wager=Wager(player=player, ante=ante, progressive=progressive)
        )
        return attrs.evolve(self, hands=(*self.hands, hand))

    def expose_hole_card(self) -> CaribbeanRound:
        """Record that a hole card was exposed.

        Before "no more bets" this voids all hands; afterwards the round goes on (noted).
        """
        if self.phase is Phase.BETTING:
            return self._void("a hole card was exposed before no more bets: all hands are void")
        if self.phase in (Phase.SETTLED, Phase.VOID):
            raise GameOverError(f"cannot expose a card: the round is {self.phase.value}")
        return attrs.evolve(
            self, notes=(*self.notes, "a hole card was exposed after no more bets")
        )

    def _void(self, why: str) -> CaribbeanRound:
        settlements = tuple(_void_settlement(h, Outcome.VOID) for h in self.hands)
        return attrs.evolve(
            self, phase=Phase.VOID, settlements=settlements, notes=(*self.notes, why)
        )

    def no_more_bets(self) -> CaribbeanRound:
        """Close the wagers; the cards can be dealt."""
        self._require(Phase.BETTING, "call no more bets")
        if not self.hands:
            raise ActionNotAvailableError(
                "cannot call no more bets: nobody has a wager", legal="wager"
            )
        return attrs.evolve(self, phase=Phase.DEALING)

    def deal(
        self,
        rng: random.Random | int | None = None,
        *,
        seed: int | None = None,
        deck: Deck | None = None,
    ) -> CaribbeanRound:
        """Deal five cards to each player and five to the dealer, one at a time round the table.

        Cards come from ``deck`` in order, or from a deck shuffled by ``rng`` or ``seed``.
        """
        self._require(Phase.DEALING, "deal")
        if deck is not None and not isinstance(deck, Deck):
            raise InvalidDefinitionError(f"deck must be a Deck, not {shown(deck)}")
        if deck is None:
            deck = Deck.shuffled(rng, seed=seed)
        elif rng is not None or seed is not None:
            raise InvalidDefinitionError("deal from a deck or shuffle with rng/seed, not both")
        seats = len(self.hands) + 1
        dealt, rest = deck.deal(HAND_SIZE * seats)
        cards = [c for c in dealt if isinstance(c, Card)]
        if len(cards) != len(dealt):
            raise InvalidDefinitionError("Caribbean stud is dealt from a deck without the joker")
        hands = [tuple(cards[i::seats]) for i in range(seats)]
        return self.deal_cards(hands[:-1], hands[-1], deck=rest)

    def deal_cards(
        self,
        hands: Sequence[Sequence[Card]],
        dealer: Sequence[Card],
        *,
        deck: Deck | None = None,
    ) -> CaribbeanRound:
        """Record the cards each seat and the dealer actually received, with the deck left.

        Applies the procedural rules (module docs): dead hands for wrong counts, a fifth card
        for a dealer dealt four (from ``deck``), a void round for any other dealer misdeal.
        """
        self._require(Phase.DEALING, "deal")
        for what, cards in (("hands", hands), ("dealer", dealer)):
            if isinstance(cards, str) or not isinstance(cards, Sequence):
                raise InvalidDefinitionError(
                    f"{what} must be a list of Card values (use parse_cards), not {shown(cards)}"
                )
        if not all(isinstance(h, Sequence) and not isinstance(h, str) for h in hands):
            raise InvalidDefinitionError("hands must be one list of Card values per seat")
        if deck is not None and not isinstance(deck, Deck):
            raise InvalidDefinitionError(f"deck must be a Deck, not {shown(deck)}")
        if len(hands) != len(self.hands):
            raise InvalidDefinitionError(
                f"{len(self.hands)} seats have wagers but {len(hands)} hands were given"
            )
        seen = [c for hand in hands for c in hand] + list(dealer)
        if not all(isinstance(c, Card) for c in seen):
            raise InvalidDefinitionError(
                "deal_cards takes standard Card objects (no jokers, no strings): "
                "use parse_cards to read notation"
            )
        if len(set(seen)) != len(seen) or (deck is not None and set(seen) & set(deck.cards)):
            raise InvalidDefinitionError("a card was dealt twice (or is still in the deck)")
        notes = list(self.notes)
        dealer_cards = tuple(dealer)
        if len(dealer_cards) == HAND_SIZE - 1:
            fifth = deck.cards[0] if deck is not None and deck.cards else None
            if deck is None or not isinstance(fifth, Card):
                raise InvalidDefinitionError("the dealer needs a fifth card from the deck")
            deck = deck.burn()
            dealer_cards = (fifth, *dealer_cards)  # dealt face down; the up card stays
            notes.append("the dealer was dealt four cards and was given a fifth")
        elif len(dealer_cards) != HAND_SIZE:
            return attrs.evolve(self, notes=tuple(notes))._void(
                f"misdeal: the dealer was dealt {len(dealer_cards)} cards; the round is void"
            )
        seated = []
        for hand, cards in zip(self.hands, hands, strict=True):
            dead = len(cards) != HAND_SIZE
            if dead:
                notes.append(
                    f"seat {hand.seat} ({hand.wager.player}) was dealt {len(cards)} cards: dead hand"
                )
            seated.append(attrs.evolve(hand, cards=tuple(cards), dead=dead))
        return attrs.evolve(
            self,
            phase=Phase.DECIDING,
            hands=tuple(seated),
            dealer=dealer_cards,
            deck=deck,
            notes=tuple(notes),
        )

    def decide(self, seat: int, decision: Decision) -> CaribbeanRound:
        """``seat`` folds or raises."""
        # The errors' ``seat`` field is a seat number or None, never the value given.
        who = None if isinstance(seat, bool) or not isinstance(seat, int) else seat
        if not isinstance(decision, Decision):
            raise IllegalActionError(
                f"seat {shown(seat)}: {shown(decision)} is not a decision", seat=who
            )
        self._require(Phase.DECIDING, f"{decision.value}", seat=who)
        if who is None or not 0 <= who < len(self.hands):
            raise OutOfTurnError(
                f"there is no seat {shown(seat)}", seat=who, legal=f"seats {self.to_decide}"
            )
        hand = self.hands[seat]
        if hand.dead:
            raise ActionNotAvailableError(
                f"seat {seat} cannot {decision.value}: its hand is dead", seat=seat
            )
        if hand.decision is not None:
            raise OutOfTurnError(
                f"seat {seat} cannot {decision.value}: it already chose to {hand.decision.value}",
                seat=seat,
                legal=f"seats still to decide: {self.to_decide}",
            )
        hands = list(self.hands)
        hands[seat] = attrs.evolve(hand, decision=decision)
        return attrs.evolve(self, hands=tuple(hands))

    def settle(self) -> CaribbeanRound:
        """Settle every player and the progressive once every live player has decided."""
        self._require(Phase.DECIDING, "settle")
        if self.to_decide:
            raise ActionNotAvailableError(
                f"cannot settle: seats {list(self.to_decide)} have not folded or raised",
                legal="decide",
            )
        progressive = self.rules.progressive
        live = [h for h in self.hands if not h.dead]
        side_bets = sum(1 for h in live if h.wager.progressive)
        meter = self.meter.contribute(side_bets, progressive.contribution * progressive.bet)
        dealer_value = evaluate_high(self.dealer)
        values = {h.seat: evaluate_high(h.cards) for h in live}
        eligible = [
            (h.seat, pay_hand(values[h.seat]))
            for h in live
            if h.wager.progressive and (progressive.pays_on_fold or h.decision is Decision.RAISE)
        ]
        awards, meter = progressive_awards(progressive, meter, eligible)
        paid = {a.seat: a.paid for a in awards}
        settlements = []
        for hand in self.hands:
            if hand.dead:
                settlements.append(_void_settlement(hand, Outcome.DEAD_HAND))
                continue
            decision = hand.decision if hand.decision is not None else Decision.FOLD
            result = settle_hand(
                self.rules,
                ante=hand.wager.ante,
                decision=decision,
                player=values[hand.seat],
                dealer=dealer_value,
            )
            settlements.append(
                Settlement(
                    seat=hand.seat,
                    player=hand.wager.player,
                    outcome=result.outcome,
                    ante=hand.wager.ante,
                    raise_bet=(
                        self.rules.raise_amount(hand.wager.ante)
                        if decision is Decision.RAISE
                        else 0
                    ),
                    ante_result=result.ante_result,
                    raise_result=result.raise_result,
                    progressive_bet=progressive.bet if hand.wager.progressive else 0,
                    progressive_award=paid.get(hand.seat, 0),
                    hand=pay_hand(values[hand.seat]),
                    capped=result.capped,
                )
            )
        return attrs.evolve(
            self,
            phase=Phase.SETTLED,
            meter=meter,
            settlements=tuple(settlements),
            awards=awards,
        )

    def describe(self) -> str:
        """The round in a few lines: the dealer's cards, then each player's settlement."""
        lines = []
        if self.dealer:
            lines.append(f"dealer: {format_cards(self.dealer)} (up card {self.up_card})")
        for hand in self.hands:
            if hand.cards:
                lines.append(f"seat {hand.seat} {hand.wager.player}: {format_cards(hand.cards)}")
        lines.extend(self.notes)
        lines.extend(s.describe() for s in self.settlements)
        return "\n".join(lines)


Strategy = Callable[[Sequence[Card], Card | None], Decision]


def play_round(
    wagers: Sequence[Wager],
    *,
    rules: CaribbeanRules = US_RULES,
    meter: Meter | None = None,
    rng: random.Random | int | None = None,
    seed: int | None = None,
    strategy: Strategy = simple_strategy,
) -> CaribbeanRound:
    """Play a whole round: seat ``wagers``, deal from a shuffled deck, let every player decide
    with ``strategy`` (cards, dealer's up card) and settle.

    >>> table = play_round([Wager(player="Ann", ante=10), Wager(player="Bob", ante=10)], seed=5)
    >>> table.phase, len(table.settlements)
    (<Phase.SETTLED: 'settled'>, 2)
    """
    if isinstance(wagers, str) or not isinstance(wagers, Sequence):
        raise InvalidDefinitionError(f"wagers must be a list of Wager values, not {shown(wagers)}")
    if not all(isinstance(w, Wager) for w in wagers):
        raise InvalidDefinitionError("wagers must be Wager values: Wager(player=..., ante=...)")
    if not callable(strategy):
        raise InvalidDefinitionError(
            f"strategy must be a function (cards, up card) -> Decision, not {shown(strategy)}"
        )
    table = CaribbeanRound.open(rules, meter=meter)
    for wager in wagers:
        table = table.wager(wager.player, wager.ante, progressive=wager.progressive)
    table = table.no_more_bets().deal(rng, seed=seed)
    for seat in table.to_decide:
        table = table.decide(seat, strategy(table.hands[seat].cards, table.up_card))
    return table.settle()
