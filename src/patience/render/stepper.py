"""A static HTML stepper for a recorded game: one SVG frame per position, with
previous/next buttons, a slider and the arrow keys.  It needs no kernel, so it
works in Jupyter and in the built book alike.
"""

from __future__ import annotations

import hashlib
from html import escape
from typing import TYPE_CHECKING

from .svg import svg, symbols

if TYPE_CHECKING:
    from ..game import Record

__all__ = ["stepper"]

_STYLE = """<style>
.patience-stepper{border:1px solid #ccc;border-radius:6px;padding:.5em;margin:1em 0;outline:none}
.patience-stepper:focus{border-color:#2b4a8b}
.patience-stepper .stepper-controls{display:flex;gap:.5em;align-items:center;margin-bottom:.4em}
.patience-stepper .stepper-slider{flex:1}
.patience-stepper .stepper-frame svg{max-width:100%;height:auto}
</style>"""

_SCRIPT = """<script>
(function(){
  var root = document.getElementById("%(id)s");
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "1";
  var frames = root.querySelectorAll(".stepper-frame");
  var slider = root.querySelector(".stepper-slider");
  var label = root.querySelector(".stepper-label");
  var last = frames.length - 1;
  function show(i){
    i = Math.max(0, Math.min(last, i));
    frames.forEach(function(f, k){ f.style.display = (k === i) ? "block" : "none"; });
    slider.value = i;
    label.textContent = "Move " + i + " of " + last + (i ? ": " + frames[i].dataset.move : "");
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


def stepper(record: Record) -> str:
    """The HTML of a stepper through every position of ``record``."""
    frames = []
    for i, (game, move) in enumerate(zip(record.positions(), [None, *record.moves])):
        note = escape(str(move)) if move is not None else ""
        hidden = "" if i == 0 else ' style="display:none"'
        frames.append(
            f'<div class="stepper-frame" data-move="{note}"{hidden}>{svg(game, shared=True)}</div>'
        )
    last = len(frames) - 1
    ident = "stepper-" + hashlib.sha1(record.to_text().encode()).hexdigest()[:12]
    controls = (
        '<div class="stepper-controls">'
        '<button type="button" class="stepper-prev" aria-label="previous move">◀</button>'
        f'<input type="range" class="stepper-slider" min="0" max="{last}" value="0" aria-label="move">'
        '<button type="button" class="stepper-next" aria-label="next move">▶</button>'
        f'<span class="stepper-label">Move 0 of {last}</span></div>'
    )
    return (
        f'{_STYLE}<div class="patience-stepper" id="{ident}" tabindex="0" data-current="0">'
        f'{symbols(record.start.pack())}{controls}{"".join(frames)}</div>{_SCRIPT % {"id": ident}}'
    )
