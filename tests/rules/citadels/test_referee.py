"""An independent referee over random games: rules re-checked from the public events and
the states around them, with no use of the engine's own counters, and a scorer of its own.

Checked per game: build limits per character (Stables, the Trader's trade districts and the
Wizard's immediate build excepted; the Navigator, the paused Witch and a bewitched holder
never build), no duplicate names without the Quarry or the Wizard (never by confiscation,
exchange or seizure), the Warlord's price, bribes of half the gold, the Queen's neighbour,
the game ending with the round of the first completed city, and the final scores."""

from __future__ import annotations

from typing import Any

import pytest

from rules.citadels.characters import CHARACTER
from rules.citadels.districts import DISTRICT, TYPES
from rules.core import Rng

from .helpers import ENGINE

CASTS = ["first_game", "A", "B", "C", "D", "E", "F", "random"]
GAMES = 140


def _cost(d: dict[str, Any]) -> int:
    return DISTRICT[d["id"]].cost + (1 if d["beautified"] else 0)


def _ids(st: dict[str, Any], seat: int) -> list[str]:
    return [d["id"] for d in st["seats"][seat]["city"]]


def referee_score(st: dict[str, Any], seat: int) -> int:
    """The rulebook's scoring (게임 종료), written apart from rules/citadels/scoring.py."""
    s = st["seats"][seat]
    city, hand = s["city"], s["secret"]["hand"]
    ids = [d["id"] for d in city]
    best = None
    options = TYPES if "haunted_quarter" in ids else ("unique",)
    for hq in options:  # 유령 지구: any one type of the owner's choice
        types = [hq if i == "haunted_quarter" else DISTRICT[i].type for i in ids]
        pts = sum(_cost(d) for d in city)
        pts += 3 if set(types) == set(TYPES) else 0
        if st["first"] == seat:
            pts += 4
        elif s["completed"]:
            pts += 2
        uniques = types.count("unique")
        extra = {
            "basilica": sum(1 for d in city if _cost(d) % 2),
            "capitol": 3 if any(types.count(t) >= 3 for t in TYPES) else 0,
            "dragon_gate": 2,
            "imperial_treasury": s["gold"],
            "ivory_tower": 5 if uniques == 1 else 0,
            "map_room": len(hand),
            "museum": len(s["secret"]["museum"]),
            "statue": 5 if st["crown"] == seat else 0,
            "wishing_well": uniques,
        }
        pts += sum(v for k, v in extra.items() if k in ids)
        pts += 3 if "secret_vault" in hand else 0
        best = pts if best is None else max(best, pts)
    assert best is not None
    return best


def _limit(char: str) -> int:
    return {"architect": 3, "seer": 2, "scholar": 2, "navigator": 0}.get(char, 1)


def _check_step(prev: dict[str, Any], new: dict[str, Any], events: list[Any],
                builds: dict[tuple[Any, ...], int]) -> None:
    t = prev["turn"]
    n = prev["n"]
    for e in events:
        if e.seat is not None:
            continue
        p = e.params
        if e.key == "citadels.ev.built":
            assert t is not None and p["s"] == t["seat"]
            char, mode = t["char"], t["mode"]
            assert mode in ("normal", "witch") and char != "navigator", (char, mode)
            card = p["card"]
            if card in _ids(prev, p["s"]):
                assert "quarry" in _ids(prev, p["s"]) or char == "wizard", (card, char)
            free = (card == "stables" or (char == "trader" and DISTRICT[card].type == "trade")
                    or t["stage"] == "wizard_use")
            if not free:
                key = (prev["round"], prev["call"], t["seat"], mode)
                builds[key] = builds.get(key, 0) + 1
                assert builds[key] <= _limit(char), (char, builds[key])
        elif e.key in ("citadels.ev.seized", "citadels.ev.confiscated"):
            assert p["card"] not in _ids(prev, p["s"])  # Quarry never applies
        elif e.key in ("citadels.ev.exchanged", "citadels.ev.exchanged_free"):
            assert p["card"] not in _ids(prev, p["s"])
            assert p["mine"] not in _ids(prev, p["target"])
        elif e.key in ("citadels.ev.destroyed", "citadels.ev.destroyed_free"):
            target = p["target"]
            d = next(x for x in prev["seats"][target]["city"] if x["id"] == p["card"])
            wall = 1 if "great_wall" in _ids(prev, target) and p["card"] != "great_wall" else 0
            assert p["gold"] == max(0, _cost(d) - 1) + wall
            assert p["card"] != "keep" and not prev["seats"][target]["completed"]
        elif e.key == "citadels.ev.bribe":
            assert p["amount"] == prev["seats"][p["s"]]["gold"] // 2
        elif e.key == "citadels.ev.queen":
            four = next(c for c in prev["cast"] if CHARACTER[c].rank == 4)
            holder = next(i for i, s in enumerate(prev["seats"])
                          if four in s["secret"]["chars"])
            assert holder in ((p["s"] - 1) % n, (p["s"] + 1) % n)


def _play(index: int) -> None:
    seats = 2 + index % 7
    cast = CASTS[index // 7 % len(CASTS)]
    options: dict[str, Any] = {"cast": cast}
    if cast == "random" and 4 <= seats <= 7:
        options["use_rank9"] = index % 2 == 1
    state = ENGINE.setup(options, seats, index)
    rng = Rng(index * 7919 + 17)
    builds: dict[tuple[Any, ...], int] = {}
    first_round = None
    for _ in range(20_000):
        if ENGINE.result(state) is not None:
            break
        (d,) = ENGINE.decisions(state)
        choice = rng.choice(d.choices)
        new, events = ENGINE.apply(state, d.seat, choice.action)
        _check_step(state, new, events, builds)
        if first_round is None and any(e.key == "citadels.ev.completed" for e in events):
            first_round = state["round"]
        state = new
    result = ENGINE.result(state)
    assert result is not None
    # 그 라운드가 끝나면 게임이 종료됩니다
    assert first_round == state["round"]
    for s in result.scores:
        assert s.total == referee_score(state, s.seat), (s.seat, s.breakdown)
    # 동점자들끼리 캐릭터 카드를 비교해 순번이 더 늦은 플레이어가 승리합니다 (2-3 players:
    # the higher of the two; the last round's characters, a killed one included)
    def key(seat: int) -> tuple[int, int]:
        chars = state["seats"][seat]["tiebreak_chars"]
        return (referee_score(state, seat), max(CHARACTER[c].rank for c in chars))

    best = max(key(i) for i in range(seats))
    winners = {s.seat for s in result.scores if s.rank == 1}
    assert winners == {i for i in range(seats) if key(i) == best}


@pytest.mark.parametrize("chunk", range(4))
def test_referee_over_random_games(chunk: int) -> None:
    for index in range(chunk, GAMES, 4):
        _play(index)
