from domino_tui.cli import main

main()
