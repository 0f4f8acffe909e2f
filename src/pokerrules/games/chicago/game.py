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
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
    OutOfTurnError,
)
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
    Position,
    ReplaceHand,
)
from pokerrules.games.chicago.commands import act
from pokerrules.games.chicago.flow import Draft, check_deck
from pokerrules.games.chicago.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    ChicagoRules,
    GameEnd,
)
from pokerrules.games.chicago.scoring import ScoreSheet
from pokerrules.games.chicago.state import ChicagoState, Phase

__all__ = ["ChicagoGame", "stacked_deck"]

#: End rules under which a score at the target has already ended the game.
_ENDS_AT_ONCE = (GameEnd.REACH_TARGET, GameEnd.EXACT_TARGET)


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
class ChicagoGame(ChicagoState):
    """A whole game of Swedish Chicago at one moment: the deal in progress and the scores.

    Start one with :meth:`new` (or :meth:`from_position`, from given scores and hands);
    :meth:`legal_actions` lists what the player to act
    (:attr:`~pokerrules.games.chicago.state.ChicagoState.to_act`) may do and :meth:`apply`
    returns the next state. Every state keeps the
    :attr:`~pokerrules.games.chicago.state.ChicagoState.log` it came from and
    the ``sheet`` of scores; :meth:`replay` rebuilds the state from its log. The fields and
    queries are those of :class:`~pokerrules.games.chicago.state.ChicagoState`.
    """

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
        position: Position | None = None,
    ) -> ChicagoGame:
        """A new game, its first deal dealt (or laid out as ``position``).

        ``players`` is a count (2-6) or the players' names in seat order (clockwise).
        Randomness is injected: give ``seed`` or ``rng`` (a :class:`random.Random`, from which
        one 64-bit seed is drawn). ``decks`` stacks the decks of the first deals (top card
        first; see :func:`stacked_deck`), each checked at once and recorded in the log's
        :class:`GameStarted`; later deals and reshuffles are shuffled from the seed.
        ``dealer`` deals first; the deal passes clockwise (to the next seat) after each deal
        (pagat). ``scores`` resumes a game from these scores (default all zero);
        ``position`` starts it from a deal in progress (see :meth:`from_position`).
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
        if position is not None and not isinstance(position, Position):
            raise InvalidDefinitionError(f"position must be a Position, not {shown(position)}")
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
        if rules.game_end is GameEnd.EXACT_TARGET and max(start) > rules.target_score:
            raise InvalidDefinitionError(
                f"scores {_listed(start)} pass the target of {shown(rules.target_score)}, which "
                "the exact-target end rule never allows"
            )
        if rules.game_end in _ENDS_AT_ONCE and max(start) >= rules.target_score:
            raise InvalidDefinitionError(
                f"scores {_listed(start)} reach the target of {shown(rules.target_score)}: under the "
                f"{rules.game_end.value} end rule that game is already over"
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
                        position=position,
                    ),
                ),
                "deal_log": (),
                "chicago_callers": frozenset(),
                "winner": None,
                "pending_decks": stacked,
                "deal_number": 0,
                "eligible": frozenset(),
                "last_deal": None,
            }
        )
        draft.start_deal(dealer, position)
        draft.advance()
        return draft.freeze(cls)

    @classmethod
    def from_position(
        cls,
        players: int | Sequence[str],
        *,
        hands: Sequence[str | Iterable[Card]],
        scores: Sequence[int] | None = None,
        stock: str | Iterable[Card] | None = None,
        discards: str | Iterable[Card] = (),
        exchange: int | None = 1,
        dealer: int = 0,
        rules: ChicagoRules | None = None,
        seed: int = 0,
    ) -> ChicagoGame:
        """A game that starts from a given position, for puzzles, trainers and tests: the
        ``scores``, and the deal in progress -- each seat's ``hands`` (text such as
        ``'As Ks Qs Js Ts'`` or cards), the top of the ``stock`` in drawing order (every other
        card follows, shuffled from ``seed``) and the ``discards`` -- before exchange number
        ``exchange``, or with ``exchange=None`` at the Chicago calls before trick play.

        >>> game = ChicagoGame.from_position(
        ...     ["Ann", "Bob"], scores=[40, 30], exchange=None,
        ...     hands=["As Ks Qs Js 9s", "Ah Kh Qh Jh 9h"])
        >>> game.phase.name, game.names[game.to_act], game.scores
        ('CHICAGO', 'Bob', (40, 30))

        The later deals are dealt as usual; the position is recorded in the log
        (:class:`~pokerrules.games.chicago.actions.GameStarted`), so :meth:`replay` takes
        the game back.
        """
        position = Position(hands=hands, stock=stock, discards=discards, exchange=exchange)
        return cls.new(
            players, rules=rules, seed=seed, dealer=dealer, scores=scores, position=position
        )

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
            position=start.position,
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
            return (Declare(), Pass()) if self.declaration_problem(seat) is None else (Pass(),)
        if phase is Phase.CHICAGO:
            return (CallChicago(), Pass()) if self.call_problem(seat) is None else (Pass(),)
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
        return act(self, actor, action)

    # --- describing ---------------------------------------------------------------------------

    def __repr__(self) -> str:
        scores = ", ".join(f"{n} {shown(s)}" for n, s in zip(self.names, self.scores, strict=True))
        if self.is_over:
            who = f"{self.names[self.winner]} won" if self.winner is not None else "over"
        else:
            who = f"{self.names[self.queue[0]]} to act"
        return f"<ChicagoGame deal {self.deal_number}, {self.phase_text()}, {who}; {scores}>"


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
