"""Trim a rendered page to its content, with a white border: what the picture
scripts do to LibreOffice's PDF pages (Pillow, which xlsolver needs anyway)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops


def trimmed(source: Path, target: Path, border: int = 8) -> None:
    """Write ``source`` cut to the box of its non-white pixels, ``border`` pixels of white around."""
    image = Image.open(source).convert("RGB")
    box = ImageChops.difference(image, Image.new("RGB", image.size, "white")).getbbox()
    if box is not None:
        image = image.crop(box)
    framed = Image.new("RGB", (image.width + 2 * border, image.height + 2 * border), "white")
    framed.paste(image, (border, border))
    framed.save(target)
