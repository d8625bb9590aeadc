"""One locale's Markdown and HTML: pages, diagrams, drills, walkthroughs; the templates,
assets and theme overrides beside it."""

from pathlib import Path

FOLDER = Path(__file__).parent
"""Where templates/, assets/ and overrides/ live."""
