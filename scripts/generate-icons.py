#!/usr/bin/env python3
"""Generate Public/icons/<network>.svg, the card network badges, from Simple Icons.

Dev-only: the server never runs Python, and the build does not run this script. Run it when you
want newer icons, review the diff (open the gallery), commit the SVGs together with any change
to this script:

    python3 scripts/generate-icons.py           # (re)write Public/icons/*.svg
    python3 scripts/generate-icons.py --check   # exit 1 if a committed icon is out of date

Where the icons come from: the PyPI package `simple-icons-pack` (CC0-1.0), a redistribution of
the `simple-icons` npm package's SVG paths and metadata (title, brand colour) at the same version.
If the package cannot be imported, this script creates a private virtual environment at
$CARDFORM_ICONS_VENV (default ~/.cache/cardform/simple-icons-venv), runs
`pip install simple-icons-pack==PINNED_VERSION` there, and re-runs itself with that environment's
interpreter. Nothing is installed into the system Python.

Simple Icons draws six of our networks (Visa, Mastercard, American Express, Discover, Diners Club,
JCB); it no longer carries UnionPay or Maestro, and never had the local schemes. Those get a
neutral badge: the same tile with the network's name written in neutral grey, so that a co-badged
card still shows two distinguishable badges. `OTHER` is a neutral card pictogram.

Every badge is a 40×26 tile (the size the form lays badges out at): white with a grey border, so
it reads on a light page and on a dark one alike, the brand's glyph fitted inside in the brand's
colour, darkened where needed to reach a 3:1 contrast with the tile (WCAG 1.4.11).

Attribution and what was changed: scripts/ICONS-ATTRIBUTION.md (kept out of Public/, which is
served as assets); each SVG also names its source in a comment.

Deterministic: no timestamps; numbers rounded to 3 decimals. The networks are checked against
Sources/CardEngine/Networks/CardNetwork.swift: a network added there without a row here fails.
"""

import argparse
import pathlib
import re
import sys

PACKAGE = "simple-icons-pack"
PINNED_VERSION = "16.36.0"

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = REPO_ROOT / "Public" / "icons"
NETWORK_SOURCE = REPO_ROOT / "Sources" / "CardEngine" / "Networks" / "CardNetwork.swift"

WIDTH, HEIGHT = 40, 26
# The glyph's box inside the tile: 4 units of margin left and right, 4 top and bottom.
GLYPH_BOX = (4.0, 4.0, 32.0, 18.0)
TILE = '<rect x="0.5" y="0.5" width="39" height="25" rx="3.5" fill="#FFFFFF" stroke="#C4C9D0"/>'
NEUTRAL_TEXT = "#374151"
FONT = "Helvetica,Arial,'Liberation Sans',sans-serif"

# kebab-case file name → (title, Simple Icons slug or None, label for the neutral badge)
NETWORKS = {
    "visa": ("Visa", "visa", None),
    "mastercard": ("Mastercard", "mastercard", None),
    "amex": ("American Express", "americanexpress", None),
    "discover": ("Discover", "discover", None),
    "diners-club": ("Diners Club", "dinersclub", None),
    "jcb": ("JCB", "jcb", None),
    "unionpay": ("UnionPay", None, "UnionPay"),
    "maestro": ("Maestro", None, "Maestro"),
    "elo": ("Elo", None, "elo"),
    "mir": ("Mir", None, "MIR"),
    "hiper": ("Hiper", None, "Hiper"),
    "hipercard": ("Hipercard", None, "Hipercard"),
    "cartes-bancaires": ("Cartes Bancaires", None, "CB"),
    "dankort": ("Dankort", None, "Dankort"),
    "eftpos": ("eftpos", None, "eftpos"),
    "bancontact": ("Bancontact", None, "Bancontact"),
    "troy": ("Troy", None, "troy"),
    "verve": ("Verve", None, "Verve"),
    "rupay": ("RuPay", None, "RuPay"),
    "other": ("Card", None, None),
}


def ensure_package():
    """Import simple_icons_pack, from a private venv if need be (scripts/pinned_package.py)."""
    from pinned_package import ensure
    ensure("simple_icons_pack", PACKAGE, PINNED_VERSION, "CARDFORM_ICONS", "simple-icons-venv")


def check_networks():
    """Refuse to run when CardNetwork.swift names a network this table lacks (or the reverse)."""
    source = NETWORK_SOURCE.read_text(encoding="utf-8")
    raw_values = re.findall(r'^\s*case \w+ = "([A-Z_]+)"$', source, flags=re.MULTILINE)
    kebab = {value.lower().replace("_", "-") for value in raw_values}
    if not kebab or kebab != set(NETWORKS):
        raise SystemExit(f"generate-icons: networks differ from CardNetwork.swift: "
                         f"missing {sorted(kebab - set(NETWORKS))}, extra {sorted(set(NETWORKS) - kebab)}")


# --- colour -----------------------------------------------------------------------------------------

def luminance(hex_colour):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_with_white(hex_colour):
    return 1.05 / (luminance(hex_colour) + 0.05)


def readable(hex_colour):
    """The brand colour, darkened in steps of 5% towards black until it reaches 3:1 on white."""
    colour = hex_colour.upper()
    while contrast_with_white(colour) < 3.0:
        r, g, b = (int(colour[i:i + 2], 16) for i in (0, 2, 4))
        colour = "".join(f"{round(c * 0.95):02X}" for c in (r, g, b))
    return colour


# --- badges -----------------------------------------------------------------------------------------

def number(value):
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def svg(title, body, comment):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img"><title>{title}</title>'
            f'<!-- {comment} -->{TILE}{body}</svg>\n')


def glyph_badge(name, title, slug):
    import simple_icons_pack
    from svg_path_bounds import path_bounds
    icon = simple_icons_pack.get_icon(slug)
    if icon is None:
        raise SystemExit(f"generate-icons: Simple Icons {PINNED_VERSION} has no icon '{slug}'")
    paths = re.findall(r'<path d="([^"]+)"', icon.svg)
    if len(paths) != 1 or 'viewBox="0 0 24 24"' not in icon.svg:
        raise SystemExit(f"generate-icons: '{slug}' is not one path in a 24×24 box")
    data = paths[0]
    left, top, right, bottom = path_bounds(data)
    box_x, box_y, box_w, box_h = GLYPH_BOX
    scale = min(box_w / (right - left), box_h / (bottom - top))
    dx = box_x + (box_w - (right - left) * scale) / 2 - left * scale
    dy = box_y + (box_h - (bottom - top) * scale) / 2 - top * scale
    colour = readable(icon.hex)
    body = (f'<path fill="#{colour}" transform="translate({number(dx)} {number(dy)}) scale({number(scale)})" '
            f'd="{data}"/>')
    note = f"; colour darkened from #{icon.hex.upper()} for contrast" if colour != icon.hex.upper() else ""
    comment = (f"Generated by scripts/generate-icons.py from Simple Icons {PINNED_VERSION} '{slug}' "
               f"(CC0-1.0{note}). {title} is a trademark of its owner.")
    return svg(title, body, comment)


def label_badge(title, label):
    size = 11 if len(label) <= 3 else 9 if len(label) <= 6 else 8
    natural = 0.6 * size * len(label)
    fit = f' textLength="{number(GLYPH_BOX[2])}" lengthAdjust="spacingAndGlyphs"' if natural > GLYPH_BOX[2] else ""
    body = (f'<text x="20" y="{number(13 + size * 0.36)}" fill="{NEUTRAL_TEXT}" font-family="{FONT}" '
            f'font-size="{size}" font-weight="700" text-anchor="middle"{fit}>{label}</text>')
    comment = (f"Generated by scripts/generate-icons.py: a neutral badge, Simple Icons {PINNED_VERSION} "
               f"has no {title} icon. {title} is a trademark of its owner.")
    return svg(title, body, comment)


def card_badge(title):
    body = (f'<rect x="9" y="6" width="22" height="14" rx="2" fill="none" stroke="{NEUTRAL_TEXT}" stroke-width="1.5"/>'
            f'<rect x="9" y="9" width="22" height="2.5" fill="{NEUTRAL_TEXT}"/>'
            f'<rect x="12" y="14.5" width="7" height="2" rx="1" fill="{NEUTRAL_TEXT}"/>')
    return svg(title, body, "Generated by scripts/generate-icons.py: any card, no network.")


def badges():
    result = {}
    for name, (title, slug, label) in NETWORKS.items():
        if slug:
            result[name] = glyph_badge(name, title, slug)
        elif label:
            result[name] = label_badge(title, label)
        else:
            result[name] = card_badge(title)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a committed icon is out of date")
    args = parser.parse_args()
    check_networks()
    ensure_package()
    stale = []
    for name, text in badges().items():
        path = OUTPUT / f"{name}.svg"
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.check:
            stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(REPO_ROOT)}")
    if stale:
        sys.exit(f"generate-icons: out of date: {', '.join(stale)} (run scripts/generate-icons.py)")


if __name__ == "__main__":
    main()
