"""Terra Mystica text for Discord: faction names with their players, choice labels, the kinds
a big turn menu is grouped by, `/game status` lines and the `/tm plan` summary. Read only
from the engine's views, decisions and choices: names, colours and tile texts come from the
view ("factions", "faction_catalogue", "tiles") or the decision's params ("factions", "tiles")."""

from __future__ import annotations

from typing import Any

from bot.games.terra_mystica import words
from bot.i18n import describe_refusal, has, t
from bot.table_plan import Plan
from rules.core import Action, Choice, Decision

FACTION_PARAMS = ("faction", "from", "to", "partner")
COLOUR_EMOJI = {
    "green": "🟩",
    "black": "⬛",
    "brown": "🟫",
    "gray": "⬜",
    "blue": "🟦",
    "red": "🟥",
    "yellow": "🟨",
}
# Leading helper commands of a multi-command action that do not say what the action is.
HELPER_COMMANDS = ("burn", "convert", "dig")
KNOWN_KINDS = (
    "build",
    "transform",
    "upgrade",
    "send",
    "advance",
    "action",
    "bridge",
    "pass",
    "gain",
    "skip",
    "connect",
    "free",
    "move",  # Merchants of the Seas: ships and merchants, their placing and building
    "ship",
    "build_ship",
)
RESOURCES = ("C", "W", "P", "VP")
# Tracks a faction does not have (digest §5-§7: Darklings have no exchange track, L318;
# Dwarves and Fakirs no shipping, L310): the plan does not report them.
TRACKS_NOT_HELD = {"darklings": "dig", "dwarves": "shipping", "fakirs": "shipping"}
CULT_NAMES = ("FIRE", "WATER", "EARTH", "AIR")


def _faction_info(faction: str, view: dict[str, Any] | None) -> dict[str, Any] | None:
    """What the view says of a faction: seated ones under "factions", all under the catalogue."""
    view = view or {}
    info = view.get("factions", {}).get(faction) or view.get("faction_catalogue", {}).get(faction)
    return info if isinstance(info, dict) and isinstance(info.get("name"), dict) else None


def _player(view: dict[str, Any], faction: str, names: list[str]) -> str | None:
    seat = view.get("factions", {}).get(faction, {}).get("seat")
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None


def faction_name(
    faction: str, view: dict[str, Any] | None = None, names: list[str] | None = None
) -> dict[str, str] | str:
    """Both languages' names, with the player's display name when the view seats it."""
    info = _faction_info(str(faction), view)
    if info is None:
        return faction
    player = _player(view or {}, faction, names or [])
    suffix = f" ({player})" if player else ""
    return {lang: str(name) + suffix for lang, name in info["name"].items()}


def event_params(params: dict[str, Any], view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """Faction ids in event and decision params become localised names with the player; a
    move's notation ("text" of a played move, "move" of an automatic one) becomes words."""
    out = dict(params)
    text = out.get("text")
    setup = str(text.get("en", "")).split() if isinstance(text, dict) else []
    if out.get("faction") == "" and len(setup) == 2 and setup[0] == "setup":
        out["faction"] = setup[1]  # a faction choice: the engine names no faction before it
    played = text.get("en") if isinstance(text, dict) else None
    for key, notation_text in (("text", played), ("move", out.get("move"))):
        if isinstance(notation_text, str) and notation_text:
            said = words.notation_words(notation_text, view)
            out[key] = said if said is not None else out[key]
    for key in FACTION_PARAMS:
        if isinstance(out.get(key), str) and _faction_info(out[key], view) is not None:
            out[key] = faction_name(out[key], view, names)
    return out


def decision_params(decision: Decision, view: dict[str, Any]) -> dict[str, Any]:
    """Params a prompt needs that the engine leaves implicit: the deciding seat's faction, and
    a leech offer's price in words (both languages; the reader's is picked when shown)."""
    extra: dict[str, Any] = {}
    if "faction" not in decision.params:
        for faction, data in view.get("factions", {}).items():
            if data.get("seat") == decision.seat:
                extra["faction"] = faction
    if decision.kind == "leech":
        extra.update(offer_params(decision))
        extra["why"] = offer_source(decision, view)
    if decision.kind == "spades":
        # income spades (cult bonus) carry their count; a turn's leftover spades do not
        spades = decision.params.get("spades")
        key = "terra_mystica.spades.income" if spades else "terra_mystica.spades.turn"
        extra["source"] = {lang: t(key, lang, spades=spades) for lang in ("en", "ko")}
    return extra


def offer_source(decision: Decision, view: dict[str, Any]) -> dict[str, str]:
    """Why power is offered: a building next to the seat's, or a trade (Merchants of the
    Seas) with the seat's building, named by kind and hex."""
    hex_id = decision.params.get("trade")
    if not isinstance(hex_id, str):
        return {lang: t("terra_mystica.leech.built", lang) for lang in ("en", "ko")}
    kind = view.get("map", {}).get("hexes", {}).get(hex_id, {}).get("building")
    reader = {lang: words.Reader(lang, view) for lang in ("en", "ko")}
    return {lang: t("terra_mystica.leech.traded", lang, hex=hex_id,
                    building=words.building_words(hex_id, kind, reader[lang]))
            for lang in ("en", "ko")}


def offer_params(decision: Decision) -> dict[str, Any]:
    """An offer's question in words, both languages (the reader's is picked when shown): the
    power it gives and the VP it costs, and what was offered when the bowls take less."""
    params = decision.params
    vp = params.get("vp_cost", 0)
    actual = params.get("actual", params.get("amount", 0))
    amount = params.get("amount", actual)
    key = "none" if not actual else "cost" if vp else "free"
    return {
        "cost": {lang: t(f"terra_mystica.leech.{key}", lang, vp=vp, actual=actual)
                 for lang in ("en", "ko")},
        "offered": {lang: t("terra_mystica.leech.offered", lang, amount=amount, actual=actual)
                    if actual and amount != actual else "" for lang in ("en", "ko")},
    }


# Button looks of an offer's answers: taking the power is the positive one.
CHOICE_STYLES = {"leech": "success", "decline": "secondary"}
# Decisions that are not a turn, framed by their own title (params user, decision); the
# first one a seat is asked carries the hint of its standing answers (`/tm leech`).
PROMPT_FRAMES = {"leech": "terra_mystica.prompt.offer"}
FIRST_FRAMES = {"leech": "terra_mystica.prompt.first_offer"}
# A trade's partner is offered power like a leech (Merchants of the Seas), titled a trade.
TRADE_FRAMES = ("terra_mystica.prompt.trade", "terra_mystica.prompt.first_trade")


def choice_style(choice: Choice, decision: Decision | None) -> str | None:
    if decision is None or decision.kind not in PROMPT_FRAMES:
        return None
    return CHOICE_STYLES.get(str(choice.action.get("type")))


def prompt_frame(decision: Decision, earlier: list[str]) -> str | None:
    """An offer's own title; the seat's first offer of the game also says how to answer
    offers without being asked (decision keys of a kind share their first part)."""
    kind = decision.kind
    if kind not in PROMPT_FRAMES:
        return None
    family = decision.key.partition(".")[0] + "."
    asked_before = any(k.startswith(family) and k != decision.key for k in earlier)
    if "trade" in decision.params:
        return TRADE_FRAMES[0] if asked_before else TRADE_FRAMES[1]
    return PROMPT_FRAMES[kind] if asked_before else FIRST_FRAMES[kind]


def colour_label(info: dict[str, Any], lang: str) -> str:
    """A faction's colour as the engine names it: home terrain, colour ("⬛ swamp, black")."""
    named = ", ".join(str(info[k][lang]) for k in ("home", "colour_name") if k in info)
    return f"{COLOUR_EMOJI.get(info.get('color', ''), '')} {named}".strip()


def choice_label(choice: Choice, decision: Decision | None, lang: str) -> str:
    """A tile, an offer's answer or a faction as the player knows it, else the move in short
    words ("burn 3 power · power action: 1 spade · dwelling on E2"), the terrain a transform
    makes from the decision's "transform_to" params. Never None: the platform's generic
    "choice.<type>" messages belong to other games (Citadels' "choice.build")."""
    return _friendly_label(choice, decision, lang) or move_label(choice, decision, lang)


def move_label(choice: Choice, decision: Decision | None, lang: str) -> str:
    params = decision.params if decision is not None else {}
    known = {k: params[k] for k in ("tiles", "transform_to", "factions", "faction")
             if k in params}  # faction: whose dock is a warehouse (Merchants)
    action = with_send_steps(choice.action, decision)
    try:
        return words.move_words(action, words.Reader(lang, known, short=True))
    except (KeyError, ValueError, TypeError):  # a label is not worth a failed prompt
        return choice.text


def with_send_steps(action: Action, decision: Decision | None) -> Action:
    """A plain `send p to CULT` takes the first free space; its steps are told by the
    decision's other sends to that cult (moves.send_texts offers each smaller free space and
    one step): a "for 2" beside it means the 3-space, none beside it one step."""
    if action.get("type") != "send" or "amount" in action or decision is None:
        return action
    cult = action.get("cult")
    smaller = {c.action.get("amount") for c in decision.choices or []
               if c.action.get("type") == "send" and c.action.get("cult") == cult
               and "amount" in c.action}
    steps = 3 if 2 in smaller else 1 if not smaller else None
    return {**action, "amount": steps} if steps else action


def _friendly_label(choice: Choice, decision: Decision | None, lang: str) -> str | None:
    action = choice.action
    kind = action.get("type")
    params = decision.params if decision is not None else {}
    info = params.get("factions", {}).get(action.get("faction")) if kind == "setup" else None
    if info:
        return t("terra_mystica.choice.setup", lang, name=info["name"][lang], colour=colour_label(info, lang))
    tiles = params.get("tiles", {})
    if kind == "pass":
        tile = action.get("bonus")
        summary = tile_summary(tile, lang, tiles) if tile else None
        if summary and decision is not None and decision.kind == "setup_bonus":
            return t("terra_mystica.choice.tile", lang, tile=tile, summary=summary)
        if summary:
            return t("terra_mystica.choice.pass", lang, tile=tile, summary=summary)
        return None if tile else t("terra_mystica.choice.pass_last", lang)
    if (
        kind == "gain"
        and action.get("sign") == "+"
        and str(action.get("what", "")).startswith(("FAV", "TW"))
    ):
        summary = tile_summary(action["what"], lang, tiles)
        return t("terra_mystica.choice.tile", lang, tile=action["what"], summary=summary) if summary else None
    if kind == "gain" and action.get("sign") == "-":  # declining an optional benefit
        return t("terra_mystica.choice.skip", lang)
    if kind == "gain" and action.get("sign") == "+" and action.get("what") in CULT_NAMES:
        return t(
            "terra_mystica.tile.cult",
            lang,
            steps=action.get("n", 1),
            cult=t(f"terra_mystica.cult.{action['what']}", lang),
        )
    if decision is not None and decision.kind == "leech":
        if kind == "decline":
            return t("terra_mystica.choice.decline", lang)
        if kind == "leech":
            params = decision.params
            key = "terra_mystica.choice.leech" if params.get("vp_cost", 0) else "terra_mystica.choice.leech_free"
            return t(
                key,
                lang,
                actual=params.get("actual", action.get("n")),
                vp_cost=params.get("vp_cost", 0),
            )
    return None


def tile_summary(tile: str, lang: str, tiles: dict[str, Any]) -> str | None:
    """A tile in a few words, from the engine's texts (view["tiles"] or decision params)."""
    text = tiles.get(tile)
    return str(text[lang]) if isinstance(text, dict) and text.get(lang) else None


def choice_kind(action: Action) -> str:
    """What a turn choice does, for the first select of a big menu: its main command."""
    cmds = list(action.get("cmds", [])) if action.get("type") == "seq" else [action]
    mains = [c for c in cmds if c.get("type") not in HELPER_COMMANDS]
    # "-SPADE. build A": giving up what is left in order to build is a build
    doing = [c for c in mains if not (c.get("type") == "gain" and c.get("sign") == "-")]
    main = (doing or mains or [cmds[-1] if cmds else action])[0]
    kind = str(main.get("type", "other"))
    if kind == "gain" and main.get("sign") == "-":  # giving up a spade, a tile, a cult step
        return "skip"
    if kind in HELPER_COMMANDS:  # only free commands (burn, convert): one kind for them all
        return "free"
    return kind if kind in KNOWN_KINDS else "other"


def status_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    active = view.get("active")
    phase = str(view.get("phase", "?"))
    scoring = view.get("current_scoring")
    scores = tile_summary(scoring, lang, view.get("tiles", {})) if scoring else None
    if phase == "over":  # no scoring tile or turn to speak of any more
        lines = [t("terra_mystica.status.over", lang, round=view.get("round", "?"))]
    else:
        lines = [
            t(
                "terra_mystica.status.round",
                lang,
                round=view.get("round", "?"),
                phase=t(f"terra_mystica.phase.{phase}", lang) if has(f"terra_mystica.phase.{phase}") else phase,
                scoring=scores or scoring or "-",  # the tile by what it scores
                active=faction_name(active, view, names) if active else "-",
            )
        ]
    for faction in view.get("turn_order", []):
        data = view.get("factions", {}).get(faction)
        if data is None:
            continue
        lines.append(
            t(
                "terra_mystica.status.faction",
                lang,
                name=faction_name(faction, view),
                player=_player(view, faction, names) or "?",
                passed=t("terra_mystica.status.passed", lang)
                if data.get("passed") and phase != "over"
                else "",
                **{k: data.get(k, 0) for k in ("VP", "C", "W", "P", "P1", "P2", "P3")},
            )
        )
    return lines


# trades, large: the Merchants' final tiles (most trade markers, large buildings), when played
FINAL_PARTS = ("play", "network", "cults", "trades", "large", "resources")


def score_breakdown(breakdown: dict[str, Any], lang: str) -> str:
    """A faction's final scoring in the reader's words: VP in play, largest network, cult
    tracks (the tracks that scored), resources. Only the parts the engine reports."""
    cults = {c: int(breakdown.get(c.lower(), 0)) for c in CULT_NAMES}
    parts = []
    for part in FINAL_PARTS:
        if part == "cults":
            if not any(c.lower() in breakdown for c in CULT_NAMES):
                continue
            scored = ", ".join(f"{t(f'terra_mystica.cult.{c}', lang)} {v}" for c, v in cults.items() if v)
            total = f"{t('terra_mystica.final.cults', lang)} {sum(cults.values())}"
            parts.append(f"{total} ({scored})" if scored else total)
        elif part in breakdown:
            parts.append(f"{t(f'terra_mystica.final.{part}', lang)} {breakdown[part]}")
    return " · ".join(parts)


def _changed(
    before: dict[str, Any], after: dict[str, Any], keys: tuple[str, ...], lang: str
) -> dict[str, str]:
    out = {}
    for key in keys:
        was, now = before.get(key, 0), after.get(key, 0)
        out[key] = str(now) if was == now else t("terra_mystica.plan.change", lang, before=was, after=now)
    return out


def plan_lines(plan: Plan, lang: str) -> list[str]:
    """The planner's own numbers before → after, and the first illegal command if any."""
    seat_faction = next(
        (f for f, d in plan.after.get("factions", {}).items() if d.get("seat") == plan.seat), None
    )
    lines = [
        t(
            "terra_mystica.plan.header",
            lang,
            faction=faction_name(seat_faction, plan.after) if seat_faction else f"#{plan.seat + 1}",
        )
    ]
    if plan.applied:
        lines.append(t("terra_mystica.plan.applied", lang, moves=" · ".join(plan.applied)))
    if plan.error is not None:
        lines.append(
            t(
                "terra_mystica.plan.illegal",
                lang,
                command=plan.failed or "?",
                reason=describe_refusal(plan.error, lang),
            )
        )
    if seat_faction is None:
        return lines
    was = plan.before.get("factions", {}).get(seat_faction, {})
    now = plan.after["factions"][seat_faction]
    lines.append(t("terra_mystica.plan.resources", lang, **_changed(was, now, RESOURCES, lang)))
    lines.append(t("terra_mystica.plan.power", lang, **_changed(was, now, ("P1", "P2", "P3"), lang)))
    lines.append(
        t(
            "terra_mystica.plan.cults",
            lang,
            **_changed(was.get("cults", {}), now.get("cults", {}), CULT_NAMES, lang),
        )
    )
    # the spade exchange rate as the board prints it: workers per spade ("3:1" at level 0)
    rates = [{"rate": f"{max(1, 3 - int(v.get('dig', 0)))}:1"} for v in (was, now)]
    missing = TRACKS_NOT_HELD.get(seat_faction)
    key = f"terra_mystica.plan.tracks_no_{missing}" if missing else "terra_mystica.plan.tracks"
    lines.append(
        t(
            key,
            lang,
            **_changed(was, now, ("shipping", "dig"), lang),
            **_changed(rates[0], rates[1], ("rate",), lang),
        )
    )
    return lines
