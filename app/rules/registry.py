"""Find a rule set by its id, with variations applied; an unknown id or value raises."""
from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Mapping

from . import bolivia, bolivia_classic, bolivia_hoyle, bolivia_plus, sambola
from .entries import Problem
from .model import RuleSet
from .refusal import Refusal, RefusalKind
from .wording import and_list, plain_words
from .codes import Code

_MODULES = (bolivia, sambola, bolivia_plus, bolivia_classic, bolivia_hoyle)
_BUILDERS: Mapping[str, Callable[[dict[str, str]], RuleSet]] = MappingProxyType(
    {module.RULESET.id: module.with_variations for module in _MODULES})
_BASE: Mapping[str, RuleSet] = MappingProxyType({m.RULESET.id: m.RULESET for m in _MODULES})


class RulesetError(Refusal, ValueError):
    """An unknown rule set or variation; carries the problems for the player."""

    def __init__(self, problems: list[Problem]):
        super().__init__(RefusalKind.INVALID, problems)


def ruleset_ids() -> tuple[str, ...]:
    """Every rule set id, in the order the app lists them."""
    return tuple(_BASE)


def all_rulesets() -> tuple[RuleSet, ...]:
    """Every rule set with its default variations."""
    return tuple(get_ruleset(ruleset_id) for ruleset_id in _BASE)


def set_words(set_id: object, *, plural: bool = False) -> str:
    """A set type's name from any rule set ('Red Samba', 'Red Sambas'), or what was sent in plain words."""
    names = {s.id: s.name for ruleset in _BASE.values() for s in ruleset.set_types}
    if set_id in names:
        return names[set_id] + "s" * plural
    return f"{'sets' if plural else 'set'} called '{plain_words(set_id)}'"


def variation_problems(ruleset_id: str, variations: Mapping | None,
                       field: str = "variations") -> list[Problem]:
    """Every problem with a rule set id and its variations, for a player to read."""
    if ruleset_id not in _BASE:
        known = and_list((r.short_name for r in _BASE.values()), "or")
        return [Problem("ruleset", f"Treys has no rule set called '{plain_words(ruleset_id)}'. "
                                   f"Choose one of: {known}.", Code.RULESET_UNKNOWN)]
    base = _BASE[ruleset_id]
    problems = []
    for key, value in (variations or {}).items():
        try:
            variation = base.variation(key)
        except KeyError:
            names = and_list(v.name for v in base.variations)
            its = f"its variations are: {names}" if names else "it has no variations"
            problems.append(Problem(f"{field}.{key}", f"{base.short_name} has no variation called "
                                                      f"'{plain_words(key)}'; {its}.", Code.VARIATION_UNKNOWN))
            continue
        if isinstance(value, bool) or str(value) not in variation.values:
            allowed = and_list((plain_words(v) for v in variation.values), "or")
            problems.append(Problem(f"{field}.{key}", f"{variation.name} must be {allowed}, "
                                                      f"not '{plain_words(value)}'.", Code.VARIATION_VALUE))
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
