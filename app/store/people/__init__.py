"""People and accounts: organisers and their sign-ins, members at home, their addresses and letters."""
