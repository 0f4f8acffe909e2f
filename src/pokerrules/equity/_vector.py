"""Vectorised equity kernels (numpy), built on the batch evaluator's tables.

A hand's evaluation key is additive (see :mod:`pokerrules.evaluation.batch`): the key of a
seven-card hand is the board's key plus the hole cards' key, and the same holds for the mask
of card bits used for flushes. So every board's key and bits are computed once, as sums over
the lexicographic list of combinations (each level reuses the previous one's suffixes), and a
player's strengths on all boards are one vector addition and three table look-ups away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from math import comb, prod
from typing import Any, Final

import numpy as np

from pokerrules.equity import _compiled
from pokerrules.equity._spec import Spec
from pokerrules.equity.results import Tally, code_count
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import batch
from pokerrules.evaluation._tables import strengths_by_rank_key
from pokerrules.evaluation.fast import value_of
from pokerrules.evaluation.values import HandCategory, Scale

Array = np.ndarray[Any, Any]

#: Rows handled at once (bounds memory; results do not depend on it).
BLOCK: Final = 1 << 16
_LOW_SPAN: Final = 5**7
#: Sampling gives up after this many blocks in a row without one deal that fits together.
_MAX_BARREN: Final = 1000
#: The ten ways to take three of five board cards.
_TRIPLES: Final = [(a, b, c) for a in range(5) for b in range(a + 1, 5) for c in range(b + 1, 5)]


class _Kit:
    """The batch evaluator's tables, laid out for additive keys, plus an eight-or-better table."""

    def __init__(self) -> None:
        t = batch._tables()
        self.key: Array = t.key.astype(np.int64)
        self.bit: Array = t.card_bit.astype(np.int64)
        self.high_index: Array = (t.high_code.astype(np.int64) * t.width).astype(np.int32)
        self.low_index: Array = t.low_code.astype(np.int32)
        self.strengths: Array = t.strengths
        self.state: Array = t.suit_state
        self.flush: Array = t.flush
        self._low8: Array | None = None

    @property
    def low8(self) -> Array:
        """Per dense rank code: the eight-or-better low strength, 0 when there is none."""
        if self._low8 is None:
            by_key = strengths_by_rank_key(Scale.ACE_TO_FIVE_LOW)
            top = max(by_key.values())
            qualifies = np.zeros(top + 1, dtype=bool)
            for strength in range(1, top + 1):
                value = value_of(strength, Scale.ACE_TO_FIVE_LOW)
                qualifies[strength] = (
                    value.category is HandCategory.HIGH_CARD and value.ranks[0].low_value <= 8
                )
            keys = np.fromiter(by_key.keys(), dtype=np.int64, count=len(by_key))
            strengths = np.fromiter(by_key.values(), dtype=np.int32, count=len(by_key))
            codes = self.high_index[keys // _LOW_SPAN] + self.low_index[keys % _LOW_SPAN]
            table = np.zeros(len(self.strengths), dtype=np.int32)
            keep = qualifies[strengths]
            table[codes[keep]] = strengths[keep]
            self._low8 = table
        return self._low8

    def evaluate(self, keys: Array, bits_of: Callable[[Array], Array]) -> tuple[Array, Array]:
        """High strengths and dense rank codes of a flat array of key sums.

        ``bits_of(rows)`` gives the card-bit sums of the rows that hold a flush (only those
        need them, so callers can skip computing the rest)."""
        code = self.high_index[keys >> 17 & 0x3FFF] + self.low_index[keys & 0x1FFFF]
        strength = self.strengths[code]
        state = self.state[keys >> 31 & 0xFFFF]
        rows = np.flatnonzero(state)
        if rows.size:
            shift = 13 * state[rows].astype(np.int64) - 13
            strength[rows] = self.flush[bits_of(rows) >> shift & 0x1FFF]
        return strength, code

    def stand_in(self, size: int) -> int:
        """The key of a valid hand of ``size`` cards (2c 2d 2h 2s 3c ...), no flush."""
        return int(self.key[:size].sum())


@cache
def kit() -> _Kit:
    """The tables, built once per process."""
    return _Kit()


def _combinations(
    n: int, k: int, values: list[Array], with_cards: bool
) -> tuple[list[Array], Array]:
    """Sums of ``values`` over every k-combination of range(n), in lexicographic order,
    and (when asked) the combinations themselves as an (M, k) array."""
    if k == 0:
        return [np.zeros(1, dtype=np.int64) for _ in values], np.zeros((1, 0), dtype=np.int8)
    sums = [v.astype(np.int64) for v in values]
    cards = np.arange(n, dtype=np.int8)[:, None] if with_cards else np.zeros((0, 0), np.int8)
    first = np.arange(n + 1)  # first[j]: the first row whose first element is >= j
    for level in range(2, k + 1):
        total = comb(n, level)
        new_sums = [np.empty(total, dtype=np.int64) for _ in values]
        new_cards = np.empty((total, level), dtype=np.int8) if with_cards else cards
        new_first = np.empty(n + 1, dtype=np.int64)
        pos = 0
        for i in range(n):
            new_first[i] = pos
            start = int(first[i + 1])
            length = len(sums[0]) - start
            for value, old, new in zip(values, sums, new_sums, strict=True):
                np.add(old[start:], value[i], out=new[pos : pos + length])
            if with_cards:
                new_cards[pos : pos + length, 0] = i
                new_cards[pos : pos + length, 1:] = cards[start:]
            pos += length
        new_first[n] = pos
        sums, cards, first = new_sums, new_cards, new_first
    return sums, cards


class Boards:
    """Every runout from a deck: key sums, bit sums and (for Omaha) the card indices."""

    def __init__(self, deck: tuple[int, ...], runout: int, board: bytes, with_cards: bool) -> None:
        t = kit()
        index = np.array(deck, dtype=np.int64)
        (keys, bits), picks = _combinations(
            len(deck), runout, [t.key[index], t.bit[index]], with_cards
        )
        known = np.array(list(board), dtype=np.int64)
        self.keys: Array = keys + int(t.key[known].sum())
        self.bits: Array = bits + int(t.bit[known].sum())
        self.count = len(self.keys)
        self.cards: Array = np.zeros((0, len(board) + runout), dtype=np.int8)
        if with_cards:
            full = np.empty((self.count, len(board) + runout), dtype=np.int8)
            full[:, : len(board)] = known
            full[:, len(board) :] = index[picks] if runout else 0
            self.cards = full


@lru_cache(maxsize=4)
def boards(deck: tuple[int, ...], runout: int, board: bytes, with_cards: bool) -> Boards:
    """The runouts of a deck, cached per process (workers reuse them across chunks)."""
    return Boards(deck, runout, board, with_cards)


class Hands:
    """One player's combos as arrays: key and bit sums (hold'em) or per-pair sums (Omaha)."""

    def __init__(self, spec: Spec, player: int, *, listed: bool = True) -> None:
        # listed=False: a player dealt from the cards left, whose combos are never looked up
        t = kit()
        raw = np.frombuffer(spec.encoded(player) if listed else b"", dtype=np.uint8)
        combos = raw.reshape(-1, spec.hole_cards).astype(np.int64)
        self.count = len(combos)
        self.keys: Array = t.key[combos].sum(axis=1)
        self.bits: Array = t.bit[combos].sum(axis=1)
        pairs = spec.pairs()
        self.pair_keys: Array = np.stack(
            [t.key[combos[:, a]] + t.key[combos[:, b]] for a, b in pairs], axis=1
        )
        self.pair_bits: Array = np.stack(
            [t.bit[combos[:, a]] + t.bit[combos[:, b]] for a, b in pairs], axis=1
        )


def _holdem(
    spec: Spec, keys: Array, bits_of: Callable[[Array], Array], invalid: Array | None = None
) -> tuple[Array, Array | None]:
    """Hold'em strengths (and lows) of hands with these key sums, any shape.

    Entries marked ``invalid`` (a hole card also on the board) are evaluated as a harmless
    stand-in hand; the caller discards them."""
    t = kit()
    if invalid is not None:
        keys = np.where(invalid, t.stand_in(7), keys)
    high, code = t.evaluate(keys.ravel(), bits_of)
    low = t.low8[code].reshape(keys.shape) if spec.hi_lo else None
    return high.reshape(keys.shape), low


def triples(cards: Array) -> tuple[Array, Array]:
    """Key and bit sums of the ten three-card subsets of each five-card board row."""
    t = kit()
    keys, bits = t.key[cards], t.bit[cards]
    tk = np.stack([keys[..., a] + keys[..., b] + keys[..., c] for a, b, c in _TRIPLES], axis=-1)
    tb = np.stack([bits[..., a] + bits[..., b] + bits[..., c] for a, b, c in _TRIPLES], axis=-1)
    return tk, tb


def _omaha(
    spec: Spec,
    triple_keys: Array,
    triple_bits: Array,
    pair_keys: Array,
    pair_bits: Array,
    *,
    invalid: Array | None = None,
) -> tuple[Array, Array | None]:
    """Omaha strengths (and lows): the best of every hole pair with every board triple.

    ``triple_*`` end in an axis of 10 triples, ``pair_*`` in an axis of hole pairs; the
    leading axes broadcast. ``invalid`` marks entries to discard, as for :func:`_holdem`."""
    t = kit()
    best_high: Array | None = None
    best_low: Array | None = None
    for pair in range(pair_keys.shape[-1]):
        keys = triple_keys + pair_keys[..., pair : pair + 1]
        if invalid is not None:
            keys = np.where(invalid[..., None], t.stand_in(5), keys)
        bits = np.broadcast_to(triple_bits + pair_bits[..., pair : pair + 1], keys.shape).ravel()
        high, code = t.evaluate(keys.ravel(), bits.__getitem__)
        top = high.reshape(keys.shape).max(axis=-1)
        best_high = top if best_high is None else np.maximum(best_high, top)
        if spec.hi_lo:
            low = t.low8[code].reshape(keys.shape).max(axis=-1)
            best_low = low if best_low is None else np.maximum(best_low, low)
    if best_high is None:  # no pairs: a checked game always has some
        raise InvalidDefinitionError("a hand that plays exactly two hole cards needs two")
    return best_high, best_low


def tally(high: Array, low: Array | None, hi_lo: bool) -> Array:
    """Share-code counts, shape (players, codes), of showdowns given as (players, N) arrays."""
    players, rows = high.shape
    side = players + 1
    counts = np.zeros((players, code_count(players, hi_lo)), dtype=np.int64)
    if not rows:
        return counts
    won = high == high.max(axis=0)
    winners = won.sum(axis=0, dtype=np.int8)
    if not hi_lo or low is None:
        # Code k for a player among k tied winners, else 0: count each k directly.
        ways = [winners == k for k in range(1, side)]
        for p in range(players):
            for k, way in enumerate(ways, start=1):
                counts[p, k] = np.count_nonzero(won[p] & way)
            counts[p, 0] = rows - counts[p, 1:].sum()
        return counts
    best_low = low.max(axis=0)
    has_low = best_low > 0
    low_won = (low == best_low) & has_low
    low_winners = low_won.sum(axis=0, dtype=np.int8)
    for p in range(players):
        high_code = (won[p] * winners).astype(np.int16)
        code = np.where(
            has_low, high_code * side + low_won[p] * low_winners, side * side + high_code
        )
        counts[p] = np.bincount(code, minlength=counts.shape[1])
    return counts


def as_tally(counts: Array, hi_lo: bool) -> Tally:
    """Integer counts as a :class:`Tally`."""
    return Tally(hi_lo, tuple(tuple(int(c) for c in row) for row in counts))


def _player_hands(spec: Spec) -> list[Hands]:
    return [Hands(spec, p) for p in range(spec.players)]


def deal_blocks(hands: list[Hands], limit: int = BLOCK * 16) -> Iterator[tuple[Array, Array]]:
    """Every way to deal one combo per player with no card shared, in blocks of at most about
    ``limit``: combo indices (n, players) and the card bits of each deal (n,)."""

    def extend(player: int, index: Array, mask: Array) -> Iterator[tuple[Array, Array]]:
        if player == len(hands):
            yield index, mask
            return
        hand = hands[player]
        step = max(1, limit // hand.count)
        for start in range(0, len(index), step):
            part, bits = index[start : start + step], mask[start : start + step]
            rows = np.repeat(np.arange(len(part)), hand.count)
            cols = np.tile(np.arange(hand.count), len(part))
            old, new = bits[rows], hand.bits[cols]
            ok = (old & new) == 0
            yield from extend(
                player + 1, np.column_stack([part[rows[ok]], cols[ok]]), (old | new)[ok]
            )

    yield from extend(0, np.zeros((1, 0), dtype=np.int64), np.zeros(1, dtype=np.int64))


def assignments(hands: list[Hands]) -> tuple[Array, Array]:
    """All deals at once (see :func:`deal_blocks`)."""
    blocks = list(deal_blocks(hands))
    return np.concatenate([b[0] for b in blocks]), np.concatenate([b[1] for b in blocks])


def _grid(
    spec: Spec, hand: Hands, keys: Array, bits: Array, cards: Array
) -> tuple[Array, Array | None]:
    """Strengths of every combo of ``hand`` on every board of a block: shape (combos, boards)."""
    width = len(keys)

    def bits_of(rows: Array) -> Array:
        combo, board = np.divmod(rows, width)
        return bits[board] + hand.bits[combo]

    invalid = None if hand.count == 1 else (bits[None, :] & hand.bits[:, None]) != 0
    if not spec.exactly_two:
        return _holdem(spec, keys[None, :] + hand.keys[:, None], bits_of, invalid)
    tk, tb = triples(cards)
    return _omaha(
        spec,
        tk[None],
        tb[None],
        hand.pair_keys[:, None, :],
        hand.pair_bits[:, None, :],
        invalid=invalid,
    )


def exact(spec: Spec) -> Tally:
    """Count every deal of the ranges and every runout."""
    if spec.all_known and _compiled.supports(spec):  # one call into the compiled core
        return _compiled.exact_known(spec)
    hands = _player_hands(spec)
    players = spec.players
    runouts = boards(spec.deck, spec.runout_cards, spec.board, spec.exactly_two)
    listed = spec.assignment_bound() <= 1 << 21
    deals = [assignments(hands)] if listed else None
    per_board = sum(h.count for h in hands) * (len(spec.pairs()) * 10 if spec.exactly_two else 1)
    board_block = max(1, (BLOCK * 16) // per_board)
    counts = np.zeros((players, code_count(players, spec.hi_lo)), dtype=np.int64)
    for b0 in range(0, runouts.count, board_block):
        b1 = min(b0 + board_block, runouts.count)
        keys, bits, cards = runouts.keys[b0:b1], runouts.bits[b0:b1], runouts.cards[b0:b1]
        grids = [_grid(spec, hand, keys, bits, cards) for hand in hands]
        if spec.all_known:
            high = np.stack([g[0][0] for g in grids])
            low = np.stack([g[1][0] for g in grids if g[1] is not None]) if spec.hi_lo else None
            counts += tally(high, low, spec.hi_lo)
            continue
        deal_limit = max(1, (BLOCK * 16) // (b1 - b0))
        for all_deals, all_bits in deals or deal_blocks(hands, deal_limit):
            for d0 in range(0, len(all_deals), deal_limit):
                deal, dbits = all_deals[d0 : d0 + deal_limit], all_bits[d0 : d0 + deal_limit]
                valid = (bits[None, :] & dbits[:, None]) == 0
                high = np.stack([g[0][deal[:, p]][valid] for p, g in enumerate(grids)])
                low = None
                if spec.hi_lo:
                    low = np.stack(
                        [g[1][deal[:, p]][valid] for p, g in enumerate(grids) if g[1] is not None]
                    )
                counts += tally(high, low, spec.hi_lo)
    return as_tally(counts, spec.hi_lo)


def _draw(rng: np.random.Generator, deck: Array, used: Array, need: int) -> Array:
    """Per row, ``need`` distinct cards of ``deck`` (card indices) not in the row's ``used``
    bits, as a uniformly random ordered selection: the cards with the smallest random keys,
    in key order."""
    t = kit()
    keys = rng.random((len(used), len(deck)))
    keys[(used[:, None] & t.bit[deck][None, :]) != 0] = 2.0
    part = np.argpartition(keys, need - 1, axis=1)[:, :need] if need < len(deck) else None
    if part is None:
        part = np.broadcast_to(np.arange(len(deck)), keys.shape)
    order = np.argsort(np.take_along_axis(keys, part, axis=1), axis=1)
    result: Array = deck[np.take_along_axis(part, order, axis=1)]
    return result


class _Sampler:
    """What one chunk needs about the spot, built once per process and reused."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        left = len(spec.deck)
        every = comb(left, spec.hole_cards)
        self.full = [every == spec.combo_count(p) > 1 for p in range(spec.players)]
        self.hands = [Hands(spec, p, listed=not self.full[p]) for p in range(spec.players)]
        self.narrow = [p for p, full in enumerate(self.full) if not full]
        narrow_hands = [self.hands[p] for p in self.narrow]
        self.known = all(h.count == 1 for h in narrow_hands)
        bound = prod(h.count for h in narrow_hands)
        self.deals = None if self.known or bound > 1 << 20 else assignments(narrow_hands)
        # Runouts are drawn as independent parts (e.g. two cards and three), each from a small
        # table of every subset of the deck, and kept when the parts share no card: every
        # runout is then equally likely, and the tables are quick to build and stay in cache.
        self.parts = (
            []
            if any(self.full)
            else [
                boards(spec.deck, size, b"", spec.exactly_two)
                for size in _split(spec.runout_cards, left)
            ]
        )
        self.deck = np.array(spec.deck, dtype=np.int64)
        t = kit()
        board = np.array(list(spec.board), dtype=np.int64)
        self.board = board
        self.board_key, self.board_bits = int(t.key[board].sum()), int(t.bit[board].sum())


def _split(runout: int, deck: int) -> list[int]:
    """Sizes of the parts a runout is drawn in: as few as keep each table small."""
    if runout <= 1 or comb(deck, runout) <= 1 << 16:
        return [runout]
    first = runout // 2
    return [first, *_split(runout - first, deck)]


@lru_cache(maxsize=4)
def _sampler(spec: Spec) -> _Sampler:
    return _Sampler(spec)


def _narrow_deals(
    sampler: _Sampler, rng: np.random.Generator, n: int
) -> tuple[dict[int, Array], Array, Array]:
    """Combos for the players with narrow ranges: per player an index array (known hands are
    left out), the cards used (bits) and which rows are valid."""
    hands = sampler.hands
    if sampler.known:
        return {}, np.zeros(n, dtype=np.int64), np.ones(n, dtype=bool)
    if sampler.deals is not None:
        deals, deal_bits = sampler.deals
        pick = rng.integers(0, len(deals), n)
        combo = {p: deals[pick, i] for i, p in enumerate(sampler.narrow)}
        return combo, deal_bits[pick], np.ones(n, dtype=bool)
    combo = {p: rng.integers(0, hands[p].count, n) for p in sampler.narrow}
    each = [hands[p].bits[c] for p, c in combo.items()]
    used = np.bitwise_or.reduce(each)
    return combo, used, used == np.add.reduce(each)


def sample(spec: Spec, seed: int, chunk: int, count: int) -> Tally:
    """Sample ``count`` deals and runouts with the generator of chunk ``chunk`` of ``seed``.

    Players with narrow ranges are dealt first (from the list of deals that fit together, or
    by rejection); players whose range is every hand, and the runout, are then dealt from the
    cards left. Both steps are uniform, so every deal and runout is equally likely."""
    if spec.all_known and _compiled.supports(spec):  # sampled by the compiled core
        return _compiled.sample_known(spec, seed, chunk, count)
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(chunk,)))
    t, sampler = kit(), _sampler(spec)
    hands, players, hole = sampler.hands, spec.players, spec.hole_cards
    full = [p for p in range(players) if sampler.full[p]]
    pairs = spec.pairs()
    counts = np.zeros((players, code_count(players, spec.hi_lo)), dtype=np.int64)
    left, barren = count, 0
    while left:
        n = min(BLOCK, left + left // 4 + 16)
        combo, used, ok = _narrow_deals(sampler, rng, n)
        if sampler.parts:
            picks = [rng.integers(0, part.count, n) for part in sampler.parts]
            part_bits = [part.bits[pick] for part, pick in zip(sampler.parts, picks, strict=True)]
            drawn_bits = part_bits[0]
            for more in part_bits[1:]:
                ok &= (drawn_bits & more) == 0
                drawn_bits = drawn_bits | more
            if not sampler.known:
                ok &= (drawn_bits & used) == 0
        else:
            drawn = _draw(rng, sampler.deck, used, hole * len(full) + spec.runout_cards)
        rows = np.flatnonzero(ok)[:left]
        left -= len(rows)
        barren = 0 if len(rows) else barren + 1
        if barren > _MAX_BARREN:
            raise InvalidDefinitionError(
                "the players' ranges almost never fit together; narrow them or enumerate exactly"
            )
        holes: dict[int, Array] = {}
        if sampler.parts:
            chosen = [pick[rows] for pick in picks]
            keys = sampler.board_key + sum(
                (part.keys[pick] for part, pick in zip(sampler.parts, chosen, strict=True)),
                np.zeros(len(rows), dtype=np.int64),
            )
            board_bits = (sampler.board_bits + drawn_bits[rows]).__getitem__
            cards = np.zeros((len(rows), 0), dtype=np.int8)
            if spec.exactly_two:
                cards = np.concatenate(
                    [np.broadcast_to(sampler.board, (len(rows), len(sampler.board)))]
                    + [part.cards[pick] for part, pick in zip(sampler.parts, chosen, strict=True)],
                    axis=1,
                )
        else:
            drawn = drawn[rows]
            holes = {p: drawn[:, j * hole : (j + 1) * hole] for j, p in enumerate(full)}
            runout = drawn[:, hole * len(full) :]
            cards = np.concatenate(
                [np.broadcast_to(sampler.board, (len(rows), len(sampler.board))), runout], axis=1
            )
            keys = sampler.board_key + t.key[runout].sum(axis=1)
            board_bits = (sampler.board_bits + t.bit[runout].sum(axis=1)).__getitem__
        if spec.exactly_two:
            tk, tb = triples(cards)
        parts = []
        for p, hand in enumerate(hands):
            if p in holes:  # dealt from the cards left: sums from the cards themselves
                own = holes[p]
                if spec.exactly_two:
                    pk = np.stack([t.key[own[:, a]] + t.key[own[:, b]] for a, b in pairs], 1)
                    pb = np.stack([t.bit[own[:, a]] + t.bit[own[:, b]] for a, b in pairs], 1)
                else:
                    hk, hb = t.key[own].sum(axis=1), t.bit[own].sum(axis=1)
            else:  # a combo of the range, or the one known hand
                picked = combo[p][rows] if p in combo else 0
                pk, pb = hand.pair_keys[picked], hand.pair_bits[picked]
                hk, hb = hand.keys[picked], hand.bits[picked]
            if spec.exactly_two:
                parts.append(_omaha(spec, tk, tb, pk, pb))
            else:
                parts.append(_holdem(spec, keys + hk, _plus(board_bits, hb)))
        high = np.stack([part[0] for part in parts])
        low = np.stack([part[1] for part in parts]) if spec.hi_lo else None  # type: ignore[misc]
        counts += tally(high, low, spec.hi_lo)
    return as_tally(counts, spec.hi_lo)


def _plus(board_bits: Callable[[Array], Array], hole_bits: Array) -> Callable[[Array], Array]:
    """``rows -> board_bits(rows) + hole_bits[rows]`` (or plus the scalar ``hole_bits``)."""
    if np.ndim(hole_bits) == 0:
        scalar = int(hole_bits)
        return lambda rows: board_bits(rows) + scalar
    return lambda rows: board_bits(rows) + hole_bits[rows]
