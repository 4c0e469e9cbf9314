"""The example game's rules: a complete engine under rules/core.py's contract, in one module.

"Pick & Draw" for 2-4 players. Each round every seat secretly picks 1, 2 or 3 (a private
decision, all seats at once). Then in seat order each seat either draws the deck's top card
(a reveal: the card's value scores) or passes (the secret pick scores, twice with the
`double_pass` option). Between rounds the remaining deck is shuffled with the generator kept
in the state. After `rounds` rounds the highest score wins.

Notation: `pick N` / `고르기 N`, `draw` / `뽑기`, `pass` / `패스`.
Secrets live where rules.core expects them: each seat's pick under seats[i]["secret"], the
deck order under state["secret"]. Every message key starts with `example.` (option labels
are `example.option.<field>`, the platform's scheme).
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

NAME = "example"
PICKS = (1, 2, 3)
DECK_SIZE = 20
WORDS = {"en": {"draw": "draw", "pass": "pass", "pick": "pick"},
         "ko": {"draw": "뽑기", "pass": "패스", "pick": "고르기"}}


class ExampleOptions(BaseModel):
    rounds: int = Field(2, ge=1, le=5)
    double_pass: bool = False  # a pass scores twice the pick
    deck: Literal["low", "high"] = "low"  # card values 0-4 or 5-9
    note: str = ""  # not settable from a lobby (the platform has no spec for str)


MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "example.picked": "You picked {value}.",
        "example.all_picked": "Everyone has picked.",
        "example.drew": "P{seat} drew a {value}.",
        "example.passed": "P{seat} passed.",
        "example.round": "Round {round} begins.",
        "example.over": "The game is over.",
        "example.pick": "Pick a number secretly (round {round}).",
        "example.play": "Draw or pass?",
        "example.not_now": "You cannot do that now.",
        "example.already_picked": "You have already picked this round.",
        "example.bad_pick": "Pick 1, 2 or 3 (not {value}).",
        "example.unreadable": "I cannot read {text}.",
        "example.seats": "This game needs {min} to {max} players.",
        "example.option.rounds": "Rounds",
        "example.option.double_pass": "Double pass",
        "example.option.deck": "Deck",
        "example.option.deck.low": "Low cards",
        "example.option.deck.high": "High cards",
    },
    "ko": {
        "example.picked": "{value}을(를) 골랐습니다.",
        "example.all_picked": "모두 골랐습니다.",
        "example.drew": "P{seat}이(가) {value}을(를) 뽑았습니다.",
        "example.passed": "P{seat}이(가) 패스했습니다.",
        "example.round": "{round} 라운드를 시작합니다.",
        "example.over": "게임이 끝났습니다.",
        "example.pick": "숫자를 몰래 고르세요({round} 라운드).",
        "example.play": "뽑을까요, 패스할까요?",
        "example.not_now": "지금은 할 수 없습니다.",
        "example.already_picked": "이번 라운드에는 이미 골랐습니다.",
        "example.bad_pick": "1, 2, 3 중에서 고르세요({value}은(는) 안 됩니다).",
        "example.unreadable": "{text}을(를) 읽을 수 없습니다.",
        "example.seats": "이 게임은 {min}~{max}명이 합니다.",
        "example.option.rounds": "라운드 수",
        "example.option.double_pass": "패스 두 배",
        "example.option.deck": "카드 더미",
        "example.option.deck.low": "낮은 카드",
        "example.option.deck.high": "높은 카드",
    },
}


def _choice(action: Action) -> Choice:
    return Choice(action=action, text=format_action(action, "en"))


def format_action(action: Action, lang: str = "en") -> str:
    words = WORDS.get(lang, WORDS["en"])
    if action["type"] == "pick":
        return f"{words['pick']} {action['value']}"
    return words[action["type"]]


class ExampleEngine:
    name: ClassVar[str] = NAME
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = ExampleOptions
    messages: ClassVar[dict[str, dict[str, str]]] = MESSAGES

    def setup(self, options: BaseModel | dict[str, Any], seats: int, seed: int) -> State:
        opts = ExampleOptions.model_validate(
            options.model_dump() if isinstance(options, BaseModel) else options
        )
        if not self.min_seats <= seats <= self.max_seats:
            raise RuleError("example.seats", min=self.min_seats, max=self.max_seats)
        rng = Rng(seed)
        base = 0 if opts.deck == "low" else 5
        deck = [base + (i % 5) for i in range(DECK_SIZE)]
        rng.shuffle(deck)
        return {
            "game": NAME,
            "options": opts.model_dump(),
            "round": 1,
            "phase": "pick",
            "turn": 0,
            "seats": [{"score": 0, "cards": 0, "picks": 0, "secret": {"pick": None}}
                      for _ in range(seats)],
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
                    kind="example.pick",
                    key=f"r{r}.pick.{i}",
                    private=True,
                    choices=[_choice({"type": "pick", "value": v}) for v in PICKS],
                    timeout=_choice({"type": "pick", "value": 1}),
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
                    kind="example.play",
                    key=f"r{r}.play.{seat}",
                    choices=[_choice({"type": "draw"}), _choice({"type": "pass"})],
                    timeout=_choice({"type": "pass"}),
                )
            ]
        return []

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        s = copy.deepcopy(state)
        kind = action.get("type")
        if s["phase"] == "pick" and kind == "pick":
            return s, self._pick(s, seat, action.get("value"))
        if s["phase"] == "play" and kind in ("draw", "pass") and seat == s["turn"]:
            return s, self._play(s, seat, kind)
        raise RuleError("example.not_now")

    def _pick(self, s: State, seat: int, value: Any) -> list[Event]:
        me = s["seats"][seat]["secret"]
        if me["pick"] is not None:
            raise RuleError("example.already_picked")
        if value not in PICKS or isinstance(value, bool):
            raise RuleError("example.bad_pick", value=value)
        me["pick"] = value
        events = [Event(key="example.picked", params={"value": value}, seat=seat)]
        if all(x["secret"]["pick"] is not None for x in s["seats"]):
            s["phase"] = "play"
            s["turn"] = 0
            events.append(Event(key="example.all_picked"))
        return events

    def _play(self, s: State, seat: int, kind: str) -> list[Event]:
        me = s["seats"][seat]
        events: list[Event] = []
        if kind == "draw":
            value = s["secret"]["deck"].pop(0)
            s["drawn"].append(value)
            me["score"] += value
            me["cards"] += value
            events.append(
                Event(key="example.drew", params={"seat": seat + 1, "value": value}, reveal=True)
            )
        else:
            points = me["secret"]["pick"] * (2 if s["options"]["double_pass"] else 1)
            me["score"] += points
            me["picks"] += points
            events.append(Event(key="example.passed", params={"seat": seat + 1}))
        s["turn"] += 1
        if s["turn"] < len(s["seats"]):
            return events
        if s["round"] == s["options"]["rounds"]:
            s["phase"] = "over"
            return [*events, Event(key="example.over")]
        s["round"] += 1
        s["phase"] = "pick"
        for x in s["seats"]:
            x["secret"]["pick"] = None
        rng = Rng(s["rng"])  # the dealer shuffles what is left between rounds
        rng.shuffle(s["secret"]["deck"])
        s["rng"] = rng.state
        return [*events, Event(key="example.round", params={"round": s["round"]})]

    def view(self, state: State, seat: int | None) -> View:
        out = strip_secrets(state)
        out["viewer"] = seat
        out["deck_count"] = len(state["secret"]["deck"])
        out["me"] = None if seat is None else dict(state["seats"][seat]["secret"])
        return out

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        seats = state["seats"]
        totals = [s["score"] for s in seats]
        order = sorted(range(len(totals)), key=lambda i: (-totals[i], i))
        return Result(
            scores=[
                Score(
                    seat=i,
                    total=totals[i],
                    breakdown={"cards": seats[i]["cards"], "picks": seats[i]["picks"]},
                    rank=1 + sum(1 for t in totals if t > totals[i]),
                )
                for i in order
            ]
        )

    def parse(self, state: State, seat: int, text: str) -> Action:
        words = text.lower().split()
        if len(words) == 1 and words[0] in ("draw", "뽑기"):
            return {"type": "draw"}
        if len(words) == 1 and words[0] in ("pass", "패스"):
            return {"type": "pass"}
        if len(words) == 2 and words[0] in ("pick", "고르기") and words[1].isdigit():
            return {"type": "pick", "value": int(words[1])}
        raise RuleError("example.unreadable", text=text)

    def format(self, state: State, action: Action, lang: str = "en") -> str:
        return format_action(action, lang)


ENGINE = ExampleEngine
