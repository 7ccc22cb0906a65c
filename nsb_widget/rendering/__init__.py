"""Drawing sheets: the shared view model (scene) and the SVG renderer."""

from .scene import map_scene, sheet_scene
from .svg import render_game, render_map, render_scene

__all__ = ["map_scene", "render_game", "render_map", "render_scene", "sheet_scene"]
