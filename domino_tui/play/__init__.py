"""The table as a service, with no UI toolkit: the session (the match and who sits where), its
saves, the lesson's script and the moves a key can make. The Textual app (``domino_tui.app``)
and, later, a network server drive the same objects; nothing here imports Textual."""
