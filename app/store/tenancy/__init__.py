"""Clubs as tenants: the club a piece of work is for, the host's clubs, PostgreSQL's row security."""
