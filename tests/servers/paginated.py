"""paginated: every list split over many pages with opaque cursors.

Options: --page-size N (default 3), --tools N (default 25), --resources N (default 10),
--templates N (default 7), --prompts N (default 8). Items are named in order: tools
`tool_000`.., resources `test://res/000`.., templates `test://tpl/000/{id}`.., prompts
`prompt_000`... Each page holds at most page-size items and a `nextCursor` ("c<offset>")
while more remain, so a complete recording has exactly the counts asked for.
"""

from __future__ import annotations

import argparse

from tests.servers._jsonrpc import ZooServer, simple_tool


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="paginated")
    p.add_argument("--page-size", type=int, default=3)
    p.add_argument("--tools", type=int, default=25)
    p.add_argument("--resources", type=int, default=10)
    p.add_argument("--templates", type=int, default=7)
    p.add_argument("--prompts", type=int, default=8)
    a = p.parse_args(argv)
    server = ZooServer(
        "zoo-paginated",
        page_size=a.page_size,
        tools=[simple_tool(f"tool_{i:03d}", q="string") for i in range(a.tools)],
        resources=[
            {"uri": f"test://res/{i:03d}", "name": f"res_{i:03d}", "mimeType": "text/plain"}
            for i in range(a.resources)
        ],
        templates=[
            {"uriTemplate": f"test://tpl/{i:03d}/{{id}}", "name": f"tpl_{i:03d}"}
            for i in range(a.templates)
        ],
        prompts=[{"name": f"prompt_{i:03d}", "description": "A prompt."} for i in range(a.prompts)],
    )
    server.serve()
    return 0
