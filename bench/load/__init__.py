"""The load test of issue 16 (`make load`, `python -m bench.load`; not part of the tests).

  players.py    scripted tables playing the example game through the Discord stand-in
  bot.py        one bot process (a shard), started as `python -m bench.load.bot`
  seed.py       the 10,000 stored games, written through the Store interface
  databases.py  the seeded SQLite file and the durable throwaway PostgreSQL server
  run.py        one configuration: processes, the measured window, figures and checks
"""
