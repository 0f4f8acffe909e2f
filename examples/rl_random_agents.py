"""Random agents play 1,000 hands in the PettingZoo environment, one game after another: the
PettingZoo AEC loop with the action mask, and the chips each agent won. Needs the ``rl`` extra
(``pip install 'pokerrules[rl]'``); without it the script says so and stops."""

from __future__ import annotations

import random
import sys
from importlib.util import find_spec


def main() -> None:
    if find_spec("pettingzoo") is None:
        print("this example needs the rl extra: pip install 'pokerrules[rl]'")
        return
    import numpy as np  # noqa: PLC0415 -- only with the rl extra

    from pokerrules.envs import PokerEnv  # noqa: PLC0415

    rng = random.Random(2024)
    games = [("no-limit hold'em", 6), ("seven-card stud", 4), ("five-card draw", 3),
             ("Chicago High Spade", 5)]  # fmt: skip
    hands = 0
    for name, players in games:
        env = PokerEnv(name, players=players)
        won = dict.fromkeys(env.possible_agents, 0.0)
        env.reset(seed=rng.randrange(2**32))
        for _ in range(250):
            for agent in env.agent_iter():
                _, reward, terminated, truncated, info = env.last()
                won[agent] += reward
                if terminated or truncated:
                    env.step(None)
                else:
                    env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            hands += 1
            env.reset()
        if sum(won.values()) != 0:
            sys.exit(f"{name}: chips were not conserved: {won}")
        results = ", ".join(f"{agent} {chips:+.0f}" for agent, chips in won.items())
        print(f"{name}, 250 hands: {results}")
    print(f"{hands} hands played")


if __name__ == "__main__":
    main()
