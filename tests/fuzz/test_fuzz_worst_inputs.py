"""The heaviest inputs the `/play` + `plan` fuzz met (seed 1, 6,000-15,000 texts per game),
kept as regressions: each is answered as before (the same refusal, or the same move), plan
and act change nothing, and the work each takes is bounded by a count, not a clock (speed is
for `python -m bench fuzz`).

What made them slow was none of their own: a full pass of the cyclic collector over every
object loaded at start-up (some 60,000, 30-75 ms here) landed inside them. The bot now
freezes those once it has loaded (bot/heap.py); the last tests check that it does.
"""

from __future__ import annotations

import gc
import json
from typing import Any

import pytest

import rules
from bot.table import Refusal, TableService
from bot.table_plan import PLAN_MAX_ACTIONS
from rules.citadels import notation as citadels_notation
from rules.core import RuleError
from rules.terra_mystica import notation as tm_notation
from storage import open_store

UNREADABLE = "citadels.err.unreadable"
UNPARSABLE = "terra_mystica.unparsable"
# (game, text, what parse answers at a new game's first position, for every seat)
WORST: list[tuple[str, str, Any]] = [
    ("citadels", "왕 선택 " + "3608142627" * 450, UNREADABLE),
    ("citadels", "암살살살자 선택", UNREADABLE),
    ("citadels", "\U000163e3take agician; an; an; an; 장군 선택", UNREADABLE),
    ("citadels", "종료 " + "2039193692" * 430, UNREADABLE),
    ("citadels", "차례 종료. 차례 종]]]]]료", UNREADABLE),
    ("citadels", "불 fortress w", UNREADABLE),
    ("citadels", " " * 2395, UNREADABLE),
    ("citadels", "성 갖기", {"type": "keep", "card": "castle"}),
    ("terra_mystica", "pas ⑨", UNPARSABLE),
    ("terra_mystica", "패스 BON6; 패스 BON①", UNPARSABLE),
    ("terra_mystica", "dig " + "9524929925" * 41, UNPARSABLE),
    ("terra_mystica", "decline 54060435071206962919 from nomads", UNPARSABLE),
    ("terra_mystica", "(" * 1000, UNPARSABLE),
    ("terra_mystica", "convert 8C toVP; pass BON2545929", UNPARSABLE),
    ("terra_mystica", "개량 E3153621 → 교역소", UNPARSABLE),
    ("terra_mystica", "희생 3\n희생 3 희생 3\n" * 300, UNPARSABLE),
    ("terra_mystica", ("burn 무작위; " * 600)[:6000], UNPARSABLE),
    ("terra_mystica", "전환 권능 " + "8904269676" * 568, UNPARSABLE),
    ("terra_mystica", "pass 플레이어 BON3\n패스 BON999 take", UNPARSABLE),
]
# The table answers otherwise than parse where the text is blank (refused before any parse),
# names a move the first position does not allow, or (plan reads a text line by line, on ';'
# and new lines) starts with such a line: (plan's answer, act's answer).
TABLE_ANSWERS = {
    "패스 BON6; 패스 BON①": ("terra_mystica.no_faction", UNPARSABLE),
    "희생 3\n희생 3 희생 3\n" * 300: ("terra_mystica.no_faction", UNPARSABLE),
    " " * 2395: ("table.plan_empty", "table.empty_move"),
    "성 갖기": ("citadels.err.illegal", "citadels.err.illegal"),
}
IDS = [f"{game}-{i}" for i, (game, _, _) in enumerate(WORST)]
# Work per parse: Citadels reads a line as (verb, pattern) pairs, exact names then prefixes:
# at most 2 passes x 4 verb readings x 4 patterns. Terra Mystica stops at the first command
# it cannot read, and none of these has a readable first command.
CITADELS_MATCHES_MAX = 2 * 4 * 4
TM_COMMANDS_MAX = 1


class Counter:
    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
        self.calls = 0
        real = getattr(module, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)


@pytest.mark.parametrize(("game", "text", "expected"), WORST, ids=IDS)
def test_a_worst_input_is_answered_as_before_with_bounded_work(
    game: str, text: str, expected: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = rules.get_engine(game)
    state = engine.setup({}, 4, 1)
    before = json.dumps(state, sort_keys=True)
    if game == "citadels":
        work, bound = Counter(monkeypatch, citadels_notation, "_match"), CITADELS_MATCHES_MAX
    else:
        work, bound = Counter(monkeypatch, tm_notation, "parse_command"), TM_COMMANDS_MAX
    for seat in range(4):
        work.calls = 0
        if isinstance(expected, str):
            with pytest.raises(RuleError) as refused:
                engine.parse(state, seat, text)
            assert refused.value.key == expected
        else:
            assert engine.parse(state, seat, text) == expected
        assert work.calls <= bound, (seat, work.calls)
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize(("game", "text", "expected"), WORST, ids=IDS)
async def test_plan_and_play_answer_a_worst_input_and_change_nothing(
    game: str, text: str, expected: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await open_store(tmp_path / "worst.db")
    try:
        svc = TableService(store)
        users = [1000 + i for i in range(4)]
        record = await svc.new_game(game, guild_id=1, channel_id=1, host_id=users[0])
        for user in users[1:]:
            await svc.join(record.id, user)
        await svc.start(record.id, users[0])
        record = await store.get_game(record.id)
        engine = svc.engine(game)
        first = engine.decisions(record.snapshot)[0]
        user = record.seats[first.seat]
        parses = Counter(monkeypatch, engine, "parse")
        try:
            plan = await svc.plan(record.id, user, text)
            planned = plan.error.key if plan.error is not None else plan.applied
        except Refusal as refused:
            planned = refused.key
        # one parse per planned line, and the failing one read again to name its command
        assert parses.calls <= PLAN_MAX_ACTIONS + 1
        after = await store.get_game(record.id)
        assert (after.version, after.snapshot) == (record.version, record.snapshot)
        plan_answer, act_answer = TABLE_ANSWERS.get(text, (expected, expected))
        assert planned == plan_answer
        with pytest.raises(Refusal) as refused_move:
            await svc.act(record.id, user, text)
        assert refused_move.value.key == act_answer
        after = await store.get_game(record.id)
        assert (after.version, after.snapshot) == (record.version, record.snapshot)
    finally:
        await store.close()


def test_settling_the_heap_leaves_the_collector_only_what_comes_after() -> None:
    """bot/heap.settle loads every game and freezes what start-up built: a full collection
    then walks only the objects made since, not the tens of thousands loaded once."""
    from bot.heap import settle

    gc.collect()
    walked_before = len(gc.get_objects())
    try:
        frozen = settle()
        walked_after = len(gc.get_objects())
        assert all(
            (name, target) in rules._cache
            for name, target in rules.ENGINES.items()
            if name in rules.available()
        )
    finally:
        gc.unfreeze()  # the rest of the test session keeps its usual collector
    # about what was there before (a few objects may be freed meanwhile)
    assert frozen >= walked_before * 0.95, (frozen, walked_before)
    assert walked_after < walked_before // 20, (walked_before, walked_after)


def test_the_bot_settles_the_heap_before_it_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.__main__ as entry
    import bot.app
    import bot.heap

    order: list[str] = []

    async def run_bot(settings: Any) -> None:
        order.append("serve")

    monkeypatch.setattr(bot.heap, "settle", lambda: order.append("settle") or 0)
    monkeypatch.setattr(bot.app, "run_bot", run_bot)
    assert entry.run(object()) == 0  # type: ignore[arg-type]
    assert order == ["settle", "serve"]
