"""How a site's hand becomes a PHH hand: the forced bets, the actions in the order the engine
takes them (the hole cards first, every discard of a draw before its new cards, the shows of an
all-in before the rest of the board) and the finishing stacks from the hand's own numbers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from pokerrules.cards import Card
from pokerrules.engine.settle import showdown_order
from pokerrules.errors import InvalidNotationError
from pokerrules.history.codes import is_fixed_limit
from pokerrules.history.phh import Amount, HandHistory, Notation, Verb
from pokerrules.history.replay import variant_of_code
from pokerrules.history.room_rules import fold_without_bet_field
from pokerrules.history.runout_boards import runout_boards_field
from pokerrules.history.sites._model import STUD as _STUD
from pokerrules.history.sites._model import SiteHand

__all__ = ["to_history"]

_ZERO: Final[Amount] = 0


def _hole_cards(code: str) -> int:
    """The hole cards dealt at the start in the game of a PHH code (stud: street by street)."""
    return variant_of_code(code).streets[0].down


def _is_draw(code: str) -> bool:
    return any(street.draw is not None for street in variant_of_code(code).streets)


_NOTES: dict[tuple[object, ...], Notation] = {}


def _note(
    *,
    verb: Verb,
    player: int | None = None,
    cards: tuple[Card | None, ...] = (),
    amount: Amount | None = None,
) -> Notation:
    """A notation, shared when the same one recurs (they are immutable values; most hands
    repeat ``p1 f``, ``p2 cc`` ...): each is checked once, not in every hand."""
    # an amount by its text: Decimal("0.4") == Decimal("0.40"), but they are written apart
    key = (verb, player, cards, None if amount is None else str(amount), type(amount))
    note = _NOTES.get(key)
    if note is None:
        note = Notation(verb=verb, player=player, cards=cards, amount=amount)
        if len(_NOTES) > 20_000:
            _NOTES.clear()
        _NOTES[key] = note
    return note


def _amount(value: Amount) -> Amount:
    """An amount for PHH: an ``int`` when the site wrote no decimals."""
    if isinstance(value, int) or value.as_tuple().exponent != 0:
        return value
    return int(value)


def _phh_order(values: Sequence[Amount]) -> list[Amount]:
    """PHH reverses the forced bets heads-up (the first entry is the second player's)."""
    return list(values[::-1]) if len(values) == 2 else list(values)


def _fmt(cards: Iterable[Card | None]) -> tuple[Card | None, ...]:
    return tuple(cards)


def to_history(hand: SiteHand) -> HandHistory:
    """The PHH hand of a site's hand. Raises
    :class:`~pokerrules.errors.InvalidNotationError` when the hand cannot be written (the
    reason is its message)."""
    code = hand.variant
    if code is None:
        raise InvalidNotationError(f"no PHH variant for {hand.game!r}")
    if code not in _STUD:
        _button_from_the_blinds(hand)
    seats = hand.players()
    if len(seats) < 2:
        raise InvalidNotationError("fewer than two players were dealt in")
    index = {s.name: i for i, s in enumerate(seats)}
    n = len(seats)
    antes = [_ZERO] * n  # dead money: the ante, and a dead blind posted out of turn
    blinds = [_ZERO] * n
    posted = [_ZERO] * n  # a live blind posted out of turn (a new or returning player)
    put, back, won = hand.ledger()
    if hand.cap is not None:
        _within_the_cap(hand, put)
    unknown = [e.name for e in hand.events if e.name is not None and e.name not in index]
    if unknown:
        raise InvalidNotationError(f"{unknown[0]!r} acts but was not dealt in")
    for event in hand.events:
        if event.kind != "post" or event.name is None or event.amount is None:
            continue
        i = index[event.name]
        if event.what in ("ante", "dead-sb"):
            antes[i] += event.amount
        elif event.what == "bb-extra":
            posted[i] += event.amount
        elif event.what in ("sb", "bb", "straddle", "button"):  # PHH: the button's entry
            if blinds[i]:
                raise InvalidNotationError(f"{event.name} posts two blinds")
            blinds[i] = event.amount
    # a player all-in for less than the ante or a blind: PHH gives the full amount, and the
    # starting stack says they could not pay it all
    stack = {s.name: s.stack for s in seats}
    paid = {s.name: _ZERO for s in seats}
    for event in hand.events:
        if event.kind == "post" and event.name is not None and event.amount is not None:
            paid[event.name] += event.amount
    full_ante = max(antes, default=_ZERO)
    full = {0: hand.small_blind, 1: hand.big_blind}

    def stud_free(i: int) -> bool:  # a blind's seat all-in from the ante: no blind posted
        return code not in _STUD and (i == 1 if n > 2 else i == 0) and any(blinds)

    for i, s in enumerate(seats):
        if paid[s.name] != stack[s.name]:
            continue
        if antes[i] and antes[i] < full_ante:
            antes[i] = full_ante
        nominal = full.get(i) if n > 2 else full.get(1 - i)
        if nominal is not None and blinds[i] < nominal and (blinds[i] or stud_free(i)):
            blinds[i] = nominal
    stud = code in _STUD
    if not stud:
        small, dead = _out_of_turn(blinds, posted, antes, hand.big_blind, hand.small_blind)
        hand.repairs += [
            f"{seats[i].name}'s small blind out of turn posted dead (a missed small blind)"
            for i in dead
        ]
        if small is not None:
            hand.unsupported.append(
                f"{seats[small].name} posts a live blind of {posted[small]} out of turn, less "
                "than the big blind (the button is not where the file says)"
            )
    actions = _actions(hand, code, index)
    starting = [s.stack for s in seats]
    finishing = [
        s.stack - put.get(s.name, _ZERO) + back.get(s.name, _ZERO) + won.get(s.name, _ZERO)
        for s in seats
    ]
    extra: dict[str, object] = {"venue": hand.site, "hand": _hand_id(hand.hand)}
    extra["seats"] = [s.seat for s in seats]
    if hand.seat_count is not None:
        extra["seat_count"] = hand.seat_count
    if hand.table is not None:
        extra["table"] = hand.table
    if hand.currency is not None:
        extra["currency"] = hand.currency
    extra["_rake"] = _amount(hand.rake)
    extra.update(runout_boards_field(hand.runouts))
    extra.update(fold_without_bet_field(hand.fold_without_bet))
    fixed = is_fixed_limit(code)
    big = hand.big_blind if hand.big_blind is not None else max(blinds, default=_ZERO)
    return HandHistory(
        variant=code,
        antes=_phh_order([_amount(a) for a in antes]),
        ante_trimming_status=True if any(antes) else None,
        blinds_or_straddles=None
        if stud
        else _phh_order([_amount(-p if p else b) for b, p in zip(blinds, posted, strict=True)]),
        bring_in=_amount(hand.bring_in) if stud and hand.bring_in is not None else None,
        small_bet=_amount(hand.small_bet) if fixed and hand.small_bet is not None else None,
        big_bet=_amount(hand.big_bet) if fixed and hand.big_bet is not None else None,
        min_bet=None if fixed else _amount(big),
        starting_stacks=[_amount(s) for s in starting],
        actions=actions,
        players=[s.name for s in seats],
        finishing_stacks=[_amount(f) for f in finishing],
        winnings=[_amount(won.get(s.name, _ZERO)) for s in seats],
        extra=extra,
    )


def _within_the_cap(hand: SiteHand, put: dict[str, Amount]) -> None:
    """A cap game plays as the game without the cap while nobody reaches the cap (a player who
    does is all-in for it, which the engine has no rule for; chips that came back uncalled
    count, as they were in when the player bet them): noted, or unsupported."""
    cap = hand.cap
    capped = [n for n, chips in put.items() if cap is not None and chips >= cap]
    if capped:
        hand.unsupported.append(f"{capped[0]} reaches the cap of {cap} (the engine has no cap)")
    else:
        hand.repairs.append(f"played without the cap of {cap}, which nobody reaches")


def _button_from_the_blinds(hand: SiteHand) -> None:
    """Put the button right of the small blind when the file has it further back, with
    players dealt in between who post nothing (nobody but the blinds is dealt in between the
    button and the big blind: Robert's Rules of Poker, "Button and Blind Use"; the action
    order the file prints then follows the blinds, which the replay checks). Reported."""
    small = next((e.name for e in hand.events if e.kind == "post" and e.what == "sb"), None)
    order = hand.players()
    names = [s.name for s in order]
    if small is None or len(order) < 3 or small not in names or hand.button is None:
        return
    k = names.index(small)
    posters = {e.name for e in hand.events if e.kind == "post" and e.what != "ante"}
    if k == 0 or any(name in posters for name in names[:k]):
        return
    seat = order[k - 1].seat
    hand.repairs.append(
        f"the button put on seat {seat}, right of the small blind (the file says seat "
        f"{hand.button})"
    )
    hand.move_button(seat)


def _out_of_turn(
    blinds: list[Amount],
    posted: list[Amount],
    antes: list[Amount],
    big: Amount | None,
    small_blind: Amount | None = None,
) -> tuple[int | None, list[int]]:
    """Sort out the blinds posted out of turn, in place. The blinds in turn run from the first
    poster left of the button, seat after seat: the small blind, the big blind (heads-up the
    other way round), then straddles each twice the last. Any other live blind (a new or a
    returning player's, printed as a big blind or as a post) goes to ``posted`` -- PHH's
    negative ``blinds_or_straddles`` entry -- and of a post larger than the big blind the rest
    is a dead small blind, in ``antes``. A post of the small blind alone out of turn is a
    returning player's missed small blind, posted dead (Robert's Rules of Poker, "Button and
    Blind Use"): in ``antes`` too.
    Returns a player who posts any other live blind out of turn smaller than the big blind, if
    any (which no site's rules allow: the file has the button in the wrong place), and the
    players whose small blind out of turn is taken as dead."""
    live = [i for i, b in enumerate(blinds) if b]
    chain = live[:1]
    for i in live[1:]:
        last = chain[-1]
        if i != last + 1 or (len(chain) > 1 and blinds[i] != 2 * blinds[last]):
            break
        chain.append(i)
    for i in live:
        if i not in chain:
            posted[i] += blinds[i]
            blinds[i] = _ZERO
    if big is None and chain:
        big = max(blinds[i] for i in chain[:2])
    small: int | None = None
    dead: list[int] = []
    for i, chips in enumerate(posted):
        if chips and blinds[i]:
            raise InvalidNotationError("a player posts a blind in turn and another out of turn")
        if big is not None and chips > big:
            antes[i] += chips - big
            posted[i] = big
        elif chips and chips == small_blind and big is not None and chips < big:
            antes[i] += chips  # the missed small blind: dead
            posted[i] = _ZERO
            dead.append(i)
        elif big is not None and _ZERO < chips < big:
            small = i
    return small, dead


def _hand_id(text: str) -> int | str:
    return int(text) if text.isdecimal() and len(text) < 19 else text


def _actions(hand: SiteHand, code: str, index: dict[str, int]) -> list[Notation]:
    """The PHH actions: hole cards, the board, every player action, then the shows."""
    n = len(index)
    stud = code in _STUD
    draw = _is_draw(code)
    fixed = is_fixed_limit(code)
    shown: dict[int, tuple[Card | None, ...]] = {}
    for event in hand.events:
        if event.kind == "show" and event.name is not None:
            shown[index[event.name]] = event.cards
    dealt: dict[int, tuple[Card | None, ...]] = {}
    out: list[Notation] = []
    if not stud:
        k = _hole_cards(code)
        for event in hand.events:
            if event.kind == "deal" and event.name is not None and event.name in index:
                dealt.setdefault(index[event.name], event.cards)
        for i in range(n):
            cards = dealt.get(i)
            if (cards is None or None in cards) and not draw and i in shown:
                cards = shown[i]
            if cards is None or len(cards) != k:
                cards = (None,) * k
            out.append(_note(verb=Verb.DEAL_HOLE, player=i, cards=_fmt(cards)))
    folded: set[int] = set()
    stacks = {i: s.stack for s, i in ((s, index[s.name]) for s in hand.players())}
    street: dict[int, Amount] = {}
    aggressor: int | None = None
    street_no = 0
    pending_draw: dict[int, tuple[Card | None, ...]] = {}
    holding = {i: cards for i, cards in dealt.items() if None not in cards}  # known hands
    discarded: dict[int, int] = {}  # where in ``out`` each player's last discard is
    exposed = False
    last_action = max(
        (k for k, e in enumerate(hand.events) if e.kind in _PLAYER_KINDS), default=-1
    )
    deals = _stud_deals(hand, index) if stud else []
    short: tuple[int, int] | None = None  # (street, player) of a limit all-in bet or raise
    all_in_folds: list[str] = []  # the players whose fold all-in is dropped
    for position, event in enumerate(hand.events):
        kind = event.kind
        player = index[event.name] if event.name is not None else None
        if kind == "post" and player is not None and event.amount is not None:
            stacks[player] -= event.amount
            if event.what not in ("ante", "dead-sb"):
                street[player] = street.get(player, _ZERO) + event.amount
            continue
        if kind == "street":
            _deal_the_draw(out, pending_draw)
            if position > last_action and not exposed and not draw:
                exposed = _expose(out, folded, stacks, aggressor, shown, index, hand)
            street = {}
            aggressor = None
            street_no += 1
            if event.cards:
                out.append(_note(verb=Verb.DEAL_BOARD, cards=event.cards))
            if stud and street_no <= len(deals):
                got = deals[street_no - 1]
                for i in range(n):
                    if i in folded:
                        continue
                    cards = got.get(i, ())
                    want = 3 if street_no == 1 else 1
                    if len(cards) < want:
                        cards = (None,) * (want - len(cards)) + tuple(cards)
                    out.append(_note(verb=Verb.DEAL_HOLE, player=i, cards=cards[-want:]))
            continue
        if kind == "board":
            out.append(_note(verb=Verb.DEAL_BOARD, cards=event.cards))
            continue
        if player is None:
            continue
        if kind == "deal":
            if stud:
                pass
            elif draw and street_no > 0 and player in pending_draw:
                _drawn(out, pending_draw, holding, player, event.cards, discarded)
            continue
        if pending_draw and kind in _PLAYER_KINDS - {"discard", "pat"}:
            _deal_the_draw(out, pending_draw)
        if kind == "fold":
            if stacks[player] <= 0:
                # the fold changes no chips: the player mucks at the showdown instead
                hand.repairs.append(f"{event.name}'s fold all-in dropped (they cannot act)")
                all_in_folds.append(event.name or "")
                continue
            if street.get(player, _ZERO) >= max(street.values(), default=_ZERO):
                hand.fold_without_bet = True
            folded.add(player)
            out.append(_note(verb=Verb.FOLD, player=player))
        elif kind == "check" and stacks[player] <= 0:
            continue  # a check by a player all in from the antes (Flipout files print one)
        elif kind in ("check", "call"):
            if kind == "call" and event.amount is not None:
                stacks[player] -= event.amount
                street[player] = street.get(player, _ZERO) + event.amount
            out.append(_note(verb=Verb.CHECK_OR_CALL, player=player))
        elif kind == "bring":
            amount = event.amount or _ZERO
            stacks[player] -= amount
            street[player] = street.get(player, _ZERO) + amount
            out.append(_note(verb=Verb.BRING_IN, player=player))
        elif kind in ("bet", "raise", "complete", "raise-by"):
            amount = event.amount or _ZERO
            before = street.get(player, _ZERO)
            to = before + amount if kind in ("bet", "raise-by") else amount
            if short is not None and short[0] == street_no:
                hand.short_all_in = True
            if all(stacks[i] <= 0 for i in range(n) if i not in folded and i != player):
                # nobody left can call: the site returns the uncalled part, the engine
                # takes the call (or the check) the wager comes to
                level = max(street.values(), default=_ZERO)
                owed = min(level - before, stacks[player]) if level > before else _ZERO
                stacks[player] -= owed
                street[player] = before + owed
                verb = "call" if owed > 0 else "check"
                hand.repairs.append(
                    f"{event.name}'s {kind} to {to} with nobody left to call played as a {verb} "
                    f"(the {to - before - owed} over returned)"
                )
                out.append(_note(verb=Verb.CHECK_OR_CALL, player=player))
                continue
            stacks[player] -= to - before
            if fixed and stacks[player] <= 0:
                short = (street_no, player)
            street[player] = to
            aggressor = player
            out.append(_note(verb=Verb.BET_OR_RAISE_TO, player=player, amount=_amount(to)))
        elif kind == "discard":
            # the dealer serves the draw once every player has discarded (PHH lists every
            # discard, then every deal)
            pending_draw[player] = (None,) * len(event.cards)
            discarded[player] = len(out)
            out.append(_note(verb=Verb.STAND_PAT_OR_DISCARD, player=player, cards=event.cards))
        elif kind == "pat":
            out.append(_note(verb=Verb.STAND_PAT_OR_DISCARD, player=player))
        elif kind == "return" and event.amount is not None:
            stacks[player] += event.amount
    _deal_the_draw(out, pending_draw)
    if not exposed:
        _showdown(out, folded, aggressor, shown, index, hand, stud, all_in_folds)
    return out


def _drawn(  # noqa: PLR0917 - the builder's running state
    out: list[Notation],
    pending: dict[int, tuple[Card | None, ...]],
    holding: dict[int, tuple[Card | None, ...]],
    player: int,
    shown: tuple[Card | None, ...],
    discarded: dict[int, int],
) -> None:
    """The cards a player is printed as dealt after their discard: the new cards alone, or
    (OnGame) the whole new hand, from which the discards and the new cards follow."""
    wanted = len(pending[player])
    before = holding.pop(player, None)  # the hand before this draw, when known
    thrown = out[discarded[player]].cards
    if len(shown) == wanted:
        pending[player] = shown
        if before is not None and None not in thrown:
            holding[player] = (*(c for c in before if c not in thrown), *shown)
        return
    if before is None or None in shown or len(shown) != len(before):
        return
    thrown = tuple(c for c in before if c not in shown)
    new = tuple(c for c in shown if c not in before)
    if len(thrown) == len(new) == wanted:
        out[discarded[player]] = _note(verb=Verb.STAND_PAT_OR_DISCARD, player=player, cards=thrown)
        pending[player] = new
        holding[player] = shown


def _deal_the_draw(out: list[Notation], pending: dict[int, tuple[Card | None, ...]]) -> None:
    """Deal each player who drew their new cards, in the order they discarded."""
    for player, cards in pending.items():
        out.append(_note(verb=Verb.DEAL_HOLE, player=player, cards=cards))
    pending.clear()


_PLAYER_KINDS: Final = frozenset(
    {"fold", "check", "call", "bet", "raise", "raise-by", "bring", "complete", "discard", "pat"}
)


def _stud_deals(hand: SiteHand, index: dict[str, int]) -> list[dict[int, tuple[Card | None, ...]]]:
    """Per stud street, the cards each player is printed as dealt there."""
    streets: list[dict[int, tuple[Card | None, ...]]] = []
    for event in hand.events:
        if event.kind == "street":
            streets.append({})
        elif event.kind == "deal" and streets and event.name is not None:
            streets[-1][index[event.name]] = event.cards
    return streets


def _order(
    contenders: list[int],
    aggressor: int | None,
    hand: SiteHand,
    index: dict[str, int],
    out: list[Notation],
) -> list[int]:
    """The engine's showdown order: the last aggressor first, else the first player left of
    the button (stud: the best hand showing, as the engine finds it, else the order the site
    showed in)."""
    if aggressor is not None and aggressor in contenders:
        k = contenders.index(aggressor)
        return contenders[k:] + contenders[:k]
    if hand.variant in _STUD:
        up = _up_cards(out, contenders)
        if all(up.values()):
            low = variant_of_code(hand.variant).low_order
            return list(showdown_order(contenders, aggressor=None, up_cards=up, low=low))
        seen = [index[e.name] for e in hand.events if e.kind in ("show", "muck") and e.name]
        first = next((i for i in seen if i in contenders), None)
        if first is not None:
            k = contenders.index(first)
            return contenders[k:] + contenders[:k]
    return contenders


def _up_cards(out: list[Notation], players: list[int]) -> dict[int, list[Card]]:
    """The stud cards each player was dealt face up so far: the last of the first three, and
    the cards of the next three streets."""
    up: dict[int, list[Card]] = {i: [] for i in players}
    deals = dict.fromkeys(players, 0)
    for note in out:
        if note.verb is not Verb.DEAL_HOLE or note.player not in up:
            continue
        deals[note.player] += 1
        card = note.cards[-1] if note.cards else None
        if deals[note.player] <= 4 and isinstance(card, Card):
            up[note.player].append(card)
    return up


def _expose(  # noqa: PLR0917 - the builder's running state
    out: list[Notation],
    folded: set[int],
    stacks: dict[int, Amount],
    aggressor: int | None,
    shown: dict[int, tuple[Card | None, ...]],
    index: dict[str, int],
    hand: SiteHand,
) -> bool:
    """Turn the all-in hands up before the rest is dealt, when the engine will (every player
    but at most one all-in); ``False`` when not, or when a hand to turn up was not shown."""
    contenders = [i for i in range(len(index)) if i not in folded]
    able = [i for i in contenders if stacks[i] > 0]
    if len(contenders) < 2 or len(able) > 1:
        return False
    if any(i not in shown or None in shown[i] for i in contenders):
        return False
    for i in _order(contenders, aggressor, hand, index, out):
        cards = shown[i]
        if hand.variant in _STUD:  # stud: the cards dealt so far (the show lists all seven)
            held = sum(len(n.cards) for n in out if n.verb is Verb.DEAL_HOLE and n.player == i)
            cards = cards[:held]
        out.append(_note(verb=Verb.SHOW_OR_MUCK, player=i, cards=cards))
    return True


def _showdown(  # noqa: PLR0917 - the builder's running state
    out: list[Notation],
    folded: set[int],
    aggressor: int | None,
    shown: dict[int, tuple[Card | None, ...]],
    index: dict[str, int],
    hand: SiteHand,
    stud: bool,
    all_in_folds: list[str],
) -> None:
    contenders = [i for i in range(len(index)) if i not in folded]
    if len(contenders) < 2:
        return
    left = len(contenders)
    won = hand.ledger()[2]
    names = {i: name for name, i in index.items()}
    for i in _order(contenders, aggressor, hand, index, out):
        if left < 2:
            break
        cards = shown.get(i)
        if cards and None not in cards:
            out.append(_note(verb=Verb.SHOW_OR_MUCK, player=i, cards=cards))
        else:
            if won.get(names[i]) and all_in_folds:
                hand.unsupported.append(
                    f"{all_in_folds[0]} folds all-in, which the engine never does; without the "
                    f"fold {names[i]} wins at a showdown the file does not show"
                )
            elif won.get(names[i]):
                hand.unsupported.append(
                    f"{names[i]} wins at the showdown, but the file does not show their cards"
                )
            out.append(_note(verb=Verb.SHOW_OR_MUCK, player=i))
            left -= 1
