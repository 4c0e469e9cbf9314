"""A hand-over pings the newcomer when the seat has something open (the table now waits on
her: the adapter asks her again for the seat's public prompts), and nobody otherwise."""

from __future__ import annotations

import pytest

from bot.table import TableService
from storage import open_store
from tests.bot.example_tables import Clock, started

ANN, BEN, CAT, DOT = 701, 702, 703, 704


@pytest.fixture
async def svc(tmp_path, example_game):
    service = TableService(await open_store(tmp_path / "handover.db"), clock=Clock())
    yield service
    await service.store.close()


async def test_the_newcomer_is_waited_on_only_when_the_seat_has_a_decision(svc) -> None:
    gid = await started(svc, [ANN, BEN])
    # both seats pick at once: Ben's seat has its pick open
    out = await svc.substitute(gid, ANN, BEN, CAT)
    assert out.newly_waiting == frozenset({1})
    assert [(p.seat, p.user_id) for p in out.prompts] == [(1, CAT)]
    await svc.act(gid, CAT, {"type": "pick", "value": 2})
    # the table now waits on Ann only: Cat's seat has nothing open, nobody to ping
    assert {p.user_id for p in await svc.open_prompts(gid)} == {ANN}
    out = await svc.substitute(gid, ANN, CAT, DOT)
    assert out.prompts == [] and out.newly_waiting == frozenset()
