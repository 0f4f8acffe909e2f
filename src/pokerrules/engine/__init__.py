"""The hand engine: one hand of any variant, as an immutable state machine.

:meth:`Hand.start` takes a :class:`~pokerrules.variants.Variant`, the
:class:`~pokerrules.variants.Stakes` (amounts, kept apart from the rules), the seats with their
stacks, the button, and an explicit deck or a seed. It posts the forced bets and deals; then
:meth:`Hand.legal_actions` says what the player to act may do and :meth:`Hand.apply` returns the
hand after an action. Everything -- forced bets, cards dealt, actions, awards -- goes into
:attr:`Hand.log`, from which :meth:`Hand.replay` rebuilds the hand exactly.

The engine does no chip arithmetic of its own: the betting round is
:class:`~pokerrules.betting.BettingRound`, the forced bets
:func:`~pokerrules.forced_bets.post_forced_bets`, the pots :mod:`pokerrules.pots`, the shares
:mod:`pokerrules.showdown`; the engine sequences them.

A no-limit hold'em hand from a stacked deck:

>>> from pokerrules.actions import Call, Check, Raise
>>> from pokerrules.cards import Deck
>>> from pokerrules.engine import Hand, ShowHand
>>> from pokerrules.variants import Stakes, find_variant
>>> deck = Deck.ordered("As Ad 7c 2d Kh Qh 3s 9c 8d 4h 5s Jc 6d Th")
>>> hand = Hand.start(find_variant("no-limit hold'em"), stakes=Stakes.no_limit(1, 2),
...                   stacks=[100, 100, 100], button=2, deck=deck)
>>> hand.actor, hand.legal_actions()
(2, LegalActions(seat=2, fold=True, call=2, raise_to=Range(4, 100)))
>>> hand = hand.apply(Raise(to=6)).apply(Call()).apply(Call())
>>> hand.street, hand.board                   # the dealer burned the 3s first
('flop', (Card('9c'), Card('8d'), Card('4h')))
>>> for _ in range(3 * 3):
...     hand = hand.apply(Check())
>>> hand.phase, hand.actor
(<Phase.SHOWDOWN: 'showdown'>, 0)
>>> while not hand.is_complete:
...     hand = hand.apply(ShowHand())
>>> hand.board[3:], hand.outcome.payouts, hand.stacks   # seat 2 makes a straight
((Card('Jc'), Card('Th')), {2: 18}, {0: 94, 1: 94, 2: 112})

With a :class:`ShowdownPolicy` the dealer shows the hands down (or mucks the beaten ones), so
a bot loop is just ``while not hand.is_complete: hand = hand.apply(bot(hand))``:

>>> from pokerrules.engine import ShowdownPolicy
>>> deck = Deck.ordered("As Ad 3c 2d Kh Qh 3s 9c 8d 4h 5s Jc 6d Th")
>>> hand = Hand.start(find_variant("no-limit hold'em"), stakes=Stakes.no_limit(1, 2),
...                   stacks=[100, 100, 100], button=2, deck=deck,
...                   showdown=ShowdownPolicy.MUCK_LOSERS)
>>> while not hand.is_complete:
...     hand = hand.check_or_call()
>>> [str(event) for event in hand.log[-4:]]   # the aces beat seat 1's jack high
['seat 0: show', 'seat 1: muck', 'seat 2: show', 'seat 2 wins 6 from the main pot']

Inside, a hand's state is one value (:class:`~pokerrules.engine.state.State`: tuples and ints,
each action copying only what it changes, the log a linked list made a tuple when read); the
transitions of :mod:`pokerrules.engine.flow` are pure functions from one state to the next,
:mod:`pokerrules.engine.choices` says what is legal in a state, and :class:`Hand` is the
immutable public face over them. Inputs are checked where they enter (:meth:`Hand.start`,
:meth:`Hand.apply`); the steps inside trust the values the library built.
"""

from pokerrules.engine.actions import (
    Action,
    Choices,
    ChooseRunouts,
    Deal,
    DealStep,
    Discard,
    DrawChoices,
    Muck,
    PlayerAction,
    ShowdownChoices,
    ShowHand,
    StandPat,
)
from pokerrules.engine.events import (
    Acted,
    BoardDealt,
    Burned,
    CarriedOver,
    Dealt,
    Event,
    Posted,
    Raked,
    RanOut,
    Reshuffled,
    Returned,
    Won,
)
from pokerrules.engine.hand import Hand, Phase, ShowdownPolicy
from pokerrules.engine.settle import Outcome

__all__ = [
    "Acted",
    "Action",
    "BoardDealt",
    "Burned",
    "CarriedOver",
    "Choices",
    "ChooseRunouts",
    "Deal",
    "DealStep",
    "Dealt",
    "Discard",
    "DrawChoices",
    "Event",
    "Hand",
    "Muck",
    "Outcome",
    "Phase",
    "PlayerAction",
    "Posted",
    "Raked",
    "RanOut",
    "Reshuffled",
    "Returned",
    "ShowHand",
    "ShowdownChoices",
    "ShowdownPolicy",
    "StandPat",
    "Won",
]
