"""The `tutorial-engine` command (check, new, trick, legal, simulate, judge, locale) and the
Babel extractor of the messages in the YAML files."""
