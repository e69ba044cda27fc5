"""What every room of the store stands on: ids, connections, the transaction, the club's time, brakes, migrations."""
