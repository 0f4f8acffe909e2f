"""What a site's hand says, in one shape for every site.

Each site's parser reads its text into a :class:`SiteHand`: the seats, the button, the forced
bets and every action in the order written, with amounts exactly as printed. The hand works out
what each player put in, got back uncalled and collected, and checks that those numbers add
up; :mod:`~pokerrules.history.sites._convert` turns it into a PHH hand.
"""

from __future__ import annotations

from typing import Final

import attrs

from pokerrules.cards import Card
from pokerrules.history.phh import Amount

__all__ = ["STUD", "Event", "Seat", "SiteHand"]

_ZERO: Final[Amount] = 0

#: The PHH codes of the stud games (dealt street by street, no button).
STUD: Final = frozenset({"F7S", "F7S/8", "FR"})


#: The kinds of :class:`Event`.
KINDS: Final = frozenset(
    {
        # a forced bet: ``what`` is "ante", "sb", "bb", "straddle", "button", "dead-sb" (a
        # dead blind) or "bb-extra" (a live blind posted out of turn)
        "post",
        "street",  # a new street; ``cards`` the board cards it deals
        "board",  # board ``cards`` dealt before the first betting round (Courchevel)
        "deal",  # cards dealt to ``name`` (None for a card not shown)
        "fold",
        "check",
        "call",  # ``amount`` the chips added
        "bet",  # ``amount`` the chips added
        "raise",  # ``amount`` the total the player's bet this round is raised to
        "raise-by",  # ``amount`` the chips the raise adds
        "bring",  # a bring-in of ``amount``
        "complete",  # completes to ``amount``
        "discard",  # ``cards`` the discards (None for one not shown)
        "pat",
        "show",  # ``cards`` shown
        "muck",
        "return",  # an uncalled ``amount`` returned
        "collect",  # ``amount`` collected from a pot
    }
)


@attrs.define
class Event:
    """One line of a hand that matters to the replay."""

    kind: str
    name: str | None = None
    amount: Amount | None = None
    cards: tuple[Card | None, ...] = ()
    what: str = ""


@attrs.define
class Seat:
    """A seat at the table: its number, the player's screen name and stack, and whether they
    were dealt in (a player sitting out is seated but not dealt)."""

    seat: int
    name: str
    stack: Amount
    dealt: bool = True


@attrs.define
class SiteHand:
    """A hand as a site wrote it, site-independent. ``variant`` is the PHH code, or ``None``
    with the reason in ``unsupported``; ``line`` is where the hand starts in the file."""

    site: str
    hand: str
    game: str
    line: int = 1
    variant: str | None = None
    tournament: bool = False
    table: str | None = None
    seat_count: int | None = None
    button: int | None = None
    small_blind: Amount | None = None
    big_blind: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    bring_in: Amount | None = None
    currency: str | None = None
    seats: list[Seat] = attrs.field(factory=list)
    events: list[Event] = attrs.field(factory=list)
    total_pot: Amount | None = None
    rake: Amount = _ZERO
    #: Money the house added (splash the pot) or other money that is nobody's bet.
    added: Amount = _ZERO
    returns_printed: bool = False
    #: Whether the file's total pot is net of the rake (and the uncalled bet is collected,
    #: never returned), as Winamax writes it.
    pot_after_rake: bool = False
    #: The decimal mark of the hand's amounts (``","`` in some European files).
    decimal_mark: str = "."
    #: A fixed-limit bet or raise all-in for less than a full bet, followed by a raise:
    #: rooms size that raise by different rules.
    short_all_in: bool = False
    unsupported: list[str] = attrs.field(factory=list)
    #: What the conversion changed to play the hand (an all-in player's fold dropped, a raise
    #: nobody left could call played as the call it comes to), one line each.
    repairs: list[str] = attrs.field(factory=list)
    #: A player folds with no bet to call: the room lets the fold stand.
    fold_without_bet: bool = False
    #: A cap game's cap: the most a player puts in during the hand (``None``: no cap).
    cap: Amount | None = None
    #: The board cards of each runout after the first, when the board was run out more than
    #: once (the first runout's are the streets' cards).
    runouts: list[list[Card]] = attrs.field(factory=list)
    _players: list[Seat] | None = attrs.field(default=None, init=False, repr=False)
    _ledger: tuple[dict[str, Amount], dict[str, Amount], dict[str, Amount]] | None = attrs.field(
        default=None, init=False, repr=False
    )

    def ledger(self) -> tuple[dict[str, Amount], dict[str, Amount], dict[str, Amount]]:
        """Per player: what they put in, what came back uncalled, what they collected
        (worked out once the hand is read)."""
        if self._ledger is None:
            self._mark_the_draw()
            self._split_dead_blinds()
            put = self.contributions()
            self._ledger = (put, self.returned(put), self.collected())
        return self._ledger

    def _mark_the_draw(self) -> None:
        """Start a street at the first discard or stand-pat of a single-draw hand whose file
        marks no street there (older files go straight from the betting to the draw)."""
        for k, event in enumerate(self.events):
            if event.kind == "street":
                return
            if event.kind in ("discard", "pat"):
                self.events.insert(k, Event("street", what="draw"))
                return

    def _split_dead_blinds(self) -> None:
        """Split a blind posted out of turn that is more than the big blind (a returning
        player's small and big blinds in one post): the big blind is live, the rest dead."""
        big = self.big_blind
        if big is None:
            return
        for k in range(len(self.events) - 1, -1, -1):
            event = self.events[k]
            chips = event.amount
            if (
                event.kind == "post"
                and event.what == "bb-extra"
                and chips is not None
                and chips > big
            ):
                dead = Event("post", event.name, chips - big, what="dead-sb")
                self.events[k : k + 1] = [dead, Event("post", event.name, big, what="bb-extra")]

    def move_button(self, seat: int) -> None:
        """Put the button on ``seat`` (the players' order follows it)."""
        self.button = seat
        self._players = None

    def players(self) -> list[Seat]:
        """The players dealt in, in PHH order: from the button's left round to the button
        (stud: by seat from the dealer's left)."""
        if self._players is None:
            self._players = self._order()
        return self._players

    def _order(self) -> list[Seat]:
        dealt = [s for s in self.seats if s.dealt]
        if self.variant in STUD or self.button is None:
            return sorted(dealt, key=lambda s: s.seat)
        top = max(s.seat for s in self.seats) + 1
        button = self.button
        return sorted(dealt, key=lambda s: (s.seat - button - 1) % max(top, button + 1))

    def contributions(self) -> dict[str, Amount]:
        """What each player put in (before any uncalled bet came back)."""
        put: dict[str, Amount] = {}
        street: dict[str, Amount] = {}
        for event in self.events:
            name = event.name
            if event.kind == "street":
                street = {}
                continue
            if name is None or event.amount is None:
                continue
            if event.kind == "post" and event.what == "ante":
                put[name] = put.get(name, _ZERO) + event.amount
            elif event.kind in ("post", "call", "bet", "bring", "raise-by"):
                put[name] = put.get(name, _ZERO) + event.amount
                if not (event.kind == "post" and event.what == "dead-sb"):
                    street[name] = street.get(name, _ZERO) + event.amount
            elif event.kind in ("raise", "complete"):
                added = event.amount - street.get(name, _ZERO)
                put[name] = put.get(name, _ZERO) + added
                street[name] = event.amount
        return put

    def returned(self, put: dict[str, Amount]) -> dict[str, Amount]:
        """The uncalled bets returned: as printed, or -- for files that print none (before
        2008) -- the biggest contribution's excess over the next."""
        back: dict[str, Amount] = {}
        for event in self.events:
            if event.kind == "return" and event.name is not None and event.amount is not None:
                back[event.name] = back.get(event.name, _ZERO) + event.amount
        if back or self.returns_printed or len(put) < 2:
            return back
        live = self._live_bets(put)
        ranked = sorted(live.items(), key=lambda kv: kv[1], reverse=True)
        (top, most), (_, next_most) = ranked[0], ranked[1]
        if most > next_most:
            back[top] = most - next_most
        return back

    def _live_bets(self, put: dict[str, Amount]) -> dict[str, Amount]:
        antes: dict[str, Amount] = {}
        for event in self.events:
            if event.kind == "post" and event.what in ("ante", "dead-sb") and event.name:
                antes[event.name] = antes.get(event.name, _ZERO) + (event.amount or _ZERO)
        live = {name: chips - antes.get(name, _ZERO) for name, chips in put.items()}
        for seat in self.players():
            live.setdefault(seat.name, _ZERO)
        return live

    def collected(self) -> dict[str, Amount]:
        won: dict[str, Amount] = {}
        for event in self.events:
            if event.kind == "collect" and event.name is not None and event.amount is not None:
                won[event.name] = won.get(event.name, _ZERO) + event.amount
        return won

    def consistency(self) -> str | None:
        """Why the hand's own numbers do not add up, or ``None`` when they do: what was put
        in less what came back (plus money the house added) is the pot, and the pot less the
        rake is what was collected."""
        put, back, collected = self.ledger()
        pot = sum(put.values(), _ZERO) - sum(back.values(), _ZERO) + self.added
        won = sum(collected.values(), _ZERO)
        if pot and not collected:
            return f"nobody collects the pot of {pot} (the file awards it to no one)"
        if self.pot_after_rake and self.total_pot is not None:
            pot = pot - self.rake
            if pot != self.total_pot:
                return f"the bets less the rake are {pot}, but the file says {self.total_pot}"
            return None if pot == won else f"the pot less the rake is {pot}, not {won}"
        if self.total_pot is not None and pot != self.total_pot:
            return f"the bets make a pot of {pot}, but the file says {self.total_pot}"
        if pot - self.rake != won:
            return f"the pot {pot} less the rake {self.rake} is {pot - self.rake}, not {won}"
        return None
