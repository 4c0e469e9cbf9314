"""Lobby labels for every Options field and enum value: `citadels.option.<field>` and
`citadels.option.<field>.<value>`, and `citadels.option.<field>.none` for an optional field
left to the engine (bot/TABLE_API.md). A bool field's label reads as a
statement the lobby answers with yes/no; Korean terms follow the rulebook glossary."""

from __future__ import annotations

# field -> (English, Korean)
FIELDS: dict[str, tuple[str, str]] = {
    "cast": ("Characters and unique districts", "캐릭터와 특수 건물 조합"),
    "characters": ("Custom characters (one per rank)", "직접 고른 캐릭터 (순번마다 1장)"),
    "districts": ("Custom unique districts (14)", "직접 고른 특수 건물 (14장)"),
    "use_rank9": ("Add a rank-9 character", "9번 캐릭터 추가"),
    "rank9": ("Rank-9 character", "9번 캐릭터"),
    # the book crowns the oldest player; the bot cannot know ages, so the host (the
    # default) sets it: the label says so instead of claiming the default is the oldest
    "crown": ("Starting crown (set it to the oldest player)",
              "처음 왕관 주인 (가장 나이가 많은 플레이어로 정하세요)"),
    "three_player_discard": ("3 players: the face-down discard",
                             "3명 게임: 뒷면으로 버릴 캐릭터"),
    "target_faceup_discards": ("Abilities may name face-up discarded characters",
                               "앞면으로 버린 캐릭터도 능력의 대상으로 선언 가능"),
    "tiebreak_killed_counts": ("An assassinated character counts for the tie-break",
                               "암살당한 캐릭터도 동점 판정에 포함"),
    "warlord_own_completed": ("Warlord may destroy in his own completed city",
                              "장군이 자신의 완성된 도시의 건물도 파괴 가능"),
    "armory_ignores_protection": ("Armory ignores Bishop, Keep and Great Wall",
                                  "병기고는 주교, 외성, 장성의 영향을 받지 않음"),
    "great_wall_taxes_itself": ("Great Wall's +1 also applies to itself",
                                "장성의 +1 비용이 장성 자신에게도 적용"),
    "great_wall_to_owner": ("Great Wall's +1 goes to its owner, not the bank",
                            "장성의 +1 금화를 은행 대신 장성 주인에게 지불"),
    "diplomat_gives_keep": ("Diplomat may give away his own Keep",
                            "외교관이 자신의 외성을 교환으로 내줄 수 있음"),
    "artist_gold_follows": ("Artist's gold moves with the beautified district",
                            "예술가가 장식한 건물의 금화는 건물을 따라 이동"),
    "artist_split": ("Artist may beautify at two moments of the turn",
                     "예술가는 차례 중 서로 다른 때에 장식 가능"),
    "wizard_build_confiscatable": ("Magistrate may confiscate the Wizard's immediate build",
                                   "치안판사가 마법사의 즉시 건설도 몰수 가능"),
    "cardinal_needs_cards": ("Cardinal takes only gold he can repay with cards",
                             "추기경은 카드로 갚을 수 있는 만큼만 금화를 받음"),
    "monument_by_transfer": ("Monument may arrive by exchange or seizure in a city of 5+",
                             "건물이 5채 이상인 도시도 교환·점령으로 기념물을 얻을 수 있음"),
    "witch_tax_exempt": ("Witch as Tax Collector pays no property tax",
                         "세리 능력을 쓰는 마녀는 재산세 면제"),
    "witch_queen_own_seat": ("Witch as Queen checks her own neighbours",
                             "왕비 능력을 쓰는 마녀는 자신의 양옆을 확인"),
    "witch_emperor_crowns_bewitched": ("Witch as Emperor may crown the bewitched player",
                                       "황제 능력을 쓰는 마녀가 마법에 걸린 플레이어에게 왕관 가능"),
    "bishop_shields_own_rank8": ("2-3 players: Bishop shields against your own rank 8",
                                 "2-3명 게임: 주교가 자신의 8번 캐릭터로부터도 건물 보호"),
    "completion_by_count": ("A city completes by any change, not only by building",
                            "건설이 아닌 교환·점령으로도 도시 완성"),
    "completed_stays": ("A completed city stays completed if it shrinks",
                        "완성된 도시는 건물이 줄어도 완성 상태 유지"),
    "secret_vault_in_map_room": ("Secret Vault in hand counts for the Map Room",
                                 "손에 든 비밀 금고도 지도 보관실 점수에 포함"),
    "thief_before_gather": ("Thief robs before the robbed player gathers",
                            "도둑은 대상이 자원을 얻기 전에 금화를 훔침"),
}

# (field, value) -> (English, Korean)
VALUES: dict[tuple[str, str], tuple[str, str]] = {
    ("cast", "first_game"): ("First game", "첫 게임"),
    ("cast", "A"): ("A: Ambitious Aristocrats", "A: 귀족이여 야망을 가져라"),
    ("cast", "B"): ("B: Cunning Agents", "B: 첩자는 웃지 않는다"),
    ("cast", "C"): ("C: Illustrious Emissaries", "C: 사절단의 품격"),
    ("cast", "D"): ("D: Devious Dignitaries", "D: 정치놀음"),
    ("cast", "E"): ("E: Tenacious Delegates", "E: 왔노라 보았노라 이겼노라"),
    ("cast", "F"): ("F: Vicious Nobles", "F: 권력욕의 개"),
    ("cast", "custom"): ("Custom (choose the cards)", "직접 조합"),
    ("cast", "random"): ("Random (one character per rank)", "무작위 (순번마다 1장)"),
    ("rank9", "queen"): ("Queen", "왕비"),
    ("rank9", "artist"): ("Artist", "예술가"),
    ("rank9", "tax_collector"): ("Tax Collector", "세리"),
    ("three_player_discard", "choose"): ("The last player chooses", "마지막 플레이어가 선택"),
    ("three_player_discard", "random"): ("At random", "무작위"),
}

# field -> (English, Korean) for None, where the field is decided automatically
NONE: dict[str, tuple[str, str]] = {
    "use_rank9": ("Only when required (3 or 8 players)", "필요할 때만 (3명·8명 게임)"),
    "rank9": ("The set's own (the Artist in a first game)", "조합의 기본 캐릭터 (첫 게임은 예술가)"),
    "characters": ("The chosen set's characters", "고른 조합의 캐릭터"),
    "districts": ("The chosen set's unique districts", "고른 조합의 특수 건물"),
}


def option_messages() -> dict[str, dict[str, str]]:
    """The option label keys in both languages."""
    out: dict[str, dict[str, str]] = {"en": {}, "ko": {}}
    for field, (en, ko) in FIELDS.items():
        out["en"][f"citadels.option.{field}"] = en
        out["ko"][f"citadels.option.{field}"] = ko
    for (field, value), (en, ko) in VALUES.items():
        out["en"][f"citadels.option.{field}.{value}"] = en
        out["ko"][f"citadels.option.{field}.{value}"] = ko
    for field, (en, ko) in NONE.items():
        out["en"][f"citadels.option.{field}.none"] = en
        out["ko"][f"citadels.option.{field}.none"] = ko
    return out
