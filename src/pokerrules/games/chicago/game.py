"""The Chicago state machine: one immutable state per moment of a whole game.

>>> from pokerrules.games.chicago import ChicagoGame, Exchange, Pass
>>> game = ChicagoGame.new(["Ann", "Bob", "Cat"], seed=7)
>>> game.phase.name, game.names[game.to_act], game.exchange_number
('EXCHANGE', 'Bob', 1)
>>> game = game.apply(Exchange(()))          # Bob stands pat
>>> game.names[game.to_act]
'Cat'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations

import attrs

from pokerrules._validators import shown
from pokerrules.cards import STANDARD_CARDS, Card, Deck, format_cards, parse_cards
from pokerrules.errors import (
    ActionNotAvailableError,
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
    OutOfTurnError,
)
from pokerrules.evaluation import HandCategory, HandValue, evaluate_high
from pokerrules.games.chicago.actions import (
    AcceptOneUp,
    Acted,
    Action,
    CallChicago,
    Dealt,
    Declare,
    DeclineOneUp,
    Discard,
    Exchange,
    GameStarted,
    LogEntry,
    OneUp,
    Pass,
    PlayCard,
    ReplaceHand,
)
from pokerrules.games.chicago.commands import HANDLERS
from pokerrules.games.chicago.flow import Draft, Phase, Trick, check_deck, stopped_now
from pokerrules.games.chicago.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    ChicagoRules,
    EqualHands,
    GameEnd,
    StockRule,
)
from pokerrules.games.chicago.scoring import ScoreSheet

__all__ = ["ChicagoGame", "stacked_deck"]


def _listed(scores: Sequence[int]) -> str:
    return "[" + ", ".join(shown(p) for p in scores) + "]"


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, str | bool) or not isinstance(players, int | Sequence):
        raise InvalidDefinitionError(
            f"players must be a count or a list of names, not {shown(players)}"
        )
    count = players if isinstance(players, int) else len(players)
    # The count is checked before any name is made: a huge count must not build a huge list.
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise InvalidDefinitionError(
            f"Chicago is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(count)}"
        )
    if isinstance(players, int):
        return tuple(f"Player {i + 1}" for i in range(players))
    names = tuple(players)
    for name in names:
        if not isinstance(name, str):
            raise InvalidDefinitionError(f"a player's name is text, not {shown(name)}")
    if len(set(names)) != len(names) or not all(name.strip() for name in names):
        raise InvalidDefinitionError("player names must be distinct and not empty")
    return names


@attrs.frozen(kw_only=True, repr=False, slots=False)
class ChicagoGame:
    """A whole game of Swedish Chicago at one moment: the deal in progress and the scores.

    Start one with :meth:`new`; :meth:`legal_actions` lists what the player to act
    (:attr:`to_act`) may do and :meth:`apply` returns the next state. Every state keeps the
    :attr:`log` it came from and the ``sheet`` of scores; :meth:`replay` rebuilds the
    state from its log.

    The fields are the state; treat them as read-only. ``queue`` holds the seats still to act
    in the current round (exchange, declaration, calls or trick), the first acting now.
    """

    rules: ChicagoRules
    names: tuple[str, ...]
    seed: int
    scores: tuple[int, ...]
    sheet: ScoreSheet
    #: The log before this deal, and this deal's entries (see :attr:`log`).
    earlier_log: tuple[LogEntry, ...]
    deal_log: tuple[LogEntry, ...]
    #: Seats that have called Chicago at some time in this game.
    chicago_callers: frozenset[int]
    winner: int | None
    #: Stacked decks not yet dealt.
    pending_decks: tuple[Deck, ...]
    deal_number: int
    dealer: int
    phase: Phase
    queue: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    reshuffles: int
    exchange_number: int
    #: Seats stopped from exchanging for the whole deal (exchange stop measured at the deal).
    stopped: frozenset[int]
    #: Seats that replaced a blind-Chicago hand this deal.
    replaced: frozenset[int]
    #: The card turned face up by a one-up exchange, and the card it would replace.
    up_card: Card | None
    up_discard: Card | None
    #: Seats that declared in the current declaration round, and the best hand declared.
    declarers: tuple[int, ...]
    best_declared: HandValue | None
    #: Seats that scored for a hand and show it before their next exchange.
    to_show: frozenset[int]
    #: Cards in each hand that every player has seen (shown hands, accepted one-up cards).
    exposed: tuple[frozenset[Card], ...]
    caller: int | None
    #: Under :attr:`GameEnd.WIN_AGAIN`: seats at the target when this deal was dealt.
    eligible: frozenset[int]
    #: The hands as trick play began, scored as the final hands.
    final_hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]

    # --- construction -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int | Sequence[str] = 3,
        *,
        rules: ChicagoRules | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int = 0,
        decks: Iterable[Deck] = (),
        scores: Sequence[int] | None = None,
    ) -> ChicagoGame:
        """A new game, its first deal dealt.

        ``players`` is a count (2-6) or the players' names in seat order (clockwise).
        Randomness is injected: give ``seed`` or ``rng`` (a :class:`random.Random`, from which
        one 64-bit seed is drawn). ``decks`` stacks the decks of the first deals (top card
        first; see :func:`stacked_deck`), each checked at once and recorded in the log's
        :class:`GameStarted`; later deals and reshuffles are shuffled from the seed.
        ``dealer`` deals first; the deal passes clockwise (to the next seat) after each deal
        (pagat). ``scores`` resumes a game from these scores (default all zero).
        """
        names = _names(players)
        if (seed is None) == (rng is None):
            raise InvalidDefinitionError("start a Chicago game with exactly one of seed or rng")
        if rng is not None and not isinstance(rng, random.Random):
            raise InvalidDefinitionError(f"rng must be a random.Random, not {shown(rng)}")
        base = seed if seed is not None else rng.getrandbits(64)  # type: ignore[union-attr]
        if not isinstance(base, int) or isinstance(base, bool):
            raise InvalidDefinitionError(f"the seed must be an integer, not {shown(base)}")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(names):
            raise InvalidDefinitionError(
                f"dealer must be a seat 0-{len(names) - 1}, not {shown(dealer)}"
            )
        rules = ChicagoRules() if rules is None else rules
        if not isinstance(rules, ChicagoRules):
            raise InvalidDefinitionError(f"rules must be ChicagoRules, not {shown(rules)}")
        if isinstance(decks, str | Deck) or not isinstance(decks, Iterable):
            raise InvalidDefinitionError(
                f"decks must be an iterable of Deck values, not {shown(decks)}"
            )
        stacked = tuple(decks)
        if not all(isinstance(d, Deck) for d in stacked):
            raise InvalidDefinitionError("decks must be Deck values")
        for number, deck in enumerate(stacked, start=1):
            try:
                check_deck(deck)
            except InvalidDefinitionError as error:
                raise InvalidDefinitionError(f"stacked deck {number}: {error}") from None
        n = len(names)
        if scores is not None and (isinstance(scores, str) or not isinstance(scores, Sequence)):
            raise InvalidDefinitionError(
                f"scores must be {n} whole numbers, one per player, not {shown(scores)}"
            )
        start = (0,) * n if scores is None else tuple(scores)
        if len(start) != n or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in start
        ):
            raise InvalidDefinitionError(f"scores must be {n} whole numbers, not {shown(scores)}")
        if not rules.negative_scores and min(start) < 0:
            raise InvalidDefinitionError(
                f"scores {_listed(start)} go below zero, which these rules do not allow"
            )
        if rules.game_end is GameEnd.REACH_TARGET and max(start) >= rules.target_score:
            raise InvalidDefinitionError(
                f"scores {_listed(start)} reach the target of {shown(rules.target_score)}: under the "
                "reach-the-target end rule that game is already over"
            )
        draft = Draft(
            {
                "rules": rules,
                "names": names,
                "seed": base,
                "scores": start,
                "sheet": ScoreSheet(names=names, start=start),
                "earlier_log": (
                    GameStarted(
                        rules=rules,
                        names=names,
                        dealer=dealer,
                        seed=base,
                        scores=start,
                        decks=stacked,
                    ),
                ),
                "deal_log": (),
                "chicago_callers": frozenset(),
                "winner": None,
                "pending_decks": stacked,
                "deal_number": 0,
                "eligible": frozenset(),
            }
        )
        draft.start_deal(dealer)
        draft.advance()
        return draft.freeze(cls)

    @classmethod
    def replay(cls, log: Sequence[LogEntry]) -> ChicagoGame:
        """The state reached by a log: the same start, the same decks, the same actions.

        Raises :class:`InvalidDefinitionError` if the log does not describe a game, or an
        :class:`IllegalActionError` if an action in it is illegal.
        """
        if isinstance(log, str) or not isinstance(log, Sequence):
            raise InvalidDefinitionError(f"a Chicago log is a list of entries, not {shown(log)}")
        if not log or not isinstance(log[0], GameStarted):
            raise InvalidDefinitionError("a Chicago log begins with GameStarted")
        start = log[0]
        # The stacked decks of the start, including those not dealt yet, then the decks of
        # the later deals as the log records them.
        dealt = [entry.deck for entry in log if isinstance(entry, Dealt)]
        decks = (*start.decks, *dealt[len(start.decks) :])
        game = cls.new(
            start.names,
            rules=start.rules,
            seed=start.seed,
            dealer=start.dealer,
            decks=decks,
            scores=start.scores,
        )
        if game.earlier_log[0] != start:
            # The start recorded its own stacked decks; the decks taken from later Dealt
            # entries are not part of it.
            draft = Draft(game.__dict__.copy())
            draft.earlier_log = (start, *draft.earlier_log[1:])
            game = draft.freeze(cls)
        for entry in log:
            if isinstance(entry, Acted):
                if entry.deal != game.deal_number:
                    raise InvalidDefinitionError(
                        f"the log has an action in deal {entry.deal} during deal {game.deal_number}"
                    )
                game = game.apply(entry.action, seat=entry.seat)
        if game.log != tuple(log):
            raise InvalidDefinitionError("the log does not match the game it replays")
        return game

    # --- queries ------------------------------------------------------------------------------

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Everything that happened, in order: the start, each deal's deck, every action, and
        the hands shown and stocks reshuffled on the way. :meth:`replay` takes it back."""
        return self.earlier_log + self.deal_log

    @property
    def players(self) -> int:
        """How many play."""
        return len(self.names)

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""
        return self.queue[0] if self.queue else None

    @property
    def is_over(self) -> bool:
        """Whether the game has a winner."""
        return self.phase is Phase.OVER

    @property
    def turn_order(self) -> tuple[int, ...]:
        """This deal's turn order: from the dealer's left, clockwise."""
        n = self.players
        return tuple((self.dealer + 1 + i) % n for i in range(n))

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played (or the last one), ``None`` before trick play."""
        return self.tricks[-1] if self.tricks else None

    def hand_value(self, seat: int) -> HandValue:
        """The poker value of a player's five cards (during trick play: the hand as play
        began)."""
        self._check_seat(seat)
        return evaluate_high(self.final_hands[seat] if self.final_hands else self.hands[seat])

    def is_stopped(self, seat: int) -> bool:
        """Whether the exchange stop keeps ``seat`` from exchanging now."""
        self._check_seat(seat)
        return stopped_now(self.rules, self.scores, self.stopped, seat)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the deck wherever it is now: hands, stock, discards, a card turned
        face up by a one-up exchange (the card it would replace is still in the hand) and the
        tricks. Always the 52 cards."""
        cards: list[Card] = [c for hand in self.hands for c in hand]
        cards += self.stock
        cards += self.discards
        if self.up_card is not None:
            cards.append(self.up_card)
        cards += [card for trick in self.tricks for _, card in trick.plays]
        return tuple(cards)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to act may take now (empty when the game is over)."""
        seat = self.to_act
        if seat is None:
            return ()
        phase = self.phase
        hand = self.hands[seat]
        if phase is Phase.EXCHANGE:
            if len(hand) > 5:
                return tuple(Discard(c) for c in sorted(hand))
            actions: list[Action] = []
            if self.can_replace(seat):
                actions.append(ReplaceHand())
            most = self.max_exchange(seat)
            ordered = sorted(hand)
            for size in range(most + 1):
                actions.extend(Exchange(combo) for combo in combinations(ordered, size))
            if self.can_one_up():
                actions.extend(OneUp(c) for c in ordered)
            return tuple(actions)
        if phase is Phase.ONE_UP:
            return (AcceptOneUp(), DeclineOneUp())
        if phase is Phase.DECLARATION:
            return (Declare(), Pass()) if self._declaration_problem(seat) is None else (Pass(),)
        if phase is Phase.CHICAGO:
            return (CallChicago(), Pass()) if self._call_problem(seat) is None else (Pass(),)
        return tuple(PlayCard(c) for c in self.playable_cards(seat))

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        try:
            self.apply(action)
        except IllegalActionError:
            return False
        return True

    # --- the command --------------------------------------------------------------------------

    def apply(self, action: Action, *, seat: int | None = None) -> ChicagoGame:
        """The state after the player to act takes ``action``.

        ``seat``, if given, must be the player to act (:class:`OutOfTurnError` otherwise).
        Illegal actions raise a precise :class:`IllegalActionError` and change nothing.
        """
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise InvalidDefinitionError(f"seat must be a seat number or None, not {shown(seat)}")
        actor = self.to_act
        if actor is None:
            winner = self.names[self.winner] if self.winner is not None else "nobody"
            raise GameOverError(f"the game is over: {winner} won", seat=seat)
        if seat is not None and seat != actor:
            raise OutOfTurnError(
                f"{self.who(seat)} cannot act: it is {self.who(actor)}'s turn",
                seat=seat,
                legal=f"wait for {self.names[actor]}",
            )
        draft = Draft(self.__dict__.copy())
        handler = HANDLERS.get((self.phase, type(action)))
        if handler is None:
            raise ActionNotAvailableError(
                f"{self.who(actor)} cannot {action} during the {self._phase_text()}",
                seat=actor,
                legal=self.legal_text(),
            )
        draft.record(Acted(deal=self.deal_number, seat=actor, action=action))
        handler(self, draft, actor, action)
        draft.advance()
        return draft.freeze(ChicagoGame)

    # --- describing ---------------------------------------------------------------------------

    def legal_text(self) -> str:
        """What the player to act may do, in words."""
        seat = self.to_act
        if seat is None:
            return "nothing: the game is over"
        phase = self.phase
        hand = self.hands[seat]
        if phase is Phase.EXCHANGE:
            if len(hand) > 5:
                return f"discard one of {format_cards(sorted(hand))}"
            text = f"exchange 0-{self.max_exchange(seat)} of {format_cards(sorted(hand))}"
            if self.can_one_up():
                text += ", or one up for one card"
            if self.can_replace(seat):
                text += ", or replace the hand"
            return text
        if phase is Phase.ONE_UP:
            return f"accept or decline the face-up {self.up_card}"
        if phase is Phase.DECLARATION:
            return "declare or pass" if self._declaration_problem(seat) is None else "pass"
        if phase is Phase.CHICAGO:
            return "call Chicago or pass" if self._call_problem(seat) is None else "pass"
        return f"play one of {format_cards(self.playable_cards(seat))}"

    def __repr__(self) -> str:
        scores = ", ".join(f"{n} {shown(s)}" for n, s in zip(self.names, self.scores, strict=True))
        if self.is_over:
            who = f"{self.names[self.winner]} won" if self.winner is not None else "over"
        else:
            who = f"{self.names[self.queue[0]]} to act"
        return f"<ChicagoGame deal {self.deal_number}, {self._phase_text()}, {who}; {scores}>"

    def _check_seat(self, seat: int) -> int:
        """``seat`` if it is a seat at this table; otherwise a precise error (never an
        IndexError, nor a negative index counting from the end)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidDefinitionError(
                f"seat {shown(seat)} is not at this table: the seats are 0-{self.players - 1}"
            )
        return seat

    def who(self, seat: int) -> str:
        """A player in messages: ``'Bob (seat 1)'``."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidDefinitionError(f"seat must be a seat number, not {shown(seat)}")
        if 0 <= seat < self.players:
            return f"{self.names[seat]} (seat {seat})"
        return f"seat {shown(seat)}"

    def _phase_text(self) -> str:
        if self.phase in (Phase.EXCHANGE, Phase.ONE_UP):
            return f"exchange {self.exchange_number}"
        if self.phase is Phase.DECLARATION:
            return f"declarations after exchange {self.exchange_number}"
        if self.phase is Phase.CHICAGO:
            return "Chicago calls"
        if self.phase is Phase.TRICKS:
            return f"trick {len(self.tricks)}"
        return "end of the game"

    # --- rule checks shared by legal_actions and apply ----------------------------------------

    def max_exchange(self, seat: int | None = None) -> int:
        """How many cards ``seat`` (default: the player to act) may exchange now: the whole
        hand, or under :attr:`StockRule.NO_MORE_CARDS` no more than the stock holds."""
        seat = self.to_act if seat is None else self._check_seat(seat)
        if seat is None:
            return 0
        size = len(self.hands[seat])
        if self.rules.stock_rule is StockRule.NO_MORE_CARDS:
            return min(size, len(self.stock))
        return size

    def can_one_up(self) -> bool:
        """Whether a one-card exchange may ask for one up now."""
        if not self.rules.one_up:
            return False
        if self.rules.stock_rule is StockRule.NO_MORE_CARDS:
            return len(self.stock) >= 2
        return True

    def can_replace(self, seat: int) -> bool:
        """Whether ``seat`` may throw in a blind-Chicago hand now."""
        limit = self.rules.blind_chicago
        hand = self.hands[self._check_seat(seat)]
        return (
            limit is not None
            and self.phase is Phase.EXCHANGE
            and self.exchange_number == 1
            and seat not in self.replaced
            and len(hand) == 5
            and all(card.rank <= limit for card in hand)
            and self.max_exchange(seat) == 5
        )

    def _declaration_problem(self, seat: int) -> str | None:
        value = evaluate_high(self.hands[seat])
        if value.category < HandCategory.PAIR:
            return f"{value.describe()} scores nothing"
        best = self.best_declared
        if best is None or value > best:
            return None
        if value == best and self.rules.equal_hands is EqualHands.SHARED:
            return None
        return f"the hand is not better than the {best.describe()} already declared"

    def _call_problem(self, seat: int) -> str | None:
        minimum = self.rules.chicago_minimum_score
        if minimum is not None and self.scores[seat] < minimum:
            return (
                f"a Chicago needs {minimum} points and {self.names[seat]} has {self.scores[seat]}"
            )
        return None

    def playable_cards(self, seat: int | None = None) -> tuple[Card, ...]:
        """The cards ``seat`` (default: the player to act) may play to the current trick:
        the suit led if held, else any card (no trumps)."""
        seat = self.to_act if seat is None else self._check_seat(seat)
        if seat is None or self.phase is not Phase.TRICKS:
            return ()
        hand = sorted(self.hands[seat])
        led = self.tricks[-1].suit_led
        if led is None:
            return tuple(hand)
        following = tuple(c for c in hand if c.suit is led)
        return following or tuple(hand)


def _stacked_cards(cards: object, what: str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    listed = tuple(cards) if isinstance(cards, Iterable) else None
    if listed is None or not all(isinstance(c, Card) for c in listed):
        raise InvalidDefinitionError(
            f"{what} must be cards: text such as 'As Kd' or Card values, not {shown(cards)}"
        )
    return listed


def stacked_deck(
    hands: Sequence[str | Sequence[Card]],
    stock: str | Sequence[Card] = "",
    *,
    dealer: int = 0,
) -> Deck:
    """A deck that deals ``hands`` (by seat; five cards, or six for a player the exchange
    stop deals six) when ``dealer`` deals one card at a time from the left, followed by
    ``stock`` (the next cards drawn, in order) and then every other card.

    >>> deck = stacked_deck(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d"], "9h 9d", dealer=1)
    >>> game = ChicagoGame.new(2, seed=0, dealer=1, decks=[deck])
    >>> game.hands[0], game.stock[:2]
    ((Card('As'), Card('Ks'), Card('Qs'), Card('Js'), Card('Ts')), (Card('9h'), Card('9d')))
    """
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise InvalidDefinitionError(
            f"hands must be a list of hands, one per seat, not {shown(hands)}"
        )
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise InvalidDefinitionError(
            f"Chicago is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(hands)} hands"
        )
    parsed = [_stacked_cards(h, f"seat {seat}'s hand") for seat, h in enumerate(hands)]
    stock_cards = _stacked_cards(stock, "the stock")
    n = len(parsed)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise InvalidDefinitionError(f"dealer must be a seat 0-{n - 1}, not {shown(dealer)}")
    order = [(dealer + 1 + i) % n for i in range(n)]
    dealt: list[Card] = []
    for round_ in range(max(len(h) for h in parsed)):
        dealt.extend(parsed[seat][round_] for seat in order if round_ < len(parsed[seat]))
    dealt.extend(stock_cards)
    twice = sorted({c for c in dealt if dealt.count(c) > 1})
    if twice:
        raise InvalidDefinitionError(f"stacked twice: {format_cards(twice)}")
    chosen = set(dealt)
    return Deck([*dealt, *(c for c in STANDARD_CARDS if c not in chosen)])
