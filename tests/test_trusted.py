"""``trusted`` builds, without running validators, exactly the value the initializer builds.

Internal steps make values the library built itself with :func:`pokerrules._validators.trusted`
(Principle 8, "validate at the edge, trust inside"); the value must be the same one the public
initializer makes from the same fields -- equal, with the same repr and hash, still frozen --
whether the class keeps its fields in slots or in a ``__dict__``.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules._validators import trusted
from pokerrules.cards import Card, parse_card
from pokerrules.forced_bets import Post
from pokerrules.showdown import Holding

cards = st.sampled_from([parse_card(c) for c in ("As", "Kd", "7h", "2c", "Tc")])


@given(
    seat=st.integers(0, 9),
    kind=st.sampled_from(["small blind", "big blind", "ante", "straddle"]),
    amount=st.integers(1, 10**6),
    live=st.booleans(),
    all_in=st.booleans(),
)
def test_a_trusted_post_is_the_post_the_initializer_makes(
    seat: int, kind: str, amount: int, live: bool, all_in: bool
) -> None:
    made = trusted(Post, seat=seat, kind=kind, amount=amount, live=live, all_in=all_in)
    built = Post(seat=seat, kind=kind, amount=amount, live=live, all_in=all_in)
    assert made == built and repr(made) == repr(built) and hash(made) == hash(built)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.amount = 1  # type: ignore[misc]


@given(down=st.lists(cards, max_size=3).map(tuple), up=st.lists(cards, max_size=2).map(tuple))
def test_a_trusted_holding_is_the_holding_the_initializer_makes(
    down: tuple[Card, ...], up: tuple[Card, ...]
) -> None:
    made, built = trusted(Holding, down=down, up=up), Holding(down=down, up=up)
    assert made == built and repr(made) == repr(built)


@attrs.frozen(slots=False)
class _Kept:
    """A frozen class that keeps its fields in a ``__dict__``."""

    a: int = attrs.field(validator=attrs.validators.instance_of(int))
    b: str = "b"


@attrs.frozen
class _Slotted(_Kept):
    """A slotted subclass: its own field in a slot, the inherited ones where the base keeps
    them."""

    c: int = 0


def test_trusted_sets_fields_kept_in_a_dict_and_in_inherited_slots() -> None:
    """Fields with no slot of their own are set all the same; the instance stays frozen; and
    ``trusted`` runs no validator (the point of it: the caller vouches for the values)."""
    assert trusted(_Kept, a=1, b="x") == _Kept(1, "x")
    assert trusted(_Slotted, a=1, b="x", c=3) == _Slotted(1, "x", 3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        trusted(_Kept, a=1, b="x").a = 2  # type: ignore[misc]
    unchecked: object = trusted(_Kept, a="not checked", b="x").a
    assert unchecked == "not checked"
