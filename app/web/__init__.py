"""The web kit every feature uses: errors.py (the one table from a refusal's kind to an HTTP status), sign_in.py
(the whole app's sign-in: pages, HTTP Basic for the API, the CLI's accounts), tablet.py (which tablet writes),
lookup.py (a game or session by its id, or the 404 page), links.py, visibility.py (who reads a club's records),
api_input.py (JSON bodies read and checked), forms.py, polltags.py (the polls' sealed ETags) and network.py.
It imports no feature and nothing of the server (app/server builds the app from the features and this kit).
"""
