"""The browser floor (package.json's "browserslist": iOS Safari 12, Chrome 80, the last two Firefox versions):
stylelint and eslint find nothing below it in static/css and static/js, except what @supports guards
(see stylelint.config.mjs and eslint.config.mjs), and each of them does catch an unguarded feature."""
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "node_modules" / ".bin"


def run(tool, *args, stdin=None):
    """Run a linter from node_modules/.bin in the project folder; (exit code, what it printed)."""
    if not (BIN / tool).exists():
        message = f"node_modules/.bin/{tool} is missing: run 'npm ci' (make test does)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    done = subprocess.run([str(BIN / tool), *args], cwd=ROOT, input=stdin, capture_output=True, text=True,
                          timeout=300)
    return done.returncode, done.stdout + done.stderr


def test_the_floor_is_written_down():
    floor = json.loads((ROOT / "package.json").read_text())["browserslist"]
    assert floor == ["iOS >= 12", "Chrome >= 80", "last 2 Firefox versions"]


def test_stylesheets_use_nothing_below_the_floor_unguarded():
    code, output = run("stylelint", "static/css/*.css", "--formatter", "unix", "--max-warnings", "0")
    assert (code, output.strip()) == (0, "")


def test_scripts_use_nothing_below_the_floor():
    code, output = run("eslint", "--max-warnings", "0", "static/js/")
    assert (code, output.strip()) == (0, "")


@pytest.mark.parametrize("css, feature", [
    (".pill:has(input:checked) { color: red; }", "css-has"),
    (".row { display: flex; gap: 1rem; }", "flexbox-gap"),
    ("@supports (display: grid) { .row { display: flex; gap: 1rem; } }", "flexbox-gap"),   # not its guard
])
def test_stylelint_catches_an_unguarded_feature(css, feature):
    code, output = run("stylelint", "--stdin-filename", "static/css/probe.css", "--formatter", "unix", stdin=css)
    assert code != 0 and f'"{feature}"' in output, output


def test_stylelint_lets_a_guarded_feature_through():
    css = "@supports (inset: 0) { .row { display: flex; gap: 1rem; } }\n" \
          "@supports selector(:has(*)) { .pill:has(input:checked) { color: red; } }\n"
    assert run("stylelint", "--stdin-filename", "static/css/probe.css", stdin=css) == (0, "")


@pytest.mark.parametrize("js, finding", [
    ("var a = window.b?.c;\n", "Unexpected token"),                       # ES2020 syntax: not on iOS 12
    ("Promise.allSettled([]);\n", "Promise.allSettled() is not supported in iOS Safari 12"),
])
def test_eslint_catches_what_the_floor_lacks(js, finding):
    code, output = run("eslint", "--stdin", "--stdin-filename", "static/js/probe.js", stdin=js)
    assert code != 0 and finding in output, output


def test_the_dark_scheme_is_the_same_for_the_device_and_the_choice():
    css = (ROOT / "static" / "css" / "app.css").read_text()
    device = re.search(r"@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-scheme=light\]\) \{(.*?)\}",
                       css, re.S).group(1)
    chosen = re.search(r":root\[data-scheme=dark\] \{(.*?)\}", css, re.S).group(1)
    declarations = [sorted(line.strip() for line in block.splitlines() if line.strip()) for block in (device, chosen)]
    assert declarations[0] == declarations[1] and len(declarations[0]) > 30


def horizontal_gaps(elements):
    """The room between each pair of neighbours on a line among the elements, in px."""
    return elements.evaluate_all("""els => els.map(e => e.getBoundingClientRect())
        .flatMap((r, i, all) => i && Math.abs(all[i - 1].top - r.top) < 2 ? [r.left - all[i - 1].right] : [])""")


@pytest.mark.browser
def test_targets_keep_their_spacing_without_flex_gap(live_server, page):
    """As in Safari before 14.1: the stylesheet's flex-gap test fails, and the margins space the targets."""
    def as_without_flex_gap(route):
        css = route.fetch().text().replace("@supports (inset: 0)", "@supports (inset-never: 0)") \
            .replace("@supports not (inset: 0)", "@supports not (inset-never: 0)")
        route.fulfill(body=css, content_type="text/css")

    page.route("**/static/css/app.css", as_without_flex_gap)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{live_server}/games/new")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    page.goto(page.url + "/hands/new")
    assert page.locator(".stepper").first.evaluate("el => getComputedStyle(el).columnGap") == "normal"
    steppers = horizontal_gaps(page.locator(".team-0 .stepper").first.locator(":scope > *"))   # − count +
    pills = horizontal_gaps(page.locator(".went-out-pills .pill"))
    assert len(steppers) == 2 and len(pills) >= 2
    assert min(steppers + pills) >= 12, (steppers, pills)


@pytest.mark.parametrize("name", ["app.css", "club.css"])
def test_colours_come_only_from_the_custom_properties(name):
    """Outside the blocks of custom properties no rule names a colour, so each scheme holds together."""
    css = (ROOT / "static" / "css" / name).read_text()
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r":root(?::not\(\[data-scheme=light\]\)|\[data-scheme=dark\])? \{[^}]*\}", "", css)
    assert re.findall(r"#[0-9a-fA-F]{3,8}\b|\brgba?\(|\bhsla?\(|:\s*(?:white|black)\b", css) == []
