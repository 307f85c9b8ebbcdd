"""The pure, seeded game: tiles, actions, rules, the round, the cross, the match, scoring,
records and the seat's view. Below bots, coach and the UI: it imports none of them
(lint-imports keeps it so; see the contracts in pyproject.toml)."""
