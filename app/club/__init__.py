"""The club afternoon (issue 7): organisers, the club's players, sessions, the board and results."""
