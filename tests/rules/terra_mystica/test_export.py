"""Site game files in and out (rules/terra_mystica/export.py): the notation spec's worked
example (checked against terra.snellman.net) imports as a log the bot replays move by move,
and its export replays on the site's terms to the same scores; what cannot be kept is
refused with its line."""

from __future__ import annotations

from rules.core import dump_state, replay
from rules.terra_mystica.engine import TerraMystica
from rules.terra_mystica.export import Imported, ImportFailure, export_file, import_file
from rules.terra_mystica.gamefile import replay_text
from tests.rules.terra_mystica.test_legacy_income import ROUND_1
from tests.rules.terra_mystica.test_worked_example import HEADER, REST, ROUND1

WORKED = HEADER + "\n".join(r[0] for r in ROUND1) + "\n" + REST


def test_the_worked_example_imports_and_replays_one_move_at_a_time() -> None:
    got = import_file(WORKED)
    assert isinstance(got, Imported) and got.factions == ["witches", "nomads"]
    engine = TerraMystica()
    state = replay(
        engine, TerraMystica.Options.model_validate(got.options), got.seats, got.seed, got.actions
    )
    site = replay_text(WORKED).state
    assert state["phase"] == "over" and dump_state(state) == dump_state(site)


def test_its_export_replays_on_the_site_terms_to_the_same_scores() -> None:
    got = import_file(WORKED)
    assert isinstance(got, Imported)
    text = export_file(got.options, got.seats, got.seed, got.actions, ["Ann", "Bo"])
    assert text.startswith("# witches: Ann\n# nomads: Bo\n")
    assert "score SCORE5,SCORE8,SCORE6,SCORE2,SCORE3,SCORE7" in text
    again = replay_text(text)
    assert again.error is None
    want = replay_text(WORKED).state["factions"]
    assert {f: s["VP"] for f, s in again.state["factions"].items()} == {
        f: s["VP"] for f, s in want.items()
    }


def test_a_file_the_site_reads_but_the_log_cannot_hold_is_refused_at_its_line() -> None:
    text = ROUND_1 + "income\nstart\nwitches: upgrade E9 to TP\n"
    assert replay_text(text).error is None  # the site's reading of an old `income` line
    got = import_file(text)
    assert isinstance(got, ImportFailure) and got.key == "table.import_diverges"
    assert text.split("\n")[got.line - 1] == "witches: upgrade E9 to TP"


def test_an_illegal_line_is_refused_with_its_number_and_the_engine_reason() -> None:
    lines = WORKED.split("\n")
    bad = next(i for i, line in enumerate(lines) if line.startswith("nomads: upgrade"))
    lines[bad] = lines[bad].replace("upgrade", "upgrade Z99 to TP. upgrade", 1)
    got = import_file("\n".join(lines))
    assert isinstance(got, ImportFailure) and got.line == bad + 1
    assert got.key.startswith("terra_mystica.") and got.params


def test_a_merchants_game_imports_with_its_lobby_options() -> None:
    """Merchants of the Seas is a lobby option now: its file (our header lines) rebuilds
    from the stored options and replays to the same scores."""
    from rules.terra_mystica.gamefile import random_game

    state, text = random_game(3, 2, pass_rate=10, options={"merchants": True, "map": "lakes"})
    got = import_file(text)
    assert isinstance(got, Imported), got
    assert got.options["merchants"] is True and got.options["map"] == "lakes"
    engine = TerraMystica()
    replayed = engine.setup(got.options, got.seats, got.seed)
    for seat, action in got.actions:
        replayed, _ = engine.apply(replayed, seat, action)
    assert engine.result(replayed) == engine.result(state)
