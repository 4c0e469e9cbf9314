"""The Terra Mystica engine behind rules.core's contract."""

from __future__ import annotations

from copy import deepcopy
from typing import Any, ClassVar

from pydantic import BaseModel

from rules.core import Action, Choice, Decision, Event, Result, RuleError, Score, strip_secrets
from rules.terra_mystica import board, moves
from rules.terra_mystica.commands import execute
from rules.terra_mystica.cults import CULTS, PRIEST_SPACES
from rules.terra_mystica.factions import BUILDING_LIMITS, FACTIONS
from rules.terra_mystica.flow import settle
from rules.terra_mystica.merchants.setup import dock_spots, merchants_view
from rules.terra_mystica.merchants.ships import pending_ship_texts
from rules.terra_mystica.merchants.tile_texts import TEXTS as MERCHANTS_TEXTS
from rules.terra_mystica.messages import MESSAGES, named_params
from rules.terra_mystica.notation import commands_of, faction_word, format_command, parse_text
from rules.terra_mystica.state import (
    EngineOptions,
    State,
    copy_state,
    faction_of,
    setup_state,
)
from rules.terra_mystica.targets import transform_params
from rules.terra_mystica.tile_texts import ALL_TILES, FACTION_CATALOGUE
from rules.terra_mystica.tiles import BONUS, FAVOR, POWER_ACTIONS, SCORING, TOWN, tile_order

SPACE_NAMES = ("3", "2", "2b", "2c")
TILE_TEXTS = {**ALL_TILES, **MERCHANTS_TEXTS}  # Merchants of the Seas tiles: their own texts


class TerraMystica:
    name: ClassVar[str] = "terra_mystica"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 5
    Options: ClassVar[type[BaseModel]] = EngineOptions  # the lobby offers the expansion too
    messages: ClassVar[dict[str, dict[str, str]]] = MESSAGES

    # -- contract -------------------------------------------------------------

    def setup(self, options: BaseModel | dict[str, Any], seats: int, seed: int) -> State:
        opts = options if isinstance(options, EngineOptions) else EngineOptions.model_validate(
            options if isinstance(options, dict) else options.model_dump())
        return setup_state(opts, seats, seed)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        st, events = self.apply_held(state, seat, action)
        settle(st, events)
        return st, events

    def apply_held(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Apply without closing the turn (a replay reading several lines of one turn)."""
        st = copy_state(state)
        events: list[Event] = []
        name = st["seats"][seat]["faction"] if 0 <= seat < len(st["seats"]) else None
        if st["phase"] != "select":
            name = faction_of(st, seat)
        try:
            for cmd in commands_of(action):
                execute(st, seat, name, cmd, events)
        except RuleError as exc:
            exc.params = named_params(exc.params)  # "동전", not "C", in the refusal
            raise
        st["step"] += 1
        if name is None and 0 <= seat < len(st["seats"]):
            name = st["seats"][seat]["faction"]  # a faction choice names the faction chosen
        # the move in both notations; the reader's language is picked when shown
        events.insert(0, Event(key="terra_mystica.played", params={
            "faction": name or "",
            "text": {"en": format_command(action), "ko": format_command(action, "ko")}}))
        return st, events

    def decisions(self, state: State) -> list[Decision]:
        st = state
        phase = st["phase"]
        out: list[Decision] = []
        if phase == "select":
            seat = len(st["order"])
            used = {FACTIONS[f].color for f in st["order"]}
            choices = [moves.choice(f"setup {f}") for f in sorted(FACTIONS)
                       if FACTIONS[f].color not in used]
            offered = {c.action["faction"]: deepcopy(FACTION_CATALOGUE[c.action["faction"]])
                       for c in choices}
            return [Decision(seat=seat, kind="faction", key=f"select.{seat}", choices=choices,
                             params={"factions": offered})]
        if phase == "setup":
            kind, name = st["setup_queue"][0]
            fs = st["factions"][name]
            if kind == "build":
                home = FACTIONS[name].color
                choices = [moves.choice(f"build {h}") for h, c in sorted(st["terrain"].items())
                           if c == home and h not in st["buildings"]]
            elif kind == "dock":  # Merchants of the Seas (whose: a dock or a warehouse)
                choices = [moves.choice(f"dock {h}") for h in dock_spots(st, name)]
                return [Decision(seat=fs["seat"], kind="setup_dock",
                                 key=f"setup.{len(st['setup_queue'])}", choices=choices,
                                 params={"faction": name})]
            else:
                choices = [moves.choice(f"pass {b}") for b in tile_order(st["bonus_pool"])]
            n = len(st["setup_queue"])
            return [Decision(seat=fs["seat"], kind=f"setup_{kind}", key=f"setup.{n}",
                             choices=choices, **self._tile_params(choices))]
        if phase == "over":
            return []
        for offer in self._first_offers(st):
            fs = st["factions"][offer["to"]]
            view = moves.offer_view(st, offer)
            out.append(Decision(
                seat=fs["seat"], kind="leech", key=f"leech.{offer['id']}",
                choices=moves.leech_choices(st, offer),
                timeout=moves.choice(f"decline {offer['amount']} from {offer['from']}"),
                params=view))
        for name, pend in sorted(st["pending"].items()):
            fs = st["factions"][name]
            if pend.get("CULT"):
                out.append(Decision(
                    seat=fs["seat"], kind="cult",
                    key=f"r{st['round']}.o{st['offer_seq']}.cult.{name}.{pend['CULT']}",
                    choices=[moves.choice(f"+{c}") for c in CULTS]))
            if pend.get("SPADE"):
                ch = moves.income_spade_choices(st, name)
                key = f"r{st['round']}.spades.{name}.{pend['SPADE']}"
                out.append(Decision(
                    seat=fs["seat"], kind="spades", key=key, choices=ch, timeout=ch[-1],
                    params={"spades": pend["SPADE"],
                            **transform_params(st, name, ch, pend["SPADE"])}))
            if pend.get("SHIP"):  # hook: Merchants of the Seas, an income ship to place
                ch = [moves.choice(x) for x in pending_ship_texts(st, name)]
                out.append(Decision(
                    seat=fs["seat"], kind="ship", choices=ch, timeout=ch[-1],
                    key=f"r{st['round']}.ships.{name}.{pend['SHIP']}"))
        if phase == "actions" and st["turn"] is not None:
            name = st["active"]
            t = st["turn"]
            kind = self._turn_kind(t)
            choices = moves.turn_choices(st, name)
            out.append(Decision(
                seat=st["factions"][name]["seat"], kind=kind,
                key=self._turn_key(st, kind), choices=choices or None,
                shape={"notation": "snellman"}, timeout=self._timeout(kind, choices),
                params={"faction": name, **self._tile_params(choices).get("params", {}),
                        **transform_params(st, name, choices,
                                           t["spades"] if kind == "spades" else None)}))
        return out

    @staticmethod
    def _tile_params(choices: list[Choice]) -> dict[str, Any]:
        """{"params": {"tiles": texts}} for the tiles the choices take (none: no params)."""
        tiles: dict[str, dict[str, str]] = {}
        for c in choices:
            for cmd in commands_of(c.action):
                tile = cmd.get("bonus") if cmd["type"] == "pass" else (
                    cmd.get("what") if cmd["type"] == "gain" and cmd.get("sign") == "+" else None)
                if tile in TILE_TEXTS:
                    tiles[tile] = dict(TILE_TEXTS[tile])
        return {"params": {"tiles": tiles}} if tiles else {}

    @staticmethod
    def _turn_key(st: State, kind: str) -> str:
        """Stable while this part of the turn is open; other seats' replies leave it alone."""
        t = st["turn"]
        progress = f"{t['taken']}.{t['spades']}.{sum(t['need'].values())}.{t['actions']}"
        if t.get("free"):
            progress += f".f{t['free']}"  # after a convert or burn the choices differ
        return f"r{st['round']}.t{st.get('turn_no', 0)}.{kind}.{progress}"

    @staticmethod
    def _timeout(kind: str, choices: list[Choice]) -> Choice | None:
        """Default move: pass on a turn; decline an optional benefit; else the first tile."""
        if not choices:
            return None
        if kind == "turn":
            return next((c for c in choices if c.action.get("type") == "pass"), None)
        return next((c for c in choices if c.text.startswith("-")), choices[0])

    @staticmethod
    def _first_offers(st: State) -> list[dict[str, Any]]:
        seen: set[str] = set()
        out = []
        for offer in st["offers"]:
            if offer["to"] not in seen:
                seen.add(offer["to"])
                out.append(offer)
        return out

    @staticmethod
    def _turn_kind(t: dict[str, Any]) -> str:
        for key, kind in (("FAVOR", "favor"), ("TOWN", "town"), ("CULT", "cult_steps"),
                          ("BRIDGE", "bridge"), ("FREE_D", "free_dwelling"),
                          ("FREE_TP", "free_trading_house"), ("FREE_TF", "sandstorm"),
                          ("DARK_CONVERT", "ordination")):
            if t["need"].get(key):
                return kind
        if t["spades"] > 0:
            return "spades"
        return "turn"

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        st = strip_secrets(state)
        towns = set(st["town_hexes"])
        hexes = {}
        for h in board.of(st).LAND:
            b = st["buildings"].get(h)
            hexes[h] = {"terrain": st["terrain"][h], "building": b[1] if b else None,
                        "faction": b[0] if b else None, "town": h in towns}
        factions = {}
        for name in st["order"]:
            fs = st["factions"][name]
            fd = FACTIONS[name]
            factions[name] = {
                "seat": fs["seat"], "color": fd.color, "name": {"en": fd.en, "ko": fd.ko},
                "colour_name": dict(FACTION_CATALOGUE[name]["colour_name"]),
                "home": dict(FACTION_CATALOGUE[name]["home"]),
                **{k: fs[k] for k in ("VP", "C", "W", "P", "P1", "P2", "P3")},
                "shipping": fs["ship"], "dig": fs["dig"], "keys": fs["keys"],
                "range_bonus": fs.get("range_bonus", 0),  # TW7: Fakirs' carpet reach
                "buildings_left": {k: BUILDING_LIMITS[k] - fs["built"][k] for k in BUILDING_LIMITS},
                "cults": dict(fs["cults"]), "favors": tile_order(fs["favors"]),
                "towns": tile_order(fs["towns"]), "bonus": fs["bonus"], "passed": fs["passed"],
                "bridges_left": 3 - fs["bridges"], "used_actions": list(fs["used"]),
            }
        cults = {}
        for c in CULTS:
            cults[c] = {"priests": dict(zip(SPACE_NAMES, st["cult_spaces"][c], strict=True)),
                        "steps": dict(zip(SPACE_NAMES, PRIEST_SPACES, strict=True))}
        holders = {fs["bonus"]: n for n, fs in st["factions"].items() if fs["bonus"]}
        bonus = [{"id": b, "coins": st["bonus_pool"].get(b, 0), "taken_by": holders.get(b)}
                 for b in tile_order(st["bonus_in_play"])]
        pending = [moves.offer_view(st, o) for o in st["offers"]]
        for name, pend in sorted(st["pending"].items()):
            for kind in ("CULT", "SPADE", "SHIP"):  # SHIP: Merchants' income ship to place
                if pend.get(kind):
                    pending.append({"faction": name, "kind": kind.lower(), "amount": pend[kind]})
        rnd = st["round"]
        res = self.result(state)
        phase = st["phase"]
        if phase == "actions" and st["active"] is None and st["offers"]:
            phase = "leech"  # everyone has passed; the round waits for replies
        return {
            "game": "terra_mystica", "viewer": seat, "round": rnd, "phase": phase,
            "map": {"id": board.of(st).MAP_ID, "hexes": hexes,
                    "bridges": [{"from": a, "to": b, "faction": f} for a, b, f in st["bridges"]]},
            "factions": factions, "cults": cults,
            "scoring_tiles": list(st["scoring"]),
            "current_scoring": st["scoring"][rnd - 1] if 1 <= rnd <= 6 else None,
            "bonus_tiles": bonus,
            "favor_tiles": {t: st["favor_pool"][t] for t in tile_order(st["favor_pool"])},
            "town_tiles": {t: st["town_pool"][t] for t in tile_order(st["town_pool"])},
            "power_actions": {a: st["acts"].get(a) for a in POWER_ACTIONS},
            "turn_order": list(st["turn_order"] or st["order"]), "active": st["active"],
            "pending": pending,
            "faction_catalogue": deepcopy(FACTION_CATALOGUE),
            "tiles": self._tile_texts(st),
            "result": res.model_dump() if res else None,
            **({"merchants": merchants_view(st)} if "trades" in st else {}),  # hook
        }

    @staticmethod
    def _tile_texts(st: State) -> dict[str, dict[str, str]]:
        """Texts of every tile in this game: scoring, bonus in play, favor and town tiles."""
        ids = [*st["scoring"], *tile_order([*st["bonus_in_play"], *st["favor_pool"],
                                            *st["town_pool"]])]
        return {t: dict(TILE_TEXTS[t]) for t in ids if t in TILE_TEXTS}

    def result(self, state: State) -> Result | None:
        final = state.get("final")
        if not final:
            return None
        totals = {n: state["factions"][n]["VP"] for n in state["order"]}
        ordered = sorted(totals, key=lambda n: -totals[n])
        scores = []
        for n in ordered:
            rank = 1 + sum(1 for o in totals.values() if o > totals[n])
            scores.append(Score(seat=state["factions"][n]["seat"], total=totals[n],
                                breakdown=final["breakdown"][n], rank=rank))
        return Result(scores=scores)

    def parse(self, state: State, seat: int, text: str) -> Action:
        name = state["seats"][seat]["faction"] if 0 <= seat < len(state["seats"]) else None
        text = text.strip()
        head, sep, rest = text.partition(":")
        prefix = faction_word(head.strip())  # "witches:" or "마녀:"
        if sep and prefix in FACTIONS:
            if name is not None and prefix != name:
                raise RuleError("terra_mystica.wrong_prefix", prefix=head.strip())
            text = rest
        return parse_text(text, name)

    def format(self, state: State, action: Action, lang: str = "en") -> str:
        return format_command(action, lang)

    # -- helpers for tools --------------------------------------------------------

    def legal_texts(self, state: State) -> list[str]:
        """Every listed choice text of every open decision (benchmarks, debugging)."""
        return [c.text for d in self.decisions(state) for c in (d.choices or [])]


def describe_tile(tile: str) -> dict[str, Any]:
    """Static data of a tile id, for renderers and help texts."""
    for table in (BONUS, FAVOR, SCORING, TOWN, POWER_ACTIONS):
        if tile in table:
            return dict(table[tile])
    raise RuleError("terra_mystica.unknown_tile", tile=tile)


__all__ = ["TerraMystica", "Choice"]
