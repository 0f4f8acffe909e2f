"""Check the built HTML docs for what a reader of the API reference relies on.

* no signature shows a default as the source text attrs generates (``attr_dict[...]``) or as
  ``NOTHING``;
* signatures carry type hints (a public class's signature names its parameters' types);
* the pictures are there (at least six images or inline diagrams across the site).

Run after the Sphinx build: ``python scripts/check_docs.py docs/_build/html``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

MIN_PICTURES = 6


def main(argv: list[str]) -> int:
    root = Path(argv[1] if len(argv) > 1 else "docs/_build/html")
    pages = sorted(root.rglob("*.html"))
    if not pages:
        print(f"check_docs: no HTML pages under {root}", file=sys.stderr)
        return 1
    problems: list[str] = []
    pictures = 0
    hinted = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for signature in re.findall(r'<dt class="sig[^"]*"[^>]*>(.*?)</dt>', text, re.S):
            plain = re.sub(r"<[^>]+>", "", signature)
            if "attr_dict" in plain or re.search(r"=\s*NOTHING\b", plain):
                problems.append(f"{page.relative_to(root)}: {' '.join(plain.split())[:120]}")
            if re.search(r"\w:\s*\S", plain.split("(", 1)[-1]):
                hinted += 1
        pictures += len(re.findall(r"<img\b", text)) + text.count('class="pokerrules-diagram"')
    if hinted == 0:
        problems.append("no signature in the API reference carries a type hint")
    if pictures < MIN_PICTURES:
        problems.append(f"only {pictures} pictures in the docs (at least {MIN_PICTURES})")
    for problem in problems:
        print(f"check_docs: {problem}", file=sys.stderr)
    if not problems:
        print(
            f"docs check passed: {len(pages)} pages, {hinted} typed signatures, "
            f"{pictures} pictures"
        )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
