"""Pictures drawn at docs build time from the library itself.

``.. side-pots::`` draws the pots of a hand from the library's own :func:`pokerrules.pots.
side_pots`, so the picture can never disagree with the code beside it::

    .. side-pots:: 1=20 2=5 3=20 4=20
       :folded: 4
       :names: 1=Ann 2=Bob 3=Cat 4=Dan

``.. module-map::`` draws which rule modules the hand engine composes, read from the imports
of the source files (so it changes when the code does).

Both write an inline SVG: no plotting library and no external program is needed.
"""

from __future__ import annotations

import ast
import html
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives

import pokerrules
from pokerrules.pots import side_pots

#: One colour per pot, main pot first (colour-blind-safe, after Okabe and Ito).
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442")
RETURNED = "#BBBBBB"
FONT = 'font-family="system-ui, sans-serif" font-size="13"'


def _pairs(text: str, what: str) -> dict[int, str]:
    pairs: dict[int, str] = {}
    for item in text.split():
        seat, sep, value = item.partition("=")
        if not sep or not seat.isdigit():
            raise ValueError(f"{what}: expected SEAT=VALUE, got {item!r}")
        pairs[int(seat)] = value
    return pairs


def side_pot_svg(contributions: dict[int, int], folded: set[int], names: dict[int, str]) -> str:
    """Each player's chips as a column, cut into the pots they went to."""
    pots = side_pots(contributions, folded)
    seats = sorted(contributions)
    top = max(contributions.values())
    column, gap, height, left, base = 64, 28, 220, 60, 250
    width = left + len(seats) * (column + gap) + 230
    scale = height / top
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {base + 50}" '
        f'width="{width}" role="img" class="pokerrules-diagram">',
        f"<title>Side pots of contributions {html.escape(str(contributions))}</title>",
    ]
    # the levels at which side_pots cuts: each live player's total once the uncalled bet is
    # back; folded chips above the last level go in the last pot. Each band's chips are
    # checked against the library's pot, so the picture cannot drift from the code.
    returned = pots.returned
    chips = dict(contributions)
    if returned:
        chips[returned[0]] -= returned[1]
    live_levels = sorted({chips[s] for s in seats if s not in folded})
    bands: list[tuple[int, float]] = []  # (floor, ceiling) of each non-empty pot
    previous = 0
    for level in live_levels:
        ceiling = float("inf") if level == live_levels[-1] else level
        amount = sum(max(0, min(c, ceiling) - previous) for c in chips.values())
        if amount:
            bands.append((previous, ceiling))
        previous = level
    drawn = [sum(max(0, min(c, hi) - lo) for c in chips.values()) for lo, hi in bands]
    if drawn != [pot.amount for pot in pots]:
        raise ValueError(f"side-pots: bands {drawn} do not match the pots {list(pots)}")
    for index, seat in enumerate(seats):
        x = left + index * (column + gap)
        amount = contributions[seat]
        kept = chips[seat]
        for number, (lo, hi) in enumerate(bands):
            band = min(kept, hi) - lo
            if band > 0:
                y = base - (lo + band) * scale
                out.append(
                    f'<rect x="{x}" y="{y:.1f}" width="{column}" height="{band * scale:.1f}" '
                    f'fill="{PALETTE[number % len(PALETTE)]}" stroke="white"/>'
                )
        if returned and returned[0] == seat:
            y = base - amount * scale
            out.append(
                f'<rect x="{x}" y="{y:.1f}" width="{column}" '
                f'height="{returned[1] * scale:.1f}" fill="{RETURNED}" stroke="white" '
                'stroke-dasharray="4 2"/>'
            )
        label = html.escape(names.get(seat, f"seat {seat}"))
        mark = " (folded)" if seat in folded else ""
        out.append(
            f'<text x="{x + column / 2}" y="{base + 18}" text-anchor="middle" {FONT}>'
            f"{label}{mark}</text>"
        )
        out.append(
            f'<text x="{x + column / 2}" y="{base - amount * scale - 6:.1f}" '
            f'text-anchor="middle" {FONT}>{amount}</text>'
        )
    legend_x = left + len(seats) * (column + gap) + 10
    for number, pot in enumerate(pots):
        y = 40 + number * 26
        who = ", ".join(html.escape(names.get(s, str(s))) for s in pot.eligible)
        title = "main pot" if number == 0 else f"side pot {number}"
        out.append(
            f'<rect x="{legend_x}" y="{y - 12}" width="16" height="16" '
            f'fill="{PALETTE[number % len(PALETTE)]}"/>'
        )
        out.append(
            f'<text x="{legend_x + 24}" y="{y + 1}" {FONT}>{title}: {pot.amount} ({who})</text>'
        )
    if returned:
        y = 40 + len(pots) * 26
        who = html.escape(names.get(returned[0], f"seat {returned[0]}"))
        out.append(f'<rect x="{legend_x}" y="{y - 12}" width="16" height="16" fill="{RETURNED}"/>')
        out.append(
            f'<text x="{legend_x + 24}" y="{y + 1}" {FONT}>returned to {who}: {returned[1]}</text>'
        )
    out.append(
        f'<line x1="{left - 10}" y1="{base}" x2="{legend_x - 20}" y2="{base}" stroke="#444"/>'
    )
    out.append("</svg>")
    return "\n".join(out)


class SidePots(Directive):
    """``.. side-pots:: SEAT=CHIPS ...`` with optional ``:folded:`` and ``:names:``."""

    has_content = False
    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {
        "folded": directives.unchanged,
        "names": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        contributions = {s: int(v) for s, v in _pairs(self.arguments[0], "side-pots").items()}
        folded = {int(s) for s in self.options.get("folded", "").split()}
        names = _pairs(self.options.get("names", ""), "names")
        svg = side_pot_svg(contributions, folded, names)
        return [nodes.raw("", f'<figure class="pokerrules-figure">{svg}</figure>', format="html")]


#: The modules of the package in layers, from the engine down, and how each is drawn.
LAYERS = (
    ("engine", ("engine",)),
    ("rules", ("variants", "catalogue")),
    (
        "components",
        ("forced_bets", "betting", "pots", "rake", "kill", "showdown", "actions"),
    ),
    ("base", ("evaluation", "cards", "errors")),
)

#: Modules drawn inside another's box: a variant's parts, which ``variants`` re-exports.
PARTS = {"variants": ("streets", "stakes", "variant_rules")}
#: The box each part is drawn in.
BOX = {part: box for box, parts in PARTS.items() for part in parts}


def _imports_of(package: Path, module: str) -> set[str]:
    """The top-level pokerrules modules that ``module`` (a module or a package) imports."""
    root = package / module
    files = sorted(root.rglob("*.py")) if root.is_dir() else [root.with_suffix(".py")]
    found: set[str] = set()
    for file in files:
        tree = ast.parse(file.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                parts = name.split(".")
                if parts[0] == "pokerrules" and len(parts) > 1:
                    found.add(BOX.get(parts[1], parts[1]))
    return found - {module}


def module_map_svg(package: Path) -> str:
    """Boxes for the modules in layers; an arrow for each import between drawn modules."""
    drawn = [m for _, mods in LAYERS for m in mods]
    box_w, box_h, row_gap, col_gap, left = 104, 34, 70, 14, 20
    positions: dict[str, tuple[float, float]] = {}
    widest = max(len(mods) for _, mods in LAYERS)
    width = left * 2 + widest * (box_w + col_gap)
    for row, (_, mods) in enumerate(LAYERS):
        offset = (width - len(mods) * (box_w + col_gap)) / 2
        for col, module in enumerate(mods):
            positions[module] = (offset + col * (box_w + col_gap), 20 + row * (box_h + row_gap))
    height = 20 + len(LAYERS) * (box_h + row_gap)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" role="img" class="pokerrules-diagram">',
        "<title>Which modules the hand engine composes</title>",
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" '
        'fill="#666"/></marker></defs>',
    ]
    for module, colour in (("engine", "#0072B2"), ("variants", "#bbbbbb")):
        x1, y1 = positions[module]
        targets = set().union(*(_imports_of(package, m) for m in (module, *PARTS.get(module, ()))))
        for target in sorted((targets - {module}) & set(drawn)):
            x2, y2 = positions[target]
            if y2 <= y1:
                continue
            out.append(
                f'<line x1="{x1 + box_w / 2:.0f}" y1="{y1 + box_h}" x2="{x2 + box_w / 2:.0f}" '
                f'y2="{y2}" stroke="{colour}" marker-end="url(#arrow)"/>'
            )
    for number, (_, mods) in enumerate(LAYERS):
        for module in mods:
            x, y = positions[module]
            fill = PALETTE[number % len(PALETTE)]
            out.append(
                f'<rect x="{x}" y="{y}" width="{box_w}" height="{box_h}" rx="6" '
                f'fill="{fill}" fill-opacity="0.18" stroke="{fill}"/>'
            )
            out.append(
                f'<text x="{x + box_w / 2}" y="{y + 22}" text-anchor="middle" {FONT}>'
                f"{module}</text>"
            )
    out.append("</svg>")
    return "\n".join(out)


class ModuleMap(Directive):
    """``.. module-map::``: the engine and the rule modules it composes."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        package = Path(pokerrules.__file__).resolve().parent
        svg = module_map_svg(package)
        return [nodes.raw("", f'<figure class="pokerrules-figure">{svg}</figure>', format="html")]


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("side-pots", SidePots)
    app.add_directive("module-map", ModuleMap)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
