"""A static HTML stepper for a recorded game: the position after each move, with previous/next
buttons, a slider and the arrow keys.  It needs no kernel, so it works in Jupyter and in the built
book alike.

A worked game of two hundred moves is two hundred pictures, each mostly the one before it, so the
stepper draws only the first position in full (what a reader without scripts, or an untrusted
notebook, sees) and carries the others compactly (see :func:`compact`): the distinct tags of all the
pictures once, the distinct piles as lists of tags, and each position as its list of piles.  Its
small script only joins those strings, which the renderer wrote, back into the picture of the
position asked for.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING, Any

from .svg import svg, symbols

if TYPE_CHECKING:
    from ..game import Record

__all__ = ["stepper", "compact", "picture"]

#: Where a picture is cut into its piles (the picture's own head goes with the first), and a pile into its tags.
_PILE = re.compile(r'(?=<g class="pile")')
_TAG = re.compile(r"(?=<)")

_STYLE = """<style>
.patience-stepper{border:1px solid #ccc;border-radius:6px;padding:.5em;margin:1em 0;outline:none}
.patience-stepper:focus{border-color:#2b4a8b}
.patience-stepper .stepper-controls{display:flex;gap:.5em;align-items:center;margin-bottom:.4em}
.patience-stepper .stepper-slider{flex:1}
.patience-stepper .stepper-frame svg{max-width:100%;height:auto}
</style>"""

# The script mirrors picture(): it joins the tags of each pile of a position, then the piles.
_SCRIPT = """<script>
(function(){
  var root = document.getElementById("%(id)s");
  if (!root || root.dataset.ready) return;
  var data = JSON.parse(document.getElementById("%(id)s-data").textContent);
  root.dataset.ready = "1";
  var frame = root.querySelector(".stepper-frame");
  var slider = root.querySelector(".stepper-slider");
  var label = root.querySelector(".stepper-label");
  var last = data.positions.length - 1;
  function picture(i){
    return data.positions[i].map(function(p){
      return data.piles[p].map(function(t){ return data.tags[t]; }).join("");
    }).join("");
  }
  function show(i){
    i = Math.max(0, Math.min(last, i));
    if (i !== +root.dataset.current) { frame.innerHTML = picture(i); }
    frame.dataset.position = i;
    slider.value = i;
    label.textContent = "Move " + i + " of " + last + (i ? ": " + data.moves[i - 1] : "");
    root.dataset.current = i;
  }
  root.querySelector(".stepper-prev").addEventListener("click", function(){ show(+root.dataset.current - 1); });
  root.querySelector(".stepper-next").addEventListener("click", function(){ show(+root.dataset.current + 1); });
  slider.addEventListener("input", function(){ show(+slider.value); });
  root.addEventListener("keydown", function(e){
    if (e.key === "ArrowRight") { show(+root.dataset.current + 1); e.preventDefault(); }
    if (e.key === "ArrowLeft") { show(+root.dataset.current - 1); e.preventDefault(); }
  });
  show(0);
})();
</script>"""


def compact(pictures: list[str]) -> dict[str, list[Any]]:
    """``pictures`` as ``tags`` (each distinct tag once), ``piles`` (each distinct pile once, as the
    indices of its tags) and ``positions`` (each picture as the indices of its piles).

    >>> data = compact(['<svg><g class="pile"><use/></g></svg>', '<svg><g class="pile"></g></svg>'])
    >>> data["tags"], data["piles"], data["positions"]
    (['<svg>', '<g class="pile">', '<use/>', '</g>', '</svg>'], [[0], [1, 2, 3, 4], [1, 3, 4]], [[0, 1], [0, 2]])
    >>> [picture(data, i) for i in range(2)] == ['<svg><g class="pile"><use/></g></svg>', '<svg><g class="pile"></g></svg>']
    True
    """
    tags: dict[str, int] = {}
    piles: dict[tuple[int, ...], int] = {}
    positions = []
    for drawn in pictures:
        positions.append([
            piles.setdefault(tuple(tags.setdefault(tag, len(tags)) for tag in _TAG.split(pile) if tag), len(piles))
            for pile in _PILE.split(drawn) if pile
        ])
    return {"tags": list(tags), "piles": [list(p) for p in piles], "positions": positions}


def picture(data: dict[str, list[Any]], i: int) -> str:
    """The picture of position ``i`` joined back from :func:`compact`'s data (as the stepper's script does)."""
    return "".join("".join(data["tags"][t] for t in data["piles"][p]) for p in data["positions"][i])


def stepper(record: Record) -> str:
    """The HTML of a stepper through every position of ``record``."""
    pictures = [svg(game, shared=True) for game in record.positions()]
    data = {**compact(pictures), "moves": [str(move) for move in record.moves]}
    last = len(pictures) - 1
    ident = "stepper-" + hashlib.sha1(record.to_text().encode()).hexdigest()[:12]
    # "</" inside a script would end it: JSON may write it "<\/"
    encoded = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    controls = (
        '<div class="stepper-controls">'
        '<button type="button" class="stepper-prev" aria-label="previous move">◀</button>'
        f'<input type="range" class="stepper-slider" min="0" max="{last}" value="0" aria-label="move">'
        '<button type="button" class="stepper-next" aria-label="next move">▶</button>'
        f'<span class="stepper-label">Move 0 of {last}</span></div>'
    )
    return (
        f'{_STYLE}<div class="patience-stepper" id="{ident}" tabindex="0" data-current="0">'
        f'{symbols(record.start.pack())}{controls}'
        f'<div class="stepper-frame" data-position="0">{pictures[0]}</div></div>'
        f'<script type="application/json" id="{ident}-data">{encoded}</script>{_SCRIPT % {"id": ident}}'
    )
