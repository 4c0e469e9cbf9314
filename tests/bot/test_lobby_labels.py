"""The lobby names an optional option's automatic value, not "No"."""

from bot.cogs.lobby import value_label
from bot.table_options import option_specs
from rules import get_engine


def _spec(name: str):
    engine = get_engine("citadels")
    return next(s for s in option_specs("citadels", engine.Options) if s.name == name)


def test_automatic_bool_option_is_not_shown_as_no() -> None:
    spec = _spec("use_rank9")
    for lang, no in (("en", "No"), ("ko", "아니요")):
        label = value_label(spec, None, lang)
        assert label and label != no and label != value_label(spec, False, lang)


def test_plain_values_keep_their_labels() -> None:
    spec = _spec("use_rank9")
    assert value_label(spec, True, "en") != value_label(spec, None, "en")
