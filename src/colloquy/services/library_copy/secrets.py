"""What changes on the way: encrypted secrets the target cannot read, and a second default
model profile (docs/moving-in.md#api-keys).

Secrets are encrypted with the installation's secret key (model_settings/secret_box.py). A
secret is carried only when the target's key decrypts it, which is when both installations
use the same key; otherwise it is left out and counted. The copy and its check both compare
the target with the source as adjusted here.
"""

from dataclasses import dataclass, field
from typing import Any

from colloquy.services.library_copy.workspace_filter import SCOPED_TABLES
from colloquy.services.model_settings.secret_box import SecretBox

# JSON fields that hold an encrypted secret: the embedder's key, the webhooks' signing secret,
# a rerun's model key.
_SECRET_FIELDS = ("apiKey", "secret")


@dataclass
class Adjuster:
    """Adjusts source rows for the target; `box` is the target's key (None: none known)."""

    box: SecretBox | None
    target_default_profile: str | None = None
    # --workspace: the source workspace whose rows are copied, the target one they go into.
    source_workspace: str | None = None
    target_workspace: str | None = None
    # The target's own row of each workspace id both sides hold (the first, `default`):
    # kept as the target has it, whatever its name or time on the source.
    target_workspaces: dict[str, dict[str, Any]] = field(default_factory=dict)
    secrets_dropped: int = 0
    notes: list[str] = field(default_factory=list)

    def adjust(self, table: str, row: dict[str, Any]) -> dict[str, Any]:
        if table == "model_profiles":
            return self._profile(row)
        if table == "workspaces" and row.get("id") in self.target_workspaces:
            return self.target_workspaces[row["id"]]
        if self.target_workspace is not None and table in SCOPED_TABLES:
            row = {**row, "workspace_id": self.target_workspace}
        if table == "sessions" and isinstance(row.get("model_override"), dict):
            return {**row, "model_override": self._json(row["model_override"])}
        if table == "app_settings" and isinstance(row.get("data"), dict):
            return {**row, "data": self._json(row["data"])}
        return row

    def _profile(self, row: dict[str, Any]) -> dict[str, Any]:
        out = {**row, "api_key": self._secret(row.get("api_key"))}
        other = self.target_default_profile
        if out.get("is_default") and other is not None and other != out["id"]:
            # Two defaults would leave the Settings screen's model ambiguous: the target's stays.
            out["is_default"] = False
            self.notes.append(
                f"Model profile {out['name']!r} arrives as not the default: "
                "the target already has a default profile."
            )
        return out

    def _json(self, data: dict[str, Any]) -> dict[str, Any]:
        return {k: self._secret(v) if k in _SECRET_FIELDS else v for k, v in data.items()}

    def _secret(self, token: Any) -> Any:
        if not isinstance(token, str) or not token:
            return token
        if self.box is not None and self.box.decrypt(token) is not None:
            return token
        self.secrets_dropped += 1
        return None
