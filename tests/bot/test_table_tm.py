"""Terra Mystica through the table service: a whole 4-player game, leech preferences, plans."""

from __future__ import annotations

import pytest

from bot.games.terra_mystica import leech as tm_leech
from bot.table import Refusal, TableService
from rules.core import Choice, Decision, Rng
from storage import open_store

PLAYERS = [701, 702, 703, 704]
TM = "terra_mystica"


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """Known games: the service draws each game's seed at start."""
    import bot.table_lobby

    monkeypatch.setattr(bot.table_lobby.secrets, "randbits", lambda bits: 4242)


async def new_tm(svc: TableService, **options) -> int:
    game = await svc.new_game(TM, guild_id=1, channel_id=10, host_id=PLAYERS[0], lang="en")
    for uid in PLAYERS[1:]:
        await svc.join(game.id, uid)
    for name, value in options.items():
        await svc.set_option(game.id, PLAYERS[0], name, value)
    await svc.start(game.id, PLAYERS[0])
    return game.id


async def play_random(svc: TableService, gid: int, rng: Rng, steps: int,
                      kinds: dict[str, set[int]] | None = None) -> int:
    """Random legal choices through act(); returns how many were played. `kinds` collects,
    per decision kind, the users prompted for it."""
    played = 0
    for _ in range(steps):
        record = await svc.store.get_game(gid)
        if record.status != "running":
            break
        prompts = [p for p in await svc.open_prompts(gid) if p.decision.choices]
        assert prompts, "a running game must wait on someone"
        for p in prompts:
            assert p.user_id == record.seats[p.seat]  # the right player is asked
            if kinds is not None:
                kinds.setdefault(p.decision.kind, set()).add(p.user_id)
        prompt = rng.choice(prompts)
        choice = rng.choice(prompt.decision.choices)
        await svc.act(gid, prompt.user_id, choice.action, decision_key=prompt.decision.key)
        played += 1
    return played


async def test_four_player_game_from_lobby_to_final_score_with_a_restart(tmp_path) -> None:
    path = tmp_path / "terra_mystica.db"
    store = await open_store(path)
    try:
        svc = TableService(store)
        gid = await new_tm(svc)
        first = await svc.open_prompts(gid)
        assert [p.decision.kind for p in first] == ["faction"]
        assert first[0].user_id == PLAYERS[0]
        rng = Rng(20261122)
        played = await play_random(svc, gid, rng, 40)  # factions, setup, into round 1
        await store.close()  # the bot restarts mid-game
        store = await open_store(path)
        svc = TableService(store)
        record = await svc.store.get_game(gid)
        assert record.status == "running" and record.version >= played
        assert record.snapshot["round"] >= 1
        kinds: dict[str, set[int]] = {}
        played += await play_random(svc, gid, rng, 3000, kinds)
        record = await svc.store.get_game(gid)
        assert record.status == "finished", f"not finished after {played} moves"
        assert {"turn", "leech"} <= set(kinds) and kinds["turn"] == set(PLAYERS)
        result = svc.engine(TM).result(record.snapshot)
        assert result is not None and len(result.scores) == 4
        assert sorted(s.seat for s in result.scores) == [0, 1, 2, 3]
        assert await svc.open_prompts(gid) == []
        assert len(await svc.log(gid)) == record.version  # every move replays from the log
    finally:
        await store.close()


def _offer(actual: int, vp_cost: int) -> Decision:
    texts = ("leech 3 from witches", "decline 3 from witches")
    return Decision(
        seat=1, kind="leech", key="leech.1",
        choices=[Choice(action={"type": t.split()[0], "n": 3, "from": "witches"}, text=t)
                 for t in texts],
        params={"faction": "nomads", "from": "witches", "amount": 3, "actual": actual,
                "vp_cost": vp_cost})


@pytest.mark.parametrize(("pref", "one", "free0", "costly"), [
    ("ask", None, None, None),
    ("accept1", "leech", None, None),
    ("free", "leech", "leech", None),
    ("never_pay", None, None, "decline"),
    ("always", "leech", "leech", "leech"),
    ("never", "decline", "decline", "decline"),
])
def test_each_leech_preference(pref, one, free0, costly) -> None:
    def picked(decision: Decision) -> str | None:
        choice = tm_leech.answer(pref, decision)
        return None if choice is None else choice.action["type"]

    assert picked(_offer(actual=1, vp_cost=0)) == one
    assert picked(_offer(actual=0, vp_cost=0)) == free0  # bowls full: nothing to gain
    assert picked(_offer(actual=3, vp_cost=2)) == costly


async def _until(svc: TableService, gid: int, rng: Rng, wanted, steps: int = 600):
    """Random moves until `wanted(prompts)` holds; returns its value."""
    for _ in range(steps):
        prompts = await svc.open_prompts(gid)
        hit = wanted(prompts)
        if hit:
            return hit
        await play_random(svc, gid, rng, 1)
    raise AssertionError("never reached")


async def test_standing_leech_preference_is_applied_logged_and_survives_restart(tmp_path):
    path = tmp_path / "terra_mystica.db"
    store = await open_store(path)
    try:
        svc = TableService(store)
        gid = await new_tm(svc)
        rng = Rng(7)
        leech = await _until(svc, gid, rng,
                             lambda ps: [p for p in ps if p.decision.kind == "leech"])
        offer = leech[0]
        version = (await store.get_game(gid)).version
        with pytest.raises(Refusal) as info:
            await svc.set_preference(gid, offer.user_id, "tm_leech", "sometimes")
        assert info.value.key == "terra_mystica.leech_pref_unknown"
        outcome = await svc.set_preference(gid, offer.user_id, "tm_leech", "never")
        assert outcome.notice == ("terra_mystica.leech_pref_set", {"pref": "never"})
        autos = [e for e in outcome.events if e.key == "table.auto_move"]
        assert autos and autos[0].params["user"] == f"<@{offer.user_id}>"
        assert offer.decision.key not in {p.decision.key for p in outcome.prompts}
        last = (await store.actions(gid))[-1]
        assert last.version > version and last.user_id is None
        assert last.seat == offer.seat and last.action["type"] == "decline"
        assert "auto" in (await svc.log(gid))[-1].lower() or "자동" in (await svc.log(gid))[-1]
        await store.close()  # restart: the preference lives in the game's settings
        store = await open_store(path)
        svc = TableService(store)
        assert tm_leech.seat_prefs((await store.get_game(gid)).settings)[offer.seat] == "never"
        for _ in range(3000):
            prompts = await svc.open_prompts(gid)
            if not prompts:
                break
            assert not [p for p in prompts
                        if p.decision.kind == "leech" and p.seat == offer.seat]
            await play_random(svc, gid, rng, 1)
        autos = [a for a in await store.actions(gid) if a.user_id is None]
        assert len(autos) >= 2 and all(a.action["type"] == "decline" for a in autos)
    finally:
        await store.close()


async def test_plan_previews_without_storing(tmp_path) -> None:
    store = await open_store(tmp_path / "terra_mystica.db")
    try:
        svc = TableService(store)
        gid = await new_tm(svc)
        rng = Rng(11)

        def turn(prompts):
            return [p for p in prompts if p.decision.kind == "turn"
                    and any(c.action.get("type") == "upgrade" for c in p.decision.choices)]

        [prompt] = await _until(svc, gid, rng, turn)
        upgrade = next(c for c in prompt.decision.choices if c.action["type"] == "upgrade")
        before = await store.get_game(gid)
        plan = await svc.plan(gid, prompt.user_id, upgrade.text)
        assert plan.error is None and plan.applied == [upgrade.text]
        faction = before.snapshot["seats"][prompt.seat]["faction"]
        was, now = plan.before["factions"][faction], plan.after["factions"][faction]
        assert now["C"] < was["C"] and now["W"] < was["W"]
        assert now["buildings_left"]["TP"] == was["buildings_left"]["TP"] - 1
        after = await store.get_game(gid)
        assert after.version == before.version and after.snapshot == before.snapshot
        # the second upgrade in one turn is the first illegal command
        bad = await svc.plan(gid, prompt.user_id, f"{upgrade.text}. {upgrade.text}")
        assert bad.error is not None and bad.error.key.startswith("terra_mystica.")
        assert bad.failed == upgrade.text and bad.applied == []
        unread = await svc.plan(gid, prompt.user_id, "fly to the moon")
        assert unread.error is not None and unread.failed == "fly to the moon"
        with pytest.raises(Refusal) as info:
            await svc.plan(gid, 999, "pass")
        assert info.value.key == "table.not_seated"
    finally:
        await store.close()


async def test_undo_takes_back_the_automatic_answers_a_move_caused(tmp_path) -> None:
    store = await open_store(tmp_path / "terra_mystica.db")
    try:
        svc = TableService(store)
        gid = await new_tm(svc)
        for uid in PLAYERS:
            await svc.set_preference(gid, uid, "tm_leech", "always")
        rng = Rng(5)
        for _ in range(600):
            before = await store.get_game(gid)
            prompts = [p for p in await svc.open_prompts(gid) if p.decision.choices]
            prompt = rng.choice(prompts)
            choice = rng.choice(prompt.decision.choices)
            out = await svc.act(gid, prompt.user_id, choice.action,
                                decision_key=prompt.decision.key)
            if any(e.key == "table.auto_move" for e in out.events):
                break
        else:
            raise AssertionError("no automatic answer happened")
        assert out.game.version > before.version + 1
        undone = await svc.undo(gid, prompt.user_id)
        assert undone.game.version == before.version
        assert undone.game.snapshot == before.snapshot
        assert len(await store.actions(gid)) == before.version
    finally:
        await store.close()


async def test_favor_sub_choice_prompts_the_builder(tmp_path) -> None:
    """A greedy builder (temples, strongholds, sanctuaries first) earns favor tiles: the
    favor decision goes to that player, with the tiles as its choices."""
    store = await open_store(tmp_path / "terra_mystica.db")
    try:
        svc = TableService(store)
        gid = await new_tm(svc)
        rng = Rng(3)
        order = ("to TE", "to SA", "to SH", "to TP", "build")
        for _ in range(2000):
            record = await store.get_game(gid)
            assert record.status == "running", "no favor decision in the whole game"
            prompts = [p for p in await svc.open_prompts(gid) if p.decision.choices]
            favor = [p for p in prompts if p.decision.kind == "favor"]
            if favor:
                break
            prompt = rng.choice(prompts)
            choices = prompt.decision.choices
            ranked = [c for key in order for c in choices if key in c.text]
            choice = ranked[0] if ranked else rng.choice(choices)
            await svc.act(gid, prompt.user_id, choice.action, decision_key=prompt.decision.key)
        [prompt] = favor
        active = record.snapshot["active"]
        assert prompt.seat == record.snapshot["factions"][active]["seat"]
        assert prompt.user_id == record.seats[prompt.seat]
        assert all(c.text.startswith("+FAV") for c in prompt.decision.choices)
    finally:
        await store.close()


# What each preference does with an open offer: (actual power, VP cost) -> action or None.
EXPECTED = {
    "ask": lambda actual, vp: None,
    "accept1": lambda actual, vp: "leech" if actual == 1 else None,
    "free": lambda actual, vp: "leech" if vp == 0 else None,
    "never_pay": lambda actual, vp: "decline" if vp > 0 else None,
    "always": lambda actual, vp: "leech",
    "never": lambda actual, vp: "decline",
}


@pytest.mark.parametrize("pref", list(EXPECTED))
async def test_each_preference_through_the_service(tmp_path, pref) -> None:
    store = await open_store(tmp_path / "terra_mystica.db")
    try:
        svc = TableService(store)
        gid = await new_tm(svc)
        leech = await _until(svc, gid, Rng(7),
                             lambda ps: [p for p in ps if p.decision.kind == "leech"])
        offer = leech[0]
        params = offer.decision.params
        version = (await store.get_game(gid)).version
        out = await svc.set_preference(gid, offer.user_id, "tm_leech", pref)
        expected = EXPECTED[pref](params["actual"], params["vp_cost"])
        still_open = offer.decision.key in {p.decision.key for p in out.prompts}
        if expected is None:
            assert still_open and out.game.version == version and not out.events
        else:
            assert not still_open
            first = (await store.actions(gid))[version]
            assert first.seat == offer.seat and first.user_id is None
            assert first.action["type"] == expected
    finally:
        await store.close()


def test_an_offer_that_can_only_be_declined_is_declined_without_asking() -> None:
    from datetime import UTC, datetime

    from rules.core import Choice, Decision
    from storage.base import GameRecord

    engine_choice = Choice(action={"type": "decline", "amount": 2, "from": "witches"},
                           text="decline 2 from witches")
    forced = Decision(seat=1, kind="leech", key="k1", choices=[engine_choice])
    both = Decision(seat=2, kind="leech", key="k2", choices=[
        Choice(action={"type": "leech", "amount": 1, "from": "witches"},
               text="leech 1 from witches"), engine_choice])
    now = datetime.now(UTC)
    record = GameRecord(id=1, game="terra_mystica", status="running", guild_id=1,
                        channel_id=1, thread_id=None, host_id=1, seats=[1, 2, 3], options={},
                        settings={}, version=3, snapshot={}, created_at=now, updated_at=now)
    picks = tm_leech.auto_leech(record, lambda: [forced, both])
    assert picks == [(forced, engine_choice)]  # the other offer is still asked
