"""The help pages: the guides rendered from docs/*.md (the same files a clone of the project reads), and the API."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import markdown
from flask import render_template, url_for
from markupsafe import Markup

from app.openapi.document import openapi_document
from app.assets import docs_dir
from app.guides.apipage import routes
from app.guides.blueprint import bp
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as


@dataclass(frozen=True)
class Guide:
    """A guide shown in the app: its address, its Markdown file and what it is for."""

    slug: str
    file: str
    title: str
    blurb: str


GUIDES = (
    Guide("organiser", "organisers-guide.md", "The organiser's guide",
          "First start, players, an afternoon step by step, the season's ladder, backups."),
    Guide("player", "players-guide.md", "The player's guide",
          "Entering a hand, correcting one, the table code, and what happens when the wifi drops."),
)
BY_SLUG = {guide.slug: guide for guide in GUIDES}
LINK = re.compile(r'(href|src)="(?:\.\./)?([^":#]+\.(?:md|png))(#[^"]*)?"')


def address(target: str, anchor: str | None) -> str:
    """Where a link of a guide points in the app: another guide, a picture, or the project's file on its own."""
    name = target.rsplit("/", 1)[-1]
    for guide in GUIDES:
        if guide.file == name:
            return url_for("help.guide", slug=guide.slug) + (anchor or "")
    if target.startswith("static/"):
        return url_for("static", filename=target.removeprefix("static/"))
    return url_for("help.index")


@cache
def rendered(file: str) -> Markup:
    """A guide's Markdown as HTML, its links and pictures pointing into the app (read once per process)."""
    text = (docs_dir() / file).read_text(encoding="utf-8")
    html = markdown.markdown(text, extensions=["tables", "toc", "sane_lists"], output_format="html")
    return Markup(LINK.sub(lambda m: f'{m.group(1)}="{address(m.group(2), m.group(3))}"', html))


@bp.get("/help")
def index():
    """What help there is: the two guides and the API."""
    return render_template("help/index.html", guides=GUIDES)


@bp.get("/help/<slug>")
def guide(slug: str):
    """One guide, in the app's own type."""
    found = BY_SLUG.get(slug)
    if found is None:
        abort_as(RefusalKind.NOT_FOUND, "There is no such help page.")
    return render_template("help/guide.html", guide=found, body=rendered(found.file))


@bp.get("/help/api")
def api():
    """The JSON API's OpenAPI document, laid out for people."""
    return render_template("help/api.html", routes=routes(openapi_document()))
