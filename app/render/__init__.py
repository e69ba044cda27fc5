"""Drawing for every feature: HTML to PDF (pdf.py), at most a few renders at once (guard.py), SVG charts (chart.py)."""
