"""Placeholder so the package installs; the real CLI replaces it."""


def main() -> None:
    print("domino-tui")
