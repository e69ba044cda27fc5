"""Holds every /api/v1 answer the API tests receive to the served document: a declared status, declared headers,
and a body of exactly the documented shape (no key the document does not name), and keeps each answer seen."""
from __future__ import annotations

import copy
import json
import re
from functools import cache

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from app.openapi.document import openapi_document

PREFIX = "/api/v1"
#: The answer headers an integrator acts on: each one sent must be declared on its answer.
ACTED_ON = ("Location", "Retry-After", "WWW-Authenticate")
#: The document itself: its own shape is the OpenAPI specification's (its refusals are held as every route's).
NOT_HELD = {"/openapi.json"}


def closed(schema):
    """The schema with every object closed: a key the document does not name is refused."""
    if isinstance(schema, list):
        return [closed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    found = {key: closed(value) for key, value in schema.items()}
    kinds = found.get("type")
    is_object = kinds == "object" or (isinstance(kinds, list) and "object" in kinds) or "properties" in found
    if is_object and "additionalProperties" not in found:
        found["additionalProperties"] = False
    return found


@cache
def strict_document() -> dict:
    """The served document with every object closed."""
    return closed(copy.deepcopy(openapi_document()))


@cache
def registry() -> Registry:
    """The closed document, for its $refs."""
    return Registry().with_resource("urn:treys-api", Resource.from_contents(strict_document(),
                                                                           default_specification=DRAFT202012))


@cache
def templates() -> list[tuple[re.Pattern, str]]:
    """Each documented path as a pattern of the addresses it serves; literal paths first."""
    paths = sorted(openapi_document()["paths"], key=lambda p: (p.count("{"), p))
    return [(re.compile("^" + re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(p)) + "$"), p) for p in paths]


def documented_path(address: str) -> str | None:
    """The documented path serving an address under /api/v1, or None."""
    address = address.removeprefix(PREFIX)
    return next((path for pattern, path in templates() if pattern.match(address)), None)


def validator(path: str, method: str, status: int) -> Draft202012Validator | None:
    """A validator of the body the document gives for this answer (None when it gives none)."""
    pointer = "/".join(["#/paths", path.replace("~", "~0").replace("/", "~1"), method, "responses", str(status),
                        "content", "application~1json", "schema"])
    return Draft202012Validator({"$ref": "urn:treys-api" + pointer}, registry=registry())


def problems_of(path: str, method: str, status: int, headers, body) -> list[str]:
    """What in one answer the document does not say: an undeclared status or header, or a body off its schema."""
    operation = strict_document()["paths"][path].get(method)
    if operation is None:
        return []               # a method the route does not serve (405): no operation to hold it to
    declared = operation["responses"].get(str(status))
    if declared is None:
        return [f"{method.upper()} {path} answered {status}, which the document does not declare"]
    found = [f"{method.upper()} {path} {status} sent {name}, which the document does not declare"
             for name in ACTED_ON if name in headers and name not in declared.get("headers", {})]
    found += [f"{method.upper()} {path} {status} did not send {name}, which the document says it sends"
              for name, header in declared.get("headers", {}).items() if header.get("required") and name not in headers]
    if status >= 400 and isinstance(body, dict):
        found += [f"{method.upper()} {path} {status} carried the code {code!r}, which its answer does not list"
                  for code in (error.get("code") for error in body.get("errors", [])) if code not in declared["x-codes"]]
    if body is not None and "content" in declared:
        found += [f"{method.upper()} {path} {status}: {error.json_path}: {error.message[:300]}"
                  for error in validator(path, method, status).iter_errors(body)]
    return found


class AnswerLog:
    """Every /api/v1 answer of the test, held to the document as it is sent; what it found and what it saw."""

    def __init__(self):
        self.problems: list[str] = []
        self.seen: list[dict] = []

    def hold(self, sender, response, **_):
        """A request_finished receiver: check one answer."""
        from flask import request
        path = documented_path(request.path) if request.path.startswith(PREFIX + "/") else None
        if path is None:
            return
        body = response.get_json(silent=True) if response.mimetype == "application/json" else None
        if path in NOT_HELD and response.status_code == 200:
            body = None             # its status and headers are held, its body is the specification's
        method = request.method.lower()
        self.problems += problems_of(path, method, response.status_code, response.headers, body)
        operation = openapi_document()["paths"][path].get(method)
        if body is not None and operation is not None:
            self.seen.append({"operation": operation["operationId"], "status": response.status_code, "body": body})


#: Every answer seen by the API tests in this run, for the TypeScript types' check.
SEEN: dict[str, dict] = {}


def keep(seen: list[dict]) -> None:
    """Add answers to this run's list, once each."""
    for answer in seen:
        SEEN.setdefault(json.dumps(answer, sort_keys=True), answer)
