"""`mcpvcr show FILE`: a cassette as canonical JSON on stdout."""

from __future__ import annotations

import hashlib
import os

import click

from mcpvcr import store
from mcpvcr.canonical_json import cassette_document, dumps
from mcpvcr.cassette import FORMAT_VERSION
from mcpvcr.errors import McpVcrError


@click.command("show")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@click.option("--compact", is_flag=True, help="One line instead of indented JSON.")
@click.option(
    "--textconv",
    is_flag=True,
    help="For git's textconv: never fail; print a placeholder for an unreadable file.",
)
def command(file: str, compact: bool, textconv: bool) -> None:
    """Print FILE as canonical JSON (sorted keys; control characters escaped)."""
    if textconv:
        click.echo(_textconv(file))
        return
    cassette = store.load(file)
    click.echo(dumps(cassette_document(cassette, FORMAT_VERSION), indent=None if compact else 2))


def _textconv(file: str) -> str:
    # A failing textconv makes `git diff` abort for the whole repository, so
    # every problem becomes a placeholder line instead of an error.
    try:
        data = store.read_bytes(file)
    except McpVcrError as err:
        return f"<unreadable cassette: {err}>"
    try:
        cassette = store.decode_bytes(data, file)
        return dumps(cassette_document(cassette, FORMAT_VERSION))
    except Exception as err:
        digest = hashlib.sha256(data).hexdigest()[:16]
        name = os.path.basename(file)
        kind = type(err).__name__
        return f"<undecodable cassette {name}: {kind}; {len(data)} bytes; sha256 {digest}>"
