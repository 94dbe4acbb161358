"""`python -m examples.demo_target [--http HOST:PORT]`: serve the demo over stdio or HTTP."""

from __future__ import annotations

import argparse
import sys

import anyio


def _host_port(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise argparse.ArgumentTypeError(f"expected HOST:PORT, got {text!r}")
    return host, int(port)


async def _serve_stdio() -> None:
    from mcp.server.stdio import stdio_server

    from examples.demo_target.server import build_server

    server = build_server()
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def _serve_http(host: str, port: int) -> None:
    import uvicorn

    from examples.demo_target.server import build_server

    app = build_server().streamable_http_app(host=host)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on")
    uvicorn.Server(config).run()


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and serve until stdin closes (stdio) or the process is stopped (HTTP)."""
    parser = argparse.ArgumentParser(
        prog="python -m examples.demo_target",
        description="A deliberately flawed MCP server for mcpvcr demos and tests.",
    )
    parser.add_argument(
        "--http",
        metavar="HOST:PORT",
        type=_host_port,
        help="serve streamable HTTP at http://HOST:PORT/mcp instead of stdio",
    )
    args = parser.parse_args(argv)
    if args.http:
        _serve_http(*args.http)
    else:
        anyio.run(_serve_stdio)
    return 0


if __name__ == "__main__":
    sys.exit(main())
