"""Collection rules for the whole checkout: the PettingZoo environment's modules are only
collected (for their doctests) when the ``rl`` extra is installed."""

from importlib.util import find_spec

collect_ignore_glob = [] if find_spec("pettingzoo") else ["src/pokerrules/envs/*"]
