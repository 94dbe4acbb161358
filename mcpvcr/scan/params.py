"""What a parameter asks the model to supply, judged from its name and description."""

from __future__ import annotations

from mcpvcr.identifiers import spaced
from mcpvcr.scan.signals import extract


def parameter_request(name: str, description: str = "") -> str | None:
    """ "credentials" or "conversation content" when the parameter asks for them, else None.

    Used for parameters that appear in a new release: a new argument that wants an
    API key, a password or the chat history changes what the model hands over, which
    a user approving the old definition never agreed to.
    """
    sig = extract(f"{spaced(name)}. {description}")
    if sig.has("conv"):
        return "conversation content"
    if sig.has("cred", "store", "quantified"):
        return "credentials"
    return None
