"""A small, deliberately flawed MCP server: the input for mcpvcr's demo and many tests.

Run from the repository root:

    python -m examples.demo_target                       # stdio
    python -m examples.demo_target --http 127.0.0.1:8765 # streamable HTTP at /mcp

It carries the flaws of MCProbe's bundled demo so reports can be compared,
with one deliberate difference: `well_behaved` declares `readOnlyHint` (MCProbe's had no
annotations). Everything it answers is deterministic. Built on the mcp SDK's low-level `Server`
so the advertised schemas are exactly the ones below (tests hand-compute lint and score from them).

Server: serverInfo name "demo-target", version "0.1.0", no instructions; capabilities tools,
resources, prompts.

Tools, in list order, exactly as advertised:

1. `greet`: NO description, NO annotations.
       inputSchema {"type": "object", "properties": {"name": {}}}
   Answers text "Hello, <name>!" (name as str(); "stranger" when absent/null). Accepts anything.
2. `divide`: description "Divide a by b.", NO annotations.
       inputSchema {"type": "object", "properties": {"a": {}, "b": {}}}
   Coerces like JavaScript's Number() (null/absent -> 0, true -> 1, "3" -> 3, "x" -> NaN) and
   answers text '{"result": <a/b>}'; NaN or infinite quotients become '{"result": null}' (what
   JSON.stringify does to NaN). Never reports an error, so garbage in = garbage out.
3. `set_mode`: description "Set mode." (9 characters: thin), NO annotations.
       inputSchema {"type": "object",
                    "properties": {"mode": {"type": "string", "enum": ["fast", "safe", "verbose"]}},
                    "required": ["mode"]}
   Valid mode -> text "Mode set to <mode>."; missing, non-string or out-of-enum mode -> isError.
4. `well_behaved`: description "Echo a greeting back to the caller. Use it to check that the
   server answers; it has no side effects.", annotations {"readOnlyHint": true}.
       inputSchema {"type": "object",
                    "properties": {"greeting": {
                        "type": "string", "minLength": 1,
                        "description": "The greeting to echo back, at least one character."}},
                    "required": ["greeting"]}
   Valid -> text "<greeting> back to you!"; missing, non-string or empty greeting -> isError.

Every tool ignores unknown argument keys (so each "silently accepts" an extra_garbage case, as in
MCProbe's demo). No tool has an outputSchema or structuredContent. Unknown tool -> isError.

Lint expectations with MCProbe's 12 rules (14 findings = 1 error, 8 warnings, 5 info):
greet: tool.missing_description (error), tool.no_annotations, schema.no_required (info),
param.untyped + param.missing_description for `name` (warnings); divide: tool.no_annotations,
schema.no_required (info), param.untyped + param.missing_description for `a` and `b` (4 warnings);
set_mode: tool.thin_description (warning), tool.no_annotations (info), param.missing_description
for `mode` (warning); well_behaved: none.

Resource: uri "demo://readme", name "readme", title "Demo README", description "What this demo
server is for.", mimeType "text/plain"; read -> that text (README_TEXT). Unknown uri -> JSON-RPC
error -32602. No resource templates.

Prompt: name "summarize", description "Ask for a one-paragraph summary of a topic.", argument
`topic` (required, description "What to summarize."); get -> one user message with text
"Summarize <topic> in one paragraph."; missing topic or unknown prompt -> JSON-RPC error -32602.
"""
