"""A smoke test of an installed pokerrules, run from outside the source tree.

It touches what a wheel could lose: the shipped evaluation tables, the typing marker, the
catalogue, a whole hand, PHH and the command line.
"""

from __future__ import annotations

import subprocess
import sys
from importlib import resources
from pathlib import Path

import pokerrules
from pokerrules import evaluate_high, parse_cards
from pokerrules.engine import Hand, Phase, ShowHand
from pokerrules.evaluation import BACKEND
from pokerrules.history.export import to_history
from pokerrules.history.phh import dumps, loads
from pokerrules.serialization import dumps as dump_json
from pokerrules.serialization import json_schema
from pokerrules.serialization import loads as load_json
from pokerrules.variants import Stakes, find_variant


def main() -> None:
    here = Path(pokerrules.__file__).resolve()
    if "site-packages" not in here.parts:
        raise SystemExit(f"pokerrules was imported from {here}, not from the installed wheel")
    if not resources.files("pokerrules").joinpath("py.typed").is_file():
        raise SystemExit("the wheel has no py.typed marker")
    if evaluate_high(parse_cards("As Ks Qs Js Ts 2c 3d")).describe() != "Royal flush":
        raise SystemExit("hand evaluation is wrong in the installed wheel")
    hand = Hand.start(
        find_variant("no-limit hold'em"),
        stakes=Stakes.no_limit(1, 2),
        stacks=[100, 100, 100],
        button=0,
        seed=7,
    )
    while not hand.is_complete:
        hand = hand.apply(ShowHand()) if hand.phase is Phase.SHOWDOWN else hand.check_or_call()
    if sum(hand.stacks.values()) != 300:
        raise SystemExit("chips were not conserved in the installed wheel")
    if not json_schema().get("$defs"):
        raise SystemExit("the wheel's JSON Schema is empty")
    document = dump_json(hand)
    if dump_json(load_json(document)) != document:
        raise SystemExit("a JSON round trip failed in the installed wheel")
    text = dumps(to_history(hand))
    if dumps(loads(text)) != text:
        raise SystemExit("a PHH round trip failed in the installed wheel")
    version = subprocess.run(
        [Path(sys.executable).with_name("pokerrules"), "--version"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    if version.strip() != f"pokerrules {pokerrules.__version__}":
        raise SystemExit(f"pokerrules --version printed {version!r}")
    print(
        f"smoke test passed: pokerrules {pokerrules.__version__} ({BACKEND} evaluation) "
        f"from {here.parent}"
    )


if __name__ == "__main__":
    main()
