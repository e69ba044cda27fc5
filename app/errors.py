"""Error handlers: JSON under /api/, a friendly page everywhere else."""

from flask import Flask, current_app, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

SERVER_ERROR_MESSAGE = "Something went wrong on the server. Please try again."

#: The HTTP status of each kind of refusal (app/rules/refusal.py): the engine speaks kinds, the edge statuses.
REFUSAL_STATUS = {"invalid": 422, "conflict": 409, "not_found": 404, "forbidden": 403, "throttled": 429,
                  "busy": 503, "malformed": 400, "unauthenticated": 401}
REFUSAL_KIND = {status: kind for kind, status in REFUSAL_STATUS.items()}


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


def handle_unexpected_exception(error: Exception):
    """Log a genuine bug and answer 500."""
    if isinstance(error, HTTPException):
        return handle_http_exception(error)
    current_app.logger.exception("Unhandled exception on %s %s", request.method, request.path)
    return handle_http_exception(InternalServerError(SERVER_ERROR_MESSAGE))


def register_error_handlers(app: Flask) -> None:
    """Attach the handlers to the app."""
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(Exception, handle_unexpected_exception)
