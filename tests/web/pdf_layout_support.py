"""Measuring a laid-out PDF (WeasyPrint's boxes, no tests here): words that run out of their table cell, and
boxes that run off the page's printable area into its margin."""
from __future__ import annotations

from weasyprint.formatting_structure import boxes

#: how far a box may stray (PDF points) before it counts: rounding, never a letter
SLACK = 0.05


def _walk(box, cell=None):
    """Each box under `box` with the table cell it lies in (None outside a table)."""
    if isinstance(box, boxes.TableCellBox):
        cell = box
    yield box, cell
    for child in getattr(box, "children", ()):
        yield from _walk(child, cell)


def words_out_of_their_cells(document) -> list[tuple[int, str, float]]:
    """Every run of words wider than its table cell reaches, past the cell's edge: (page, words, points over)."""
    found = []
    for number, page in enumerate(document.pages, start=1):
        for box, cell in _walk(page._page_box):
            if cell is None or not isinstance(box, boxes.TextBox):
                continue
            left, right = cell.border_box_x(), cell.border_box_x() + cell.border_width()
            over = max(left - box.position_x, box.position_x + box.width - right)
            if over > SLACK:
                found.append((number, box.text, round(over, 1)))
    return found


def boxes_below_the_page(document) -> list[tuple[int, str, float]]:
    """Every box whose foot lies below the page's printable area (into the bottom margin, where the footer is, or
    off the paper): (page, its element's tag, points over)."""
    found = []
    for number, page in enumerate(document.pages, start=1):
        page_box = page._page_box
        floor = page_box.content_box_y() + page_box.height
        for box, _ in _walk(page_box):
            if box is page_box or not getattr(box, "element_tag", None) or box.height is None:
                continue
            over = box.border_box_y() + box.border_height() - floor
            if over > SLACK and isinstance(box, (boxes.BlockReplacedBox, boxes.InlineReplacedBox, boxes.TextBox)):
                found.append((number, box.element_tag, round(over, 1)))
    return found
