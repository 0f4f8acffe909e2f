"""The PettingZoo AEC environment: one hand of any variant per episode."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from pokerrules._validators import is_int, shown
from pokerrules.catalogue import default_stakes
from pokerrules.engine import Hand, ShowHand
from pokerrules.envs.encoding import ActionSet, Mask, Observer, Vector
from pokerrules.errors import InvalidDefinitionError
from pokerrules.variants import Stakes, Variant, find_variant

__all__ = ["PokerEnv"]


class PokerEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """An AEC environment for ``variant`` (a :class:`~pokerrules.variants.Variant` or a
    catalogue name) with ``players`` agents, ``player_0`` in seat 0 and so on.

    Each episode is one hand: every seat starts with ``stack`` chips (default 100 big blinds or
    big bets), the button moves one seat each episode (from a random seat drawn at
    :meth:`reset`), and each agent's reward at the end is the chips it won or lost. The
    showdown plays itself: every hand still in is shown.

    * The observation (:meth:`observe`) is the seat's view as a float32 vector
      (:class:`~pokerrules.envs.encoding.Observer`): no other seat's face-down card is in it;
      every board of a double-board game is in it.
    * The action space is discrete (:class:`~pokerrules.envs.encoding.ActionSet`): fold, check
      or call, the minimum, half-pot, pot and largest bets or raises, bring-in, complete, stand
      pat and the discards of a draw game. The legal ones are ``infos[agent]["action_mask"]``
      (also :meth:`action_mask`).
    * With ``ask_runouts=True`` (a board game without draws) the agents still in choose at an
      all-in how many times to run the board out (``Hand.start(ask_runouts=True)``): the action
      space gains "run it ``k`` times" for ``k`` from 1 to
      :data:`~pokerrules.runouts.MAX_RUNOUTS` (those the cards left can deal are legal), the
      observation one bit saying the choice is under way, and the board runs ``k`` times only
      when every agent still in chose ``k``.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human"],
        "name": "pokerrules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Variant | str,
        players: int = 2,
        *,
        stakes: Stakes | None = None,
        stack: int | None = None,
        render_mode: str | None = None,
        ask_runouts: bool = False,
    ) -> None:
        super().__init__()
        if isinstance(variant, str):
            variant = find_variant(variant)
        if not isinstance(variant, Variant):
            raise InvalidDefinitionError(
                f"variant must be a Variant or a catalogue name, not {shown(variant)}"
            )
        if not is_int(players) or not variant.min_players <= players <= variant.max_players:
            raise InvalidDefinitionError(
                f"{variant.name} is for {variant.min_players} to {variant.max_players} players, "
                f"not {shown(players)}"
            )
        if render_mode not in (None, "human"):
            raise InvalidDefinitionError(
                f"render_mode must be None or 'human', not {render_mode!r}"
            )
        self.variant = variant
        self.stakes = default_stakes(variant) if stakes is None else stakes
        unit = self.stakes.blinds[-1] if self.stakes.blinds else self.stakes.big_bet
        self.stack = 100 * max(unit, 1) if stack is None else stack
        if not is_int(self.stack) or self.stack <= 0:
            raise InvalidDefinitionError(f"stack must be positive whole chips, not {shown(stack)}")
        if not isinstance(ask_runouts, bool):
            raise InvalidDefinitionError(
                f"ask_runouts must be True or False, not {shown(ask_runouts)}"
            )
        self.render_mode = render_mode
        self.ask_runouts = ask_runouts
        self.actions = ActionSet(variant, runouts=ask_runouts)
        self.observer = Observer(variant, players, runouts=ask_runouts)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: gymnasium.spaces.Box(0.0, 1.0, (self.observer.size,), dtype=np.float32)
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(self.actions.size) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self._button = 0
        self._street = ""
        self._street_start: dict[int, int] = {}
        self.hand: Hand | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def __str__(self) -> str:
        return f"pokerrules_v0({self.variant.name})"

    # -- the hand --------------------------------------------------------------------------------

    def _current(self) -> Hand:
        if self.hand is None:
            raise InvalidDefinitionError("call reset() before playing")
        return self.hand

    def _advance(self, hand: Hand) -> Hand:
        """Play what no agent decides (the showdown), keeping each seat's chips put in on the
        current betting round up to date."""
        while not hand.is_complete:
            legal = hand.legal_actions()
            if legal is None or legal.kind != "showdown":
                break
            hand = hand.apply(ShowHand())
        if hand.street != self._street:
            self._street, self._street_start = hand.street, hand.contributions
        return hand

    def street_bets(self) -> dict[int, int]:
        """The chips each seat has put in on the current betting round (forced bets of the
        first round included, antes too)."""
        hand = self._current()
        return {s: x - self._street_start.get(s, 0) for s, x in hand.contributions.items()}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: from ``seed`` (which also draws the first button) or, without one,
        from the environment's random source with the button one seat on."""
        if seed is not None:
            self._rng = random.Random(seed)
            self._button = self._rng.randrange(len(self.possible_agents))
        else:
            self._button = (self._button + 1) % len(self.possible_agents)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        hand = Hand.start(
            self.variant,
            stakes=self.stakes,
            stacks=[self.stack] * len(self.agents),
            button=self._button,
            rng=random.Random(self._rng.getrandbits(64)),
            ask_runouts=self.ask_runouts,
        )
        self._street_start = dict.fromkeys(hand.seats, 0)
        self._street = hand.street
        self.hand = self._advance(hand)
        self._select()

    def _select(self) -> None:
        hand = self._current()
        if hand.actor is not None:
            self.agent_selection = self.possible_agents[hand.actor]
        self.infos = {agent: {"action_mask": self.action_mask(agent)} for agent in self.agents}

    def action_mask(self, agent: str) -> Mask:
        """1 for each action ``agent`` may take now (all 0 unless it is to act)."""
        hand = self._current()
        if hand.actor != self._seat[agent]:
            return np.zeros(self.actions.size, dtype=np.int8)
        return self.actions.mask(hand, self.street_bets())

    def observe(self, agent: str) -> Vector:
        """``agent``'s observation (:class:`~pokerrules.envs.encoding.Observer`)."""
        return self.observer.encode(
            self._current(), self._seat[agent], self.stack * len(self.possible_agents)
        )

    def step(self, action: int | None) -> None:
        """The selected agent takes ``action`` (an index of the action set; ``None`` once its
        hand is over). A masked-out action raises
        :class:`~pokerrules.errors.IllegalActionError` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self._current()
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise InvalidDefinitionError(f"{agent} must act: an action index, not {action!r}")
        decoded = self.actions.decode(hand, int(action), self.street_bets())
        hand = self._advance(hand.apply(decoded))
        self.hand = hand
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if hand.is_complete:
            for name, seat in self._seat.items():
                self.rewards[name] = float(hand.stacks[seat] - self.stack)
                self.terminations[name] = True
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> None:
        """With ``render_mode="human"``, print the hand."""
        if self.render_mode == "human" and self.hand is not None:
            print(self.hand)

    def close(self) -> None:
        """Nothing to release."""
