"""One hand of any :class:`~pokerrules.variants.Variant`, as an immutable state machine.

See :mod:`pokerrules.engine` for an overview and a worked example.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, NoReturn

import attrs

from pokerrules.actions import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    LegalActions,
    Raise,
)
from pokerrules.betting import BettingRound, BettingRules, FixedLimit, Structure
from pokerrules.cards import AnyCard, Card, Deck
from pokerrules.engine.actions import (
    Action,
    Choices,
    Deal,
    DealStep,
    Discard,
    DrawChoices,
    Muck,
    ShowdownChoices,
    ShowHand,
    StandPat,
)
from pokerrules.engine.dealing import check_manual_deal, draw_from_stub
from pokerrules.engine.events import (
    Acted,
    Burned,
    CarriedOver,
    Dealt,
    Event,
    Posted,
    Reshuffled,
    Returned,
    Won,
)
from pokerrules.engine.settle import Outcome, settle, showdown_order
from pokerrules.errors import (
    ActionNotAvailableError,
    CardNotHeldError,
    DealError,
    GameOverError,
    InvalidDefinitionError,
    OutOfTurnError,
)
from pokerrules.forced_bets import ForcedBets, KillPost, Posting, bring_in_seat, post_forced_bets
from pokerrules.pots import clockwise_from, side_pots
from pokerrules.showdown import AnyFive, Holding, LowHand
from pokerrules.variants import BetSize, BringInCard, SevensPenalty, Stakes, Variant

__all__ = ["Hand", "Phase"]

_SEVEN_OR_BETTER: Final = LowHand(qualifier=7)
_AGGRESSIVE: Final = (Bet, Raise, Complete)
_BETTING: Final = (Fold, Check, Call, Bet, Raise, BringIn, Complete)


class Phase(enum.Enum):
    """Where a hand is."""

    #: The dealer is dealing (in a hand dealt by hand: waiting for :class:`Deal`).
    DEAL = "deal"
    #: Players discard and draw.
    DRAW = "draw"
    #: A betting round.
    BET = "bet"
    #: Betting is over with a player all-in: hands are turned up before the rest is dealt.
    EXPOSE = "expose"
    #: Players show or muck.
    SHOWDOWN = "showdown"
    #: The hand is over: see :attr:`Hand.outcome`.
    COMPLETE = "complete"


@attrs.frozen
class _Game:
    """What stays fixed through a hand."""

    variant: Variant
    stakes: Stakes
    seats: tuple[int, ...]
    index: dict[int, int]
    order: tuple[int, ...]
    button: int
    initial: tuple[int, ...]
    forced: ForcedBets
    kill: KillPost | None
    straddles: int
    owed: dict[int, int]
    auto: bool
    seed: object
    expose: bool
    carried: int
    rules: tuple[BettingRules, ...]
    first_betting: int
    first_draw: int
    deck: frozenset[AnyCard]


def _put(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*values[:i], value, *values[i + 1 :])


def _street_rules(variant: Variant) -> tuple[BettingRules, ...]:
    rules = []
    lowball = variant.lowball
    first_bet = variant.betting_streets[0]
    first_draw = next((i for i, s in enumerate(variant.streets) if s.draw), len(variant.streets))
    for k in range(len(variant.streets)):
        r = variant.betting
        if lowball is not None:
            after_draw = k >= first_draw
            if after_draw and not lowball.check_raise_after_draw:
                r = attrs.evolve(r, check_raise=False)
            if (k == first_bet and not lowball.first_round_check) or (
                after_draw and lowball.sevens_rule is SevensPenalty.NO_CHECK
            ):
                r = attrs.evolve(r, fold_without_bet=True)
        rules.append(r)
    return tuple(rules)


@attrs.frozen(repr=False, slots=False)
class Hand:
    """One hand: an immutable state. Start it with :meth:`start`, then :meth:`apply` actions.

    Seats are the table's seat numbers (clockwise order is increasing seat number). Rejected
    actions raise an :class:`~pokerrules.errors.IllegalActionError` subclass and leave the hand
    as it was.
    """

    _game: _Game
    _phase: Phase
    _street: int
    _stacks: tuple[int, ...]
    _down: tuple[tuple[AnyCard, ...], ...]
    _up: tuple[tuple[AnyCard, ...], ...]
    _folded: tuple[bool, ...]
    _mucked: tuple[bool, ...]
    _shown: tuple[bool, ...]
    _board: tuple[AnyCard, ...]
    _stub: tuple[AnyCard, ...]
    _muck: tuple[AnyCard, ...]
    _seen: frozenset[AnyCard]
    _steps: tuple[DealStep, ...]
    _queue: tuple[int, ...]
    _round: BettingRound | None
    _posting: Posting
    _aggressor: int | None
    _violators: frozenset[int]
    _before_draw: tuple[int, ...] | None
    _discards: tuple[tuple[int, tuple[AnyCard, ...]], ...]
    _reshuffles: int
    _log: tuple[Event, ...]
    _outcome: Outcome | None

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
        kill: KillPost | None = None,
        straddles: int = 0,
        owed: Mapping[int, int] | None = None,
        carried: int = 0,
        expose_all_ins: bool | None = None,
    ) -> Hand:
        """Start a hand: post the forced bets and deal.

        * ``stacks`` -- chips by seat (a sequence means seats 0, 1, ...); ``button`` -- the
          button's seat (it may be an empty seat: a dead button);
        * dealing -- ``deck`` (an explicit order; ``seed``, if also given, seeds reshuffles),
          ``seed`` or ``rng`` (a shuffle); with none of them the hand is dealt by hand:
          :attr:`pending_deal` says what to deal and :class:`~pokerrules.engine.Deal` deals it;
        * ``kill`` -- a kill blind to post (from :class:`~pokerrules.kill.KillTracker`; give the
          kill stakes too); ``straddles`` -- live straddles; ``owed`` -- blinds owed, posted
          dead; ``carried`` -- chips carried over from the last pot;
        * ``expose_all_ins`` -- overrides the variant's all-in exposure rule.
        """
        seat_stacks = dict(enumerate(stacks)) if isinstance(stacks, Sequence) else dict(stacks)
        seats = tuple(sorted(seat_stacks))
        n = len(seats)
        if not variant.min_players <= n <= variant.max_players:
            raise InvalidDefinitionError(
                f"{variant.name} is for {variant.min_players} to {variant.max_players} players, "
                f"not {n}"
            )
        for seat in seats:
            chips = seat_stacks[seat]
            if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
                raise InvalidDefinitionError(f"seat {seat} needs a positive stack, not {chips!r}")
        if carried < 0:
            raise InvalidDefinitionError(f"carried chips must be >= 0, not {carried}")
        sources = sum(x is not None for x in (seed, rng))
        if sources > 1:
            raise InvalidDefinitionError("give a seed or an rng, not both")
        auto = deck is not None or sources == 1
        reshuffle_seed: object = seed if seed is not None else 0
        stub: tuple[AnyCard, ...] = ()
        if deck is not None:
            stranger = next((c for c in deck.cards if c not in variant.deck.cards), None)
            if stranger is not None:
                raise InvalidDefinitionError(f"{stranger} is not in the {variant.name} deck")
            stub = deck.cards
        elif auto:
            source = rng if rng is not None else random.Random(seed)
            cards = list(variant.deck.cards)
            source.shuffle(cards)
            stub = tuple(cards)
            reshuffle_seed = source.getrandbits(64)
        forced = variant.forced_bets.at(stakes)
        order = clockwise_from(button, seats)
        posting = post_forced_bets(
            forced,
            stacks=seat_stacks,
            button=button,
            straddles=straddles,
            kill=kill,
            owed=owed,
            bring_in_seat=order[0] if variant.is_stud else None,
        )
        game = _Game(
            variant=variant,
            stakes=stakes,
            seats=seats,
            index={s: i for i, s in enumerate(seats)},
            order=order,
            button=button,
            initial=tuple(seat_stacks[s] for s in seats),
            forced=forced,
            kill=kill,
            straddles=straddles,
            owed=dict(owed or {}),
            auto=auto,
            seed=reshuffle_seed,
            expose=variant.expose_all_ins if expose_all_ins is None else expose_all_ins,
            carried=carried,
            rules=_street_rules(variant),
            first_betting=variant.betting_streets[0],
            first_draw=next(
                (i for i, s in enumerate(variant.streets) if s.draw), len(variant.streets)
            ),
            deck=frozenset(variant.deck.cards),
        )
        empty: tuple[tuple[AnyCard, ...], ...] = ((),) * n
        no = (False,) * n
        hand = cls(
            game,
            Phase.DEAL,
            0,
            tuple(posting.stacks[s] for s in seats),
            empty,
            empty,
            no,
            no,
            no,
            (),
            stub,
            (),
            frozenset(),
            (),
            (),
            None,
            posting,
            None,
            frozenset(),
            None,
            (),
            0,
            tuple(Posted(p.seat, p.kind, p.amount, p.live) for p in posting.posts),
            None,
        )
        return hand._begin_deal(0)._advance()

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
        reshuffles, which a hand dealt by hand does not see)."""
        hand = cls.start(variant, stakes=stakes, stacks=stacks, button=button, **options)
        for event in log:
            if isinstance(event, Dealt):
                hand = hand.apply(Deal(event.cards))
            elif isinstance(event, Acted):
                hand = hand.apply(event.action, seat=event.seat)
        return hand

    def rewind(self) -> Hand:
        """This hand as it started -- same table, stakes and options, forced bets posted -- but
        dealt by hand: feed it the :class:`Deal` and player actions of :attr:`log`."""
        game = self._game
        return Hand.start(
            game.variant,
            stakes=game.stakes,
            stacks=self.starting_stacks,
            button=game.button,
            kill=game.kill,
            straddles=game.straddles,
            owed=game.owed,
            carried=game.carried,
            expose_all_ins=game.expose,
        )

    # -- queries ------------------------------------------------------------------------------

    @property
    def carried_in(self) -> int:
        """Chips carried into this pot from the last one."""
        return self._game.carried

    @property
    def starting_stacks(self) -> dict[int, int]:
        """Each seat's stack when the hand began."""
        return dict(zip(self._game.seats, self._game.initial, strict=True))

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self._game.variant

    @property
    def stakes(self) -> Stakes:
        """The stakes played for."""
        return self._game.stakes

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt in, in seat order."""
        return self._game.seats

    @property
    def button(self) -> int:
        """The button's seat."""
        return self._game.button

    @property
    def phase(self) -> Phase:
        """Where the hand is."""
        return self._phase

    @property
    def street(self) -> str:
        """The current street's name."""
        return self._game.variant.streets[self._street].name

    @property
    def is_complete(self) -> bool:
        """Whether the hand is over."""
        return self._phase is Phase.COMPLETE

    @property
    def outcome(self) -> Outcome | None:
        """How the hand ended, once it is over."""
        return self._outcome

    @property
    def log(self) -> tuple[Event, ...]:
        """Everything that happened, in order."""
        return self._log

    @property
    def board(self) -> tuple[AnyCard, ...]:
        """The community cards."""
        return self._board

    @property
    def stacks(self) -> dict[int, int]:
        """Each seat's chips behind."""
        return dict(zip(self._game.seats, self._stacks, strict=True))

    @property
    def contributions(self) -> dict[int, int]:
        """Each seat's chips in the pot this hand (forced bets included)."""
        return {
            s: a - b
            for s, a, b in zip(self._game.seats, self._game.initial, self._stacks, strict=True)
        }

    @property
    def pot(self) -> int:
        """The chips in the middle: every contribution and chips carried in."""
        if self._outcome is not None:
            return 0
        return sum(self.contributions.values()) + self._game.carried

    @property
    def in_hand(self) -> tuple[int, ...]:
        """The seats that have not folded or mucked, clockwise from the button's left."""
        index = self._game.index
        return tuple(
            s
            for s in self._game.order
            if not self._folded[index[s]] and not self._mucked[index[s]]
        )

    @property
    def folded(self) -> frozenset[int]:
        """The seats that folded."""
        return frozenset(s for s, f in zip(self._game.seats, self._folded, strict=True) if f)

    def holding(self, seat: int) -> Holding:
        """The cards ``seat`` holds (down and up)."""
        i = self._index(seat)
        return Holding(down=self._down[i], up=self._up[i])

    def is_shown(self, seat: int) -> bool:
        """Whether ``seat``'s hand is face up."""
        return self._shown[self._index(seat)]

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` (dealing, or the hand is over)."""
        if self._phase is Phase.BET and self._round is not None:
            return self._round.seat_to_act
        if self._phase in (Phase.DRAW, Phase.EXPOSE, Phase.SHOWDOWN) and self._queue:
            return self._queue[0]
        return None

    @property
    def pending_deal(self) -> DealStep | None:
        """In a hand dealt by hand, the dealing step waiting for a :class:`Deal`."""
        if self._phase is Phase.DEAL and self._steps:
            return self._steps[0]
        return None

    @property
    def betting_round(self) -> BettingRound | None:
        """The current betting round, if one is under way."""
        return self._round if self._phase is Phase.BET else None

    def unseen_cards(self) -> tuple[AnyCard, ...]:
        """The cards of the deck not dealt or burned yet this hand, in deck order."""
        return tuple(c for c in self._game.variant.deck.cards if c not in self._seen)

    def legal_actions(self) -> Choices | None:
        """What the seat to act may do, or ``None`` when no player is to act. Never raises."""
        phase = self._phase
        if phase is Phase.BET and self._round is not None:
            return self._betting_choices()
        seat = self.actor
        if seat is None:
            return None
        if phase is Phase.DRAW:
            i = self._game.index[seat]
            draw = self._game.variant.streets[self._street].draw
            return DrawChoices(
                seat=seat,
                max_discard=draw.max_discard if draw else 0,
                held=self._down[i] + self._up[i],
            )
        if phase is Phase.EXPOSE:
            return ShowdownChoices(seat=seat, muck=False)
        return ShowdownChoices(seat=seat, muck=self._may_muck(seat))

    def __repr__(self) -> str:
        return (
            f"<Hand {self._game.variant.name}: {self._phase.value} on {self.street}, "
            f"to act {self.actor}, pot {self.pot}>"
        )

    # -- commands -----------------------------------------------------------------------------

    def apply(self, action: Action, *, seat: int | None = None) -> Hand:
        """The hand after ``action`` by the seat to act (``seat``, if given, must be it), or the
        dealer's :class:`Deal` in a hand dealt by hand."""
        phase = self._phase
        if phase is Phase.BET and seat is None and isinstance(action, _BETTING):
            rnd = self._round
            if rnd is not None and rnd.seat_to_act is not None:
                return self._bet(rnd.seat_to_act, action)._advance()
        if phase is Phase.COMPLETE:
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
            if step is None or self._game.auto:
                why = (
                    "the dealer deals from the deck"
                    if self._game.auto
                    else "nothing is to be dealt"
                )
                raise DealError(f"cannot {action}: {why}", legal=self._describe_legal())
            return self._manual_deal(step, action.cards)._advance()
        if phase is Phase.DEAL:
            raise ActionNotAvailableError(
                f"seat {seat if seat is not None else '?'} cannot {action}: the dealer must "
                f"deal first ({self._steps[0]})",
                seat=seat,
                legal="nothing",
            )
        actor = self.actor
        if actor is None:  # pragma: no cover - every other phase has an actor
            raise GameOverError(f"cannot {action}: nobody is to act", seat=seat)
        if seat is not None and seat != actor:
            raise OutOfTurnError(
                f"seat {seat} cannot {action}: it is seat {actor}'s turn "
                f"(legal: {self._describe_legal()})",
                seat=seat,
                legal=self._describe_legal(),
            )
        if phase is Phase.BET:
            return self._bet(actor, action)._advance()
        if phase is Phase.DRAW:
            return self._draw(actor, action)._advance()
        return self._show(actor, action)._advance()

    # -- internals: helpers -------------------------------------------------------------------

    def _with(self, **changes: Any) -> Hand:
        # A fast evolve: the state is immutable, so the new state may share every field.
        new = object.__new__(Hand)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        return new

    def _index(self, seat: int) -> int:
        try:
            return self._game.index[seat]
        except KeyError:
            raise InvalidDefinitionError(f"seat {seat} is not in this hand") from None

    def _describe_legal(self) -> str:
        legal = self.legal_actions()
        return legal.describe() if legal is not None else "nothing"

    def _refuse(self, seat: int, action: object, why: str) -> NoReturn:
        legal = self._describe_legal()
        raise ActionNotAvailableError(
            f"seat {seat} cannot {action}: {why} (legal: {legal})", seat=seat, legal=legal
        )

    def _advance(self) -> Hand:
        """Run the dealer until a player must act, a manual deal is due, or the hand ends."""
        hand = self
        while hand._phase is Phase.DEAL:
            if hand._steps:
                if not hand._game.auto:
                    return hand
                hand = hand._auto_deal(hand._steps[0])
            else:
                hand = hand._after_deal()
        return hand

    # -- dealing ------------------------------------------------------------------------------

    def _begin_deal(self, k: int, steps: tuple[DealStep, ...] = ()) -> Hand:
        game = self._game
        street = game.variant.streets[k]
        in_hand = self.in_hand
        plan = list(steps)
        if street.per_player:
            available = len(game.deck) - len(self._seen)
            if game.variant.common_card and street.per_player == 1 and available < len(in_hand):
                plan.append(DealStep(street=street.name, board=1))
            else:
                plan.extend(
                    DealStep(street=street.name, seat=s, down=street.down, up=street.up)
                    for s in in_hand
                )
        if street.board:
            plan.append(DealStep(street=street.name, board=street.board))
        hand = self._with(_phase=Phase.DEAL, _street=k, _steps=tuple(plan))
        if plan and game.auto and game.variant.burn and (k > 0 or steps):
            hand = hand._burn()
        return hand

    def _burn(self) -> Hand:
        if len(self._stub) <= sum(step.count for step in self._steps):
            return self  # the burn is skipped when the stub cannot spare it
        card = self._stub[0]
        return self._with(
            _stub=self._stub[1:],
            _muck=(*self._muck, card),
            _seen=self._seen | {card},
            _log=(*self._log, Burned(card)),
        )

    def _protected(self, step: DealStep) -> tuple[AnyCard, ...]:
        # Discards of players not yet served (the one being served included) stay out of a
        # reshuffle: dealt in turn, those players would not have discarded yet.
        waiting = {s.seat for s in self._steps} | {step.seat}
        return tuple(c for seat, cards in self._discards if seat in waiting for c in cards)

    def _auto_deal(self, step: DealStep) -> Hand:
        cards, stub, muck, fresh = draw_from_stub(
            self._stub,
            self._muck,
            step.count,
            protected=self._protected(step),
            seed=(self._game.seed, self._reshuffles),
        )
        if fresh is not None:
            hand = self._with(
                _reshuffles=self._reshuffles + 1, _log=(*self._log, Reshuffled(fresh))
            )
            return hand._dealt(step, cards, _stub=stub, _muck=muck)
        return self._dealt(step, cards, _stub=stub)

    def _manual_deal(self, step: DealStep, cards: tuple[AnyCard, ...]) -> Hand:
        in_play = set(self._board)
        for down, up, folded in zip(self._down, self._up, self._folded, strict=True):
            if not folded:
                in_play.update(down)
                in_play.update(up)
        check_manual_deal(
            step,
            cards,
            deck=self._game.deck,
            in_play=in_play,
            seen=self._seen,
            protected=self._protected(step),
        )
        return self._dealt(step, cards)

    def _dealt(self, step: DealStep, cards: tuple[AnyCard, ...], **changes: Any) -> Hand:
        seen = self._seen | set(cards)
        steps = self._steps[1:]
        if step.seat is None:
            return self._with(
                _board=self._board + cards,
                _seen=seen,
                _steps=steps,
                _log=(*self._log, Dealt(None, cards, (True,) * len(cards))),
                **changes,
            )
        i = self._game.index[step.seat]
        down, up = cards[: step.down], cards[step.down :]
        exposed = self._shown[i]
        flags = (exposed,) * len(down) + (True,) * len(up)
        return self._with(
            _down=_put(self._down, i, self._down[i] + down),
            _up=_put(self._up, i, self._up[i] + up),
            _seen=seen,
            _steps=steps,
            _log=(*self._log, Dealt(step.seat, cards, flags)),
            **changes,
        )

    def _after_deal(self) -> Hand:
        k = self._street
        hand = self._with(_discards=())
        game = self._game
        if k == 0 and game.variant.is_stud:
            low = game.variant.forced_bets.bring_in is BringInCard.HIGHEST
            # A player all-in for the ante cannot bring in: the lowest door card among the
            # players with chips does.
            able = [s for s in self.in_hand if self._stacks[game.index[s]] > 0] or self.in_hand
            doors = {s: c for s in able if isinstance(c := self._up[game.index[s]][0], Card)}
            seat = bring_in_seat(doors, highest=low, ace_low=low)
            posting = post_forced_bets(
                game.forced,
                stacks=dict(zip(game.seats, game.initial, strict=True)),
                button=game.button,
                kill=game.kill,
                owed=game.owed,
                bring_in_seat=seat,
            )
            hand = hand._with(_posting=posting)
        return hand._begin_bet(k)

    # -- betting ------------------------------------------------------------------------------

    def _structure(self, k: int) -> Structure:
        game = self._game
        street = game.variant.streets[k]
        structure = game.variant.structure_for(street, game.stakes)
        if (
            game.variant.open_pair_big_bet
            and isinstance(structure, FixedLimit)
            and street.bet_size is BetSize.SMALL
            and k > 0
            and any(
                len(up := self._up[game.index[s]]) == 2
                and isinstance(up[0], Card)
                and isinstance(up[1], Card)
                and up[0].rank == up[1].rank
                for s in self.in_hand
            )
        ):
            return FixedLimit(structure.bet, double_bet=game.stakes.big_bet)
        return structure

    def _begin_bet(self, k: int) -> Hand:
        game = self._game
        if not game.variant.streets[k].betting or len(self.in_hand) < 2:
            return self._end_bet(k)
        structure = self._structure(k)
        rules = game.rules[k]
        if k == game.first_betting:
            able = sum(1 for s in self.in_hand if self._stacks[game.index[s]] > 0)
            if game.variant.is_stud and able < 2:
                # Everyone but at most one is all-in for the ante: nobody can bring in.
                return self._with(_aggressor=None)._end_bet(k)
            rnd = self._posting.start_round(structure, rules)
        else:
            in_hand = self.in_hand
            if game.variant.is_stud:
                up = {
                    s: [c for c in self._up[game.index[s]] if isinstance(c, Card)] for s in in_hand
                }
                first = showdown_order(
                    in_hand, aggressor=None, up_cards=up, low=game.variant.low_order
                )
            else:
                first = in_hand
            rnd = BettingRound.start(
                order=first,
                stacks={s: self._stacks[game.index[s]] for s in in_hand},
                structure=structure,
                rules=rules,
                pot=sum(self.contributions.values()),
            )
        if rnd.is_closed:
            return self._with(_round=rnd, _aggressor=None)._end_bet(k)
        return self._with(_phase=Phase.BET, _round=rnd, _aggressor=None)

    def _betting_choices(self) -> LegalActions | None:
        rnd = self._round
        if rnd is None:
            return None
        legal = rnd.legal_actions()
        game = self._game
        lowball = game.variant.lowball
        if legal is None or lowball is None or not legal.check:
            return legal
        seat = legal.seat
        k = self._street
        if k == game.first_betting and not lowball.first_round_check:
            own_blind = self._posting.live.get(seat, 0) == rnd.current_bet > 0
            if not own_blind:
                return attrs.evolve(legal, check=False, fold=True)
            return attrs.evolve(legal, fold=False)
        if (
            k >= game.first_draw
            and lowball.sevens_rule is SevensPenalty.NO_CHECK
            and legal.bet is not None
            and self._seven_or_better(seat)
        ):
            return attrs.evolve(legal, check=False, fold=True)
        return legal

    def _seven_or_better(self, seat: int) -> bool:
        i = self._game.index[seat]
        return _SEVEN_OR_BETTER.value(self._down[i] + self._up[i], AnyFive(), ()) is not None

    def _bet(self, seat: int, action: Action) -> Hand:
        rnd = self._round
        if rnd is None or not isinstance(action, _BETTING):
            self._refuse(seat, action, "it is a betting round")
        if self._game.variant.lowball is not None:
            legal = self._betting_choices()
            if isinstance(action, Check) and legal and not legal.check and rnd.is_legal(action):
                self._refuse(seat, action, self._no_check_reason())
            if isinstance(action, Fold) and legal is not None and not legal.fold:
                self._refuse(seat, action, "there is no bet to fold to")
        after = rnd.apply(action, seat=seat)
        game = self._game
        i = game.index[seat]
        changes: dict[str, Any] = {
            "_round": after,
            "_stacks": _put(self._stacks, i, after.stacks[seat]),
            "_log": (*self._log, Acted(seat, action)),
        }
        if isinstance(action, Fold):
            changes["_folded"] = _put(self._folded, i, True)
            changes["_muck"] = (*self._muck, *self._down[i], *self._up[i])
        elif isinstance(action, _AGGRESSIVE):
            changes["_aggressor"] = seat
        elif (
            isinstance(action, Check)
            and game.variant.lowball is not None
            and game.variant.lowball.sevens_rule
            in (SevensPenalty.FORFEIT_ACTION, SevensPenalty.FORFEIT_POT)
            and self._street >= game.first_draw
            and self._seven_or_better(seat)
        ):
            changes["_violators"] = self._violators | {seat}
        hand = self._with(**changes)
        if after.is_closed:
            return hand._end_bet(self._street)
        return hand

    def _no_check_reason(self) -> str:
        if self._street == self._game.first_betting:
            return "no checking on the first round: open or fold"
        return "a seven or better may not be checked after the draw: bet or fold"

    def _end_bet(self, k: int) -> Hand:
        hand = self._with(_phase=Phase.DEAL, _round=None) if self._phase is Phase.BET else self
        in_hand = hand.in_hand
        if len(in_hand) <= 1:
            return hand._settle()
        last = len(self._game.variant.streets) - 1
        if k >= last:
            return hand._begin_showdown()
        index = self._game.index
        able = [s for s in in_hand if hand._stacks[index[s]] > 0]
        draws_left = any(s.draw for s in self._game.variant.streets[k + 1 :])
        if self._game.expose and len(able) <= 1 < len(in_hand) and not draws_left:
            queue = tuple(s for s in hand._showdown_order() if not hand._shown[index[s]])
            if queue:
                return hand._with(_phase=Phase.EXPOSE, _queue=queue)
        return hand._begin_street(k + 1)

    def _begin_street(self, k: int) -> Hand:
        game = self._game
        street = game.variant.streets[k]
        if street.draw is not None:
            queue = self.in_hand
            before = self._before_draw
            if before is None:
                before = tuple(a - b for a, b in zip(game.initial, self._stacks, strict=True))
            return self._with(
                _phase=Phase.DRAW, _street=k, _queue=queue, _before_draw=before, _discards=()
            )
        return self._begin_deal(k)

    # -- draws and showdowns ------------------------------------------------------------------

    def _draw(self, seat: int, action: Action) -> Hand:
        choices = self.legal_actions()
        if not isinstance(action, Discard | StandPat) or not isinstance(choices, DrawChoices):
            self._refuse(seat, action, "it is the draw: discard or stand pat")
        if action not in choices and isinstance(action, Discard):
            held = choices.held
            stranger = next((c for c in action.cards if c not in held), None)
            if stranger is not None:
                raise CardNotHeldError(
                    f"seat {seat} cannot discard {stranger}: it is not in the hand "
                    f"(legal: {choices.describe()})",
                    seat=seat,
                    legal=choices.describe(),
                )
            self._refuse(seat, action, f"a draw is up to {choices.max_discard} cards, each once")
        i = self._game.index[seat]
        thrown = action.cards if isinstance(action, Discard) else ()
        hand = self._with(
            _down=_put(self._down, i, tuple(c for c in self._down[i] if c not in thrown)),
            _up=_put(self._up, i, tuple(c for c in self._up[i] if c not in thrown)),
            _muck=(*self._muck, *thrown),
            _discards=(*self._discards, (seat, thrown)) if thrown else self._discards,
            _queue=self._queue[1:],
            _log=(*self._log, Acted(seat, action)),
        )
        if hand._queue:
            return hand
        steps = tuple(
            DealStep(street=hand.street, seat=s, down=len(cards)) for s, cards in hand._discards
        )
        return hand._begin_deal(hand._street, steps)

    def _showdown_order(self) -> tuple[int, ...]:
        game = self._game
        in_hand = self.in_hand
        up = None
        if game.variant.is_stud:
            up = {s: [c for c in self._up[game.index[s]] if isinstance(c, Card)] for s in in_hand}
        return showdown_order(
            in_hand, aggressor=self._aggressor, up_cards=up, low=game.variant.low_order
        )

    def _begin_showdown(self) -> Hand:
        index = self._game.index
        queue = tuple(s for s in self._showdown_order() if not self._shown[index[s]])
        if not queue:
            return self._settle()
        return self._with(_phase=Phase.SHOWDOWN, _queue=queue)

    def _bets(self) -> dict[int, int]:
        """Each seat's chips in the pot less dead money (a button or big-blind ante, dead
        blinds), which goes to the main pot and is never an uncalled bet."""
        dead = self._dead
        return {s: c - dead.get(s, 0) for s, c in self.contributions.items()}

    @property
    def _dead(self) -> dict[int, int]:
        dead: dict[int, int] = {}
        for post in self._posting.posts:
            if not post.live and post.kind != "ante":
                dead[post.seat] = dead.get(post.seat, 0) + post.amount
        return dead

    def _may_muck(self, seat: int) -> bool:
        index = self._game.index
        out = [s for s in self._game.seats if self._folded[index[s]] or self._mucked[index[s]]]
        pots = side_pots(self._bets(), out)
        return all(any(s != seat for s in pot.eligible) for pot in pots if seat in pot.eligible)

    def _show(self, seat: int, action: Action) -> Hand:
        if not isinstance(action, ShowHand | Muck):
            self._refuse(seat, action, "it is the showdown: show or muck")
        if isinstance(action, Muck) and (self._phase is Phase.EXPOSE or not self._may_muck(seat)):
            self._refuse(
                seat,
                action,
                "a hand must be shown when all-in hands are turned up, "
                "or when no other hand could claim a pot",
            )
        i = self._game.index[seat]
        log = (*self._log, Acted(seat, action))
        if isinstance(action, Muck):
            hand = self._with(
                _mucked=_put(self._mucked, i, True),
                _muck=(*self._muck, *self._down[i], *self._up[i]),
                _queue=self._queue[1:],
                _log=log,
            )
        else:
            hand = self._with(_shown=_put(self._shown, i, True), _queue=self._queue[1:], _log=log)
        if self._phase is Phase.EXPOSE:
            return hand if hand._queue else hand._begin_street(self._street + 1)
        if hand._queue and len(hand.in_hand) > 1:
            return hand
        return hand._settle()

    # -- settlement ---------------------------------------------------------------------------

    def _settle(self) -> Hand:
        game = self._game
        index = game.index
        contenders = self.in_hand
        holdings = {
            s: Holding(down=self._down[index[s]], up=self._up[index[s]]) for s in contenders
        }
        out = [s for s in game.seats if self._folded[index[s]] or self._mucked[index[s]]]
        variant = game.variant
        sevens = variant.lowball.sevens_rule if variant.lowball else None
        dead = self._dead
        before = None
        if self._before_draw is not None:
            before = {
                s: c - dead.get(s, 0) for s, c in zip(game.seats, self._before_draw, strict=True)
            }
        result = settle(
            variant.showdown,
            contributions=self._bets(),
            out=out,
            holdings=holdings,
            board=self._board,
            carried_in=game.carried + sum(dead.values()),
            chip=game.stakes.chip,
            button_order=clockwise_from(game.button, game.seats),
            stud_odd_chip=variant.stud_odd_chip if variant.is_stud and len(holdings) > 1 else None,
            violators=self._violators,
            sevens=sevens,
            before_draw=before,
        )
        stacks = list(self._stacks)
        log = list(self._log)
        for seat, chips in result.returned:
            stacks[index[seat]] += chips
            log.append(Returned(seat, chips))
        for award in result.awards:
            for seat, chips in award.payouts:
                stacks[index[seat]] += chips
                log.append(Won(seat, chips, award.name))
        if result.carried:
            log.append(CarriedOver(result.carried))
        outcome = Outcome(
            stacks=dict(zip(game.seats, stacks, strict=True)),
            awards=result.awards,
            returned=result.returned,
            carried=result.carried,
            shown={s: h for s, h in holdings.items() if self._shown[index[s]]},
            uncontested=len(contenders) == 1 and self._phase is not Phase.SHOWDOWN,
            forced=sum(p.amount for p in self._posting.posts),
            voided=result.voided,
        )
        return self._with(
            _phase=Phase.COMPLETE,
            _round=None,
            _queue=(),
            _steps=(),
            _stacks=tuple(stacks),
            _log=tuple(log),
            _outcome=outcome,
        )
