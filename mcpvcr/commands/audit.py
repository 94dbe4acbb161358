"""`mcpvcr audit TARGET`: record a live server in memory, then print exactly `score`'s report.

The architecture's one rule: an audit is `record` followed by the offline
score. The recorded cassette goes through the same encode/decode as a file,
so `audit` and `score` on the cassette `record` writes print the same bytes.
"""

from __future__ import annotations

from typing import Any

import click

from mcpvcr.commands._report_options import report_format, report_options
from mcpvcr.commands._target_options import (
    build_options,
    build_target,
    check_output_file,
    record_options,
    split_kwargs,
    target_options,
)
from mcpvcr.config import load_config, with_overrides
from mcpvcr.lint import check_config
from mcpvcr.terminal import printable


@click.command("audit")
@target_options
@record_options
@click.option("--save", type=click.Path(dir_okay=False), help="Also keep the cassette in FILE.")
@report_options
def command(
    save: str | None,
    fmt: str | None,
    output: str | None,
    min_score: int | None,
    soft: bool,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    **kwargs: Any,
) -> None:
    """Record TARGET (add --fuzz for behaviour) and print its graded report.

    TARGET is a streamable HTTP URL (legacy SSE with --transport sse); or use
    --stdio "COMMAND ARGS", or --config FILE --server NAME.
    """
    from mcpvcr import codec, store
    from mcpvcr.commands._report_output import emit_report

    # check everything offline first: a typo must not cost a recording
    config = with_overrides(
        load_config(), select=select or None, ignore=ignore, min_score=min_score
    )
    check_config(config)
    report_format(fmt, soft)
    check_output_file(save, "--save")
    check_output_file(output, "-o")
    target_kwargs, option_kwargs = split_kwargs(kwargs)
    target = build_target(**target_kwargs)
    options = build_options(**option_kwargs)
    label = printable(target.label)
    click.echo(f"mcpvcr: auditing {label} ...", err=True)

    from mcpvcr.live import record

    recorded = record(target, options)
    if not recorded.complete and recorded.detail:  # the report says it ended early; this says why
        click.echo(f"mcpvcr: {label}: {recorded.detail}", err=True)
    data = codec.encode(recorded)
    if save:
        store.write_bytes_atomic(data, save)
        click.echo(f"mcpvcr: cassette -> {save} ({len(data)} bytes)", err=True)
    cassette = codec.decode(data, save or label)
    emit_report(
        cassette, fmt=fmt, soft=soft, output=output, config=config, source=save, label=label
    )
