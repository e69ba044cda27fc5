"""The backup: the club's whole record as one document, its format, and the restore."""
