"""What Treys keeps: the tables, the one write path of each change, the record of changes, backup and caches."""
