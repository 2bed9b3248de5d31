"""Shifts by the part of the day they cover: night shifts, the early (morning) shift, the late (evening) shift,
in six languages, with or without weekdays.

    'on night shifts at the moment', 'Nachtdienst', 'horaires de nuit', 'turno de noche', 'noites fixas', 'le notti'
        -> night shifts;   'Frühschicht', 'earlies' -> early shift;   'turno da manhã', 'poste du matin' -> morning
        shift;   'Spätschicht', 'lates' -> late shift;   'turno serale', 'poste du soir' -> evening shift;
        'turno de tarde', 'turno pomeridiano' -> afternoon shift
    with the time it starts or its span (schedules.time_of: 'ab 4:30 Uhr', 'começo às 5h45', 'dalle 21 alle 7')
    and the weekdays it is worked on (schedules.recurring_days): 'The user works night shifts from Monday to Thursday,
    from 19:30 to 8:00.'

A shift the user no longer works or worked once ('no more nights', 'letzte Woche Nachtdienst') is none: past and
negated sentences give nothing here (a retraction is read elsewhere).
"""
from __future__ import annotations

import re

from course_lib.model.amounts import number
from course_lib.model.offline.lang.schedules import PAST, recurring_days, time_of
from course_lib.model.when import WEEKDAYS

Found = tuple[str, str, str]
PARTS = (  # (English, the words of the six languages), the first said wins
    ("night", r"night[- ]?shifts?|(?<=on )nights|(?<=work )nights|(?<=do )nights|(?<=doing )nights|(?<=working )nights|(?<=is )nights|(?<=are )nights|night duty|"
              r"nachtschicht(?:en)?|nachtdienst(?:e)?|(?:poste|équipe|horaires?|garde)s? de nuit|(?:je |j['’]|j)(?:travaille|bosse|taffe) "
              r"de nuit|turnos? de (?:la )?noche|guardias? nocturnas?|turnos? (?:da|de) noite|turno noturno|plant[ãa]o noturno|"
              r"noites fixas|turn[oi] di notte|notti fisse|(?<=faccio le )notti"),  # not 'two nights' at a hotel
    ("early", r"early[- ]?shifts?|earlies|frühschicht(?:en)?|frühdienst(?:e)?"),
    ("morning", r"morning[- ]?shifts?|(?:poste|équipe)s? du matin|turnos? de (?:la )?mañana|turnos? (?:da|de) manhã|"
                r"turn[oi] (?:di|del) mattin[oa]|turno mattutino"),
    ("late", r"late[- ]?shifts?|lates|spätschicht(?:en)?|spätdienst(?:e)?"),
    ("evening", r"evening[- ]?shifts?|(?:poste|équipe)s? du soir|turn[oi] seral[ei]|turn[oi] di sera"),
    ("afternoon", r"afternoon[- ]?shifts?|turnos? de (?:la )?tarde|turnos? (?:da|de) tarde|turn[oi] pomeridian[oi]|"
                  r"(?:poste|équipe)s? de l'après-midi"),
)
WORDS = [(part, re.compile(rf"(?<![\w-])(?:{words})(?![\w-])", re.I)) for part, words in PARTS]
PER_WEEK = re.compile(r"(?<![\w:.])(\d|two|three|four|five|six|zwei|drei|vier|fünf|deux|trois|quatre|cinq|dos|tres|cuatro|cinco|duas|"
                      r"três|quatro|due|tre|quattro|cinque)\s+(?:nights|nuits|noches|noites|notti|nächte|shifts|schichten|dienste|"
                      r"gardes|turnos|turni|plantões|plantoes)\s+(?:a|per|par|por|a la|alla|à|pro|in der|na)\s+"
                      r"(?:week|semaine|semana|settimana|woche)\b", re.I)  # '3 nuits par semaine', 'cuatro noches por semana'
NEGATED = re.compile(r"\b(?:no more|not|never|any ?more|no longer|n't|nicht|kein\w*|nie|jamais|ne \w+ plus|n'\w+ plus|plus de|ya no|"
                     r"nunca|no (?:hago|trabajo|tengo|estoy)|não|nao|non|basta|used to|früher|autrefois|je faisais|solía|"
                     r"costumava|facevo)\b", re.I)  # also a shift worked once: 'I used to do nights', 'früher Nachtdienst'



def part_of(s: str) -> str | None:
    """The part of the day the shift of `s` covers, or None."""
    said = [(m.start(), part) for part, p in WORDS if (m := p.search(s))]
    return min(said)[1] if said else None


def with_shift(s: str, schedules: list[Found]) -> list[Found]:
    """The schedules read from `s`, a shift with the part of the day it covers (see the module docstring)."""
    part = part_of(s)
    if not part or PAST.search(s) or NEGATED.search(s):
        return schedules
    shifts = f"{part} shifts"
    n = PER_WEEK.search(s)
    weekly = f" {count} {'nights' if part == 'night' else 'shifts'} a week" if n and (count := number(n.group(1))) else ""
    if any("works shifts" in f for _, _, f in schedules):
        return [(k, v.replace("shifts", shifts, 1) + (f",{weekly}" if "week" not in v and weekly else ""),
                 f.replace("works shifts", f"works {shifts}")[:-1] + (f",{weekly}." if "week" not in f and weekly else "."))
                if k == "schedule" else (k, v, f) for k, v, f in schedules]
    if any(k == "schedule" for k, _, _ in schedules):
        return schedules
    days, time = recurring_days(s), time_of(s)
    when = ""
    if days:
        names = [WEEKDAYS[d] for d in days[0]]
        when = f" from {names[0]} to {names[-1]}" if days[1] else " every " + (
            names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])
    when = when or weekly
    said = time.replace(" at ", ", starting at ") if time.startswith(" at ") else (f",{time}" if when and time else time)
    return schedules + [("schedule", f"{shifts}{when}{time}", f"The user works {shifts}{when}{said}.")]
