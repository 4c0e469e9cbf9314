"""/game export and /game import through the table service: Terra Mystica as a
terra.snellman.net game file, Citadels as its notation log; import into a lobby (host only,
seats in order), and every refusal explained in both languages with nothing changed."""

from __future__ import annotations

import re

import pytest

from bot.i18n import refusal_text
from bot.table import Refusal, TableService
from rules.citadels.export import read_log
from rules.core import Rng, dump_state, replay
from rules.terra_mystica.gamefile import random_game, replay_text
from storage import open_store

HOST, BOB, CAROL, DAVE = 901, 902, 903, 904
HANGUL = re.compile("[가-힣]")


@pytest.fixture
async def svc(tmp_path):
    service = TableService(await open_store(tmp_path / "export.db"))
    yield service
    await service.store.close()


def explained(refusal: Refusal) -> None:
    for lang in ("en", "ko"):
        text = refusal_text(refusal.key, refusal.params, lang)
        assert text and not re.search(r"\{\w+\}", text), (lang, text)
        assert text != refusal.key
    assert HANGUL.search(refusal_text(refusal.key, refusal.params, "ko"))


async def lobby(svc: TableService, game: str, players: list[int]) -> int:
    record = await svc.new_game(game, guild_id=1, channel_id=10, host_id=players[0], lang="en")
    for uid in players[1:]:
        await svc.join(record.id, uid)
    return record.id


async def played(
    svc: TableService, game: str, players: list[int], seed: int, steps: int | None = None
) -> int:
    """A started game whose log is a random legal game (whole, or its first `steps` moves),
    stored move by move as the service stores them."""
    gid = await lobby(svc, game, players)
    await svc.start(gid, HOST)
    record = await svc.store.get_game(gid)
    engine = svc.engine(game)
    options = svc._options(record, engine)
    state = engine.setup(options, len(players), record.seed)
    rng = Rng(seed)
    for _ in range(steps if steps is not None else 20_000):
        if engine.result(state) is not None:
            break
        decision = rng.choice([d for d in engine.decisions(state) if d.choices])
        seat, action = decision.seat, rng.choice(decision.choices).action
        state, _ = engine.apply(state, seat, action)
        record = await svc.store.append_action(
            gid,
            expected_version=record.version,
            seat=seat,
            action=action,
            snapshot=state,
            user_id=record.seats[seat],
            status="finished" if engine.result(state) is not None else None,
        )
    return gid


async def refused(call, key: str, svc: TableService, gid: int) -> Refusal:
    before = await svc.store.get_game(gid)
    actions = await svc.store.actions(gid)
    with pytest.raises(Refusal) as caught:
        await call
    assert caught.value.key == key, caught.value.params
    explained(caught.value)
    after = await svc.store.get_game(gid)
    assert after.model_dump(exclude={"updated_at"}) == before.model_dump(exclude={"updated_at"})
    assert await svc.store.actions(gid) == actions
    return caught.value


def scores_by_faction(state) -> dict[str, int]:
    return {name: f["VP"] for name, f in state["factions"].items()}


# -- export ---------------------------------------------------------------------------


async def test_a_finished_terra_mystica_game_exports_a_site_file_that_replays_to_its_scores(
    svc,
) -> None:
    players = [HOST, BOB, CAROL]
    gid = await played(svc, "terra_mystica", players, seed=5)
    record = await svc.store.get_game(gid)
    assert record.status == "finished"
    out = await svc.export_game(gid, ["Ann", "Bob", "Carol"])
    assert out.filename == f"terra_mystica-{gid}.txt"
    assert "option strict-leech" in out.text and "\nsetup " in out.text
    rep = replay_text(out.text)
    assert rep.error is None and rep.state["phase"] == "over"
    assert scores_by_faction(rep.state) == scores_by_faction(record.snapshot)
    factions = [s["faction"] for s in record.snapshot["seats"]]
    assert f"# {factions[1]}: Bob" in out.text  # the seats' players named in a comment


async def test_a_running_terra_mystica_game_exports_its_position_so_far(svc) -> None:
    gid = await played(svc, "terra_mystica", [HOST, BOB], seed=2, steps=25)
    record = await svc.store.get_game(gid)
    assert record.status == "running"
    rep = replay_text((await svc.export_game(gid)).text)
    assert rep.error is None
    assert scores_by_faction(rep.state) == scores_by_faction(record.snapshot)
    assert rep.state["round"] == record.snapshot["round"]


async def test_citadels_exports_its_notation_log_only_once_the_game_is_over(svc) -> None:
    players = [HOST, BOB, CAROL, DAVE]
    gid = await played(svc, "citadels", players, seed=3, steps=40)
    # running: the log would tell the deck's order and every hidden pick
    refusal = await refused(svc.export_game(gid), "table.export_secret", svc, gid)
    assert refusal.params["game"]["ko"] == "시타델"
    gid = await played(svc, "citadels", players, seed=3)
    record = await svc.store.get_game(gid)
    assert record.status == "finished"
    out = await svc.export_game(gid, ["Ann", "Bob", "Carol", "Dave"])
    log = read_log(out.text)
    engine = svc.engine("citadels")
    assert engine.result(log.state) == engine.result(record.snapshot)
    assert dump_state(log.state) == dump_state(record.snapshot)
    assert "p2: " in out.text and "# p2: Bob" in out.text


async def test_an_abandoned_citadels_game_exports_its_log(svc) -> None:
    gid = await played(svc, "citadels", [HOST, BOB, CAROL], seed=4, steps=30)
    await svc.store.set_status(gid, "abandoned")
    log = read_log((await svc.export_game(gid)).text)
    assert len(log.actions) == 30


async def test_export_refuses_a_lobby_and_a_game_without_a_format(svc, example_game) -> None:
    gid = await lobby(svc, "terra_mystica", [HOST, BOB])
    await refused(svc.export_game(gid), "table.export_not_started", svc, gid)
    gid = await lobby(svc, "example", [HOST, BOB])
    await svc.start(gid, HOST)
    await refused(svc.export_game(gid), "table.export_unsupported", svc, gid)


# -- import ---------------------------------------------------------------------------


def site_file(players: int, seed: int, lines: int | None = None) -> str:
    """A site game file of a random legal game, cut after `lines` lines (mid-game)."""
    _, text = random_game(players, seed, pass_rate=10)
    return text if lines is None else "\n".join(text.split("\n")[:lines]) + "\n"


async def test_import_continues_a_site_game_with_the_lobby_seats_in_order(svc) -> None:
    players = [HOST, BOB, CAROL]
    gid = await lobby(svc, "terra_mystica", players)
    text = site_file(3, 8, lines=45)
    expected = replay_text(text)
    outcome = await svc.import_game(gid, HOST, text)
    record = await svc.store.get_game(gid)
    assert record.status == "running" and record.seats == players
    assert record.version == len(expected.actions) == len(await svc.store.actions(gid))
    assert dump_state(record.snapshot) == dump_state(expected.state)
    # the stored log replays from the stored options and seed to the same position
    engine = svc.engine("terra_mystica")
    log = [(a.seat, a.action) for a in await svc.store.actions(gid)]
    rebuilt = replay(engine, svc._options(record, engine), 3, record.seed, log)
    assert dump_state(rebuilt) == dump_state(record.snapshot)
    assert all(a.user_id == players[a.seat] for a in await svc.store.actions(gid))
    key, params = outcome.notice
    assert key == "table.imported" and params["moves"] == len(expected.actions)
    factions = [s["faction"] for s in record.snapshot["seats"]]
    assert params["players"].startswith(f"<@{HOST}> ({factions[0]})")
    # the game goes on: the player asked now can move
    prompt = next(p for p in outcome.prompts if p.decision.choices)
    assert prompt.user_id == players[prompt.seat]
    after = await svc.act(
        gid, prompt.user_id, prompt.decision.choices[0].action, decision_key=prompt.decision.key
    )
    mine = (await svc.store.actions(gid))[record.version]
    assert after.game.version > record.version
    assert (mine.seat, mine.user_id) == (prompt.seat, prompt.user_id)


async def test_import_of_a_finished_site_game_keeps_its_final_scores(svc) -> None:
    gid = await lobby(svc, "terra_mystica", [HOST, BOB, CAROL, DAVE])
    text = site_file(4, 3)
    outcome = await svc.import_game(gid, HOST, text)
    assert outcome.game.status == "finished" and outcome.finished is not None
    assert scores_by_faction(outcome.game.snapshot) == scores_by_faction(replay_text(text).state)


async def test_import_refuses_a_file_that_fails_at_a_line_and_creates_nothing(svc) -> None:
    gid = await lobby(svc, "terra_mystica", [HOST, BOB, CAROL])
    lines = site_file(3, 8, lines=45).split("\n")
    bad = next(i for i, line in enumerate(lines) if i > 15 and ": build " in line)
    lines[bad] = lines[bad].replace(": build ", ": build Z99 ", 1)
    refusal = await refused(
        svc.import_game(gid, HOST, "\n".join(lines)), "table.import_refused", svc, gid
    )
    assert refusal.params["line"] == bad + 1
    assert "Z99" in refusal.params["reason"]["en"]
    assert f"{bad + 1}" in refusal_text(refusal.key, refusal.params, "ko")
    assert (await svc.store.get_game(gid)).status == "lobby"


async def test_import_refuses_a_header_the_site_would_not_read(svc) -> None:
    gid = await lobby(svc, "terra_mystica", [HOST, BOB])
    text = "option no-such-option\n" + site_file(2, 1)
    refusal = await refused(svc.import_game(gid, HOST, text), "table.import_refused", svc, gid)
    assert refusal.params["line"] == 1


async def test_import_refuses_when_the_seat_counts_differ(svc) -> None:
    gid = await lobby(svc, "terra_mystica", [HOST, BOB])
    refusal = await refused(
        svc.import_game(gid, HOST, site_file(3, 8, lines=45)), "table.import_seats", svc, gid
    )
    assert (refusal.params["players"], refusal.params["seats"]) == (3, 2)


async def test_import_is_for_the_host_of_a_lobby_of_a_game_that_reads_files(svc) -> None:
    text = site_file(2, 1, lines=40)
    gid = await lobby(svc, "terra_mystica", [HOST, BOB])
    await refused(svc.import_game(gid, BOB, text), "table.not_host", svc, gid)
    running = await played(svc, "terra_mystica", [HOST, BOB], seed=1, steps=5)
    await refused(svc.import_game(running, HOST, text), "table.not_in_lobby", svc, running)
    cit = await lobby(svc, "citadels", [HOST, BOB])
    await refused(svc.import_game(cit, HOST, text), "table.import_unsupported", svc, cit)
