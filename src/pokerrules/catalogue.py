"""The catalogue: the variants the library ships, registered for :func:`~pokerrules.variants.find_variant`.

Each is a :class:`~pokerrules.variants.Variant` value built from rule components; derive your own
with :func:`attrs.evolve`. Sources for each game are in the docstrings below and in the
catalogue guide.

>>> from pokerrules.catalogue import CATALOGUE
>>> [v.name for v in CATALOGUE][:3]
["Limit Texas hold'em", "Pot-limit Texas hold'em", "No-limit Texas hold'em"]
"""

from __future__ import annotations

from typing import Final

import attrs

from pokerrules.betting import BettingRules
from pokerrules.cards import STANDARD_CARDS, Deck, Rank
from pokerrules.evaluation import Scale
from pokerrules.forced_bets import AnteKind
from pokerrules.kill import FULL_KILL, HALF_KILL, KillRules
from pokerrules.showdown import (
    HighHand,
    HighSpadeInHole,
    HoleAndBoard,
    LowHand,
    LowSpadeInHole,
    Showdown,
)
from pokerrules.variants import (
    BetSize,
    BettingStructure,
    BringInCard,
    Draw,
    ForcedBetRules,
    LowballRules,
    Stakes,
    Street,
    Variant,
    register,
)

__all__ = [
    "ACE_TO_FIVE_TRIPLE_DRAW",
    "BADUGI",
    "CALIFORNIA_LOWBALL",
    "CATALOGUE",
    "CHICAGO_HIGH_SPADE",
    "COURCHEVEL",
    "COURCHEVEL_HI_LO",
    "DEUCE_TO_SEVEN_SINGLE_DRAW",
    "DEUCE_TO_SEVEN_TRIPLE_DRAW",
    "FIVE_CARD_DRAW",
    "FIVE_CARD_DRAW_ANTE",
    "FIVE_CARD_OMAHA",
    "FIVE_CARD_OMAHA_HI_LO",
    "LIMIT_HOLDEM",
    "LIMIT_HOLDEM_FULL_KILL",
    "LIMIT_HOLDEM_HALF_KILL",
    "LIMIT_OMAHA",
    "LIMIT_OMAHA_HI_LO",
    "LOW_CHICAGO",
    "NO_LIMIT_HOLDEM",
    "NO_LIMIT_HOLDEM_BOMB_POT",
    "NO_LIMIT_HOLDEM_DOUBLE_BOARD",
    "NO_LIMIT_HOLDEM_RUN_TWICE",
    "NO_LIMIT_SHORT_DECK_HOLDEM",
    "POT_LIMIT_HOLDEM",
    "POT_LIMIT_OMAHA",
    "POT_LIMIT_OMAHA_BOMB_POT",
    "POT_LIMIT_OMAHA_DOUBLE_BOARD",
    "POT_LIMIT_OMAHA_HI_LO",
    "RAZZ",
    "SEVEN_CARD_STUD",
    "SEVEN_CARD_STUD_HI_LO",
    "SIX_CARD_OMAHA",
    "SIX_PLUS_HOLDEM_TRIPS_OVER_STRAIGHT",
    "default_stakes",
]

_SMALL, _BIG = BetSize.SMALL, BetSize.BIG
HIGH: Final = Showdown(shares=(HighHand(),))
HI_LO: Final = Showdown(shares=(HighHand(), LowHand(qualifier=8)))

_HOLDEM_STREETS: Final = (
    Street(name="pre-flop", down=2, bet_size=_SMALL),
    Street(name="flop", board=3, bet_size=_SMALL),
    Street(name="turn", board=1, bet_size=_BIG),
    Street(name="river", board=1, bet_size=_BIG),
)

#: Limit Texas hold'em: two blinds, two hole cards, a five-card board; small bets pre-flop and on
#: the flop, big bets on the turn and river (Robert's Rules of Poker, "Hold'em").
LIMIT_HOLDEM: Final = Variant(
    name="Limit Texas hold'em",
    aliases=("limit hold'em", "limit holdem", "fixed-limit hold'em", "FLHE", "LHE"),
    streets=_HOLDEM_STREETS,
    structure=BettingStructure.FIXED_LIMIT,
    showdown=HIGH,
)

#: Limit hold'em with a full kill: a kill blind of twice the big blind and doubled limits,
#: triggered by two pots in a row (Robert's Rules of Poker, "Kill Pots"; WSOP Live-Action rules).
LIMIT_HOLDEM_FULL_KILL: Final = attrs.evolve(
    LIMIT_HOLDEM,
    name="Limit hold'em with a full kill",
    aliases=("full-kill hold'em", "kill hold'em", "limit hold'em full kill"),
    kill=KillRules(size=FULL_KILL),
)

#: Limit hold'em with a half kill: one and a half times the big blind and the limits ($4/$8
#: plays $6/$12; Robert's Rules of Poker, "Kill Pots").
LIMIT_HOLDEM_HALF_KILL: Final = attrs.evolve(
    LIMIT_HOLDEM,
    name="Limit hold'em with a half kill",
    aliases=("half-kill hold'em", "limit hold'em half kill"),
    kill=KillRules(size=HALF_KILL),
)

#: Pot-limit Texas hold'em.
POT_LIMIT_HOLDEM: Final = attrs.evolve(
    LIMIT_HOLDEM,
    name="Pot-limit Texas hold'em",
    aliases=("pot-limit hold'em", "pot-limit holdem", "PLHE"),
    structure=BettingStructure.POT_LIMIT,
)

#: No-limit Texas hold'em.
NO_LIMIT_HOLDEM: Final = attrs.evolve(
    LIMIT_HOLDEM,
    name="No-limit Texas hold'em",
    aliases=("no-limit hold'em", "no-limit holdem", "NLHE", "hold'em", "holdem", "Texas hold'em"),
    structure=BettingStructure.NO_LIMIT,
)

_OMAHA_STREETS: Final = (
    Street(name="pre-flop", down=4, bet_size=_SMALL),
    *_HOLDEM_STREETS[1:],
)

#: Pot-limit Omaha: four hole cards, exactly two of them and three board cards make the hand
#: (Robert's Rules of Poker, "Omaha").
POT_LIMIT_OMAHA: Final = Variant(
    name="Pot-limit Omaha",
    aliases=("Omaha", "PLO", "pot-limit Omaha high"),
    streets=_OMAHA_STREETS,
    structure=BettingStructure.POT_LIMIT,
    showdown=Showdown(shares=(HighHand(),), selection=HoleAndBoard()),
)

#: Fixed-limit Omaha high-low split, eight or better (Robert's Rules of Poker, "Omaha
#: High-Low"): half to the best high, half to the best qualifying low, two plus three each way.
LIMIT_OMAHA_HI_LO: Final = attrs.evolve(
    POT_LIMIT_OMAHA,
    name="Limit Omaha hi/lo",
    aliases=("Omaha hi/lo", "Omaha eight-or-better", "Omaha/8", "O8", "limit Omaha hi-lo"),
    structure=BettingStructure.FIXED_LIMIT,
    showdown=Showdown(shares=(HighHand(), LowHand(qualifier=8)), selection=HoleAndBoard()),
)

_STUD_STREETS: Final = (
    Street(name="third street", down=2, up=1, bet_size=_SMALL),
    Street(name="fourth street", up=1, bet_size=_SMALL),
    Street(name="fifth street", up=1, bet_size=_BIG),
    Street(name="sixth street", up=1, bet_size=_BIG),
    Street(name="seventh street", down=1, bet_size=_BIG),
)

#: Seven-card stud: antes, the low door card brings in, the best hand showing acts first on
#: later streets; up to eight players, with a common last card when the deck runs short
#: (Robert's Rules of Poker, "Seven-Card Stud").
SEVEN_CARD_STUD: Final = Variant(
    name="Seven-card stud",
    aliases=("stud", "7-card stud", "seven card stud"),
    streets=_STUD_STREETS,
    forced_bets=ForcedBetRules(blinds=0, ante=AnteKind.EACH, bring_in=BringInCard.LOWEST),
    structure=BettingStructure.FIXED_LIMIT,
    showdown=HIGH,
    open_pair_big_bet=True,
    common_card=True,
    max_players=8,
)

#: Seven-card stud high-low split, eight or better (Robert's Rules of Poker, "Seven-Card Stud
#: High-Low").
SEVEN_CARD_STUD_HI_LO: Final = attrs.evolve(
    SEVEN_CARD_STUD,
    name="Seven-card stud hi/lo",
    aliases=("stud hi/lo", "stud eight-or-better", "stud/8", "stud hi-lo"),
    showdown=HI_LO,
    open_pair_big_bet=False,
)

#: Razz: seven-card stud for the best ace-to-five low; the high door card brings in and the
#: lowest hand showing acts first (Robert's Rules of Poker, "Seven-Card Stud Low (Razz)").
RAZZ: Final = attrs.evolve(
    SEVEN_CARD_STUD,
    name="Razz",
    aliases=("seven-card razz", "stud low"),
    forced_bets=ForcedBetRules(blinds=0, ante=AnteKind.EACH, bring_in=BringInCard.HIGHEST),
    showdown=Showdown(shares=(LowHand(),)),
    open_pair_big_bet=False,
)

#: Chicago High Spade: seven-card stud in which half the pot goes to the best high hand and half
#: to the highest spade dealt face down; face-up spades never count; up to seven players
#: (Wikibooks "Poker/High Chicago"; pagat "Chicago"). The share's ``if_none`` says what happens with
#: no hole spade.
CHICAGO_HIGH_SPADE: Final = attrs.evolve(
    SEVEN_CARD_STUD,
    name="Chicago High Spade",
    aliases=("High Chicago", "Chicago", "high spade"),
    showdown=Showdown(shares=(HighHand(), HighSpadeInHole())),
    common_card=False,
    max_players=7,
)

#: Low Chicago: the lowest spade in the hole takes the other half (Everything2 "Low Chicago");
#: the share's ``ace`` says where the ace of spades ranks.
LOW_CHICAGO: Final = attrs.evolve(
    CHICAGO_HIGH_SPADE,
    name="Low Chicago",
    aliases=("Chicago low spade", "low spade"),
    showdown=Showdown(shares=(HighHand(), LowSpadeInHole())),
)

_DRAW_STREETS: Final = (
    Street(name="before the draw", down=5, bet_size=_SMALL),
    Street(name="after the draw", draw=Draw(max_discard=5), bet_size=_BIG),
)

#: Five-card draw (draw high) with blinds; two betting rounds, so the cap is five bets (Robert's
#: Rules of Poker, "Draw High"; ``BettingRules.cap``).
FIVE_CARD_DRAW: Final = Variant(
    name="Five-card draw",
    aliases=("draw", "5-card draw", "draw high", "draw poker"),
    streets=_DRAW_STREETS,
    structure=BettingStructure.FIXED_LIMIT,
    betting=BettingRules(cap=5),
    showdown=HIGH,
    max_players=8,
)

#: Five-card draw played with antes and no blinds: the first round opens with nothing to call,
#: left of the button (Wikipedia "Blind (poker)": games with no blinds use antes).
FIVE_CARD_DRAW_ANTE: Final = attrs.evolve(
    FIVE_CARD_DRAW,
    name="Five-card draw with antes",
    aliases=("ante draw", "draw with antes", "ante-only draw"),
    forced_bets=ForcedBetRules(blinds=0, ante=AnteKind.EACH),
)

#: California lowball: limit ace-to-five lowball with the joker, played with blinds; no checking
#: on the first round, no check-raise after the draw, the sevens rule (Robert's Rules of Poker,
#: "Lowball" and "Ace-to-Five Lowball"; BARGE rulebook, appendix B).
CALIFORNIA_LOWBALL: Final = Variant(
    name="California lowball",
    aliases=("lowball", "ace-to-five lowball", "A-5 lowball", "ace to five lowball"),
    deck=Deck.standard(joker=True),
    streets=_DRAW_STREETS,
    structure=BettingStructure.FIXED_LIMIT,
    betting=BettingRules(cap=5),
    showdown=Showdown(shares=(LowHand(),)),
    lowball=LowballRules(),
    max_players=8,
)

_TRIPLE_DRAW_STREETS: Final = (
    Street(name="before the first draw", down=5, bet_size=_SMALL),
    Street(name="after the first draw", draw=Draw(max_discard=5), bet_size=_SMALL),
    Street(name="after the second draw", draw=Draw(max_discard=5), bet_size=_BIG),
    Street(name="after the third draw", draw=Draw(max_discard=5), bet_size=_BIG),
)

#: Deuce-to-seven triple draw, fixed limit (PHH variant code F2L3D).
DEUCE_TO_SEVEN_TRIPLE_DRAW: Final = Variant(
    name="Deuce-to-seven triple draw",
    aliases=("2-7 triple draw", "triple draw"),
    streets=_TRIPLE_DRAW_STREETS,
    structure=BettingStructure.FIXED_LIMIT,
    showdown=Showdown(shares=(LowHand(scale=Scale.DEUCE_TO_SEVEN_LOW),)),
    max_players=6,
)

#: No-limit deuce-to-seven single draw, Kansas City lowball (PHH variant code N2L1D).
DEUCE_TO_SEVEN_SINGLE_DRAW: Final = Variant(
    name="No-limit deuce-to-seven single draw",
    aliases=("2-7 single draw", "Kansas City lowball", "deuce-to-seven lowball"),
    streets=_DRAW_STREETS,
    structure=BettingStructure.NO_LIMIT,
    showdown=Showdown(shares=(LowHand(scale=Scale.DEUCE_TO_SEVEN_LOW),)),
    max_players=6,
)

#: No-limit short-deck (six-plus) hold'em: 36 cards, sixes to aces; a flush beats a full house
#: and A-6-7-8-9 is the lowest straight; everyone antes and the button posts a blind (Wikipedia,
#: "Six-plus hold 'em"; PHH variant code NS).
NO_LIMIT_SHORT_DECK_HOLDEM: Final = Variant(
    name="No-limit short-deck hold'em",
    aliases=("short-deck hold'em", "short deck", "six-plus hold'em", "6+ hold'em"),
    deck=Deck(cards=tuple(c for c in STANDARD_CARDS if c.rank >= Rank.SIX)),
    streets=_HOLDEM_STREETS,
    structure=BettingStructure.NO_LIMIT,
    forced_bets=ForcedBetRules(blinds=1, ante=AnteKind.EACH, button_blind=True),
    showdown=Showdown(shares=(HighHand(scale=Scale.SHORT_DECK),)),
    max_players=9,
)

#: Badugi, fixed limit: four cards, three draws, the best badugi hand wins (Wikipedia,
#: "Badugi"; PHH variant code FB).
BADUGI: Final = Variant(
    name="Fixed-limit badugi",
    aliases=("badugi",),
    streets=(
        Street(name="before the first draw", down=4, bet_size=_SMALL),
        Street(name="after the first draw", draw=Draw(max_discard=4), bet_size=_SMALL),
        Street(name="after the second draw", draw=Draw(max_discard=4), bet_size=_BIG),
        Street(name="after the third draw", draw=Draw(max_discard=4), bet_size=_BIG),
    ),
    structure=BettingStructure.FIXED_LIMIT,
    showdown=Showdown(shares=(LowHand(scale=Scale.BADUGI),)),
    max_players=6,
)


def _bomb_pot(variant: Variant, *, name: str, aliases: tuple[str, ...]) -> Variant:
    """``variant`` as a bomb pot: every player antes the agreed amount (the stakes' ante), no
    blinds, and no betting before the flop: the first betting round is on the flop, begun by
    the first player left of the button."""
    first, *later = variant.streets
    return attrs.evolve(
        variant,
        name=name,
        aliases=aliases,
        streets=(attrs.evolve(first, betting=False), *later),
        forced_bets=ForcedBetRules(blinds=0, ante=AnteKind.EACH),
    )


#: A no-limit hold'em bomb pot: everyone antes an agreed amount (often five big blinds), the hole
#: cards and the flop are dealt with no betting before the flop, and the betting starts on the
#: flop with the first player left of the button (PokerStars Learn, "What Is a Bomb Pot in
#: Poker?"; pokernews.com, "'Bomb Pots' Need to Be Defused"; bombpot.poker, "FAQ": "In lieu of
#: blinds, antes are collected from each player ... No pre-flop betting"). The stakes give the
#: ante and the minimum bet: ``Stakes(ante=10, min_bet=2)``.
NO_LIMIT_HOLDEM_BOMB_POT: Final = _bomb_pot(
    NO_LIMIT_HOLDEM,
    name="No-limit hold'em bomb pot",
    aliases=("bomb pot", "hold'em bomb pot", "NLHE bomb pot"),
)

#: A pot-limit Omaha bomb pot: the same antes and no betting before the flop, with Omaha's four
#: hole cards (PokerStars Learn, "What Is a Bomb Pot in Poker?", on the pot-limit Omaha bomb
#: pots of the European Poker Tour).
POT_LIMIT_OMAHA_BOMB_POT: Final = _bomb_pot(
    POT_LIMIT_OMAHA,
    name="Pot-limit Omaha bomb pot",
    aliases=("PLO bomb pot", "Omaha bomb pot"),
)

#: No-limit hold'em run twice: whenever the betting ends with players all-in and board cards to
#: come, the rest of the board is dealt twice and each pot is split between the two runouts, the
#: odd chip to the first (Wikipedia, "Glossary of poker terms": run it twice; the "Run It Twice"
#: option of online cash tables; pokerkit's runout count, :mod:`pokerrules.runouts`).
NO_LIMIT_HOLDEM_RUN_TWICE: Final = attrs.evolve(
    NO_LIMIT_HOLDEM,
    name="No-limit hold'em, run twice",
    aliases=("run it twice", "run-it-twice hold'em", "NLHE run twice"),
    runouts=2,
)

#: Fixed-limit Omaha high: pot-limit Omaha's deal and hands with limit betting (Robert's Rules
#: of Poker, "Omaha": the game is played limit or pot-limit).
LIMIT_OMAHA: Final = attrs.evolve(
    POT_LIMIT_OMAHA,
    name="Limit Omaha",
    aliases=("limit Omaha high", "fixed-limit Omaha", "limit Omaha hi"),
    structure=BettingStructure.FIXED_LIMIT,
)

_OMAHA_HI_LO: Final = Showdown(shares=(HighHand(), LowHand(qualifier=8)), selection=HoleAndBoard())

#: Pot-limit Omaha high-low split, eight or better: Omaha hi/lo's showdown with pot-limit
#: betting (Robert's Rules of Poker, "Omaha High-Low").
POT_LIMIT_OMAHA_HI_LO: Final = attrs.evolve(
    POT_LIMIT_OMAHA,
    name="Pot-limit Omaha hi/lo",
    aliases=("PLO8", "PLO hi/lo", "pot-limit Omaha eight-or-better", "pot-limit Omaha hi-lo"),
    showdown=_OMAHA_HI_LO,
)


def _omaha_streets(hole: int) -> tuple[Street, ...]:
    return (Street(name="pre-flop", down=hole, bet_size=_SMALL), *_HOLDEM_STREETS[1:])


#: Pot-limit five-card Omaha: five hole cards, still exactly two of them with three board cards
#: (Wikipedia, "Omaha hold 'em", "Five-card Omaha"); up to eight players, as the deck allows.
FIVE_CARD_OMAHA: Final = attrs.evolve(
    POT_LIMIT_OMAHA,
    name="Pot-limit five-card Omaha",
    aliases=("five-card Omaha", "5-card Omaha", "PLO5", "5 Card Omaha"),
    streets=_omaha_streets(5),
    max_players=8,
)

#: Pot-limit five-card Omaha hi/lo, eight or better, "Big O" (Wikipedia, "Omaha hold 'em",
#: "Five-card Omaha": the high-low split game is often called Big O).
FIVE_CARD_OMAHA_HI_LO: Final = attrs.evolve(
    FIVE_CARD_OMAHA,
    name="Pot-limit five-card Omaha hi/lo",
    aliases=("Big O", "five-card Omaha hi/lo", "5-card Omaha hi/lo", "PLO5 hi/lo"),
    showdown=_OMAHA_HI_LO,
)

#: Pot-limit six-card Omaha: six hole cards, exactly two of them with three board cards
#: (Wikipedia, "Omaha hold 'em", "Six-card Omaha"); up to seven players.
SIX_CARD_OMAHA: Final = attrs.evolve(
    POT_LIMIT_OMAHA,
    name="Pot-limit six-card Omaha",
    aliases=("six-card Omaha", "6-card Omaha", "PLO6", "6 Card Omaha"),
    streets=_omaha_streets(6),
    max_players=7,
)

#: Pot-limit Courchevel: five hole cards and the first board card dealt before the first betting
#: round, two more board cards on the flop; hands are made as in Omaha, exactly two hole cards
#: and three board cards (Wikipedia, "Omaha hold 'em", "Courchevel").
COURCHEVEL: Final = attrs.evolve(
    FIVE_CARD_OMAHA,
    name="Pot-limit Courchevel",
    aliases=("Courchevel", "Courchevel high"),
    streets=(
        Street(name="pre-flop", down=5, board=1, bet_size=_SMALL),
        Street(name="flop", board=2, bet_size=_SMALL),
        *_HOLDEM_STREETS[2:],
    ),
)

#: Pot-limit Courchevel hi/lo, eight or better (Wikipedia, "Omaha hold 'em", "Courchevel": also
#: played high-low).
COURCHEVEL_HI_LO: Final = attrs.evolve(
    COURCHEVEL,
    name="Pot-limit Courchevel hi/lo",
    aliases=("Courchevel hi/lo", "Courchevel eight-or-better"),
    showdown=_OMAHA_HI_LO,
)

#: Ace-to-five triple draw, fixed limit: triple draw's deal and betting for the best ace-to-five
#: low, no joker, straights and flushes not counting (Wikipedia, "Triple draw": "A-5 triple
#: draw"; Robert's Rules of Poker, "Ace-to-Five Lowball" for the ranking).
ACE_TO_FIVE_TRIPLE_DRAW: Final = attrs.evolve(
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    name="Ace-to-five triple draw",
    aliases=("A-5 triple draw", "ace-to-five lowball triple draw"),
    showdown=Showdown(shares=(LowHand(),)),
)

#: No-limit six-plus hold'em as PokerStars deals it: short-deck hold'em in which three of a kind
#: beats a straight (and a flush still beats a full house); everyone antes and the button posts
#: a blind (PokerStars, "6+ Hold'em" rules; Wikipedia, "Six-plus hold 'em": rooms differ on
#: trips and straights).
SIX_PLUS_HOLDEM_TRIPS_OVER_STRAIGHT: Final = attrs.evolve(
    NO_LIMIT_SHORT_DECK_HOLDEM,
    name="No-limit six-plus hold'em, trips over a straight",
    aliases=("6+ hold'em trips over straight", "six-plus hold'em trips over straight"),
    showdown=Showdown(shares=(HighHand(scale=Scale.SHORT_DECK_TRIPS_OVER_STRAIGHT),)),
)

#: Double-board no-limit hold'em: two boards are dealt on every street (one burn, then the top
#: board's cards, then the bottom board's), the betting between the streets as usual, and each
#: pot is split in half between the best hands on each board, the odd chip of the split to the
#: top board (the Asian Poker Tour handbook, "Double Board - Hold'em", the split-pot form;
#: Wikipedia, "Texas hold 'em", variants: double-board hold'em). A hand uses the cards of one
#: board at a time.
NO_LIMIT_HOLDEM_DOUBLE_BOARD: Final = attrs.evolve(
    NO_LIMIT_HOLDEM,
    name="No-limit hold'em, double board",
    aliases=("double-board hold'em", "double board hold'em", "double flop hold'em"),
    boards=2,
)

#: Double-board pot-limit Omaha: Omaha's four hole cards (two of them with three of a board)
#: on two boards, each pot split between the boards as in double-board hold'em; the usual
#: game of double-board bomb pots (the Asian Poker Tour handbook, "Double Board - Hold'em";
#: PokerStars Learn, "What Is a Bomb Pot in Poker?").
POT_LIMIT_OMAHA_DOUBLE_BOARD: Final = attrs.evolve(
    POT_LIMIT_OMAHA,
    name="Pot-limit Omaha, double board",
    aliases=("double-board Omaha", "double board PLO", "double-board PLO"),
    boards=2,
)

#: Every catalogue variant, in catalogue order.
CATALOGUE: Final[tuple[Variant, ...]] = (
    LIMIT_HOLDEM,
    POT_LIMIT_HOLDEM,
    NO_LIMIT_HOLDEM,
    LIMIT_HOLDEM_FULL_KILL,
    LIMIT_HOLDEM_HALF_KILL,
    POT_LIMIT_OMAHA,
    LIMIT_OMAHA_HI_LO,
    SEVEN_CARD_STUD,
    SEVEN_CARD_STUD_HI_LO,
    RAZZ,
    CHICAGO_HIGH_SPADE,
    LOW_CHICAGO,
    FIVE_CARD_DRAW,
    FIVE_CARD_DRAW_ANTE,
    CALIFORNIA_LOWBALL,
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    DEUCE_TO_SEVEN_SINGLE_DRAW,
    BADUGI,
    NO_LIMIT_SHORT_DECK_HOLDEM,
    NO_LIMIT_HOLDEM_BOMB_POT,
    POT_LIMIT_OMAHA_BOMB_POT,
    NO_LIMIT_HOLDEM_RUN_TWICE,
    LIMIT_OMAHA,
    POT_LIMIT_OMAHA_HI_LO,
    FIVE_CARD_OMAHA,
    FIVE_CARD_OMAHA_HI_LO,
    SIX_CARD_OMAHA,
    COURCHEVEL,
    COURCHEVEL_HI_LO,
    ACE_TO_FIVE_TRIPLE_DRAW,
    SIX_PLUS_HOLDEM_TRIPS_OVER_STRAIGHT,
    NO_LIMIT_HOLDEM_DOUBLE_BOARD,
    POT_LIMIT_OMAHA_DOUBLE_BOARD,
)

for _variant in CATALOGUE:
    register(_variant)


def default_stakes(variant: Variant) -> Stakes:
    """Plain stakes that suit ``variant``, for examples, bots and quick games: antes of 1 and a
    bring-in of 3 at $10/$20 for stud; an ante of 2 at $10/$20 for a game without blinds; a
    button blind of 2 (10 at $10/$20 limits) and an ante of 1 for a button-blind game; $5/$10
    blinds at $10/$20 for a limit game; $1/$2 blinds otherwise.

    >>> from pokerrules.catalogue import LIMIT_HOLDEM, NO_LIMIT_SHORT_DECK_HOLDEM
    >>> default_stakes(LIMIT_HOLDEM).blinds, default_stakes(NO_LIMIT_SHORT_DECK_HOLDEM).blinds
    ((5, 10), (2,))
    """
    forced = variant.forced_bets
    if variant.is_stud:
        return Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)
    if not forced.blinds:
        return Stakes(ante=2, small_bet=10, big_bet=20)
    if forced.button_blind and variant.structure.is_limit:
        return Stakes(blinds=(10,), ante=1, small_bet=10, big_bet=20)
    if forced.button_blind:
        return Stakes(blinds=(2,), ante=1)
    if variant.structure.is_limit:
        return Stakes.limit(10, 20)
    return Stakes.no_limit(1, 2)
