"""Words: a locale's Translator, its catalogs as the build reads them, the .po checker, terms
with grammatical forms, and the sentences for the engine's reason codes."""
