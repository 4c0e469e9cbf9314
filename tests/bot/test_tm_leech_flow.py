"""Power offers through the table service: a build next to several neighbours opens one offer
per neighbour at once, each prompted to its own player, answerable in any order and by no
one else; the builder's turn goes on meanwhile."""

from __future__ import annotations

import pytest

from bot.table import Refusal, TableService
from rules.core import Rng
from rules.terra_mystica.gamefile import pick_by_family
from storage import open_store
from tests.bot.test_table_tm import fixed_seed, new_tm  # noqa: F401


async def busy_move(svc: TableService, gid: int, rng: Rng) -> None:
    """One move of a busy game (building rather than passing), through act()."""
    record = await svc.store.get_game(gid)
    prompts = [p for p in await svc.open_prompts(gid) if p.decision.choices]
    assert prompts, (record.status, record.snapshot["phase"])
    turn = record.snapshot["turn"]
    going = [p for p in prompts if turn and turn["taken"] and p.decision.kind != "leech"
             and p.decision.params.get("faction") == turn["faction"]]
    urgent = [p for p in prompts if p.decision.kind in ("leech", "cult")]
    prompt = (going or urgent or [rng.choice(prompts)])[0]
    options = prompt.decision.choices
    busy = [c for c in options if not c.text.startswith(("pass", "-"))]
    if busy and rng.below(100) >= 10:
        options = busy
    choice = pick_by_family(rng, options)
    await svc.act(gid, prompt.user_id, choice.action, decision_key=prompt.decision.key)


async def test_offers_to_several_neighbours_at_once(tmp_path) -> None:
    store = await open_store(tmp_path / "terra_mystica.db")
    try:
        svc = TableService(store)
        offers = []
        for seed in range(5, 25):  # Rng(5) gets there by move 94; others if the engine changes
            gid = await new_tm(svc)
            rng = Rng(seed)
            while (await store.get_game(gid)).status == "running":
                prompts = await svc.open_prompts(gid)
                offers = [p for p in prompts if p.decision.kind == "leech"]
                if len({p.user_id for p in offers}) >= 2:
                    break
                await busy_move(svc, gid, rng)
            if len({p.user_id for p in offers}) >= 2:
                break
        assert len({p.user_id for p in offers}) >= 2, "no build reached two neighbours"
        record = await store.get_game(gid)
        builder = {p.decision.params["from"] for p in offers}
        assert len(builder) == 1  # one build's offers
        builder_seat = record.snapshot["factions"][builder.pop()]["seat"]
        for p in offers:
            assert p.user_id == record.seats[p.seat] and p.seat != builder_seat
            assert {c.action["type"] for c in p.decision.choices} == {"leech", "decline"}
        first, second = offers[0], next(p for p in offers if p.user_id != offers[0].user_id)
        # nobody answers another player's offer
        with pytest.raises(Refusal):
            await svc.act(gid, first.user_id, second.decision.choices[0].action,
                          decision_key=second.decision.key)
        # the later offer first, then the earlier one
        decline = next(c for c in second.decision.choices if c.action["type"] == "decline")
        out = await svc.act(gid, second.user_id, decline.action,
                            decision_key=second.decision.key)
        still = {p.decision.key for p in out.prompts}
        assert second.decision.key not in still and first.decision.key in still
        accept = next(c for c in first.decision.choices if c.action["type"] == "leech")
        out = await svc.act(gid, first.user_id, accept.action, decision_key=first.decision.key)
        assert first.decision.key not in {p.decision.key for p in out.prompts}
        assert any(e.key == "terra_mystica.leech" for e in out.events)
    finally:
        await store.close()
