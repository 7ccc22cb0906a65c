"""Text contrast measured in a real browser, from the computed colours (WCAG 2's ratio).

``TEXT_CONTRAST_JS`` walks every rendered text node under an element and returns, for each, the
ratio of its colour to the background it is painted on: every background from the page down to
the text, each with the opacity of its element and its ancestors, then the text's colour, all
composited in a 1 x 1 canvas (which reads any CSS colour: ``rgba()``, ``color-mix()``'s
``color(srgb ...)``). ``need`` is WCAG AA's minimum for that text: 4.5:1, or 3:1 for large text
(24 px, or bold from 18.66 px). Left out, as WCAG leaves them out: the text of a disabled
control, and text that is not rendered (``hidden``, ``display: none``, a zero-size box). SVG
text (the cards' letters) is a graphic's, drawn on the graphic's own shapes: not measured here.

Used by ``tests/test_frontend_browser.py`` (the board's fixtures in both JupyterLab themes) and
``tests/test_e2e_room.py`` (a real board in JupyterLab).
"""

from __future__ import annotations

from typing import Any

TEXT_CONTRAST_JS = """(root) => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const paint = (layers) => {
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, 1, 1);
    for (const [colour, alpha] of layers) {
      ctx.globalAlpha = alpha;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
    }
    return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
  };
  const lum = (rgb) => {
    const [r, g, b] = rgb.map((v) => { v /= 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('svg')) continue;
    if (el.closest('button:disabled, [aria-disabled="true"]')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const box = range.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width < 1 || box.height < 1 || style.visibility === 'hidden') continue;
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let alpha = 1;
    const layers = [['#ffffff', 1]];
    for (const e of chain) {
      const cs = getComputedStyle(e);
      alpha *= parseFloat(cs.opacity);
      layers.push([cs.backgroundColor, alpha]);
    }
    const bg = paint(layers);
    const fg = paint([...layers, [style.color, alpha]]);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const size = parseFloat(style.fontSize);
    const bold = parseInt(style.fontWeight, 10) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    out.push({ text: text.slice(0, 40), cls: String(el.className), colour: style.color,
               fg: fg.join(','), bg: bg.join(','), size: Math.round(size * 10) / 10, bold,
               ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100,
               need: large ? 3 : 4.5,
               shown: Boolean(el.closest('tr.nsb-board-shown')) });
  }
  return out;
}"""


def too_faint(texts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The measured texts under their WCAG AA minimum."""
    return [t for t in texts if t["ratio"] < t["need"]]
