"""One hand of any :class:`~pokerrules.variants.Variant`, as an immutable state machine.

See :mod:`pokerrules.engine` for an overview and a worked example.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from pokerrules._validators import shown
from pokerrules.actions import BettingAction, Call, Check, LegalActions
from pokerrules.betting import BettingRound
from pokerrules.cards import AnyCard, Deck
from pokerrules.engine import flow
from pokerrules.engine.actions import (
    Action,
    ChooseRunouts,
    Deal,
    DealStep,
    Discard,
    Muck,
    ShowHand,
    StandPat,
)
from pokerrules.engine.begin import first_state
from pokerrules.engine.choices import describe_legal, legal
from pokerrules.engine.dealer import begin_deal, dealable, manual_deal
from pokerrules.engine.events import (
    Acted,
    BoardDealt,
    Dealt,
    Event,
    RanOut,
)
from pokerrules.engine.finish import outcome_of
from pokerrules.engine.settle import Outcome
from pokerrules.engine.state import (
    BET,
    COMPLETE,
    DEAL,
    DRAW,
    EXPOSE,
    RUNOUTS,
    SHOWDOWN,
    Phase,
    ShowdownPolicy,
    State,
    events,
)
from pokerrules.errors import (
    ActionNotAvailableError,
    DealError,
    GameOverError,
    InvalidDefinitionError,
    OutOfTurnError,
)
from pokerrules.forced_bets import KillPost
from pokerrules.showdown import Holding
from pokerrules.variants import Stakes, Variant

if TYPE_CHECKING:
    from pokerrules.views import HandView

__all__ = ["Hand", "Phase", "ShowdownPolicy"]

_BETTING: Final = flow.BETTING_ACTIONS
_ACTIONS: Final = (*_BETTING, Discard, StandPat, ShowHand, Muck, ChooseRunouts, Deal)
_FAST: Final = frozenset(_BETTING)
_CHECK: Final = Check()
_CALL: Final = Call()
_FIELDS: Final = tuple(f.name for f in attrs.fields(State) if f.name not in {"log", "outcome"})
_new = object.__new__
_set_attr = object.__setattr__


def _face(state: State) -> Hand:
    """The public face of ``state``."""
    hand = _new(Hand)
    _set_state(hand, state)
    return hand


@attrs.frozen(repr=False, eq=False)
class Hand:
    """One hand: an immutable state. Start it with :meth:`start`, then :meth:`apply` actions.

    Seats are the table's seat numbers (clockwise order is increasing seat number). Rejected
    actions raise an :class:`~pokerrules.errors.IllegalActionError` subclass and leave the hand
    as it was.
    """

    _state: State
    # the log made a tuple, once asked for
    _events: tuple[Event, ...] | None = None
    # the outcome made from the state's plain values, once asked for
    _outcome: Outcome | None = None

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        variant: Variant,
        *,
        stakes: Stakes,
        stacks: Mapping[int, int] | Sequence[int],
        button: int,
        deck: Deck | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        cards: Collection[AnyCard] | None = None,
        kill: KillPost | None = None,
        straddles: int = 0,
        owed: Mapping[int, int] | None = None,
        missed: Mapping[int, int] | None = None,
        carried: int = 0,
        expose_all_ins: bool | None = None,
        showdown: ShowdownPolicy = ShowdownPolicy.MANUAL,
        straddle_seat: int | None = None,
        runouts: int | None = None,
        ask_runouts: bool = False,
    ) -> Hand:
        """Start a hand: post the forced bets and deal.

        * ``stacks`` -- chips by seat (a sequence means seats 0, 1, ...); ``button`` -- the
          button's seat (it may be an empty seat: a dead button);
        * dealing -- ``deck`` (an explicit order; ``seed``, if also given, seeds reshuffles),
          ``seed`` or ``rng`` (a shuffle); with none of them the hand is dealt by hand:
          :attr:`pending_deal` says what to deal and :class:`~pokerrules.engine.Deal` deals it,
          from ``cards`` when given (a short deck; default the variant's whole deck);
        * ``kill`` -- a kill blind to post (from :class:`~pokerrules.kill.KillTracker`; give the
          kill stakes too); ``straddles`` -- live straddles under the gun; ``straddle_seat``
          -- a Mississippi straddle from that seat (the button's for a button straddle; see
          :func:`~pokerrules.forced_bets.post_forced_bets`); ``owed`` -- blinds owed, posted
          dead; ``missed`` -- big blinds missed while away, posted live; ``carried`` -- chips
          carried over from the last pot;
        * ``expose_all_ins`` -- overrides the variant's all-in exposure rule;
        * ``runouts`` -- the players agree to run the board out this many times (1 to
          :data:`~pokerrules.runouts.MAX_RUNOUTS`; default the variant's ``runouts``, once
          unless the game runs it more often) when the betting ends with cards to come
          because players are all-in: each pot is split between the runouts
          (:mod:`pokerrules.runouts`); each extra runout is logged as a
          :class:`~pokerrules.engine.events.RanOut` event (dealt by hand: a :class:`Deal` of
          each runout's cards) and every hand still in is shown. Board games without draws;
        * ``ask_runouts`` -- the players agree on the number of runouts at the all-in instead:
          when the betting is over because of an all-in with board cards to come, each player
          still in chooses a count in turn (:class:`~pokerrules.engine.ChooseRunouts`, offered
          as a :class:`~pokerrules.actions.LegalActions` of ``kind='runouts'`` whose
          ``runouts`` range goes up to what the cards left can deal),
          and the board runs that many times when they all chose the same count, else once
          (:func:`~pokerrules.runouts.agreed_runouts`). Not with ``runouts`` above one;
        * ``showdown`` -- who turns the hands up (:class:`ShowdownPolicy`): the players, with
          :class:`ShowHand` and :class:`Muck` (the default), or the dealer, showing every hand
          or mucking the beaten ones -- then a bot loop needs no showdown actions.
        """
        state = first_state(
            variant,
            stakes,
            stacks,
            button,
            deck,
            seed,
            rng,
            cards,
            kill,
            straddles,
            owed,
            missed,
            carried,
            expose_all_ins,
            showdown,
            straddle_seat,
            runouts,
            ask_runouts,
        )
        begun = flow.deal_and_begin(state, 0)
        return _face(begun if begun is not None else flow.run_dealer(begin_deal(state, 0)))

    @classmethod
    def replay(
        cls,
        variant: Variant,
        log: Sequence[Event],
        *,
        stakes: Stakes,
        stacks: Mapping[int, int] | Sequence[int],
        button: int,
        **options: Any,
    ) -> Hand:
        """Replay a hand from its log: the cards dealt and the actions taken. The result has the
        same cards, actions, pots and stacks as the original (its log lacks only the burns and
        reshuffles, which a hand dealt by hand does not see). ``options`` are those of
        :meth:`start` other than the dealing ones (``deck``, ``seed``, ``rng``): the log deals
        the cards."""
        dealing = next((k for k in ("deck", "seed", "rng") if options.get(k) is not None), None)
        if dealing is not None:
            raise InvalidDefinitionError(
                f"replay deals the cards of the log: give no {dealing} (the hand is dealt by "
                "hand from its Dealt events)"
            )
        hand = cls.start(variant, stakes=stakes, stacks=stacks, button=button, **options)
        if isinstance(log, str):
            raise InvalidDefinitionError(f"log must be a list of events, not {shown(log)}")
        try:
            events = tuple(log)
        except TypeError:
            raise InvalidDefinitionError(
                f"log must be a list of events, not {shown(log)}"
            ) from None
        for event in events:
            if not isinstance(event, Event):
                raise InvalidDefinitionError(
                    f"log must hold the events of a hand's log, not {shown(event)}"
                )
        for event in events:
            if isinstance(event, Dealt | RanOut | BoardDealt):
                hand = hand.apply(Deal(event.cards))
            elif isinstance(event, Acted):
                hand = hand.apply(event.action, seat=event.seat)
        return hand

    def rewind(self) -> Hand:
        """This hand as it started -- same table, stakes and options, forced bets posted -- but
        dealt by hand: feed it the :class:`Deal` and player actions of :attr:`log` (and a
        :class:`Deal` of each runout's cards, when the board was run out more than once)."""
        game = self._state.game
        return Hand.start(
            game.variant,
            stakes=game.stakes,
            stacks=self.starting_stacks,
            button=game.button,
            kill=game.kill,
            straddles=game.straddles,
            straddle_seat=game.straddle_seat,
            owed=game.owed,
            missed=game.missed,
            carried=game.carried,
            expose_all_ins=game.expose,
            cards=game.deck,
            runouts=game.runouts,
            ask_runouts=game.ask_runouts,
        )

    # -- queries ------------------------------------------------------------------------------

    @property
    def start_options(self) -> dict[str, Any]:
        """The keyword arguments of :meth:`start`, beside the variant, ``stakes``, ``stacks``
        (:attr:`starting_stacks`) and ``button``, that start this hand again: ``deck`` (the
        order it was dealt from) and ``seed`` (of its reshuffles), or, for a hand dealt by hand,
        the ``cards`` it is dealt from; then ``kill``, ``straddles``, ``owed``, ``missed``,
        ``carried``, ``expose_all_ins``, ``showdown``, ``straddle_seat``, ``runouts`` and
        ``ask_runouts``.
        Applying the players' actions of :attr:`log` (and, dealt by hand, a :class:`Deal` of
        each ``Dealt`` event's cards) to that start rebuilds this hand exactly."""
        game = self._state.game
        dealing: dict[str, Any]
        if game.auto:
            dealing = {"deck": Deck._trusted(game.stub), "seed": game.seed}
        else:
            dealing = {"cards": tuple(c for c in game.variant.deck.cards if c in game.deck)}
        return {
            **dealing,
            "kill": game.kill,
            "straddles": game.straddles,
            "owed": dict(game.owed),
            "missed": dict(game.missed),
            "carried": game.carried,
            "expose_all_ins": game.expose,
            "showdown": game.showdown,
            "straddle_seat": game.straddle_seat,
            "runouts": game.runouts,
            "ask_runouts": game.ask_runouts,
        }

    @property
    def owed_next(self) -> dict[int, int]:
        """Blinds owed on the next hand by a killer who was due one this hand (under
        :attr:`~pokerrules.forced_bets.KillerInBlind.OWE_NEXT_HAND`)."""
        return dict(self._state.posting.owed)

    @property
    def carried_in(self) -> int:
        """Chips carried into this pot from the last one."""
        return self._state.game.carried

    @property
    def starting_stacks(self) -> dict[int, int]:
        """Each seat's stack when the hand began."""
        game = self._state.game
        return dict(zip(game.seats, game.initial, strict=True))

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self._state.game.variant

    @property
    def stakes(self) -> Stakes:
        """The stakes played for."""
        return self._state.game.stakes

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt in, in seat order."""
        return self._state.game.seats

    @property
    def button(self) -> int:
        """The button's seat."""
        return self._state.game.button

    @property
    def phase(self) -> Phase:
        """Where the hand is."""
        return self._state.phase

    @property
    def street(self) -> str:
        """The current street's name."""
        state = self._state
        return state.game.variant.streets[state.street].name

    @property
    def is_complete(self) -> bool:
        """Whether the hand is over."""
        return self._state.phase is COMPLETE

    @property
    def outcome(self) -> Outcome | None:
        """How the hand ended, once it is over."""
        try:
            return self._outcome
        except AttributeError:  # not made yet: a face starts without it
            made = outcome_of(self._state)
            _set_attr(self, "_outcome", made)
            return made

    @property
    def log(self) -> tuple[Event, ...]:
        """Everything that happened, in order."""
        try:
            return self._events  # type: ignore[return-value]
        except AttributeError:  # not made yet: a face starts without it
            made = events(self._state.log)
            _set_attr(self, "_events", made)
            return made

    @property
    def board(self) -> tuple[AnyCard, ...]:
        """The community cards (of the first runout, when the board was run more than once; of
        the first board, in a game of several boards)."""
        return self._state.board

    @property
    def boards(self) -> tuple[tuple[AnyCard, ...], ...]:
        """Every runout's whole board: the one :attr:`board`, unless the board was run out
        more than once (``Hand.start(..., runouts=n)``); in a game of several boards
        (``Variant(boards=2)``), every board as dealt so far."""
        return (self._state.board, *self._state.runs)

    @property
    def stacks(self) -> dict[int, int]:
        """Each seat's chips behind."""
        return dict(zip(self._state.game.seats, self._state.stacks, strict=True))

    @property
    def contributions(self) -> dict[int, int]:
        """Each seat's chips in the pot this hand (forced bets included)."""
        game = self._state.game
        return {
            s: a - b for s, a, b in zip(game.seats, game.initial, self._state.stacks, strict=True)
        }

    @property
    def pot(self) -> int:
        """The chips in the middle: every contribution and chips carried in."""
        state = self._state
        if state.outcome is not None:
            return 0
        return sum(state.game.initial) - sum(state.stacks) + state.game.carried

    @property
    def in_hand(self) -> tuple[int, ...]:
        """The seats that have not folded or mucked, clockwise from the button's left."""
        return self._state.live

    @property
    def folded(self) -> frozenset[int]:
        """The seats that folded."""
        state = self._state
        return frozenset(s for s, f in zip(state.game.seats, state.folded, strict=True) if f)

    def holding(self, seat: int) -> Holding:
        """The cards ``seat`` holds (down and up)."""
        i = self._index(seat)
        return Holding(down=self._state.down[i], up=self._state.up[i])

    def is_shown(self, seat: int) -> bool:
        """Whether ``seat``'s hand is face up."""
        return self._state.shown[self._index(seat)]

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` (dealing, or the hand is over)."""
        state = self._state
        phase = state.phase
        if phase is BET and state.round is not None:
            return state.round.seat_to_act
        if phase in (DRAW, EXPOSE, SHOWDOWN, RUNOUTS) and state.queue:
            return state.queue[0]
        return None

    @property
    def pending_deal(self) -> DealStep | None:
        """In a hand dealt by hand, the dealing step waiting for a :class:`Deal`."""
        state = self._state
        if state.phase is DEAL and state.steps:
            return state.steps[0]
        return None

    def dealable_cards(self) -> frozenset[AnyCard]:
        """In a hand dealt by hand, the cards the pending :class:`Deal` may hold: those that
        may still be in the stub, and, when the step needs more cards than the stub holds, the
        discards the dealer would reshuffle (not those of players still to be served). Empty
        when no deal is pending. The stub's cards are dealt before any reshuffled discard."""
        step = self.pending_deal
        if step is None:
            return frozenset()
        return dealable(self._state, step)

    @property
    def betting_round(self) -> BettingRound | None:
        """The current betting round, if one is under way."""
        state = self._state
        return state.round if state.phase is BET else None

    def unseen_cards(self) -> tuple[AnyCard, ...]:
        """The cards of the deck not dealt or burned yet this hand, in deck order."""
        game = self._state.game
        seen = self._state.seen
        dealt_from = game.deck
        return tuple(c for c in game.variant.deck.cards if c in dealt_from and c not in seen)

    def legal_actions(self) -> LegalActions | None:
        """What the seat to act may do, or ``None`` when no player is to act. Never raises.

        One :class:`~pokerrules.actions.LegalActions` for every phase: its ``kind`` is
        ``'bet'``, ``'draw'`` or ``'showdown'`` and its fields say what is allowed (a call's
        chips, the raise range, the discards, whether the hand may be mucked)."""
        return legal(self._state)

    def view(self, seat: int | None) -> HandView:
        """What ``seat`` may know of this hand (``None``: a spectator): see
        :func:`pokerrules.views.view`."""
        from pokerrules.views import view  # noqa: PLC0415 - the views build on the engine

        return view(self, seat)

    def __repr__(self) -> str:
        return (
            f"<Hand {self.variant.name}: {self.phase.value} on {self.street}, "
            f"to act {self.actor}, pot {self.pot}>"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        mine, theirs = self._state, other._state
        if mine is theirs:
            return True
        return (
            all(getattr(mine, f) == getattr(theirs, f) for f in _FIELDS)
            and self.outcome == other.outcome
            and self.log == other.log
        )

    __hash__ = None  # type: ignore[assignment]  # equal hands hold equal (mutable) setups

    def __reduce__(self) -> tuple[Callable[[State], Hand], tuple[State]]:
        # a hand is its state: pickled or copied, it makes its log and outcome again when read
        return _face, (self._state,)

    # -- commands -----------------------------------------------------------------------------

    def apply(self, action: Action, *, seat: int | None = None) -> Hand:
        """The hand after ``action`` by the seat to act (``seat``, if given, must be it), or the
        dealer's :class:`Deal` in a hand dealt by hand."""
        state = self._state
        phase = state.phase
        kind = type(action)
        if (
            phase is BET
            and kind in _FAST
            and (rnd := state.round) is not None
            and (seat is None or (type(seat) is int and seat == rnd.seat_to_act))
        ):
            # the seat to act takes a betting action (``seat``, when given, must be it)
            if kind is Check or kind is Call:
                moved = flow.check_or_call(state, kind)
                if moved is not None:
                    hand = _new(Hand)
                    _set_state(hand, moved if moved.phase is BET else flow.run_dealer(moved))
                    return hand
            actor = rnd.seat_to_act
            if actor is not None:
                state = flow.wager(state, actor, cast("BettingAction", action))
                return _face(state if state.phase is BET else flow.run_dealer(state))
        if kind is Deal and phase is DEAL and seat is None and state.steps and not state.game.auto:
            # the dealer deals the step waiting, by hand
            cards = cast("Deal", action).cards
            return _face(flow.run_dealer(manual_deal(state, state.steps[0], cards)))
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise InvalidDefinitionError(f"seat must be a seat number or None, not {shown(seat)}")
        if not isinstance(action, _ACTIONS):
            raise ActionNotAvailableError(
                f"{action!r} is not an action: use Fold(), Check(), Call(), Bet(n), Raise(to=n), "
                f"BringIn(), Complete(), Discard(cards), StandPat(), ShowHand(), Muck(), "
                f"ChooseRunouts(n) or Deal(cards) (legal: {describe_legal(state)})",
                seat=seat,
                legal=describe_legal(state),
            )
        if phase is COMPLETE:
            who = (
                "the dealer"
                if isinstance(action, Deal)
                else f"seat {seat}"
                if seat is not None
                else "a player"
            )
            raise GameOverError(
                f"{who} cannot {action}: the hand is over", seat=seat, legal="nothing"
            )
        if isinstance(action, Deal):
            step = self.pending_deal
            if step is None or state.game.auto:
                why = (
                    "the dealer deals from the deck"
                    if state.game.auto
                    else "nothing is to be dealt"
                )
                raise DealError(f"cannot {action}: {why}", legal=describe_legal(state))
            return _face(flow.run_dealer(manual_deal(state, step, action.cards)))
        if phase is DEAL:
            raise ActionNotAvailableError(
                f"seat {seat if seat is not None else '?'} cannot {action}: the dealer must "
                f"deal first ({state.steps[0]})",
                seat=seat,
                legal="nothing",
            )
        actor = self.actor
        if actor is None:  # pragma: no cover - every other phase has an actor
            raise GameOverError(f"cannot {action}: nobody is to act", seat=seat)
        if seat is not None and seat != actor:
            raise OutOfTurnError(
                f"seat {seat} cannot {action}: it is seat {actor}'s turn "
                f"(legal: {describe_legal(state)})",
                seat=seat,
                legal=describe_legal(state),
            )
        if phase is BET:
            return _face(flow.run_dealer(flow.bet(state, actor, action)))
        if phase is DRAW:
            return _face(flow.run_dealer(flow.draw(state, actor, action)))
        if phase is RUNOUTS:
            return _face(flow.run_dealer(flow.choose_runouts(state, actor, action)))
        return _face(flow.run_dealer(flow.show(state, actor, action)))

    def check_or_call(self) -> Hand:
        """The hand after the player to act checks, or calls when facing a bet (a shortcut for
        simulations: ``apply(Check())`` or ``apply(Call())``)."""
        state = self._state
        if state.phase is BET:
            moved = flow.check_or_call(state)
            if moved is not None:
                hand = _new(Hand)
                _set_state(hand, moved if moved.phase is BET else flow.run_dealer(moved))
                return hand
        rnd = state.round
        seat = rnd.seat_to_act if rnd is not None and state.phase is BET else None
        if rnd is not None and seat is not None:
            state = flow.wager(state, seat, _CALL if rnd.to_call else _CHECK)
            return _face(state if state.phase is BET else flow.run_dealer(state))
        return self.apply(_CHECK)

    # -- internals ----------------------------------------------------------------------------

    def _index(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidDefinitionError(f"seat must be a seat number, not {shown(seat)}")
        try:
            return self._state.game.index[seat]
        except KeyError:
            raise InvalidDefinitionError(f"seat {shown(seat)} is not in this hand") from None


#: Sets a new face's state: the slot's own setter, which skips the attribute lookup by name.
_set_state: Final = Hand.__dict__["_state"].__set__
