"""Hours that are not one time: two hours joined by "or", a range, or a bound ("after 8pm").

A booking needs one time. "at 7 or 8pm", "between 7 and 8pm" and "after 8pm" each leave it open, so the agent
asks (slots._time) rather than book one of the hours it read.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.amounts import SMALL_NUMBER, number
from course_lib.model.when import NOT_A_TIME

_HOUR = rf"(?:{SMALL_NUMBER})(?:[:.h]\d\d|\s*(?:am|pm|h|uhr|heures?)(?!\w))?"
OR_HOURS = re.compile(rf"(?<!\w)({_HOUR})\s+(?:or|oder|ou|o|u|oppure)\s+((?:at|um|à|las|às|as|alle|le|les)\s+)?"
                      rf"({_HOUR})", re.I)  # "at 7 or 8pm", "um 19 oder 20 Uhr", "verso le 8 o le 9 di sera"
RANGE_HOURS = re.compile(rf"\b(?:between|zwischen|entre|tra|fra|from|von|de|dalle)\s+(?:(?:las|as|le|den)\s+)?"
                         rf"({_HOUR})\s+(?:and|und|et|y|e|to|bis|à|a|às|alle)\s+((?:las|as|le|den)\s+)?({_HOUR})",
                         re.I)  # "between 7 and 8pm", "zwischen 19 und 20 Uhr", "entre 19h et 20h": no one time

OPEN_HOUR = re.compile(rf"\b(?:(?:not |no )?(?:before|after|later than|earlier than)|no later than|(?:nicht )?(?:vor|nach)|spätestens|"
                       rf"frühestens|(?:pas )?(?:avant|après)|antes de|después de|despues de|antes das|depois das|antes de|depois de|"
                       rf"prima delle|dopo le|entro le)\s+(?:(?:las|as|le|den|the)\s+)?({_HOUR})(?!\w)" + NOT_A_TIME, re.I)
NOT_OPEN = {"viertel", "dreiviertel", "quarter", "half", "halb", "minutes", "minuten"}  # 'zwanzig nach sieben' is a time


def open_hour(part: str) -> str | None:
    """A bound, not a time ("after 8pm", "vor 19 Uhr", "avant 20h", "después de las 20:00", "dopo le 20"), or None;
    "zwanzig nach sieben" and "Viertel nach acht" are times."""
    for m in OPEN_HOUR.finditer(part):
        before = rx.findall(r"[\w-]+", part[:m.start()])
        if not before or (number(before[-1]) is None and before[-1].lower() not in NOT_OPEN):
            return m.group(0)
    return None
