"""Resources, resource templates, prompts and prompt arguments."""

from __future__ import annotations

import re
from typing import Any, Final

from mcpvcr.diff.model import ABSENT, Change, make, pointer
from mcpvcr.diff.norm import canon, keyed, same
from mcpvcr.diff.text import security_scan, text_change

VOLATILE: Final = frozenset({"size", "lastModified", "_meta"})
"""Resource fields that change with the data, not the contract (left out of the diff)."""

_EXPRESSION: Final = re.compile(r"\{([+#./;?&=,!@|]?)([^}]*)\}")


def _field(old: dict[str, Any], new: dict[str, Any], key: str) -> tuple[Any, Any, bool]:
    before, after = old.get(key, ABSENT), new.get(key, ABSENT)
    return before, after, canon(before) != canon(after)


def _removed(rule: str, loc: tuple[str, str], item: dict[str, Any], message: str) -> Change:
    return make(rule, pointer(*loc), message, _brief(item))


def _added(rule: str, loc: tuple[str, str], item: dict[str, Any], label: str) -> list[Change]:
    """The addition, and what its model-visible description trips (a new poisoning channel)."""
    out = [make(rule, pointer(*loc), f"{label} was added", new=_brief(item))]
    if isinstance(item.get("description"), str):
        out.extend(
            security_scan(
                pointer(*loc, "description"), f"new {label} description", "", item["description"]
            )
        )
    return out


def compare_resources(
    old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]
) -> list[Change]:
    out: list[Change] = []
    for uri in sorted(set(old) | set(new)):
        loc = ("resources", uri)
        if uri not in new:
            message = f"resource {uri} was removed; clients reading it get an error"
            out.append(_removed("resource.removed", loc, old[uri], message))
        elif uri not in old:
            out.extend(_added("resource.added", loc, new[uri], f"resource {uri}"))
        elif not same(old[uri], new[uri]):
            out.extend(_common(old[uri], new[uri], loc, f"resource {uri}", "resource"))
    return out


def _brief(item: dict[str, Any]) -> dict[str, Any]:
    return {
        k: v
        for k, v in item.items()
        if k in ("uri", "uriTemplate", "name", "title", "description", "mimeType")
    }


def _common(
    old: dict[str, Any], new: dict[str, Any], loc: tuple[str, ...], what: str, kind: str
) -> list[Change]:
    """Changes shared by resources and templates (kind = "resource" | "template")."""
    out: list[Change] = []
    before, after, changed = _field(old, new, "mimeType")
    if changed:
        out.append(
            make(
                f"{kind}.mime_type.changed",
                pointer(*loc, "mimeType"),
                f"{what} MIME type changed from {before} to {after}; clients parsing the content"
                " may fail",
                before,
                after,
            )
        )
    for key in ("name", "title"):
        before, after, changed = _field(old, new, key)
        if changed:
            out.append(
                make(
                    f"{kind}.name_or_title.changed",
                    pointer(*loc, key),
                    f"{what} {key} changed",
                    before,
                    after,
                )
            )
    before, after, changed = _field(old, new, "description")
    if changed:
        out.extend(
            text_change(
                f"{kind}.description.changed",
                pointer(*loc, "description"),
                f"{what} description",
                before,
                after,
            )
        )
    if kind == "resource":
        handled = {"uri", "mimeType", "name", "title", "description"} | VOLATILE
        for key in sorted((set(old) | set(new)) - handled):
            before, after, changed = _field(old, new, key)
            if changed:
                old_v, new_v = _drop_volatile(before), _drop_volatile(after)
                if canon(old_v) != canon(new_v):
                    out.append(
                        make(
                            "resource.annotations.changed",
                            pointer(*loc, key),
                            f"{what} {key} changed",
                            old_v,
                            new_v,
                        )
                    )
    return out


def _drop_volatile(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k not in VOLATILE}
    return value


def template_variables(template: str) -> list[tuple[str, str]]:
    """RFC 6570 expressions as (operator, variable) pairs, in order."""
    result: list[tuple[str, str]] = []
    for operator, body in _EXPRESSION.findall(template):
        for var in body.split(","):
            result.append((operator, var.strip().split(":")[0].rstrip("*")))
    return result


def _template_shape(template: str) -> str:
    return _EXPRESSION.sub("{}", template)


def compare_templates(
    old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]
) -> list[Change]:
    out: list[Change] = []
    removed = sorted(set(old) - set(new))
    added = sorted(set(new) - set(old))
    # A template whose variables changed has a new key: pair it back by its literal shape.
    for before in list(removed):
        shape = _template_shape(before)
        matches = [after for after in added if _template_shape(after) == shape]
        if len(matches) == 1:
            after = matches[0]
            removed.remove(before)
            added.remove(after)
            out.append(
                make(
                    "template.variables.changed",
                    pointer("resourceTemplates", after),
                    f"template {before} became {after}; clients building URIs the old way get"
                    " wrong or missing resources",
                    template_variables(before),
                    template_variables(after),
                )
            )
            out.extend(
                _common(
                    old[before],
                    new[after],
                    ("resourceTemplates", after),
                    f"template {after}",
                    "template",
                )
            )
    for key in removed:
        message = f"resource template {key} was removed; clients expanding it get errors"
        out.append(_removed("template.removed", ("resourceTemplates", key), old[key], message))
    for key in added:
        loc = ("resourceTemplates", key)
        out.extend(_added("template.added", loc, new[key], f"resource template {key}"))
    for key in sorted(set(old) & set(new)):
        if not same(old[key], new[key]):
            out.extend(
                _common(
                    old[key], new[key], ("resourceTemplates", key), f"template {key}", "template"
                )
            )
    return out


def compare_prompts(old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]) -> list[Change]:
    out: list[Change] = []
    for name in sorted(set(old) | set(new)):
        loc = ("prompts", name)
        if name not in new:
            message = f"prompt '{name}' was removed; users and clients invoking it get an error"
            out.append(_removed("prompt.removed", loc, old[name], message))
        elif name not in old:
            out.extend(_added("prompt.added", loc, new[name], f"prompt '{name}'"))
        elif not same(old[name], new[name]):
            out.extend(_prompt(old[name], new[name], name))
    return out


def _prompt(old: dict[str, Any], new: dict[str, Any], name: str) -> list[Change]:
    out: list[Change] = []
    before, after, changed = _field(old, new, "description")
    if changed:
        out.extend(
            text_change(
                "prompt.description.changed",
                pointer("prompts", name, "description"),
                f"prompt '{name}' description",
                before,
                after,
            )
        )
    before, after, changed = _field(old, new, "title")
    if changed:
        out.append(
            make(
                "prompt.title.changed",
                pointer("prompts", name, "title"),
                f"prompt '{name}' title changed",
                before,
                after,
            )
        )
    old_args, _ = keyed(_list(old.get("arguments")), "name")
    new_args, _ = keyed(_list(new.get("arguments")), "name")
    out.extend(_arguments(old_args, new_args, name))
    return out


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _required(arg: dict[str, Any]) -> bool:
    return arg.get("required") is True


def _arguments(
    old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]], prompt: str
) -> list[Change]:
    out: list[Change] = []
    removed = sorted(set(old) - set(new))
    added = sorted(set(new) - set(old))
    if (
        len(removed) == 1
        and len(added) == 1
        and _required(old[removed[0]]) == _required(new[added[0]])
    ):
        before, after = removed.pop(), added.pop()
        out.append(
            make(
                "prompt.argument.renamed",
                pointer("prompts", prompt, "arguments", after),
                f"prompt '{prompt}' argument '{before}' looks renamed to '{after}'; clients"
                f" passing '{before}' lose it",
                before,
                after,
            )
        )
    for arg in removed:
        out.append(
            make(
                "prompt.argument.removed",
                pointer("prompts", prompt, "arguments", arg),
                f"prompt '{prompt}' argument '{arg}' was removed; clients passing it fail or lose"
                " it",
                old[arg],
            )
        )
    for arg in added:
        loc = pointer("prompts", prompt, "arguments", arg)
        if _required(new[arg]):
            out.append(
                make(
                    "prompt.argument.added.required",
                    loc,
                    f"prompt '{prompt}' gained required argument '{arg}'; every existing call"
                    " without it fails",
                    new=new[arg],
                )
            )
        else:
            out.append(
                make(
                    "prompt.argument.added.optional",
                    loc,
                    f"prompt '{prompt}' gained optional argument '{arg}'",
                    new=new[arg],
                )
            )
    for arg in sorted(set(old) & set(new)):
        out.extend(_argument(old[arg], new[arg], prompt, arg))
    return out


def _argument(old: dict[str, Any], new: dict[str, Any], prompt: str, arg: str) -> list[Change]:
    """Changes of one prompt argument present on both sides."""
    out: list[Change] = []
    where = ("prompts", prompt, "arguments", arg)
    was, now = _required(old), _required(new)
    if now and not was:
        out.append(
            make(
                "prompt.argument.became_required",
                pointer(*where, "required"),
                f"prompt '{prompt}' argument '{arg}' became required; calls without it fail",
                was,
                now,
            )
        )
    elif was and not now:
        out.append(
            make(
                "prompt.argument.became_optional",
                pointer(*where, "required"),
                f"prompt '{prompt}' argument '{arg}' became optional",
                was,
                now,
            )
        )
    for key in ("description", "title"):
        before, after, changed = _field(old, new, key)
        if changed:
            out.extend(
                text_change(
                    "prompt.argument.description_or_title.changed",
                    pointer(*where, key),
                    f"prompt '{prompt}' argument '{arg}' {key}",
                    before,
                    after,
                )
            )
    return out
