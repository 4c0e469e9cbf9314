"""The turn as a table (rules/citadels/stages.py): every moment is one entry, the modules
import without a cycle, a decision lists every legal move in groups (no menus, no paging),
old stored games with menu moves replay to the same game, and equal states give equal
answers (nothing is remembered by object identity)."""

from __future__ import annotations

import ast
import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.citadels import stages, turn
from rules.citadels.table import Ctx
from rules.core import Rng, dump_state, random_playout, replay

from .helpers import ENGINE, act, force_turn, set_seat, situation

PACKAGE = Path(stages.__file__).parent
DATA = Path(__file__).parent / "data"


def _imports(path: Path) -> set[str]:
    """The rules.citadels modules a module imports, at any depth of its code."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "rules.citadels":
                out |= {alias.name for alias in node.names}
            elif node.module.startswith("rules.citadels."):
                out.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            out |= {a.name.split(".")[2] for a in node.names
                    if a.name.startswith("rules.citadels.")}
    return out


def test_the_modules_import_without_a_cycle() -> None:
    modules = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    graph = {m: _imports(PACKAGE / f"{m}.py") & modules for m in modules}
    assert "effects" in graph["stages"] and "turn" in graph["stages"]
    assert "flow" in graph["effects"] and "flow" in graph["turn"]
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for dep in sorted(graph[module]):
            visit(dep, (*path, module))
        done.add(module)

    for module in sorted(modules):
        visit(module, ())


@pytest.mark.parametrize("module", ["effects", "flow", "turn", "stages", "notation"])
def test_each_module_imports_alone(module: str) -> None:
    code = f"import rules.citadels.{module}"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=PACKAGE.parent.parent, timeout=120)
    assert run.returncode == 0, run.stderr


def _states(seats: int, cast: str, seed: int) -> list[dict]:
    out: list[dict] = []
    random_playout(ENGINE, {"cast": cast}, seats, seed,
                   on_step=lambda st, d, c, e: out.append(st))
    return out


def test_every_moment_is_an_entry_of_the_table() -> None:
    seen: set[str] = set()
    for seats, cast, seed in ((2, "first_game", 1), (3, "D", 2), (5, "C", 3), (7, "F", 4),
                              (6, "E", 5), (4, "A", 6), (8, "B", 7), (5, "random", 8)):
        for st in _states(seats, cast, seed):
            name = stages.stage_of(st)
            if name is not None:
                assert name in stages.STAGES
                seen.add(name)
    assert {"draft_take", "gather", "keep", "main", "redraw", "warrant", "sign"} <= seen


def test_checking_one_move_lists_what_listing_all_does() -> None:
    """The main part checks a move against its type's list only (turn.main_listed): each
    legal move is in its type's list, and each list holds legal moves only, so a move
    passes the check exactly when the decision lists it."""
    count = 0
    for seats, cast, seed in ((4, "B", 3), (6, "C", 4), (5, "E", 5), (7, "random", 11)):
        for st in _states(seats, cast, seed):
            if stages.stage_of(st) != "main":
                continue
            cx = Ctx(st)
            everything = turn.main_actions(cx)
            for a in everything:
                listed = turn.main_listed(cx, a)
                assert a in listed  # every legal move passes the check
                assert all(x in everything for x in listed)  # and nothing else does
            assert turn.main_listed(cx, {"type": "fly"}) == [] or not any(
                x["type"] == "fly" for x in turn.main_listed(cx, {"type": "fly"}))
            count += 1
    assert count > 100


def test_a_turn_lists_every_move_in_groups_and_hides_the_hand() -> None:
    # a Warlord with many districts to destroy, cards to build: no menu, no page of 25
    st = situation(seats=6, cast="first_game")
    st = force_turn(st, 0, "warlord", gold=30, hand=["temple", "castle", "docks", "market"])
    for s in range(1, 6):
        set_seat(st, s, city=["tavern", "market", "temple", "docks", "manor", "castle"])
    (d,) = ENGINE.decisions(st)
    assert d.kind == "citadels.decide.turn" and not d.private
    assert len(d.choices) > 25
    assert all(c.action["type"] not in ("open", "back") for c in d.choices)
    groups = {g.key: g.private for g in d.groups}
    assert groups["build"] is True and groups["ability"] is False and groups["end"] is False
    for c in d.choices:
        assert c.group in groups
        assert groups[c.group] == (c.action["type"] == "build"), c
    assert [g.key for g in d.groups] == [g for g in stages.GROUP_ORDER if g in groups]
    # the build group is declared even when nothing can be paid: its presence tells nothing
    poor = copy.deepcopy(st)
    set_seat(poor, 0, gold=0)
    (d,) = ENGINE.decisions(poor)
    assert "build" in {g.key for g in d.groups}
    assert not [c for c in d.choices if c.group == "build"]
    # and a destroy applies straight from the list
    destroy = next(c.action for c in ENGINE.decisions(st)[0].choices
                   if c.action["type"] == "destroy")
    after, events = act(st, 0, destroy)
    assert "citadels.ev.destroyed" in [e.key for e in events] or "citadels.ev.destroyed_free" in [
        e.key for e in events]


def test_other_decisions_have_no_groups() -> None:
    st = situation(seats=4, cast="first_game")
    (d,) = ENGINE.decisions(st)
    assert d.kind == "citadels.decide.draft_take" and d.groups == []
    assert all(c.group is None for c in d.choices)


def test_equal_states_give_equal_answers() -> None:
    """No answer depends on which object holds a state: a deep copy (a state read back from
    storage) gets the same decisions and the same apply, step by step."""
    state = ENGINE.setup({"cast": "C"}, 5, 4)
    rng = Rng(2)
    steps = 0
    while ENGINE.result(state) is None and steps < 400:
        twin = json.loads(json.dumps(state))
        decisions = ENGINE.decisions(state)
        assert ENGINE.decisions(twin) == decisions
        (d,) = decisions
        action = rng.choice(d.choices).action
        new, events = ENGINE.apply(state, d.seat, action)
        new_twin, twin_events = ENGINE.apply(twin, d.seat, action)
        assert dump_state(new) == dump_state(new_twin) and events == twin_events
        assert ENGINE.decisions(new) == ENGINE.decisions(new_twin)
        state = new
        steps += 1


def test_the_engine_remembers_no_state_object() -> None:
    from rules.citadels import engine

    source = Path(engine.__file__).read_text(encoding="utf-8")
    assert " is state" not in source and "id(state" not in source
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "functools" not in text and "lru_cache" not in text, path.name


# -- stored games from when turns had menus ----------------------------------------------
def _old_game() -> dict:
    return json.loads((DATA / "menu_era_game.json").read_text(encoding="utf-8"))


def test_an_old_log_with_menu_moves_replays_to_the_same_game() -> None:
    old = _old_game()
    log = [(seat, action) for seat, action in old["log"]]
    menus = [a for _, a in log if a["type"] in stages.LEGACY_MENU_MOVES]
    assert len(menus) > 20 and {a["type"] for a in menus} == {"open", "back"}
    final = replay(ENGINE, old["options"], old["seats"], old["seed"], log)
    # the same game as the old engine's: scores, cities, gold
    result = ENGINE.result(final)
    assert result is not None
    assert [s.model_dump() for s in result.scores] == old["scores"]
    assert [[d["id"] for d in s["city"]] for s in final["seats"]] == old["cities"]
    assert [s["gold"] for s in final["seats"]] == old["gold"]
    # and the menu moves changed nothing: the log without them gives the same state
    bare = [(s, a) for s, a in log if a["type"] not in stages.LEGACY_MENU_MOVES]
    assert dump_state(replay(ENGINE, old["options"], old["seats"], old["seed"], bare)) == (
        dump_state(final))


def test_each_old_menu_move_changes_nothing_and_is_never_offered() -> None:
    old = _old_game()
    state = ENGINE.setup(old["options"], old["seats"], old["seed"])
    for seat, action in old["log"]:
        offered = [c.action for d in ENGINE.decisions(state) for c in d.choices]
        assert all(a["type"] not in stages.LEGACY_MENU_MOVES for a in offered)
        new, events = ENGINE.apply(state, seat, action)
        if action["type"] in stages.LEGACY_MENU_MOVES:
            assert events == [] and dump_state(new) == dump_state(state)
            with pytest.raises(Exception):  # noqa: B017 - someone else's turn: refused
                ENGINE.apply(state, (seat + 1) % old["seats"], action)
        state = new
    # outside the main part of a turn an old menu move is refused
    fresh = ENGINE.setup(old["options"], old["seats"], old["seed"])
    (d,) = ENGINE.decisions(fresh)
    with pytest.raises(Exception):  # noqa: B017
        ENGINE.apply(fresh, d.seat, {"type": "open", "verb": "build"})
    # typed, a menu is not a move
    with pytest.raises(Exception):  # noqa: B017
        ENGINE.parse(fresh, d.seat, "open build")
    with pytest.raises(Exception):  # noqa: B017
        ENGINE.parse(fresh, d.seat, "back")


def test_an_old_snapshot_with_an_open_menu_plays_on() -> None:
    """A game stored mid-menu by the old engine goes on from its snapshot to the same end."""
    old = _old_game()
    at, state = old["menu_open"]["at"], old["menu_open"]["state"]
    assert state["turn"]["menu"] is not None
    (d,) = ENGINE.decisions(state)
    assert d.kind == "citadels.decide.turn" and d.groups  # every move again, the menu ignored
    for seat, action in old["log"][at:]:
        state, _ = ENGINE.apply(state, seat, action)
    result = ENGINE.result(state)
    assert result is not None and [s.model_dump() for s in result.scores] == old["scores"]
