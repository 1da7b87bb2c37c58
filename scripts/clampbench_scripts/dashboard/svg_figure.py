# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""One dashboard figure as SVG text, written directly (no matplotlib): a grid of panels, one
per case, one line per variant over the runs (steps for counts, a line with its p10-p90 band
for time), dashed red marks at detected changes, the y range and a few run labels. A year of
nightly history draws in milliseconds per figure, where matplotlib took ~0.6 s (ticks and
text layout)."""
import math

import numpy as np

from clampbench_scripts.common.escape import xml_text as escape

PANEL_W, PANEL_H, LEFT, TOP, GAP_X, GAP_Y, BOTTOM = 380, 170, 64, 56, 24, 46, 34


def _path(px, py, steps):
    """SVG path data through the finite points; a NaN breaks the line."""
    parts, pen = [], False
    prev_y = None
    for x, y in zip(px, py):
        if not math.isfinite(y):
            pen = False
            continue
        if pen and steps:
            parts.append(f"H{x:.1f}")
        parts.append(f"{'L' if pen else 'M'}{x:.1f},{y:.1f}")
        pen, prev_y = True, y
    return "".join(parts) if prev_y is not None else ""


def _band(px, lo, hi):
    ok = np.isfinite(lo) & np.isfinite(hi)
    if ok.sum() < 2:
        return ""
    top = [f"{x:.1f},{y:.1f}" for x, y in zip(px[ok], hi[ok])]
    bottom = [f"{x:.1f},{y:.1f}" for x, y in zip(px[ok][::-1], lo[ok][::-1])]
    return " ".join(top + bottom)


def figure(title, legend, panels, run_labels, ylabel, fmt):
    """SVG text. legend: [(name, colour)]; panels: [{"title", "lines": [(colour, y, band or
    None, steps)], "marks": [(run, label)]}] with y arrays over the runs; run_labels: [(run,
    text)] shown under the bottom panels; fmt formats a y value."""
    ncols = min(3, len(panels))
    nrows = math.ceil(len(panels) / ncols)
    width = LEFT + ncols * (PANEL_W + GAP_X)
    height = TOP + nrows * (PANEL_H + GAP_Y) + BOTTOM
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
           f"viewBox='0 0 {width} {height}' font-family='sans-serif'>",
           f"<rect width='{width}' height='{height}' fill='white'/>",
           f"<text x='8' y='18' font-size='14' font-weight='bold'>{escape(title)}</text>"]
    for i, (name, colour) in enumerate(legend):
        out.append(f"<rect x='{10 + 110 * i}' y='28' width='14' height='4' fill='{colour}'/>"
                   f"<text x='{28 + 110 * i}' y='34' font-size='11'>{escape(name)}</text>")
    for p, panel in enumerate(panels):
        r, c = divmod(p, ncols)
        x0, y0 = LEFT + c * (PANEL_W + GAP_X), TOP + r * (PANEL_H + GAP_Y)
        ys = [v for _, y, band, _ in panel["lines"] for arr in (y, *(band or ())) for v in arr[np.isfinite(arr)]]
        lo, hi = (min(ys), max(ys)) if ys else (0.0, 1.0)
        if hi == lo:
            lo, hi = lo - (abs(lo) * 0.05 or 1), hi + (abs(hi) * 0.05 or 1)
        runs = panel["runs"]
        n = max(runs - 1, 1)

        def sx(i, x0=x0):
            return x0 + 6 + (PANEL_W - 12) * (i / n if runs > 1 else 0.5)

        def sy(v, y0=y0, lo=lo, hi=hi):
            return y0 + PANEL_H - 6 - (PANEL_H - 12) * (v - lo) / (hi - lo)
        out.append(f"<text x='{x0}' y='{y0 - 5}' font-size='11'>{escape(panel['title'])}</text>"
                   f"<rect x='{x0}' y='{y0}' width='{PANEL_W}' height='{PANEL_H}' fill='none' stroke='#999'/>"
                   f"<text x='{x0 - 4}' y='{y0 + 10}' font-size='9' text-anchor='end'>{escape(fmt(hi))}</text>"
                   f"<text x='{x0 - 4}' y='{y0 + PANEL_H}' font-size='9' text-anchor='end'>{escape(fmt(lo))}</text>")
        px = np.array([sx(i) for i in range(runs)])
        for colour, y, band, steps in panel["lines"]:
            if band is not None:
                pts = _band(px, np.array([sy(v) for v in band[0]]), np.array([sy(v) for v in band[1]]))
                if pts:
                    out.append(f"<polygon points='{pts}' fill='{colour}' fill-opacity='0.2' stroke='none'/>")
            d = _path(px, [sy(v) for v in y], steps)
            if d:
                out.append(f"<path d='{d}' fill='none' stroke='{colour}' stroke-width='1.6'/>")
            if runs <= 30:
                out.extend(f"<circle cx='{px[i]:.1f}' cy='{sy(v):.1f}' r='2.2' fill='{colour}'/>"
                           for i, v in enumerate(y) if math.isfinite(v))
        for run, label in panel["marks"]:
            out.append(f"<line x1='{sx(run):.1f}' x2='{sx(run):.1f}' y1='{y0}' y2='{y0 + PANEL_H}' "
                       f"stroke='#d62728' stroke-dasharray='4,3'/><text x='{sx(run) + 2:.1f}' y='{y0 + 10}' "
                       f"font-size='8' fill='#d62728'>{escape(label)}</text>")
        for run, text in run_labels:
            out.append(f"<text x='{sx(run):.1f}' y='{y0 + PANEL_H + 12}' font-size='8' "
                       f"text-anchor='middle'>{escape(text)}</text>")
        if c == 0:
            out.append(f"<text x='12' y='{y0 + PANEL_H / 2}' font-size='9' "
                       f"transform='rotate(-90 12 {y0 + PANEL_H / 2})' text-anchor='middle'>{escape(ylabel)}</text>")
    out.append("</svg>\n")
    return "\n".join(out)
