from domino_tui.launch import main

main()
