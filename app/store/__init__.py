"""What Treys keeps, a room for each kind: game/ (a game's tables, the one write path of a hand, its state by
version, its record), club/ (a club's afternoons and its record), people/ (accounts, sign-ins, members at home,
the outbox), backup/ (the whole record as a document, the restore), tenancy/ (clubs as tenants, row security),
base/ (ids, connections, the transaction, the club's time, brakes, migrations), and stamps.py (every poll's
stamp). It imports nothing of the web, the server or a feature."""
