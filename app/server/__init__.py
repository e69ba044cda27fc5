"""The server: builds the app, starts and serves it, meets each request before a view, answers an unchanged poll."""
