"""A 1 x 1 fully transparent PNG: the image of the boards' click catchers (kept apart from
any game's module, so that a picture may use it without importing that game)."""

from __future__ import annotations

import struct
import zlib

__all__ = ["CLEAR_PNG"]


def _transparent_png() -> bytes:
    """A 1x1 fully transparent PNG, built by hand (no imaging library needed)."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(tag + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0)  # 1x1, 8-bit RGBA
    pixels = zlib.compress(b"\x00\x00\x00\x00\x00")  # filter byte + one transparent pixel
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)
            + chunk(b"IEND", b""))


CLEAR_PNG = _transparent_png()
