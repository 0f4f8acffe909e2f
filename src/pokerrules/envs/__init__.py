"""Reinforcement learning: any variant as a PettingZoo AEC environment (the ``rl`` extra:
``pip install 'pokerrules[rl]'``).

>>> from pokerrules.envs import PokerEnv
>>> env = PokerEnv("no-limit hold'em", players=3)
>>> env.reset(seed=1)
>>> env.agent_selection, env.action_space(env.agent_selection)
('player_0', Discrete(9))
>>> env.infos["player_0"]["action_mask"]      # fold, call, min, half pot, pot, all-in
array([1, 1, 1, 0, 1, 1, 0, 0, 0], dtype=int8)
>>> env.step(1)                               # call
>>> env.agent_selection
'player_1'

A random agent's loop is the usual PettingZoo one:

>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else env.action_space(agent).sample(
...         info["action_mask"])
...     env.step(action)
>>> env.agents
[]
"""

from pokerrules.envs.encoding import ACTION_NAMES, ActionSet, Observer
from pokerrules.envs.poker import PokerEnv

__all__ = ["ACTION_NAMES", "ActionSet", "Observer", "PokerEnv"]
