"""Tool-level changes: added, removed, renamed, text, annotations, schemas, execution."""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import urlsplit

from mcpvcr.diff.annotations import compare_annotations
from mcpvcr.diff.model import ABSENT, Change, make, pointer
from mcpvcr.diff.norm import canon, same
from mcpvcr.diff.renames import renames as find_renames
from mcpvcr.diff.renames import schema_key
from mcpvcr.diff.schema import SUSPICIOUS_PARAMETERS, compare_schema
from mcpvcr.diff.schema_text import value_changes
from mcpvcr.diff.text import security_scan, skeleton, text_change
from mcpvcr.jsonrpc import TOOL_NAME

RESERVED_META: Final = ("io.modelcontextprotocol/", "modelcontextprotocol.io/", "dev.mcp/")
"""`_meta` key prefixes the protocol itself uses; envelope noise, not contract."""

HANDLED: Final = frozenset(
    {
        "name",
        "title",
        "description",
        "inputSchema",
        "outputSchema",
        "annotations",
        "icons",
        "_meta",
        "execution",
    }
)


def compare_tools(
    old: dict[str, dict[str, Any]],
    new: dict[str, dict[str, Any]],
    new_duplicates: list[str],
    old_duplicates: list[str],
) -> list[Change]:
    """Every tool change between two keyed tool maps."""
    out: list[Change] = []
    names = frozenset(new)
    skeletons: dict[str, list[str]] = {}
    for tool_name in sorted(new) if set(new) - set(old) else []:  # only new names need it
        skeletons.setdefault(skeleton(tool_name), []).append(tool_name)
    removed = sorted(set(old) - set(new))
    added = sorted(set(new) - set(old))
    renames = find_renames(old, new, removed, added)
    for before, after in renames:
        removed.remove(before)
        added.remove(after)
        rule = "tool.name.case_changed" if before.lower() == after.lower() else "tool.renamed"
        why = (
            "same schemas"
            if schema_key(old[before]) == schema_key(new[after])
            else "same name in another spelling"
        )
        out.append(
            make(
                rule,
                pointer("tools", after),
                f"tool '{before}' was renamed to '{after}' ({why}); agents and configs"
                f" calling '{before}' get an unknown-tool error",
                before,
                after,
            )
        )
        out.extend(_compare_tool(old[before], new[after], after, names))
    for name in removed:
        out.append(
            make(
                "tool.removed",
                pointer("tools", name),
                f"tool '{name}' was removed; every agent calling it gets an unknown-tool error",
                _summary(old[name]),
            )
        )
    for name in added:
        out.append(
            make(
                "tool.added",
                pointer("tools", name),
                f"tool '{name}' was added; existing callers are unaffected",
                new=_summary(new[name]),
            )
        )
        out.extend(_added_tool_checks(name, new[name], names, skeletons))
    for name in sorted(set(old) & set(new)):
        if not same(old[name], new[name]):
            out.extend(_compare_tool(old[name], new[name], name, names))
    for name in new_duplicates:
        if name not in old_duplicates:
            out.append(
                make(
                    "tool.name.duplicate",
                    pointer("tools", name),
                    f"tool name '{name}' now appears more than once; calls route ambiguously",
                    new=name,
                )
            )
    return out


def _summary(tool: dict[str, Any]) -> dict[str, Any]:
    return {key: tool[key] for key in ("name", "title", "description") if key in tool}


def _added_tool_checks(
    name: str, tool: dict[str, Any], names: frozenset[str], skeletons: dict[str, list[str]]
) -> list[Change]:
    """A new tool is unreviewed text: scan it, and check its name."""
    out: list[Change] = []
    loc = pointer("tools", name)
    others = names
    for key in ("title", "description"):
        if isinstance(tool.get(key), str):
            out.extend(
                security_scan(
                    pointer("tools", name, key),
                    f"new tool '{name}' {key}",
                    "",
                    tool[key],
                    others,
                    self_name=name,
                )
            )
    schema = tool.get("inputSchema")
    props = schema.get("properties") if isinstance(schema, dict) else None
    for prop, sub in sorted(props.items()) if isinstance(props, dict) else []:
        where = pointer("tools", name, "inputSchema", "properties", prop)
        if prop.lower() in SUSPICIOUS_PARAMETERS:
            out.append(
                make(
                    "schema.suspicious_parameter_added",
                    where,
                    f"new tool '{name}' has parameter '{prop}', a name used to make models leak"
                    " context; check what the tool does with it",
                    new=prop,
                )
            )
        if isinstance(sub, dict) and isinstance(sub.get("description"), str):
            out.extend(
                security_scan(
                    pointer("tools", name, "inputSchema", "properties", prop, "description"),
                    f"new tool '{name}' parameter '{prop}' description",
                    "",
                    sub["description"],
                    others,
                    self_name=name,
                )
            )
    if not TOOL_NAME.match(name):
        out.append(
            make(
                "tool.name.invalid",
                loc,
                f"new tool name '{name}' breaks the spec's naming rule (1-128 of A-Z a-z 0-9 _ ."
                " -);"
                " some clients refuse it",
                new=name,
            )
        )
    out.extend(value_changes(None, tool, names))
    for other in skeletons.get(skeleton(name), []):
        if other != name:
            out.append(
                make(
                    "tool.name.confusable",
                    loc,
                    f"new tool '{name}' looks like tool '{other}'; a look-alike name can shadow"
                    " the real tool",
                    new=name,
                )
            )
    return out


def _compare_tool(
    old: dict[str, Any], new: dict[str, Any], name: str, names: frozenset[str]
) -> list[Change]:
    """Changes inside one tool present on both sides."""
    out: list[Change] = []
    others = names
    for key, rule in (("description", "tool.description.changed"), ("title", "tool.title.changed")):
        before, after = old.get(key, ABSENT), new.get(key, ABSENT)
        if canon(before) != canon(after):
            out.extend(
                text_change(
                    rule,
                    pointer("tools", name, key),
                    f"tool '{name}' {key}",
                    before,
                    after,
                    others,
                    self_name=name,
                )
            )
    out.extend(
        compare_schema(
            old.get("inputSchema", {}),
            new.get("inputSchema", {}),
            mode="input",
            base=("tools", name, "inputSchema"),
            what=f"tool '{name}' input",
        )
    )
    out.extend(_output_schema(old, new, name))
    out.extend(compare_annotations(old.get("annotations"), new.get("annotations"), name, others))
    out.extend(_execution(old, new, name))
    out.extend(_icons_and_meta(old, new, name))
    out.extend(value_changes(old, new, names))
    for key in sorted((set(old) | set(new)) - HANDLED):
        if canon(old.get(key, ABSENT)) != canon(new.get(key, ABSENT)):
            out.append(
                make(
                    "tool.definition_hash.changed",
                    pointer("tools", name, key),
                    f"tool '{name}' field '{key}' changed; the pinned definition no longer"
                    " matches what was approved",
                    old.get(key, ABSENT),
                    new.get(key, ABSENT),
                )
            )
    return out


def _output_schema(old: dict[str, Any], new: dict[str, Any], name: str) -> list[Change]:
    before, after = old.get("outputSchema", ABSENT), new.get("outputSchema", ABSENT)
    loc = pointer("tools", name, "outputSchema")
    if before is ABSENT and after is not ABSENT:
        return [
            make(
                "tool.output_schema.added",
                loc,
                f"tool '{name}' now declares an outputSchema; its results must conform from now on",
                new=after,
            )
        ]
    if after is ABSENT and before is not ABSENT:
        return [
            make(
                "tool.output_schema.removed",
                loc,
                f"tool '{name}' dropped its outputSchema; clients parsing structuredContent lose"
                " the contract",
                before,
            )
        ]
    if before is ABSENT:
        return []
    return compare_schema(
        before,
        after,
        mode="output",
        base=("tools", name, "outputSchema"),
        what=f"tool '{name}' output",
    )


def _task_support(tool: dict[str, Any]) -> Any:
    execution = tool.get("execution")
    value = execution.get("taskSupport") if isinstance(execution, dict) else None
    return value if isinstance(value, str) else "forbidden"


def _execution(old: dict[str, Any], new: dict[str, Any], name: str) -> list[Change]:
    out: list[Change] = []
    before, after = _task_support(old), _task_support(new)
    if before != after:
        additive = after == "optional"
        out.append(
            make(
                "tool.execution.task_support.changed",
                pointer("tools", name, "execution", "taskSupport"),
                f"tool '{name}' task support changed from {before} to {after}; "
                + (
                    "both plain and task calls now work"
                    if additive
                    else "clients calling it the old way fail"
                ),
                before,
                after,
                cls="additive" if additive else None,
            )
        )
    old_e = (
        {k: v for k, v in (old.get("execution") or {}).items() if k != "taskSupport"}
        if isinstance(old.get("execution"), dict)
        else old.get("execution", ABSENT)
    )
    new_e = (
        {k: v for k, v in (new.get("execution") or {}).items() if k != "taskSupport"}
        if isinstance(new.get("execution"), dict)
        else new.get("execution", ABSENT)
    )
    if canon(old_e or ABSENT) != canon(new_e or ABSENT):
        out.append(
            make(
                "tool.definition_hash.changed",
                pointer("tools", name, "execution"),
                f"tool '{name}' execution settings changed",
                old_e,
                new_e,
            )
        )
    return out


def _hosts(icons: Any) -> set[str]:
    hosts: set[str] = set()
    for icon in icons if isinstance(icons, list) else []:
        src = icon.get("src") if isinstance(icon, dict) else None
        if isinstance(src, str) and not src.startswith("data:"):
            hosts.add(urlsplit(src).netloc.lower())
    return hosts


def _meta(tool: dict[str, Any]) -> dict[str, Any]:
    meta = tool.get("_meta")
    if not isinstance(meta, dict):
        return {}
    return {k: v for k, v in meta.items() if not k.startswith(RESERVED_META)}


def _icons_and_meta(old: dict[str, Any], new: dict[str, Any], name: str) -> list[Change]:
    out: list[Change] = []
    before, after = old.get("icons", ABSENT), new.get("icons", ABSENT)
    if canon(before) != canon(after):
        new_hosts = _hosts(after) - _hosts(before)
        out.append(
            make(
                "tool.icons.changed",
                pointer("tools", name, "icons"),
                f"tool '{name}' icons changed"
                + (
                    f"; now loaded from new host(s) {', '.join(sorted(new_hosts))}"
                    if new_hosts
                    else ""
                ),
                before,
                after,
                cls="security" if new_hosts else None,
            )
        )
    if canon(_meta(old)) != canon(_meta(new)):
        out.append(
            make(
                "tool.meta.changed",
                pointer("tools", name, "_meta"),
                f"tool '{name}' _meta changed (protocol-reserved keys ignored)",
                _meta(old),
                _meta(new),
            )
        )
    return out
