"""Builders of the migration fixtures: play an earlier release, derive a revision, dump rows as SQL."""
