"""Token and client-registration storage for the SDK's OAuth providers.

One JSON file per (server URL, grant, client) in the user's cache directory
(mcpvcr.oauth_settings.cache_dir), created 0600 in a 0700 directory and
replaced atomically; never inside the repository. With `--no-oauth-cache` the
same object keeps everything in memory. Every token and client secret that
passes through here is added to the target's `obtained` secrets, so the
recorder redacts it from whatever it writes.

The file keeps the moment a token expires (`expiresAt`), so a token cached by
an earlier run is refreshed, not presented stale.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from pydantic import ValidationError

from mcpvcr.oauth_settings import cache_dir
from mcpvcr.targets import Target

FORMAT = 1
_MEMORY: dict[Path, dict[str, Any]] = {}
"""With --no-oauth-cache: what this process obtained, so a reconnect needs no new flow."""


class CachedStorage:
    """The SDK's TokenStorage protocol over one cache file (or memory only)."""

    def __init__(self, target: Target, *, seed_client: OAuthClientInformationFull | None = None):
        self.target = target
        key = cache_path(target)
        self.path: Path | None = key if target.oauth.cache else None
        self._data: dict[str, Any] = self._load() if self.path else _MEMORY.setdefault(key, {})
        self._seed_client = seed_client

    # -- TokenStorage ---------------------------------------------------------

    async def get_tokens(self) -> OAuthToken | None:
        raw = self._data.get("tokens")
        if not isinstance(raw, dict):
            return None
        try:
            tokens = OAuthToken.model_validate(raw)
        except ValidationError:
            return None
        self._remember(tokens.access_token, tokens.refresh_token)
        return tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self._remember(tokens.access_token, tokens.refresh_token)
        self._data["tokens"] = tokens.model_dump(mode="json", exclude_none=True)
        self._data["expiresAt"] = (
            time.time() + tokens.expires_in if tokens.expires_in is not None else None
        )
        self._save()

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        if self._seed_client is not None:
            # A configured client always wins over a registration cached earlier.
            self._remember(self._seed_client.client_secret)
            return self._seed_client
        raw = self._data.get("client")
        if not isinstance(raw, dict):
            return None
        try:
            client = OAuthClientInformationFull.model_validate(raw)
        except ValidationError:
            return None
        self._remember(client.client_secret)
        return client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self._remember(client_info.client_secret)
        if self._seed_client is None:
            self._data["client"] = client_info.model_dump(mode="json", exclude_none=True)
            self._save()

    # -- mcpvcr ---------------------------------------------------------------

    def expires_at(self) -> float | None:
        """When the cached access token expires (epoch seconds), if the server said."""
        value = self._data.get("expiresAt")
        return float(value) if isinstance(value, int | float) else None

    def _remember(self, *values: str | None) -> None:
        self.target.obtain(values)

    def has_token(self) -> bool:
        """A cached token that has not expired (or has a refresh token to renew it)."""
        tokens = self._data.get("tokens")
        if not isinstance(tokens, dict) or not tokens.get("access_token"):
            return False
        expires_at = self.expires_at()
        return expires_at is None or expires_at > time.time() or bool(tokens.get("refresh_token"))

    def _load(self) -> dict[str, Any]:
        assert self.path is not None
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}  # missing or damaged: start over, the flow rebuilds it
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return {}
        return data

    def _save(self) -> None:
        if self.path is None:
            return
        self._data["format"] = FORMAT
        self._data["server"] = self.target.url
        try:
            write_private(self.path, json.dumps(self._data, indent=1, sort_keys=True))
        except OSError as err:
            # The recording still works; only the next run has to authorize again.
            print(
                f"mcpvcr: cannot cache the OAuth token in {self.path.parent}: {err.strerror}",
                file=sys.stderr,
                flush=True,
            )
            self.path = None


def cache_path(target: Target) -> Path:
    """The cache file of this target's server, grant and client."""
    settings = target.oauth
    key = json.dumps([target.url, settings.grant, settings.client_id, settings.client_metadata_url])
    return cache_dir() / f"{hashlib.sha256(key.encode()).hexdigest()[:32]}.json"


def write_private(path: Path, text: str) -> None:
    """Write `text` to `path` readable by the owner only, atomically."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
