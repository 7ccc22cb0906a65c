"""How guessable a seed a teacher chose is.

A secret deal's seed must not be found by trying seeds against the first cards turned over.
Counting its bits is not enough: ``2**64``, ``10**20`` or ``123123123123123123123`` have many
bits but are among the first seeds a person would type, so a participant would try them first.
:func:`guess_bits` is the length in bits of the shortest of a few descriptions of ``seed`` a
person might choose (the number itself, a round number, a power of 2 or 10 plus or minus a
little, a repeated group of digits); a seed with few such bits is found early by trying them.
"""

from __future__ import annotations

import math

#: Bits to say which of the descriptions below is meant (a generous count).
_FORM_BITS = 3
#: The bases a person writes powers and round numbers in.
_BASES = (2, 10, 16)
#: The digits a person repeats: decimal and hexadecimal.
_DIGIT_BASES = {10: "{:d}", 16: "{:x}"}


def _bits(value: int) -> int:
    """The bits to write a natural number (at least 1)."""
    return max(1, abs(value).bit_length())


def _powers(seed: int, base: int) -> int:
    """Bits of ``seed`` as ``m * base**e`` (a round number) or ``base**e +- d`` (near a
    power), the shortest over ``e``."""
    best = _bits(seed)
    if seed <= 0:
        return best
    exponent = 0
    power = 1
    while power <= 2 * seed:
        if exponent:
            mantissa, rest = divmod(seed, power)
            if not rest:
                best = min(best, _bits(mantissa) + _bits(exponent))
            best = min(best, _bits(exponent) + _bits(seed - power) + 1)
        exponent += 1
        power *= base
    return best


def _repeats(seed: int, base: int) -> int:
    """Bits of ``seed`` as a group of digits written again and again (``777777``,
    ``123412341234``, ``deadbeefdeadbeef``; the last group may be cut short)."""
    digits = _DIGIT_BASES[base].format(seed)
    per_digit = math.log2(base)
    for size in range(1, len(digits) // 2 + 1):
        group = digits[:size]
        if (group * (len(digits) // size + 1)).startswith(digits):
            return math.ceil(size * per_digit) + _bits(len(digits))
    return _bits(seed)


def guess_bits(seed: int) -> int:
    """The bits of the shortest description of ``seed`` tried here: the seed itself, a round
    number or a number near a power (in base 2, 10 or 16), a group of digits repeated; a sign
    costs a bit. Someone trying seeds in order of these lengths meets ``seed`` among the first
    ``2**guess_bits(seed)`` or so.

    >>> guess_bits(2026), guess_bits(2**64), guess_bits(10**20 + 7), guess_bits(int("1" * 21))
    (11, 9, 12, 12)
    """
    magnitude = abs(seed)
    shortest = _bits(magnitude)
    for base in _BASES:
        shortest = min(shortest, _FORM_BITS + _powers(magnitude, base))
    for base in _DIGIT_BASES:
        shortest = min(shortest, _FORM_BITS + _repeats(magnitude, base))
    return shortest + (seed < 0)
