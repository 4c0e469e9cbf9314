"""The shared drawing helpers: fonts, glyph coverage, text fitting, colours, PNG bytes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from render.common import (
    DARK_INK,
    INK,
    Box,
    clean_text,
    contrast,
    draw_fitted,
    ellipsize,
    fit_text,
    font,
    has_glyph,
    ink_on,
    line_height,
    png_bytes,
    text_width,
    wrap,
)


def _mask(text: str, size: int = 32) -> tuple[tuple[int, int], bytes]:
    m = font(size).getmask(text)
    return m.size, bytes(m)


def test_fonts_are_cached_and_bold_differs() -> None:
    assert font(24) is font(24)
    assert font(24, bold=True) is not font(24)
    assert text_width("시타델", font(24, bold=True)) >= text_width("시타델", font(24))


def test_hangul_glyphs_are_real_not_tofu() -> None:
    tofu = _mask("\uffff")
    seen = {_mask(ch) for ch in "가각나암살자왕"}
    assert tofu not in seen
    assert len(seen) == 7  # a tofu font would draw one box for all of them


def test_has_glyph_and_clean_text_drop_what_the_font_lacks() -> None:
    assert has_glyph("가") and has_glyph("A") and has_glyph(" ")
    assert not has_glyph("🎲")
    assert clean_text("🎲  민수 Kim") == "민수 Kim"
    assert clean_text("🎲🎲") == "?"


def test_ellipsize_cuts_only_when_needed() -> None:
    face = font(22)
    assert ellipsize("Castle", face, 500) == "Castle"
    cut = ellipsize("A very long display name indeed", face, 120)
    assert cut.endswith("…") and text_width(cut, face) <= 120
    assert ellipsize("Castle", face, 1) == "…"


def test_wrap_keeps_words_and_breaks_only_overlong_ones() -> None:
    face = font(22)
    room = text_width("School of", face) + 2
    assert wrap("School of Magic", face, room) == ["School of", "Magic"]
    broken = wrap("Watchtowerwatchtower", face, 80)
    assert len(broken) > 1 and "".join(broken) == "Watchtowerwatchtower"
    assert all(text_width(line, face) <= 80 for line in broken)


def test_fit_text_keeps_the_largest_size_that_fits() -> None:
    assert fit_text("성", 200, 30, 16).face.size == 30
    fitted = fit_text("Blackmailer", 110, 24, 16, bold=True)
    assert fitted.face.size < 24 and fitted.width <= 110
    assert text_width("Blackmailer", font(fitted.face.size + 1, True)) > 110


def test_fit_text_prefers_shrinking_to_breaking_a_word() -> None:
    fitted = fit_text("Watchtower", 110, 24, 14, bold=True, max_lines=2)
    assert fitted.lines == ["Watchtower"]


def test_fit_text_wraps_then_ellipsizes_at_the_minimum() -> None:
    two = fit_text("Imperial Treasury", 100, 24, 18, max_lines=2)
    assert two.lines == ["Imperial", "Treasury"]
    squeezed = fit_text("one two three four five six seven", 80, 20, 18, max_lines=2)
    assert len(squeezed.lines) == 2 and squeezed.lines[-1].endswith("…")
    assert all(text_width(line, squeezed.face) <= 80 for line in squeezed.lines)
    tall = fit_text("one two three", 60, 30, 20, max_lines=3, max_height=30)
    assert tall.height <= line_height(tall.face) and len(tall.lines) == 1


def test_ink_on_picks_the_readable_colour() -> None:
    assert ink_on((236, 190, 46)) == DARK_INK  # noble yellow
    assert ink_on((40, 104, 196)) == INK  # religious blue
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21, rel=1e-3)


def _ink_columns(image: Image.Image, box: Box, background: tuple[int, int, int]) -> list[int]:
    return [
        x
        for x in range(box.x0, box.x1)
        if any(image.getpixel((x, y)) != background for y in range(box.y0, box.y1))
    ]


@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_draw_fitted_aligns_inside_the_box(align: str) -> None:
    image = Image.new("RGB", (400, 60), (0, 0, 0))
    box = Box(50, 5, 350, 55)
    fitted = fit_text("왕관", 300, 30, 20)
    draw_fitted(ImageDraw.Draw(image), box, fitted, (255, 255, 255), align)
    cols = _ink_columns(image, Box(0, 0, 400, 60), (0, 0, 0))
    assert box.x0 <= cols[0] and cols[-1] <= box.x1  # antialiasing may touch the edge
    middle = (cols[0] + cols[-1]) / 2
    expected = {
        "left": box.x0 + fitted.width / 2,
        "center": 200,
        "right": box.x1 - fitted.width / 2,
    }
    assert abs(middle - expected[align]) < 6


def test_png_bytes_round_trip() -> None:
    image = Image.new("RGB", (30, 20), (1, 2, 3))
    data = png_bytes(image)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    back = Image.open(io.BytesIO(data))
    assert back.size == (30, 20) and back.convert("RGB").getpixel((5, 5)) == (1, 2, 3)


def test_box_geometry() -> None:
    box = Box(10, 20, 110, 60)
    assert (box.width, box.height, box.center) == (100, 40, (60, 40))
    assert box.inset(5).xy() == (15, 25, 105, 55)
    assert box.inset(5, 0).xy() == (15, 20, 105, 60)


# -- the dispatchers in render/__init__.py ------------------------------------------


def plain_renderer(view: dict, lang: str = "ko") -> bytes:
    return f"plain {view['n']} {lang}".encode()


def named_renderer(view: dict, lang: str = "ko", names: dict | None = None) -> bytes:
    return f"named {view['n']} {lang} {names}".encode()


def test_dispatch_passes_names_only_to_renderers_that_take_them(monkeypatch) -> None:
    import render

    here = __name__
    monkeypatch.setitem(render.TABLE_RENDERERS, "plain", f"{here}:plain_renderer")
    monkeypatch.setitem(render.TABLE_RENDERERS, "named", f"{here}:named_renderer")
    monkeypatch.setitem(render.PRIVATE_RENDERERS, "named", f"{here}:named_renderer")
    assert render.render_table("plain", {"n": 1}, "en", {0: "A"}) == b"plain 1 en"
    assert render.render_table("named", {"n": 2}, "ko", {0: "A"}) == b"named 2 ko {0: 'A'}"
    assert render.render_private("named", {"n": 3}, "en") == b"named 3 en None"
    assert render.has_private("named") and not render.has_private("plain")
    with pytest.raises(KeyError):
        render.render_private("plain", {"n": 4}, "en")


def test_importing_render_loads_no_game_module() -> None:
    import subprocess
    import sys

    code = "import render, sys; print(sorted(m for m in sys.modules if m.startswith('render.')))"
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "[]"
