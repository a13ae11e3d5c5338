"""PNG bytes from an RGBA array, without an imaging library, and the 1 x 1 clear PNG of the
boards' click catchers (kept apart from any game's module, so that a picture may use them
without importing that game)."""

from __future__ import annotations

import struct
import zlib

import numpy as np

__all__ = ["CLEAR_PNG", "png_rgba"]


def png_rgba(rgba: np.ndarray) -> bytes:
    """An RGBA array of shape (height, width, 4), uint8, rows top to bottom, as PNG bytes
    (8-bit RGBA, zlib level 6)."""
    h, wid, _ = rgba.shape

    def chunk(tag: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(tag + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", wid, h, 8, 6, 0, 0, 0)
    raw = np.concatenate([np.zeros((h, 1), np.uint8),
                          np.ascontiguousarray(rgba, np.uint8).reshape(h, wid * 4)], axis=1)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw.tobytes(), 6)) + chunk(b"IEND", b""))


#: A 1 x 1 fully transparent PNG.
CLEAR_PNG = png_rgba(np.zeros((1, 1, 4), np.uint8))
