"""Everything domino-tui keeps on disk: the autosave, the archive of finished matches, and the
profile statistics. The app and the CLI call these modules; none of them imports Textual."""
