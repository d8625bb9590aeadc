"""The rules engine: cards, a game as data, pure rule kernels with stable reason codes, the deal
procedures as state machines, scoring and matches. The standard library only."""
