"""Pure parts of the behavioural pass (`record --fuzz`): nothing here imports `mcp`.

- `cases`: the cases for one tool (valid + malformed variants), deterministic per seed;
  `values` builds the valid value (with `hints`, `regex_gen`, `numbers`, `merge`) and
  `schemas` holds the jsonschema plumbing (validators, local `$ref`, type sets, formats).
- `plan`: every call of the pass, in recorded order, and the coverage note;
  `order` puts producers before the tools that read, update or delete.
- `classify`: outcome (`ok`, `toolError`, `rejected`, `protocolCrash`, `timeout`,
  `inconclusive`) and flags; `inconclusive` says which failures blame the
  environment or a guessed argument, `garbage` which successes carry nothing.
- `scrub`: volatile values out of answers; very large answers truncated.

The live pass that sends the calls is `mcpvcr.live.exercise`.
"""
