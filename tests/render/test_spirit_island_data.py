"""The renderer's copy of the Spirit Island tables (render/spirit_island/data/catalogue.json)
agrees with the engine's data: render/ never imports rules/, so it keeps the facts it draws
(card cost, speed, elements; innate thresholds; presence tracks; Korean names) in its own file.

`SI_WRITE_CATALOGUE=1 pytest tests/render/test_spirit_island_data.py` rewrites the copy.
"""

import json
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "rules" / "spirit_island" / "data"
COPY = ROOT / "render" / "spirit_island" / "data" / "catalogue.json"
SOURCE = ("Copied from rules/spirit_island/data/*.json (the engine's tables; their _source "
          "fields name the public data they come from) by tests/render/test_spirit_island_data.py")


def build() -> dict:
    cards: dict = {}
    innates: dict = {}
    spirits: dict = {}
    names: dict = {}
    for path in sorted(RULES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for name, card in (data.get("cards") or {}).items() if isinstance(data.get("cards"),
                                                                          dict) else ():
            if "cost" in card:
                cards[name] = [card["cost"], card["speed"], card.get("elements", [])]
        for name, innate in (data.get("innates") or {}).items() if isinstance(
                data.get("innates"), dict) else ():
            if "tiers" in innate:
                innates[name] = [innate.get("speed", ""),
                                 [tier["threshold"] for tier in innate["tiers"]]]
        for name, spirit in (data.get("spirits") or {}).items() if isinstance(
                data.get("spirits"), dict) else ():
            if "tracks" in spirit:
                spirits[name] = {"tracks": spirit["tracks"], "innates": spirit.get("innates", [])}
                if spirit.get("ko"):
                    names[name] = spirit["ko"]
    adversaries = json.loads((RULES / "adversaries.json").read_text("utf-8"))["adversaries"]
    for name, row in adversaries.items():
        if row.get("ko"):
            names[name] = row["ko"]
    blight = json.loads((RULES / "blight_cards.json").read_text("utf-8"))["cards"]
    for row in blight:
        if row.get("ko"):
            names[row["name"]] = row["ko"]
    return {"_source": SOURCE, "cards": dict(sorted(cards.items())),
            "innates": dict(sorted(innates.items())), "spirits": dict(sorted(spirits.items())),
            "ko": dict(sorted(names.items()))}


def test_the_renderers_copy_matches_the_engines_tables():
    fresh = build()
    if os.environ.get("SI_WRITE_CATALOGUE"):
        COPY.write_text(json.dumps(fresh, ensure_ascii=False, separators=(",", ":")) + "\n",
                        encoding="utf-8")
    assert json.loads(COPY.read_text(encoding="utf-8")) == fresh
    assert len(fresh["cards"]) > 200 and len(fresh["spirits"]) >= 8
    assert fresh["ko"]["River Surges in Sunlight"]
