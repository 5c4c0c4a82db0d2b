"""Render packaging/icons/inference-sizer.svg into the .ico, .icns and .png files beside it.

    python packaging/make_icons.py [--check]

Each size is rendered from the SVG by Qt's SVG renderer (crisper small sizes than downscaling
one big bitmap); Pillow writes the containers. The outputs are committed, so a build needs
neither step. ``--check`` only verifies that the committed files exist and hold every size.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from PIL import Image

ICON_DIR = Path(__file__).resolve().parent / "icons"
SVG = ICON_DIR / "inference-sizer.svg"
ICO = ICON_DIR / "inference-sizer.ico"
ICNS = ICON_DIR / "inference-sizer.icns"
PNG = ICON_DIR / "inference-sizer-256.png"

ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)  # Explorer, taskbar and Start menu at 100-250 % scaling
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)  # Pillow stores the @2x variants from these


def render(size: int) -> Image.Image:
    """The SVG as a square RGBA image of ``size`` pixels."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: PLC0415 - only when rendering
    from PySide6.QtSvg import QSvgRenderer  # noqa: PLC0415

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"{SVG} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp) / f"icon-{size}.png"
        if not image.save(str(png)):
            raise SystemExit(f"could not render {size}-pixel icon")
        with Image.open(png) as im:
            return im.convert("RGBA")


def write_all() -> None:
    images = {s: render(s) for s in sorted({*ICO_SIZES, *ICNS_SIZES})}
    largest_ico = images[max(ICO_SIZES)]
    largest_ico.save(ICO, format="ICO", sizes=[(s, s) for s in ICO_SIZES],
                     append_images=[images[s] for s in ICO_SIZES if s != max(ICO_SIZES)])
    images[1024].save(ICNS, format="ICNS", append_images=[images[s] for s in ICNS_SIZES if s != 1024])
    images[256].save(PNG, format="PNG", optimize=True)
    for path in (ICO, ICNS, PNG):
        print(f"wrote {path.relative_to(ICON_DIR.parent.parent)} ({path.stat().st_size / 1024:.0f} KiB)")


def check() -> list[str]:
    """Problems with the committed icon files (empty when all is well)."""
    problems: list[str] = []
    for path in (ICO, ICNS, PNG):
        if not path.is_file():
            problems.append(f"{path.name} is missing: run python packaging/make_icons.py")
    if problems:
        return problems
    with Image.open(ICO) as ico:
        have = set(ico.info.get("sizes", set()))
        missing = [s for s in ICO_SIZES if (s, s) not in have]
        if missing:
            problems.append(f"{ICO.name} lacks sizes {missing}")
    with Image.open(ICNS) as icns:
        largest = max((w * scale for w, _h, scale in icns.info.get("sizes", [])), default=0)
        if largest < 1024:
            problems.append(f"{ICNS.name} lacks the 1024-pixel image")
    with Image.open(PNG) as png:
        if png.size != (256, 256):
            problems.append(f"{PNG.name} is {png.size}, expected 256x256")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only verify the committed files")
    args = parser.parse_args()
    if args.check:
        problems = check()
        for p in problems:
            print(p, file=sys.stderr)
        return 1 if problems else 0
    write_all()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
