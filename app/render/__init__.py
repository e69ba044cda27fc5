"""Drawing for every feature: the score sheet's model (sheet.py) and its PDF (sheet_pdf.py), HTML to PDF (pdf.py),
at most a few renders at once (slots.py), SVG charts (chart.py, form_chart.py) and CSV text (csv_text.py)."""
