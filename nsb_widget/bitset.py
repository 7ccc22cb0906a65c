"""Small helpers for int bitsets (bit ``i`` set = station or section ``i`` present)."""

from __future__ import annotations


def iter_bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(indices: list[int] | tuple[int, ...] | set[int]) -> int:
    """The bitset holding ``indices``."""
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask
