"""The web's edge: where a request comes in and where its status is chosen.

factory.py builds the app (extensions, blueprints, hooks); security.py, clubscope.py and converters.py meet each
request before a view (visibility.py: who may read a club's records); errors.py is the one table from a refusal's kind to an HTTP status, faults.py the
database's faults; links.py and formatting.py serve the answers. command.py, cli.py, serving.py, hosted.py and
network.py start the app and run it (the `treys` command, waitress, gunicorn).
"""
