#!/usr/bin/env python3
"""Draws the three logo files of content/brand/ (full colour, monochrome, white): the K mark of
the favicon beside the wordmark, with the wordmark's letters outlined as paths (DejaVu Sans Bold,
free licence) so the files render identically everywhere, with no font installed.

Usage: python3 scripts/make-logos.py "Kestrel Custody"   (needs `pip install fonttools`)
"""
import sys
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
HEIGHT = 80
MARK = 64
TEXT_SIZE = 34
GAP = 18
VARIANTS = {
    "full-colour": {"mark": "#0b2545", "stroke": "#ffffff", "text": "#0b2545"},
    "monochrome": {"mark": "#000000", "stroke": "#ffffff", "text": "#000000"},
    "white": {"mark": "#ffffff", "stroke": "#0b2545", "text": "#ffffff"},
}


def wordmark(text):
    font = TTFont(FONT)
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    scale = TEXT_SIZE / font["head"].unitsPerEm
    baseline = HEIGHT / 2 + TEXT_SIZE * 0.36
    x = MARK + GAP
    pen = SVGPathPen(glyphs, ntos=lambda n: f"{n:.2f}".rstrip("0").rstrip("."))
    for char in text:
        name = cmap[ord(char)]
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, x, baseline)))
        x += glyphs[name].width * scale
    return pen.getCommands(), round(x + 4)


def main():
    text = sys.argv[1] if len(sys.argv) > 1 else "Kestrel Custody"
    path, width = wordmark(text)
    out = Path(__file__).resolve().parent.parent / "content" / "brand"
    offset = (HEIGHT - MARK) / 2
    for variant, c in VARIANTS.items():
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {HEIGHT}" '
            f'width="{width}" height="{HEIGHT}" role="img" aria-label="{text}">'
            f'<g transform="translate(0 {offset}) scale(2)">'
            f'<rect width="32" height="32" rx="7" fill="{c["mark"]}"/>'
            f'<path d="M10 8v16M10 16l10-8M13.5 13.5 21 24" fill="none" stroke="{c["stroke"]}" '
            'stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></g>'
            f'<path fill="{c["text"]}" d="{path}"/></svg>\n'
        )
        (out / f"logo-{variant}.svg").write_text(svg)
        print(f"wrote content/brand/logo-{variant}.svg ({width}x{HEIGHT})")


main()
