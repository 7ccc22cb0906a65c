"""Saving and loading games."""

from .savefile import game_from_json, game_to_json, load_game, save_game

__all__ = ["game_from_json", "game_to_json", "load_game", "save_game"]
