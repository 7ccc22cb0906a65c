"""Maps as data: stations, districts, river, pencils and the precomputed section tables."""

from .loader import BUILTIN_MAPS, build_map, get_map, load_map
from .model import (
    CARD_SYMBOLS,
    District,
    GameMap,
    Pencil,
    River,
    Section,
    StartInfo,
    Station,
    Symbol,
    grid_label,
)

__all__ = [
    "BUILTIN_MAPS",
    "CARD_SYMBOLS",
    "District",
    "GameMap",
    "Pencil",
    "River",
    "Section",
    "StartInfo",
    "Station",
    "Symbol",
    "build_map",
    "get_map",
    "grid_label",
    "load_map",
]
