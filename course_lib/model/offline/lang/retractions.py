"""An activity the user has given up, in six languages: 'I quit tennis', 'scratch the swimming, I packed that in',
'Tennis spiel ich nicht mehr', "j'ai arrêté le yoga", 'dejé el pádel', 'deixei o padel', 'non gioco più a calcio'.

    a verb of giving up or a 'no longer' (QUIT)  +  a hobby the concept lexicon knows (concepts.json "hobby")
    -> ('retract', 'plays tennis', 'The user no longer plays tennis.')  ('plays' for a game, 'does' for the rest)

The write path deletes the stored hobby with it (memory_ops.resolve reads 'no longer plays X' as hobby:X). Someone
else's giving up ('my son quit football') is left to the who layer; a hobby named with no giving-up verb is not read.
"""
from __future__ import annotations

import re

from course_lib.model.offline.lang.concepts import find

Found = tuple[str, str, str]
QUIT = re.compile(
    r"\b(?:quit|quitting|gave up|given up|give up|stopped (?:doing|going|playing|\w+ing)|packed (?:\w+ )?in|scratch|no longer|not \w+ (?:\w+ )?any ?more|"
    r"don'?t (?:\w+ )?any ?more|"
    r"nicht mehr|nimmer|kein \w+ mehr|aufgehört|aufgegeben|"
    r"arrêté|arrête|laissé tomber|lâché|ne \w+ plus|n'\w+ plus|j'\w+ plus|"
    r"dejé|dejado|abandoné|ya no|"
    r"deixei|parei|larguei|já não|não \w+ mais|"
    r"smesso|mollato|non \w+ più|nn \w+ più)\b", re.I)
GAMES = {"tennis", "padel", "football", "squash", "golf", "basketball", "volleyball", "badminton", "rugby", "hockey", "chess",
         "table tennis", "handball", "baseball", "cricket", "bridge", "poker", "futsal", "guitar", "piano", "violin", "cello",
         "drums", "ukulele", "bass", "saxophone", "flute", "trumpet"}
INSTRUMENTS = {"guitar", "piano", "violin", "cello", "drums", "ukulele", "bass", "saxophone", "flute", "trumpet"}


def hobby_in(s: str) -> str | None:
    """The first hobby the concept lexicon knows in `s` (the longest name at each place: 'table tennis')."""
    return next((value for _, value in find("hobby", s)), None)


def found_given_up(s: str) -> list[Found]:
    """The hobby the user says they gave up, as a retraction (see the module docstring), or nothing."""
    near = [s[max(0, m.start() - 30):m.start()].split(",")[-1] + " " + m.group(0) + " " + " ".join(s[m.end():].split()[:4])
            for m in QUIT.finditer(s)]  # the hobby given up is next to the verb ('Larguei o jornalismo e … surf' is not)
    h = next((h for text in near if (h := hobby_in(text))), None)
    if h is None:
        return []
    verb = f"plays the {h}" if h in INSTRUMENTS else f"plays {h}" if h in GAMES else f"does {h}"
    return [("retract", verb, f"The user no longer {verb}.")]
