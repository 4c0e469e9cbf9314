"""A tiny engine for the table tests: 2-4 seats, a private simultaneous pick, a public turn.

Each round every seat secretly picks 1-3 (private, all at once); then in seat order each
seat either draws the deck's top card (a reveal: its value scores) or passes (its pick
scores). After `rounds` rounds the highest score wins. Registered only in tests.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

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
    strip_secrets,
)

PICKS = (1, 2, 3)


class FakeOptions(BaseModel):
    rounds: int = Field(2, ge=1, le=5)
    double_pass: bool = False  # a pass scores twice the pick
    deck: Literal["low", "high"] = "low"
    note: str = ""  # not settable from a lobby (no spec for str)


class FakeEngine:
    name: ClassVar[str] = "fake"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = FakeOptions
    messages: ClassVar[dict[str, dict[str, str]]] = {
        "en": {
            "fake_picked": "You picked {value}.",
            "fake_all_picked": "Everyone has picked.",
            "fake_drew": "P{seat} drew a {value}.",
            "fake_passed": "P{seat} passed.",
            "fake_round": "Round {round} begins.",
            "fake_not_now": "You cannot do that now.",
            "fake_bad_pick": "Pick 1, 2 or 3 (not {value}).",
            "fake_unreadable": "I cannot read {text}.",
            "decision.pick": "Pick a number secretly (round {round}).",
            "decision.play": "Draw or pass?",
            "choice.pick": "Pick {value}",
            "option.fake.rounds": "Rounds",
            "option.fake.double_pass": "Double pass",
            "option.fake.deck": "Deck",
            "option.fake.deck.low": "Low cards",
            "option.fake.deck.high": "High cards",
        },
        "ko": {
            "fake_picked": "{value}을(를) 골랐습니다.",
            "fake_all_picked": "모두 골랐습니다.",
            "fake_drew": "P{seat}이(가) {value}을(를) 뽑았습니다.",
            "fake_passed": "P{seat}이(가) 패스했습니다.",
            "fake_round": "{round} 라운드를 시작합니다.",
            "fake_not_now": "지금은 할 수 없습니다.",
            "fake_bad_pick": "1, 2, 3 중에서 고르세요({value}은(는) 안 됩니다).",
            "fake_unreadable": "{text}을(를) 읽을 수 없습니다.",
            "decision.pick": "숫자를 몰래 고르세요({round} 라운드).",
            "decision.play": "뽑을까요, 패스할까요?",
            "choice.pick": "{value} 고르기",
            "option.fake.rounds": "라운드 수",
            "option.fake.double_pass": "패스 두 배",
            "option.fake.deck": "카드 더미",
            "option.fake.deck.low": "낮은 카드",
            "option.fake.deck.high": "높은 카드",
        },
    }

    def setup(self, options: BaseModel | dict[str, Any], seats: int, seed: int) -> State:
        opts = FakeOptions.model_validate(
            options.model_dump() if isinstance(options, BaseModel) else options
        )
        if not self.min_seats <= seats <= self.max_seats:
            raise RuleError("fake_not_now")
        rng = Rng(seed)
        base = 0 if opts.deck == "low" else 5
        deck = [base + (i % 5) for i in range(20)]
        rng.shuffle(deck)
        return {
            "options": opts.model_dump(),
            "round": 1,
            "phase": "pick",
            "turn": 0,
            "seats": [{"score": 0, "secret": {"pick": None}} for _ in range(seats)],
            "secret": {"deck": deck},
            "rng": rng.state,
            "drawn": [],
        }

    def decisions(self, state: State) -> list[Decision]:
        r = state["round"]
        if state["phase"] == "pick":
            return [
                Decision(
                    seat=i,
                    kind="pick",
                    key=f"r{r}.pick.{i}",
                    private=True,
                    choices=[
                        Choice(action={"type": "pick", "value": v}, text=f"pick {v}") for v in PICKS
                    ],
                    timeout=Choice(action={"type": "pick", "value": 1}, text="pick 1"),
                    params={"round": r},
                )
                for i, s in enumerate(state["seats"])
                if s["secret"]["pick"] is None
            ]
        if state["phase"] == "play":
            seat = state["turn"]
            return [
                Decision(
                    seat=seat,
                    kind="play",
                    key=f"r{r}.play.{seat}",
                    choices=[
                        Choice(action={"type": "draw"}, text="draw"),
                        Choice(action={"type": "pass"}, text="pass"),
                    ],
                    timeout=Choice(action={"type": "pass"}, text="pass"),
                )
            ]
        return []

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        s = copy.deepcopy(state)
        kind = action.get("type")
        events: list[Event] = []
        if s["phase"] == "pick" and kind == "pick":
            me = s["seats"][seat]["secret"]
            if me["pick"] is not None:
                raise RuleError("fake_not_now")
            if action.get("value") not in PICKS:
                raise RuleError("fake_bad_pick", value=action.get("value"))
            me["pick"] = action["value"]
            events.append(Event(key="fake_picked", params={"value": me["pick"]}, seat=seat))
            if all(x["secret"]["pick"] is not None for x in s["seats"]):
                s["phase"] = "play"
                s["turn"] = 0
                events.append(Event(key="fake_all_picked"))
            return s, events
        if s["phase"] == "play" and kind in ("draw", "pass") and seat == s["turn"]:
            pick = s["seats"][seat]["secret"]["pick"]
            if kind == "draw":
                value = s["secret"]["deck"].pop(0)
                s["drawn"].append(value)
                s["seats"][seat]["score"] += value
                events.append(
                    Event(key="fake_drew", params={"seat": seat + 1, "value": value}, reveal=True)
                )
            else:
                s["seats"][seat]["score"] += pick * (2 if s["options"]["double_pass"] else 1)
                events.append(Event(key="fake_passed", params={"seat": seat + 1}))
            s["turn"] += 1
            if s["turn"] == len(s["seats"]):
                if s["round"] == s["options"]["rounds"]:
                    s["phase"] = "over"
                else:
                    s["round"] += 1
                    s["phase"] = "pick"
                    for x in s["seats"]:
                        x["secret"]["pick"] = None
                    events.append(Event(key="fake_round", params={"round": s["round"]}))
            return s, events
        raise RuleError("fake_not_now")

    def view(self, state: State, seat: int | None) -> View:
        out = strip_secrets(state)
        out["game"] = "fake"
        out["viewer"] = seat
        out["me"] = None if seat is None else dict(state["seats"][seat]["secret"])
        return out

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        totals = [s["score"] for s in state["seats"]]
        order = sorted(range(len(totals)), key=lambda i: -totals[i])
        return Result(
            scores=[
                Score(
                    seat=i,
                    total=totals[i],
                    breakdown={"points": totals[i]},
                    rank=1 + sum(1 for t in totals if t > totals[i]),
                )
                for i in order
            ]
        )

    def parse(self, state: State, seat: int, text: str) -> Action:
        words = text.lower().split()
        if words and words[0] in ("draw", "뽑기"):
            return {"type": "draw"}
        if words and words[0] in ("pass", "패스"):
            return {"type": "pass"}
        if len(words) == 2 and words[0] in ("pick", "고르기") and words[1].isdigit():
            return {"type": "pick", "value": int(words[1])}
        raise RuleError("fake_unreadable", text=text)

    def format(self, state: State, action: Action, lang: str = "en") -> str:
        words = {"en": ("draw", "pass", "pick"), "ko": ("뽑기", "패스", "고르기")}
        draw, pass_, pick = words.get(lang, words["en"])
        if action["type"] == "draw":
            return draw
        if action["type"] == "pass":
            return pass_
        return f"{pick} {action['value']}"


def register_fake(monkeypatch: Any) -> FakeEngine:
    """Make rules.get_engine("fake") return this engine for one test."""
    import rules

    monkeypatch.setitem(rules.ENGINES, "fake", "tests.bot.fake_engine:FakeEngine")
    return rules.get_engine("fake")  # type: ignore[return-value]
