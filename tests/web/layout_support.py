"""Measuring how text wraps in Chromium: on how many lines each phrase of an element, or a control and its words, lie."""

#: For an element: each phrase between its '·' (the text of hidden parts left out) and the lines it takes.
PHRASE_LINES = """el => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const nodes = [];
  let text = "";
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement.closest("[hidden]")) continue;
    nodes.push([node, text.length]);
    text += node.data;
  }
  const point = i => { for (const [node, start] of nodes) if (i <= start + node.data.length) return [node, i - start]; };
  const lines = range => {
    const rects = [...range.getClientRects()].filter(r => r.width > 0).sort((a, b) => a.top - b.top);
    let count = 0, bottom = -Infinity;
    for (const r of rects) { if (r.top >= bottom - 2) { count += 1; } bottom = Math.max(bottom, r.bottom); }
    return count;
  };
  const found = [];
  let at = 0;
  for (const part of text.split("\\u00b7")) {
    const phrase = part.trim().replace(/\\s+/g, " ");
    if (phrase) {
      const start = at + part.indexOf(part.trim());
      const range = document.createRange();
      range.setStart(...point(start));
      range.setEnd(...point(start + part.trim().length));
      found.push([phrase, lines(range)]);
    }
    at += part.length + 1;
  }
  return found;
}"""


def phrase_lines(locator) -> list[tuple[str, int]]:
    """Each phrase of the element (its parts between '·') and the number of lines it is spread over."""
    return [tuple(pair) for pair in locator.evaluate(PHRASE_LINES)]


#: For each radio button and check box in a container: its box, its label's box and the box its label's words fill.
CONTROLS_AND_WORDS = """root => [...root.querySelectorAll("input[type=radio], input[type=checkbox]")].map(input => {
  const label = input.closest("label");
  const range = document.createRange();
  range.selectNodeContents(label);
  range.setStartAfter(input);
  const words = [...range.getClientRects()].filter(r => r.width > 0).sort((a, b) => a.top - b.top || a.left - b.left);
  const box = r => ({x: r.left, y: r.top, width: r.width, height: r.height});
  const top = Math.min(...words.map(r => r.top)), bottom = Math.max(...words.map(r => r.bottom));
  const left = Math.min(...words.map(r => r.left)), right = Math.max(...words.map(r => r.right));
  return {words: label.textContent.trim().slice(0, 40), control: box(input.getBoundingClientRect()),
          text: {x: left, y: top, width: right - left, height: bottom - top}, lines: words.length,
          label: box(label.getBoundingClientRect())};
})"""


def controls_and_words(locator) -> list[dict]:
    """Each radio button and check box under the element: its box, its label's box, its words' box and lines."""
    return locator.evaluate(CONTROLS_AND_WORDS)
