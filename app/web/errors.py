"""Error handlers: JSON under /api/, a friendly page everywhere else."""
from typing import NoReturn

from flask import Flask, abort, current_app, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError
from werkzeug.http import HTTP_STATUS_CODES

from app.rules.codes import Code
from app.rules.refusal import Refusal, RefusalKind

SERVER_ERROR_MESSAGE = "Something went wrong on the server. Please try again."

#: The one table from a kind of refusal (app/rules/refusal.py) to its HTTP status: the engine and the store
#: speak kinds, only this edge speaks statuses.
REFUSAL_STATUS: dict[RefusalKind, int] = {
    RefusalKind.INVALID: 422, RefusalKind.CONFLICT: 409, RefusalKind.NOT_FOUND: 404, RefusalKind.FORBIDDEN: 403,
    RefusalKind.UNAUTHORISED: 401, RefusalKind.THROTTLED: 429, RefusalKind.BUSY: 503,
    RefusalKind.BAD_REQUEST: 400,
}


def status_of(refusal: Refusal) -> int:
    """The HTTP status a refusal is answered with."""
    return REFUSAL_STATUS[refusal.kind]


def status_for(kind: RefusalKind | None) -> int:
    """The HTTP status a feature's answer takes when refused as this kind (None: not refused, 200)."""
    return 200 if kind is None else REFUSAL_STATUS[kind]


def abort_as(kind: RefusalKind, message: str | None = None) -> NoReturn:
    """Stop the request refused as this kind: the error page, or the API's JSON, with the kind's status and
    the message (None: the status's own words)."""
    abort(REFUSAL_STATUS[kind], message)


def is_api_request() -> bool:
    """Tell whether the current request is an API request."""
    return request.path.startswith("/api/")


#: How long a busy store asks a client to wait before sending the change again, in seconds ("busy" is "not
#: now": the tablet keeps the hand and sends it by itself).
BUSY_WAIT = 5


def error_document(message: str, code: Code) -> dict:
    """Build the API's error document for a message not tied to one field, with its code from the registry."""
    return {"errors": [{"field": None, "message": message, "code": str(code)}]}


#: The answers the framework gives before or instead of a route, in the app's words and codes: what its status
#: means to a client, and what to do about it.
EDGE_ANSWERS: dict[int, tuple[Code, str]] = {
    400: (Code.REQUEST_BAD, "This request cannot be read, so nothing was read or saved."),
    404: (Code.ADDRESS_UNKNOWN, "There is nothing at this address. Every address the API answers is listed in "
                                "/api/v1/openapi.json."),
    405: (Code.METHOD_NOT_ALLOWED, "This address does not take {method}: it takes {allowed}. Nothing was saved."),
    413: (Code.BODY_TOO_LARGE, "This request is too large, so it was not read and nothing was saved."),
    500: (Code.SERVER_ERROR, SERVER_ERROR_MESSAGE),
}


def edge_words(error: HTTPException) -> tuple[Code, str]:
    """The code and the sentence of a framework's answer: the app's own sentence when the app gave one (an abort
    with its message), else the app's words for the status (never Werkzeug's English)."""
    code, words = EDGE_ANSWERS.get(error.code or 500, (Code.REQUEST_REFUSED, "This request was refused: nothing "
                                                                             "was saved."))
    if error.description and error.description != type(error).description:
        return code, error.description
    allowed = sorted(set(getattr(error, "valid_methods", None) or ()) - {"HEAD", "OPTIONS"})
    return code, words.format(method=request.method, allowed=" or ".join(allowed))


def refusal_headers(refusal: Refusal) -> dict[str, str]:
    """The headers a refusal's answer carries: how long to wait, or how to sign in."""
    if refusal.kind in (RefusalKind.THROTTLED, RefusalKind.BUSY):
        return {"Retry-After": str(refusal.retry_after or BUSY_WAIT)}
    if refusal.kind is RefusalKind.UNAUTHORISED:
        return {"WWW-Authenticate": 'Basic realm="Treys organiser"'}
    return {}


def handle_http_exception(error: HTTPException):
    """Answer an HTTP error as JSON for the API or as the error page."""
    response = error.get_response()  # keeps status and headers such as Allow
    if is_api_request():
        response.set_data(current_app.json.dumps(error_document(*reversed(edge_words(error)))))
        response.content_type = "application/json"
    else:
        response.set_data(render_template(
            "error.html", code=error.code, title=error.name, message=error.description))
        response.content_type = "text/html; charset=utf-8"
    return response


def refusal_document(refusal: Refusal) -> dict:
    """The API's error document: every problem with its field."""
    return {"errors": [problem.as_dict() | {"code": str(problem.code or Code.REQUEST_REFUSED)}
                       for problem in refusal.problems]}


def handle_refusal(refusal: Refusal):
    """Answer a refusal no view answered itself: JSON for the API, the error page elsewhere."""
    status, headers = status_of(refusal), refusal_headers(refusal)
    if is_api_request():
        return refusal_document(refusal), status, headers
    title = HTTP_STATUS_CODES.get(status, "Refused")
    return render_template("error.html", code=status, title=title, message=str(refusal)), status, headers


def handle_unexpected_exception(error: Exception):
    """Log a genuine bug and answer 500."""
    if isinstance(error, HTTPException):
        return handle_http_exception(error)
    current_app.logger.exception("Unhandled exception on %s %s", request.method, request.path)
    return handle_http_exception(InternalServerError(SERVER_ERROR_MESSAGE))


def register_error_handlers(app: Flask) -> None:
    """Attach the handlers to the app."""
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(Refusal, handle_refusal)
    app.register_error_handler(Exception, handle_unexpected_exception)
