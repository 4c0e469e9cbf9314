"""Every refusal explains itself, in the player's language, and changes nothing: random
games of both real engines, played through the table service, are interrupted at random
points by moves that must fail (someone not on turn, a legal move of another moment,
near-misses of legal moves, garbage). Each one raises a Refusal whose text is catalogued
in Korean and English (no raw key, no unfilled {name}), and the stored game is unchanged."""

from __future__ import annotations

import re

import pytest

from bot.i18n import refusal_text
from bot.table import Refusal, TableService
from rules.core import Rng
from storage import open_store

PLAYERS = [801, 802, 803, 804]
HANGUL = re.compile("[가-힣]")
KEY_LIKE = re.compile(r"^[a-z_]+(\.[a-z_0-9]+)+$")
GARBAGE = ["", "   ", "xyzzy", "build", "build Z99", "take nobody", "pass pass pass",
           "send p to MOON", "burn -3", "convert 1VP to 99P", "destroy p9 castle",
           "선택 없음", "건설 우주정거장", "🙂", "a" * 300]


def explained(refusal: Refusal) -> None:
    for lang in ("ko", "en"):
        text = refusal_text(refusal.key, refusal.params, lang)
        assert text and not KEY_LIKE.match(text), (refusal.key, lang, text)
        assert not re.search(r"\{\w+\}", text), (refusal.key, lang, text)
        if lang == "ko":
            assert HANGUL.search(text), (refusal.key, text)


def near_misses(text: str) -> list[str]:
    """Legal-looking moves one word off: a digit changed, a word dropped or doubled."""
    words = text.split()
    out = [re.sub(r"\d", lambda m: str((int(m.group()) + 5) % 10), text, count=1)]
    if len(words) > 1:
        out += [" ".join(words[:-1]), " ".join(words + words[-1:])]
    return [o for o in out if o != text]


async def try_refused(svc: TableService, gid: int, user: int, move, key: str | None = None):
    before = await svc.store.get_game(gid)
    try:
        await svc.act(gid, user, move, lang="ko")
    except Refusal as refusal:
        explained(refusal)
        after = await svc.store.get_game(gid)
        assert after.version == before.version and after.snapshot == before.snapshot
        return refusal
    return None  # it was legal after all: applied (a near miss can be another legal move)


@pytest.mark.parametrize(("game", "seats", "seed"), [
    ("citadels", 4, 1), ("citadels", 7, 2), ("terra_mystica", 3, 3), ("terra_mystica", 4, 4)])
async def test_refusals_are_explained_and_change_nothing(tmp_path, monkeypatch, game, seats,
                                                         seed) -> None:
    import bot.table_lobby

    monkeypatch.setattr(bot.table_lobby.secrets, "randbits", lambda bits: 1000 + seed)
    store = await open_store(tmp_path / "g.db")
    try:
        svc = TableService(store)
        record = await svc.new_game(game, guild_id=1, channel_id=10, host_id=PLAYERS[0],
                                    lang="ko")
        for uid in range(PLAYERS[0] + 1, PLAYERS[0] + seats):
            await svc.join(record.id, uid)
        await svc.start(record.id, PLAYERS[0])
        gid, rng = record.id, Rng(seed)
        seen: set[str] = set()
        old_moves: list[str] = []
        for step in range(400):
            current = await svc.store.get_game(gid)
            if current.status != "running":
                break
            prompts = [p for p in await svc.open_prompts(gid) if p.decision.choices]
            prompt = rng.choice(prompts)
            if step % 3 == 0:
                waiting = {p.user_id for p in prompts}
                idle = [u for u in current.seats if u not in waiting]
                if idle:  # someone not asked tries a move that is legal for the asked one
                    r = await try_refused(svc, gid, rng.choice(idle),
                                          prompt.decision.choices[0].text)
                    assert r is not None
                    seen.add(r.key)
                for move in [rng.choice(GARBAGE), *near_misses(
                        rng.choice(prompt.decision.choices).text)[:1],
                             *(old_moves[-10:][:1] if old_moves else [])]:
                    r = await try_refused(svc, gid, prompt.user_id, move)
                    if r is not None:
                        seen.add(r.key)
                    if (await svc.store.get_game(gid)).version != current.version:
                        break  # a near miss that was legal moved the game on
                if (await svc.store.get_game(gid)).version != current.version:
                    continue
            choice = rng.choice(prompt.decision.choices)
            old_moves.append(choice.text)
            await svc.act(gid, prompt.user_id, choice.action, decision_key=prompt.decision.key)
        assert "table.not_your_turn" in seen or "table.not_seated" in seen
        assert len(seen) >= 3, seen
    finally:
        await store.close()
