"""Everything a player reads, with no UI toolkit: the words of the table (log lines, the turn's
prompts and refusals, hints, the review) put together from engine facts and the catalogs.
The CLI prints them and the app draws them; nothing here imports Textual."""
