"""The Spirit Island engine behind the contract of rules.core.

A cooperative game: every seat plays one spirit, all seats share the result. Every move
answers one open question (turn.open_asks): `{"type": kind, "option": value}`; but a
correction, `{"type": "fix", ...}` (corrections.py), which any seat may make at any point.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.core import Action, Choice, Decision, Event, Result, RuleError, Score, State, View
from rules.spirit_island import corrections, notation, turn
from rules.spirit_island import effects as fx
from rules.spirit_island import island as isl
from rules.spirit_island import state as st
from rules.spirit_island import view as vw
from rules.spirit_island.messages import MESSAGES

# The rule modules, imported up front so their verbs and hook handlers are registered before
# any effect runs (each imports its own verb modules).
RULE_MODULES = ("tokens", "fear", "adversaries", "events", "blight", "spirits", "powers")
for _module in RULE_MODULES:
    fx.optional(_module)

# The lobby's adversary ids -> the adversary's name in adversaries.py.
ADVERSARIES: dict[str, str] = {
    "brandenburg_prussia": "Brandenburg-Prussia",
    "england": "England",
    "sweden": "Sweden",
    "france": "France",
    "habsburg": "Habsburg",
    "russia": "Russia",
    "scotland": "Scotland",
}
Adversary = Literal["brandenburg_prussia", "england", "sweden", "france", "habsburg", "russia",
                    "scotland"]


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    spirits: list[str] | None = Field(
        None, description="One spirit per seat (English or Korean names); None = River, "
        "Vital Strength, Lightning, Shadows in seat order.")
    boards: list[str] | None = Field(
        None, description="One island board letter (A-F) per seat; None = A, B, C, D.")
    adversary: Adversary | None = Field(None, description="The adversary; None = none.")
    level: int = Field(0, ge=0, le=6, description="The adversary's level (0-6).")
    supporting: Adversary | None = Field(
        None, description="A second adversary combined with the first, which leads (seed "
        "L813-846); None = one adversary.")
    supporting_level: int = Field(0, ge=0, le=6,
                                  description="The supporting adversary's level (0-6).")
    events: bool = Field(True, description="Play with the Event deck (Branch & Claw).")
    decks: list[Literal["base", "branch_and_claw", "jagged_earth"]] = Field(
        ["base", "branch_and_claw", "jagged_earth"], min_length=1,
        description="Which sets' Minor and Major power decks are shuffled in (default all).")
    thematic: bool = Field(
        False, description="Thematic boards: not available (no terrain data in any source).")


def _options(options: BaseModel | dict[str, Any]) -> Options:
    try:
        if isinstance(options, Options):
            return options
        raw = options if isinstance(options, dict) else options.model_dump()
        return Options.model_validate(raw)
    except ValidationError as e:
        fields = sorted({str(err["loc"][0]) for err in e.errors() if err["loc"]})
        raise RuleError("spirit_island.err.options", fields=", ".join(fields)) from None


def _spirit_names(wanted: list[str] | None, seats: int) -> list[str] | None:
    if wanted is None:
        return None
    known = fx.optional("spirits").SPIRITS
    by_any = {k.casefold(): k for k in known} | {v["ko"]: k for k, v in known.items()}
    names = [by_any.get(w.casefold(), by_any.get(w)) for w in wanted]
    if len(names) != seats or None in names or len(set(names)) != seats:
        raise RuleError("spirit_island.err.spirits", seats=seats)
    return names


def _boards(wanted: list[str] | None, seats: int) -> list[str] | None:
    if wanted is None:
        return None
    letters = [w.strip().upper() for w in wanted]
    if len(letters) != seats or len(set(letters)) != seats or not set(letters) <= set(
            st.BOARD_ORDER):
        raise RuleError("spirit_island.err.boards", seats=seats)
    return letters


def _adversary(opts: Options) -> tuple[str | None, int]:
    """The leading adversary's name (with the supporting one as "Lead+Support:level", the
    form adversaries.setup reads) and the leading level."""
    if opts.adversary is None:
        if opts.supporting is not None:
            raise RuleError("spirit_island.err.supporting_alone")
        return None, 0
    if opts.supporting == opts.adversary:
        raise RuleError("spirit_island.err.supporting_same")
    module = fx.optional("adversaries")
    try:
        name = module.lookup(ADVERSARIES[opts.adversary])
        if opts.supporting is not None:
            support = module.lookup(ADVERSARIES[opts.supporting])
            name = f"{name}+{support}:{opts.supporting_level}"
        return name, opts.level
    except (AttributeError, ValueError):
        raise RuleError("spirit_island.err.adversary") from None


class SpiritIsland:
    """States are values: apply() returns a new one and never changes its input."""

    name: ClassVar[str] = "spirit_island"
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = Options
    messages: ClassVar[dict[str, dict[str, str]]] = MESSAGES

    def setup(self, options: BaseModel | dict[str, Any], seats: int, seed: int) -> State:
        opts = _options(options)
        if not self.min_seats <= seats <= self.max_seats:
            raise RuleError("spirit_island.err.seats", seats=seats)
        if opts.thematic:
            raise RuleError("spirit_island.err.thematic")
        adversary, level = _adversary(opts)
        state = st.new_game(seats, seed, spirits=_spirit_names(opts.spirits, seats),
                            boards=_boards(opts.boards, seats), adversary=adversary,
                            level=level, events=opts.events, decks=list(opts.decks))
        state["step"] = 0
        turn.advance(state)
        state.pop("notes", None)
        return state

    def decisions(self, state: State) -> list[Decision]:
        out = []
        for ask in turn.open_asks(state):
            choices = [Choice(action=a, text=notation.format_action(a))
                       for a in _actions(ask)]
            params = vw.prompt_params(state, ask)
            kind = ask.kind
            if f"spirit_island.decision.{kind}" not in MESSAGES["en"]:
                kind = "choice"  # another module's question: a prompt naming its kind
                params["what"] = {lang: notation.kind_word(ask.kind, lang) for lang in ("en", "ko")}
            # the default move of a missed deadline: "done" where it is offered, else the
            # first choice
            timeout = next((c for c in choices if c.action["option"] == fx.DONE), choices[0])
            out.append(Decision(seat=ask.seat, kind=kind, key=_key(state, ask.seat, ask.kind),
                                choices=choices, params=params, timeout=timeout))
        return out

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if state.get("phase") == "over":
            raise RuleError("spirit_island.err.game_over")
        if isinstance(action, dict) and action.get("type") == corrections.FIX:
            # a correction, from any seat at any point; it answers no decision
            if not 0 <= seat < len(state["seats"]):
                raise RuleError("spirit_island.err.not_your_turn")
            isl.use(state)
            return corrections.apply_fix(state, seat, action)
        if not isinstance(action, dict) or set(action) != {"type", "option"}:
            raise RuleError("spirit_island.err.illegal")
        ask = next((a for a in turn.open_asks(state) if a.seat == seat), None)
        if ask is None:
            raise RuleError("spirit_island.err.not_your_turn")
        if action not in _actions(ask):
            raise RuleError("spirit_island.err.illegal")
        new = fx.clone(state)
        new["notes"] = []
        turn.act(new, seat, action["type"], action["option"])
        new["step"] += 1
        row = new["seats"][seat]
        row["acts"] = row.get("acts", 0) + 1
        reveal = new["secret"] != state["secret"]
        events = [Event(key=f"spirit_island.{e['key']}", params=vw.event_params(e["params"]),
                        reveal=reveal) for e in new.pop("notes")]
        if state["step"] == 0 and state.get("left_out"):  # the first report: cards left out
            events.insert(0, Event(key="spirit_island.left_out",
                                   params=vw.event_params({"cards": state["left_out"]})))
        if reveal and not events:
            events.append(Event(key="spirit_island.revealed", reveal=True))
        return new, events

    def view(self, state: State, seat: int | None) -> View:
        isl.use(state)  # the island as this game's powers changed it (island_changes.py)
        return vw.build_view(state, seat)

    def result(self, state: State) -> Result | None:
        outcome = state.get("outcome")
        if not outcome:
            return None
        won = outcome in ("win", "sacrifice")
        breakdown = {"victory": int(won), "sacrifice": int(outcome == "sacrifice"),
                     "defeat": int(not won), "turns": state["turn"],
                     "terror_level": fx.terror_level(state)}
        if not won:
            breakdown[f"defeat_{outcome.split(':', 1)[1]}"] = 1
        return Result(scores=[Score(seat=i, total=int(won), breakdown=breakdown, rank=1)
                              for i in range(len(state["seats"]))])

    def parse(self, state: State, seat: int, text: str) -> Action:
        fix = notation.parse_fix(text)
        if fix is not None:
            return fix
        asks = turn.open_asks(state)
        mine = [a for ask in asks if ask.seat == seat for a in _actions(ask)]
        try:
            return notation.parse(text, mine)
        except RuleError:
            return notation.parse(text, [a for ask in asks for a in _actions(ask)])

    def format(self, state: State, action: Action, lang: str = "en") -> str:
        return notation.format_action(action, lang)


def _actions(ask: fx.Ask) -> list[dict]:
    return [{"type": ask.kind, "option": option} for option in ask.options]


def _key(state: State, seat: int, kind: str) -> str:
    """A decision's key. In the Spirit phase and the power windows: the seat's own count of
    moves and the question's kind, so another seat's move leaves it open (a button or
    private menu opened before then keeps working; a changed list is matched by each
    choice's text); else the game's move count."""
    if state["phase"] in ("spirit", "fast", "slow"):
        acts = state["seats"][seat].get("acts", 0)
        return f"t{state['turn']}.{state['phase']}.s{seat}.{acts}.{kind}"
    return f"t{state['turn']}.{state['phase']}.{state['step']}.s{seat}"
