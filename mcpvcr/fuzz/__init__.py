"""Pure parts of the behavioural pass: case generation, classification, scrubbing.

Nothing here imports `mcp`; the live pass that sends the cases is
`mcpvcr.live.exercise`.
"""
