"""Find a rule set by its id, with variations applied; an unknown id or value raises."""
from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Mapping

from . import bolivia, bolivia_classic, bolivia_hoyle, bolivia_plus, sambola
from .entries import Problem
from .model import RuleSet
from .refusal import Refusal

_MODULES = (bolivia, sambola, bolivia_plus, bolivia_classic, bolivia_hoyle)
_BUILDERS: Mapping[str, Callable[[dict[str, str]], RuleSet]] = MappingProxyType(
    {module.RULESET.id: module.with_variations for module in _MODULES})
_BASE: Mapping[str, RuleSet] = MappingProxyType({m.RULESET.id: m.RULESET for m in _MODULES})


class RulesetError(Refusal, ValueError):
    """An unknown rule set or variation; carries the problems for the player."""

    def __init__(self, problems: list[Problem]):
        super().__init__("invalid", problems)


def ruleset_ids() -> tuple[str, ...]:
    """Every rule set id, in the order the app lists them."""
    return tuple(_BASE)


def all_rulesets() -> tuple[RuleSet, ...]:
    """Every rule set with its default variations."""
    return tuple(get_ruleset(ruleset_id) for ruleset_id in _BASE)


def variation_problems(ruleset_id: str, variations: Mapping | None,
                       field: str = "variations") -> list[Problem]:
    """Every problem with a rule set id and its variations, for a player to read."""
    if ruleset_id not in _BASE:
        known = ", ".join(_BASE)
        return [Problem("ruleset", f"There is no rule set '{ruleset_id}'. Choose one of: {known}.",
                        "ruleset.unknown")]
    base = _BASE[ruleset_id]
    problems = []
    for key, value in (variations or {}).items():
        try:
            variation = base.variation(key)
        except KeyError:
            names = ", ".join(v.id for v in base.variations) or "none"
            problems.append(Problem(f"{field}.{key}", f"{base.name} has no variation '{key}' "
                                                      f"(its variations: {names}).", "variation.unknown"))
            continue
        if isinstance(value, bool) or str(value) not in variation.values:
            allowed = " or ".join(variation.values)
            problems.append(Problem(f"{field}.{key}", f"{variation.name} must be {allowed}, "
                                                      f"not {value!r}.", "variation.value"))
    return problems


def get_ruleset(ruleset_id: str, variations: Mapping | None = None) -> RuleSet:
    """The rule set with this id and these variations; raises RulesetError when unknown."""
    problems = variation_problems(ruleset_id, variations)
    if problems:
        raise RulesetError(problems)
    base = _BASE[ruleset_id]
    chosen = {v.id: v.default for v in base.variations if not v.solo_only}
    chosen.update({k: str(v) for k, v in (variations or {}).items()})
    return _BUILDERS[ruleset_id](chosen)
