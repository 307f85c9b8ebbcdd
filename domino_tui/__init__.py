"""domino-tui: Козёл, the Russian yard game of dominoes, in the terminal."""

__version__ = "0.1.0"
