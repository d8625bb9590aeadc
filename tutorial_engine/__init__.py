"""Card-game tutorials from YAML, every answer checked by a small rules engine."""
