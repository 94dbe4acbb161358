"""The model-visible parts of one recorded server, as the scanner takes them (pure, light).

Kept apart from the scanner so that a caller can build a `Surface` and look up
remembered findings (`mcpvcr.scan.memo`) without compiling the scanner's patterns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Surface:
    """The model-visible parts of one recorded server (raw wire data, any shape)."""

    instructions: Any = None
    server_info: Any = None
    tools: Sequence[Any] = ()
    resources: Sequence[Any] = ()
    templates: Sequence[Any] = ()
    prompts: Sequence[Any] = ()
    interactions: Sequence[Any] = ()
    known_tools: frozenset[str] = field(default_factory=frozenset)
    """Names of tools on other recorded servers, compared with this server's names."""
