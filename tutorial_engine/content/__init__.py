"""The project's YAML read and checked: games, worked examples and claims, drills and their
questions, pages, walkthroughs; every problem at its file, line and column, all at once."""
