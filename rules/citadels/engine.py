"""The Citadels engine behind the contract of rules.core."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from rules.citadels import flow, notation, stages, turn, view
from rules.citadels.districts import basic_deck
from rules.citadels.messages import MESSAGES
from rules.citadels.options import Options
from rules.citadels.scoring import score_game
from rules.citadels.sets import choose_sets
from rules.citadels.table import Ctx, copy_state, district_name, fast_model
from rules.core import (
    Action,
    Choice,
    Decision,
    Event,
    Result,
    Rng,
    RuleError,
    Score,
    State,
    View,
)


class Citadels:
    """States are values: apply() returns a new one and nobody changes a state in place.
    Nothing is remembered between calls: equal states give equal answers."""

    name: ClassVar[str] = "citadels"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    Options: ClassVar[type[BaseModel]] = Options
    messages: ClassVar[dict[str, dict[str, str]]] = MESSAGES

    def setup(self, options: BaseModel | dict[str, Any], seats: int, seed: int) -> State:
        try:
            opts = options if isinstance(options, Options) else Options.model_validate(
                options if isinstance(options, dict) else options.model_dump())
        except ValidationError as e:
            fields = sorted({str(err["loc"][0]) for err in e.errors() if err["loc"]})
            raise RuleError("citadels.err.options", fields=", ".join(fields)) from None
        if not self.min_seats <= seats <= self.max_seats:
            raise RuleError("citadels.err.seats", seats=seats)
        if opts.crown >= seats:
            raise RuleError("citadels.err.crown_seat", seat=opts.crown)
        rng = Rng(seed)
        cast, uniques = choose_sets(opts, seats, rng)
        deck = basic_deck() + uniques
        rng.shuffle(deck)
        st: State = {
            "game": "citadels", "options": opts.model_dump(), "n": seats, "rng": rng.state,
            "step": 0, "round": 1, "phase": "draft", "crown": opts.crown, "cast": cast,
            "uniques": uniques, "chars": {}, "faceup": [], "deck_count": 0, "tax": 0,
            "first": None, "ending": False, "ledger": {"bank_out": 0, "bank_in": 0},
            "log": [], "result": None, "draft": None, "turn": None, "theater": None,
            "advisor": None, "call": 0, "rs": flow.new_round_state(),
            "seats": [], "secret": {"deck": [], "facedown": [], "pile": []},
        }
        for i in range(seats):
            hand, deck = deck[:4], deck[4:]
            st["seats"].append({
                "gold": 2, "hand_count": 4, "city": [], "completed": False,
                "first_completed": False, "revealed": [], "last_rank": 0,
                "secret": {"hand": hand, "chars": [], "offer": None, "drawn": None,
                           "markers": {}, "pending": [], "museum": []}})
            del i
        st["secret"]["deck"] = deck
        st["deck_count"] = len(deck)
        cx = Ctx(st)
        flow.start_round(cx)
        cx.finish()
        return st

    def decisions(self, state: State) -> list[Decision]:
        cx = Ctx(state)
        p = stages.prompt(cx)
        if p is None:
            return []
        t = state["turn"]
        where = t["char"] if t and state["phase"] == "turns" else state["phase"]
        stage = p.kind.split(".", 1)[1]
        key = f"r{state['round']}.{where}.{stage}.{state['step']}"
        grouped = p.groups is not None
        choices = [_choice(a, grouped) for a in p.actions]
        if grouped:  # public choices first: their places must not count the private ones
            hidden = {g.key for g in p.groups or [] if g.private}
            choices.sort(key=lambda c: c.group in hidden)
        timeout = _choice(p.timeout, grouped)
        return [fast_model(
            Decision, seat=p.seat, kind=p.kind, key=key, private=p.private, choices=choices,
            shape=None, timeout=timeout, params=_prompt_params(state, p.seat),
            groups=p.groups or [])]

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RuleError("citadels.err.illegal")
        if stages.is_legacy_menu_move(state, seat, action):
            return state, []  # a menu of old: a step of the screen, not of the game
        st = copy_state(state)
        cx = Ctx(st, cow=True)
        stages.apply_action(cx, seat, action)
        st["step"] += 1
        cx.finish()
        return st, cx.events

    def view(self, state: State, seat: int | None) -> View:
        return view.build_view(state, seat)

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        rows = state["result"] or score_game(state)
        return Result(scores=[Score(**r) for r in rows])

    def parse(self, state: State, seat: int, text: str) -> Action:
        return notation.parse(state, seat, text)

    def format(self, state: State, action: Action, lang: str = "en") -> str:
        return notation.format_action(state, action, lang)


_CHOICES: dict[tuple[Any, ...], Choice] = {}


def _choice(action: Action, grouped: bool) -> Choice:
    """A Choice's text and group depend on the action only (frozen models, built once each:
    the memo is keyed by the action's content, never by a state)."""
    key = (grouped, *action.items())
    got = _CHOICES.get(key)
    if got is None:
        got = fast_model(Choice, action=action, text=notation.format_action({}, action),
                         group=stages.group_of(action) if grouped else None)
        if len(_CHOICES) < 8_192:  # bounded: each entry is walked by every full collection
            _CHOICES[key] = got
    return got


def _prompt_params(state: State, seat: int) -> dict[str, Any]:
    t = state["turn"]
    out: dict[str, Any] = {"s": seat, "round": state["round"]}
    if t and state["phase"] == "turns":
        out["character"] = t["char"]
        sub = t["sub"] or {}
        for key in ("card", "target", "left", "to"):
            if key in sub:
                out[key] = sub[key]
        if t["stage"] in ("wizard_use", "cardinal_give", "den_pay"):
            # the card held aside: only in a private decision, for its owner
            out["card"] = state["seats"][t["seat"]]["secret"]["pending"][0]
        if "victims" in sub:
            out["to"] = sub["victims"][0]
        if "to" in out:
            out["target"] = out["to"]  # the recipient, under the param the bot names
        if "card" in out:
            out["card_name"] = district_name(out["card"])
        if t["stage"] == "gather":
            # what each way of gathering gives this seat (Gold Mine, Observatory, Library)
            out["gold"] = turn.gather_gold(Ctx(state), t["seat"])
            out["drawn"], out["kept"] = turn.gather_draw(Ctx(state), t["seat"])
        if t["stage"] == "bribe":
            out["amount"] = state["seats"][t["seat"]]["gold"] // 2
    return out
