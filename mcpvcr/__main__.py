from mcpvcr.cli import main

main()
