"""Medication: what the user takes, is prescribed or uses (a name the concept lexicon knows, or a word with a drug-name
ending), and a medication taken back ('the doctor took me off metformin'). The dose and time of day are not kept:
a retraction ('no longer takes losartan') finds the fact by the medication's name alone.
"""
from __future__ import annotations

import re

from course_lib.model.offline.lang.concepts import find

Found = tuple[str, str, str]
TAKES = re.compile(r"\b(?:i (?:take|am taking|use)|i'?m (?:taking|on)|i am on|ich nehm(?:e)?|je prends|(?:eu )?tomo|estoy tomando|"
                   r"estou (?:a )?tomando|estou a tomar|prendo|sto prendendo|ich (?:verwende|benutze|nutze)|j'utilise|(?:yo |eu )?uso|utilizo|"
                   r"i(?:'ve| have)? (?:been |was |got )?prescribed|(?:put|started|switched) me on|prescribed me|on m'a (?:prescrit|mis sous)|"
                   r"(?:me|le) (?:mand[óo]|recet[óo]|recetaron|receitou|receitaram)|mi (?:ha|hanno) (?:prescritto|dato)|"
                   r"mir wurde (?:\w+ )?verschrieben)\b([^.;!?]{0,50})", re.I)
GENERIC = ("inhaler", "an inhaler", "nasal spray", "painkillers", "antibiotics", "blood pressure medication", "the pill")
STOPPED = re.compile(r"\b(?:took me off|taken me off|stopped taking|(?:no longer|don'?t|do not) take|i'?m (?:no longer|not) on|"
                     r"nehme? (?:kein\w*|nicht mehr)|(?:hab(?:e)?|habe ich) (?:\w+ )?abgesetzt|je ne prends plus(?: de| d')?|"
                     r"j'ai arr[êe]t[ée](?: de prendre)?|ya no tomo|dej[ée] de tomar|j[áa] n[ãa]o tomo|deixei de tomar|"
                     r"non prendo più|ho smesso di prendere)\b([^.;!?]{0,40})", re.I)
DRUG = re.compile(r"\b([A-Za-z]+(?:statin|pril|olol|sartan|azole|mab|cillin|mycin|oxetine|pram|pine|thyrox(?:ine)?|formin))\b")
def medicine(text: str) -> str | None:
    """The first medication named in `text`: one the concept lexicon knows (generic or brand name, any language),
    else a word with a drug-name ending ('-statin', '-pril', '-olol', '-sartan' …)."""
    known = sorted(find("medication", text), key=lambda k: k[1] in GENERIC)  # 'el inhalador de salbutamol': salbutamol
    if known:
        return known[0][1]
    m = DRUG.search(text)
    return m.group(1).lower() if m else None


def found_medication(s: str) -> list[Found]:
    """'I take levothyroxine', 'ich nehm jeden Tag Ramipril', 'Je prends du Levothyrox' -> medication; 'the doctor
    took me off metformin', 'ho smesso di prendere la metformina' -> the medication taken back."""
    if (stop := STOPPED.search(s)) and (name := medicine(stop.group(1))):
        return [("retract", f"takes {name}", f"The user no longer takes {name}.")]
    if (take := TAKES.search(s)) and (name := medicine(take.group(1))):
        return [("medication", name, f"The user takes {name}.")]
    return []
