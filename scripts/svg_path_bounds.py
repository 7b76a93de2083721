"""The bounding box of an SVG path's data, for scripts/generate-icons.py to fit a glyph to its tile.

Dev-only. Just enough of the SVG path grammar (SVG 1.1 §8.3) for Simple Icons' single paths: every
command, absolute and relative, implicit repetition, arc flags written without separators. Curves
count by their control points (a box that contains the curve), arcs by points along them.
"""

import math
import re

ARGUMENT_COUNTS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
TOKEN = re.compile(r"[MLHVCSQTAZmlhvcsqtaz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def path_tokens(data):
    """Commands and numbers; arc flags may be written without separators ('a1 1 0 011 1')."""
    tokens = []
    position = 0
    command = None
    argument = 0
    while position < len(data):
        if data[position] in " ,\t\n":
            position += 1
            continue
        if command and command.upper() == "A" and argument % 7 in (3, 4) and data[position] in "01":
            tokens.append(data[position])
            position += 1
            argument += 1
            continue
        match = TOKEN.match(data, position)
        if not match:
            raise SystemExit(f"generate-icons: cannot read path data at {data[position:position + 20]!r}")
        token = match.group(0)
        if token.isalpha():
            command, argument = token, 0
        else:
            argument += 1
        tokens.append(token)
        position = match.end()
    return tokens


def arc_points(x1, y1, rx, ry, angle, large, sweep, x2, y2):
    """Points along an elliptical arc (SVG implementation notes, F.6.5), for its extent."""
    if rx == 0 or ry == 0:
        return [(x2, y2)]
    phi = math.radians(angle)
    cos_phi, sin_phi = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos_phi * dx + sin_phi * dy, -sin_phi * dx + cos_phi * dy
    rx, ry = abs(rx), abs(ry)
    scale = (x1p ** 2) / (rx ** 2) + (y1p ** 2) / (ry ** 2)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    numerator = rx ** 2 * ry ** 2 - rx ** 2 * y1p ** 2 - ry ** 2 * x1p ** 2
    denominator = rx ** 2 * y1p ** 2 + ry ** 2 * x1p ** 2
    factor = math.sqrt(max(0.0, numerator / denominator)) if denominator else 0.0
    if large == sweep:
        factor = -factor
    cxp, cyp = factor * rx * y1p / ry, -factor * ry * x1p / rx
    cx = cos_phi * cxp - sin_phi * cyp + (x1 + x2) / 2
    cy = sin_phi * cxp + cos_phi * cyp + (y1 + y2) / 2

    def angle_of(ux, uy):
        return math.atan2(uy, ux)

    start = angle_of((x1p - cxp) / rx, (y1p - cyp) / ry)
    delta = angle_of((-x1p - cxp) / rx, (-y1p - cyp) / ry) - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    points = []
    for step in range(33):
        theta = start + delta * step / 32
        x, y = rx * math.cos(theta), ry * math.sin(theta)
        points.append((cos_phi * x - sin_phi * y + cx, sin_phi * x + cos_phi * y + cy))
    return points


def path_bounds(data):
    """(min x, min y, max x, max y) of a path; curves by their control points (a superset)."""
    tokens = path_tokens(data)
    points = []
    x = y = start_x = start_y = 0.0
    control = None  # the last curve's second control point, which S and T reflect
    index = 0
    command = None
    while index < len(tokens):
        if tokens[index].isalpha():
            command = tokens[index]
            index += 1
            if command in "Zz":
                x, y = start_x, start_y
                continue
        upper = command.upper()
        count = ARGUMENT_COUNTS[upper]
        values = [float(v) for v in tokens[index:index + count]]
        index += count
        relative = command.islower()
        if upper == "H":
            x = values[0] + (x if relative else 0)
        elif upper == "V":
            y = values[0] + (y if relative else 0)
        elif upper == "A":
            end_x = values[5] + (x if relative else 0)
            end_y = values[6] + (y if relative else 0)
            points.extend(arc_points(x, y, values[0], values[1], values[2], values[3], values[4], end_x, end_y))
            x, y = end_x, end_y
        else:
            pairs = [(values[i] + (x if relative else 0), values[i + 1] + (y if relative else 0))
                     for i in range(0, count, 2)]
            if upper in "ST" and control:
                points.append((2 * x - control[0], 2 * y - control[1]))
            points.extend(pairs)
            x, y = pairs[-1]
        control = pairs[-2] if upper in "CSQ" else None
        if upper == "M":
            start_x, start_y = x, y
            command = "l" if relative else "L"  # further pairs after a move are lines
        points.append((x, y))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)
