"""The OpenAPI document laid out for people: each route with its sign-in, fields, limits, example and answers."""
from __future__ import annotations

import json
from dataclasses import dataclass

SIGN_IN = {"organiser": "An organiser's name and password (HTTP Basic)",
           "tableCode": "The game's table code in the X-Table-Code header"}


@dataclass(frozen=True)
class Field:
    """One field of a body or one parameter: where it sits, what it holds, whether it must be sent."""

    path: str
    kind: str
    required: bool
    words: str


@dataclass(frozen=True)
class Answer:
    """One status a route answers with, what it means and the shape of its body."""

    status: str
    words: str
    shape: str


@dataclass(frozen=True)
class Route:
    """One operation of the API, ready for the page."""

    method: str
    path: str
    anchor: str
    summary: str
    words: str
    sign_in: str
    fields: tuple[Field, ...]
    example: str
    answers: tuple[Answer, ...]


def resolved(schema: dict, schemas: dict) -> dict:
    """The schema a $ref points at, or the schema itself."""
    while "$ref" in schema:
        schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def kind_words(schema: dict) -> str:
    """The type of a field and its limits, in a few words."""
    if "enum" in schema:
        return "one of " + ", ".join("null" if v is None else str(v) for v in schema["enum"])
    kind = schema.get("type", "any")
    words = " or ".join(kind) if isinstance(kind, list) else kind
    limits = [f"{name} {schema[key]:,}" if isinstance(schema[key], int) else f"{name} {schema[key]}"
              for key, name in (("minimum", "at least"), ("maximum", "at most"), ("minLength", "at least"),
                                ("maxLength", "at most"), ("minItems", "at least"), ("maxItems", "at most"),
                                ("multipleOf", "a multiple of")) if key in schema]
    unit = " characters" if "maxLength" in schema or "minLength" in schema else ""
    unit = " items" if "minItems" in schema or "maxItems" in schema else unit
    return words + (f" ({', '.join(limits)}{unit})" if limits else "")


def fields_of(schema: dict, schemas: dict, at: str = "", required: bool = True) -> list[Field]:
    """Every field of a body, nested fields by their path (teams[].name)."""
    schema = resolved(schema, schemas)
    found = []
    if at:
        found.append(Field(at, kind_words(schema), required, schema.get("description", "")))
    if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
        return found + fields_of(schema["items"], schemas, at + "[]", required)[1:] if at else found
    for name, inner in schema.get("properties", {}).items():
        path = f"{at}.{name}" if at else name
        needed = name in schema.get("required", ())
        inner = resolved(inner, schemas)
        if inner.get("type") == "array" and isinstance(inner.get("items"), dict) and "properties" in resolved(
                inner["items"], schemas):
            found.append(Field(path, kind_words(inner), needed, inner.get("description", "")))
            found += fields_of(inner["items"], schemas, path + "[]", True)[1:]
        elif "properties" in inner:
            found += fields_of(inner, schemas, path, needed)
        else:
            found.append(Field(path, kind_words(inner), needed, inner.get("description", "")))
    return found


def route_of(path: str, method: str, operation: dict, schemas: dict) -> Route:
    """One operation as the page shows it."""
    fields = [Field(p["name"] + (" (in the path)" if p["in"] == "path" else " (in the query)"),
                    kind_words(p["schema"]), p["required"], p.get("description", ""))
              for p in operation.get("parameters", ())]
    example = ""
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if content:
        fields += fields_of(content["schema"], schemas)
        example = json.dumps(content["example"], indent=2)
    ways = [SIGN_IN[name] for need in operation["security"] for name in need]
    sign_in = ", or ".join([*ways[:1], *(way[0].lower() + way[1:] for way in ways[1:])]) or "None"
    answers = tuple(Answer(status, answer["description"],
                           answer.get("content", {}).get("application/json", {}).get("schema", {})
                           .get("$ref", "#/JSON").rsplit("/", 1)[1])
                    for status, answer in sorted(operation["responses"].items()))
    return Route(method.upper(), "/api/v1" + path, operation["operationId"], operation["summary"],
                 operation.get("description", ""), sign_in, tuple(fields), example, answers)


def routes(document: dict) -> list[Route]:
    """Every operation of the document, in its order."""
    schemas = document["components"]["schemas"]
    return [route_of(path, method, operation, schemas)
            for path, item in document["paths"].items() for method, operation in item.items()]
