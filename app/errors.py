"""Error handlers: JSON under /api/, a friendly page everywhere else."""

from flask import Flask, current_app, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError
from werkzeug.http import HTTP_STATUS_CODES

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


def is_api_request() -> bool:
    """Tell whether the current request is an API request."""
    return request.path.startswith("/api/")


def error_document(message: str) -> dict:
    """Build the API's error document for a message not tied to one field."""
    return {"errors": [{"field": None, "message": message}]}


def handle_http_exception(error: HTTPException):
    """Answer an HTTP error as JSON for the API or as the error page."""
    response = error.get_response()  # keeps status and headers such as Allow
    if is_api_request():
        response.set_data(current_app.json.dumps(error_document(error.description)))
        response.content_type = "application/json"
    else:
        response.set_data(render_template(
            "error.html", code=error.code, title=error.name, message=error.description))
        response.content_type = "text/html; charset=utf-8"
    return response


def refusal_document(refusal: Refusal) -> dict:
    """The API's error document: every problem with its field."""
    return {"errors": [problem.as_dict() for problem in refusal.problems]}


def handle_refusal(refusal: Refusal):
    """Answer a refusal no view answered itself: JSON for the API, the error page elsewhere."""
    status = status_of(refusal)
    if is_api_request():
        return refusal_document(refusal), status
    title = HTTP_STATUS_CODES.get(status, "Refused")
    return render_template("error.html", code=status, title=title, message=str(refusal)), status


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
