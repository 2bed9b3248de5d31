"""A diet given up, in the frames the diet reader takes for the diet itself, in six languages:

    'desisti de ser vegana' / 'gave up being vegan' / 'ho smesso di essere vegana'  (a verb of giving up before it)
    'nn sono + vegetariano' / 'je suis plus végé du tout' / 'plus vraiment végé'      (a chat 'no longer' before it)
    'aquilo de ser vegetariana acabou' / "the vego thing's done" / 'vegan bin ich nicht mehr'  (an 'is over' after it)

    -> ('retract', 'vegetarian', 'The user is no longer vegetarian.'), and the diet read from the same word is dropped.

Chat's short forms ('végé', 'vego') are read only in such a frame: alone they may name a dish ('un burger végé').
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.lexicon import DIETS, alternation, canonical

Found = tuple[str, str, str]
SHORT = {"vegetarian": r"v[ée]g[ée]|vego|veggo|vegetta"}  # chat's short forms, read only in a frame of giving up
DIET_WORD = re.compile(rf"\b(?:{alternation(DIETS)}|{'|'.join(SHORT.values())})\b", re.I)
BEFORE = re.compile(
    r"(?:\b(?:quit|stopped|gave up|given up) being|\bno longer|\bdesisti de ser|\b(?:deixei|parei|larguei) de ser|\bdej[ée] de ser|"
    r"\bho smesso di essere|\b(?:non|nn) sono (?:pi[ùu]|\+)|\bsono \+ |\bj'ai arr[êe]t[ée] d'[êe]tre|"
    r"(?:\b(?:je|j'|chu|chui|jsuis)\s*(?:suis )?|\bdonc )plus(?: vraiment| du tout| trop)?|\bplus (?:vraiment|du tout))\s+(?:(?:une?|a|an)\s+)?$", re.I)
AFTER = re.compile(
    r"^\s*(?:(?:thing|stuff|phase|life)(?:'s| is| was)?\s+)?(?:(?:is|was|est|es|é|è|ist)\s+)?(?:(?:now|totally|officially|definitely|c'est)\s+)?"
    r"(?:done|over|finished|history|acab(?:ou|[óo])|se acab[óo]|fini|finit[ao]|vorbei|geschichte|erledigt|"
    r"bin ich (?:\w+ )?(?:nicht|ned|net) mehr|bin ich nimmer|bin i (?:\w+ )?(?:ned|net|nimmer|nicht)(?: mehr)?)\b", re.I)


def dropped_diets(sentence: str, found: list[Found]) -> list[Found]:
    """`found` with each diet the sentence gives up said as taken back (see the module docstring)."""
    out = list(found)
    for m in DIET_WORD.finditer(sentence):
        before, after = sentence[:m.start()], sentence[m.end():]
        if not (BEFORE.search(before) or AFTER.search(after)):
            continue
        diet = canonical(DIETS, m.group(0)) or next((k for k, w in SHORT.items() if rx.fullmatch(w, m.group(0), re.I)), None)
        if not diet:
            continue
        out = [f for f in out if not (f[0] == "diet" and f[1] == diet)]
        if ("retract", diet) not in [(f[0], f[1]) for f in out] and not any(f[0] == "diet" for f in out):  # 'no longer
            # pescatarian, just vegan': the new diet replaces the old one (the write path UPDATEs it), nothing to take back
            out.append(("retract", diet, f"The user is no longer {diet}."))
    return out
