"""The API's own description (OpenAPI 3.1), kept as data: the API serves it, the help lays it out."""
