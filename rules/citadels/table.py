"""The working context of one apply(): the copied state, its RNG, the events it emits, and
the small moves every rule is made of (gold through the bank, cards through the deck)."""

from __future__ import annotations

from typing import Any

from rules.citadels.characters import CHARACTER
from rules.citadels.districts import DISTRICT
from rules.core import Event, Rng, State

LOG_TAIL = 12

# District params and the bilingual names added beside them: a text can name a card that
# no view of the reader shows (destroyed, in another hand), so names travel with the event.
NAMED = frozenset({"card", "mine", "cards"})


def district_name(card: str) -> dict[str, str]:
    d = DISTRICT[card]
    return {"en": d.en, "ko": d.ko}


def add_names(params: dict[str, Any]) -> None:
    """Add `card_name`, `mine_name` and `card_names` beside district ids (in place)."""
    for key in ("card", "mine"):
        if isinstance(params.get(key), str):
            params[f"{key}_name"] = district_name(params[key])
    cards = params.get("cards")
    if isinstance(cards, list):
        params["card_names"] = [district_name(c) for c in cards] if cards else NO_CARDS


NO_CARDS = {"en": "no cards", "ko": "없음"}  # an empty list would leave "hand: ."


# parts of the state that never change after setup, or are only ever replaced (never
# changed in place): shared between versions, not copied
FROZEN = ("game", "options", "cast", "uniques", "n", "faceup", "result")
DEEP = ("chars", "rs", "turn", "draft", "secret", "ledger")


# The list and dict fields of each part of the state (their items are scalars): a copy
# duplicates these and shares the rest. Named, not searched for, as copies are the hot
# path; tests/rules/citadels/test_copies.py proves no container is left shared.
RS_LISTS = ("warrants", "threats", "resolved")
TURN_LISTS = ("used",)  # and "sub", one level deeper
SEAT_LISTS = ("revealed", "tiebreak_chars")
SEAT_SECRET_LISTS = ("hand", "chars", "offer", "drawn", "markers", "pending", "museum")
TABLE_SECRET_LISTS = ("deck", "facedown", "pile")


def _copy(d: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    out = d.copy()
    for k in fields:
        v = d.get(k)
        if v is not None:
            out[k] = v.copy()
    return out


def _flat(d: dict[str, Any]) -> dict[str, Any]:
    """A copy of a dict of any shape whose list and dict values are copied too."""
    out = d.copy()
    for k, v in d.items():
        if type(v) is list or type(v) is dict:
            out[k] = v.copy()
    return out


def copy_seat(seat: dict[str, Any]) -> dict[str, Any]:
    out = _copy(seat, SEAT_LISTS)
    out["city"] = [d.copy() for d in seat["city"]]
    out["secret"] = _copy(seat["secret"], SEAT_SECRET_LISTS)
    return out


def copy_state(state: State) -> State:
    """A copy to change: frozen parts are shared, the log is copied shallowly (its entries
    are never changed), seats are copied one by one on first use (see Ctx.seat), and the
    rest is duplicated at once, following the state's shape (several times faster than a
    generic deep copy)."""
    new = dict(state)
    new["chars"] = {c: {**info, "markers": info["markers"].copy()}
                    for c, info in state["chars"].items()}
    new["rs"] = _copy(state["rs"], RS_LISTS)
    turn = state["turn"]
    if turn is not None:
        turn = _copy(turn, TURN_LISTS)
        if turn["sub"] is not None:
            turn["sub"] = _flat(turn["sub"])  # its shape depends on the stage
    new["turn"] = turn
    draft = state["draft"]
    new["draft"] = None if draft is None else {
        **draft, "steps": [step.copy() for step in draft["steps"]]}
    new["secret"] = _copy(state["secret"], TABLE_SECRET_LISTS)
    new["ledger"] = dict(state["ledger"])
    new["log"] = list(state["log"])
    new["seats"] = list(state["seats"])
    return new


def fast_model(cls: type[Any], **fields: Any) -> Any:
    """A pydantic model instance from already-valid fields (the hot path builds thousands of
    Events per game; model_construct costs several times more)."""
    obj = object.__new__(cls)
    object.__setattr__(obj, "__dict__", fields)
    object.__setattr__(obj, "__pydantic_fields_set__", set(fields))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj


class Ctx:
    """`cow=True` for a state made by copy_state(): seats are copied on first access."""

    def __init__(self, st: State, cow: bool = False) -> None:
        self.st = st
        self.rng = Rng(st["rng"])
        self.events: list[Event] = []
        self._owned: set[int] | None = set() if cow else None

    # -- events -------------------------------------------------------------
    def ev(self, key: str, seat: int | None = None, reveal: bool = False, **params: Any) -> None:
        if not NAMED.isdisjoint(params):
            add_names(params)
        self.events.append(fast_model(Event, key=key, params=params, seat=seat,
                                      reveal=reveal))
        if seat is None:
            log = self.st["log"]
            log.append({"key": key, "params": params})
            if len(log) > LOG_TAIL:
                del log[0]

    def finish(self) -> None:
        self.st["rng"] = self.rng.state

    # -- lookups ------------------------------------------------------------
    @property
    def n(self) -> int:
        return self.st["n"]

    @property
    def opts(self) -> dict[str, Any]:
        return self.st["options"]

    @property
    def rs(self) -> dict[str, Any]:
        return self.st["rs"]

    @property
    def turn(self) -> dict[str, Any]:
        return self.st["turn"]

    def seat(self, s: int) -> dict[str, Any]:
        """A seat to read or change (every change to a seat goes through here)."""
        seats = self.st["seats"]
        if self._owned is not None and s not in self._owned:
            seats[s] = copy_seat(seats[s])
            self._owned.add(s)
        return seats[s]

    def hand(self, s: int) -> list[str]:
        return self.seat(s)["secret"]["hand"]

    def city(self, s: int) -> list[dict[str, Any]]:
        return self.seat(s)["city"]

    def has(self, s: int, district: str) -> bool:
        return any(d["id"] == district for d in self.st["seats"][s]["city"])

    def holder(self, char: str) -> int | None:
        for i, s in enumerate(self.st["seats"]):
            if char in s["secret"]["chars"]:
                return i
        return None

    def in_cast(self, char: str) -> bool:
        return char in self.st["cast"]

    def city_size(self, s: int) -> int:
        city = self.city(s)
        return len(city) + (1 if any(d["id"] == "monument" for d in city) else 0)

    def threshold(self) -> int:
        return 8 if self.n <= 3 else 7

    def completed(self, s: int) -> bool:
        if self.opts["completed_stays"]:
            return self.seat(s)["completed"]
        return self.city_size(s) >= self.threshold()

    # -- gold (the bank is unlimited; the ledger proves nothing is made from nothing) ----
    def gain(self, s: int, amount: int) -> None:
        if amount > 0:
            self.seat(s)["gold"] += amount
            self.st["ledger"]["bank_out"] += amount

    def pay(self, s: int, amount: int) -> None:
        assert 0 <= amount <= self.seat(s)["gold"]
        self.seat(s)["gold"] -= amount
        self.st["ledger"]["bank_in"] += amount

    def transfer(self, src: int, dst: int, amount: int) -> int:
        amount = min(amount, self.seat(src)["gold"])
        self.seat(src)["gold"] -= amount
        self.seat(dst)["gold"] += amount
        return amount

    # -- cards -------------------------------------------------------------
    def draw(self, n: int) -> list[str]:
        deck = self.st["secret"]["deck"]
        cards = deck[:n]
        del deck[:n]
        self.st["deck_count"] = len(deck)
        return cards

    def to_bottom(self, cards: list[str]) -> None:
        self.st["secret"]["deck"].extend(cards)
        self.st["deck_count"] = len(self.st["secret"]["deck"])

    def shuffle_into_deck(self, cards: list[str]) -> None:
        deck = self.st["secret"]["deck"]
        deck.extend(cards)
        self.rng.shuffle(deck)
        self.st["deck_count"] = len(deck)

    def sync_hand(self, s: int) -> None:
        self.seat(s)["hand_count"] = len(self.hand(s))

    def draw_to_hand(self, s: int, n: int) -> list[str]:
        cards = self.draw(n)
        self.hand(s).extend(cards)
        self.sync_hand(s)
        if cards:
            self.ev("citadels.ev.drew_one" if len(cards) == 1 else "citadels.ev.drew", s=s, count=len(cards))
            self.ev("citadels.ev.drew_cards", seat=s, reveal=True, s=s, cards=cards)
        return cards

    def take_from_hand(self, s: int, card: str) -> str:
        self.hand(s).remove(card)
        self.sync_hand(s)
        return card

    def remove_district(self, s: int, card: str) -> dict[str, Any]:
        city = self.city(s)
        for i, d in enumerate(city):
            if d["id"] == card:
                del city[i]
                return d
        raise KeyError(card)

    def destroy(self, s: int, card: str) -> None:
        """A destroyed district goes to the deck bottom; its Museum cards and Artist gold go
        back too."""
        d = self.remove_district(s, card)
        if d["gold_on"]:
            self.st["ledger"]["bank_in"] += d["gold_on"]
        if card == "museum":
            under = self.seat(s)["secret"]["museum"]
            self.to_bottom(under)
            self.seat(s)["secret"]["museum"] = []
        self.to_bottom([card])
        if not self.opts["completed_stays"] and self.city_size(s) < self.threshold():
            self.seat(s)["completed"] = False

    def add_district(self, s: int, card: str, beautified: bool = False, gold_on: int = 0,
                     museum: int = 0) -> None:
        self.city(s).append({"id": card, "beautified": beautified, "gold_on": gold_on,
                             "museum": museum})

    def check_complete(self, s: int) -> None:
        seat = self.seat(s)
        if not seat["completed"] and self.city_size(s) >= self.threshold():
            seat["completed"] = True
            first = self.st["first"] is None
            if first:
                self.st["first"] = s
                seat["first_completed"] = True
            self.st["ending"] = True
            self.ev("citadels.ev.completed", s=s, first=first)

    def cost(self, s: int, d: dict[str, Any]) -> int:
        return DISTRICT[d["id"]].cost + (1 if d["beautified"] else 0)

    def district(self, s: int, card: str) -> dict[str, Any]:
        for d in self.city(s):
            if d["id"] == card:
                return d
        raise KeyError(card)

    def rank(self, char: str) -> int:
        return CHARACTER[char].rank
