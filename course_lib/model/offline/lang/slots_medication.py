"""Medication: what the user takes, is prescribed or uses (a name the concept lexicon knows, or a word with a drug-name
ending), and a medication taken back ('the doctor took me off metformin'). The value is the name:
a retraction ('no longer takes losartan') finds the fact by the medication's name alone. A dose said with it goes in the
fact's text with how often ('The user takes metformin, 500 mg twice a day.'); how often without a dose, said in the
clause of the medication, goes there too ('The user takes losartan every morning.', '… salbutamol as needed.').
Verbs of taking include injecting and being put on or prescribed ('me inyecto insulina', 'der Arzt hat mir Metformin
verschrieben', "m'a mis sous"), and a medication said to be always at hand ('il ventolin sempre in borsa').
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.concepts import find, spans

Found = tuple[str, str, str]
TAKES = re.compile(r"\b(?:i (?:take|am taking|use)|i'?m (?:taking|on)|i am on|(?<=diabetic )and on|(?<=asthmatic )and on|(?:ich )?nehm(?:e)?|je prends|(?:eu )?tomo|estoy tomando|"
                   r"i (?:always )?(?:carry|have) (?:my |an? |the )?(?=\w+ inhaler|inhaler|epipen|insulin)|(?:siempre )?llevo|(?:eu )?trago sempre|porto sempre|"
                   r"je (?:porte|garde) toujours|ich habe immer|ich hab immer|"
                   r"estou (?:a )?tomando|estou a tomar|prendo|sto prendendo|ich (?:verwende|benutze|nutze)|j'utilise|(?:yo |eu )?uso|utilizo|"
                   r"i(?:'ve| have)? (?:been |was |got )?prescribed|i(?:'ve| have) been (?:put|started) on|i (?:was|got) (?:put|started) on|(?:put|started|switched) me on|prescribed me|on m'a (?:prescrit|mis sous)|"
                   r"me (?:mand[óo]|recet[óo]|recetaron|receitou|receitaram)|receit(?:ou|aram)-me|mi (?:ha|hanno) (?:prescritto|dato)|"
                   r"mir wurde (?:\w+ )?verschrieben|i (?:inject|use)|ich spritze(?: mir)?|je m'injecte|je me fais|(?:me|eu) (?:inyecto|pongo|pico|aplico|injeto)|"
                   r"(?:eu )?(?:aplico|injeto)|mi (?:inietto|faccio)|(?:me|le) (?:ha|han) puesto|me (?:puso|pusieron)|(?:m'|me )(?:a|ont) mis sous|"
                   r"(?:hat|haben) mir(?=[^.;!?]{0,40}\b(?:verschrieben|verordnet|gegeben)\b))\b([^.;!?]{0,50})", re.I)
AT_HAND = re.compile(r"^([^.;!?]{0,25}?)\s*(?:is |ist |est |[eè] |está |está )?(?:always|immer|toujours|siempre|sempre)\s+(?:with me|on me|in my (?:bag|pocket)|"
                     r"dabei|bei mir|in der tasche|sur moi|avec moi|dans (?:mon|le) sac|conmigo|encima|en el bolso|comigo|na (?:bolsa|mala)|"
                     r"con me|in borsa|in tasca|addosso)\b", re.I)  # '(il) ventolin sempre in borsa', 'das Spray ist immer dabei'
GENERIC = ("inhaler", "an inhaler", "nasal spray", "painkillers", "antibiotics", "blood pressure medication", "the pill")
STOPPED = re.compile(r"\b(?:took me off|taken me off|stopped taking|(?:no longer|don'?t|do not) take|i'?m (?:no longer|not) on|"
                     r"nehme? (?:kein\w*|nicht mehr)|(?:hab(?:e)?|habe ich) (?:\w+ )?abgesetzt|je ne prends plus(?: de| d')?|"
                     r"j'ai arr[êe]t[ée](?: de prendre)?|ya no tomo|dej[ée] de tomar|j[áa] n[ãa]o tomo|deixei de tomar|"
                     r"non prendo più|ho smesso di prendere)\b([^.;!?]{0,40})", re.I)
DRUG = re.compile(r"\b([A-Za-z]+(?:statin[ae]?|pril|olol|sartan[ae]?|azol[eo]?|mab|cillin[ae]?|m[iy]cin[ae]?|oxetin[ae]?|pram|pin[ea]|"
                  r"thyrox(?:ine)?|formin[ae]?|triptan[oe]?|prazol[eo]?|profen[oe]?))\b")  # Romance endings too: 'ciclobenzaprina', 'triptano'
HOW_OFTEN = {  # how often, as said in six languages -> as the fact says it (read only with a dose: '500mg twice a day')
    "twice a day": r"twice a day|twice daily|2x (?:a |per )?day|zweimal (?:am tag|t[äa]glich)|deux fois par jour|dos veces al d[íi]a|"
                   r"duas vezes (?:ao|por) dia|due volte al (?:giorno|d[ìi])",
    "three times a day": r"three times a day|dreimal (?:am tag|t[äa]glich)|trois fois par jour|tres veces al d[íi]a|tr[êe]s vezes ao dia|tre volte al giorno",
    "morning and evening": r"(?:in the )?morning and (?:in the |at )?(?:evening|night)|morgens und abends|(?:le )?matin et (?:le )?soir|"
                           r"(?:(?:por|en) la )?ma[ñn]ana y (?:(?:por|en) la )?noche|(?:de )?manh[ãa] e (?:[àa] |de )?noite|(?:la )?mattina e (?:la )?sera",
    "before meals": r"before (?:every |each )?meals?|vor (?:jeder|den) mahlzeit(?:en)?|vor dem essen|avant (?:chaque repas|les repas)|"
                    r"antes de (?:cada|las) comidas?|antes das refei[çc][õo]es|antes de cada refei[çc][ãa]o|prima (?:dei pasti|di ogni pasto)",
    "every morning": r"every morning|in the morning|jeden morgen|morgens|in der fr[üu]h|le matin|tous les matins|chaque matin|todas las ma[ñn]anas|"
                     r"(?:por|en) las? ma[ñn]anas?|cada ma[ñn]ana|de manh[ãa]|todas as manh[ãa]s|pela manh[ãa]|ogni mattina|la mattina|al mattino|di mattina",
    "every evening": r"every (?:evening|night)|at night|in the evening|jeden abend|abends|le soir|tous les soirs|por la noche|todas las noches|"
                     r"[àa] noite|todas as noites|la sera|ogni sera|di sera",
    "every day": r"once a day|once daily|daily|every day|einmal t[äa]glich|t[äa]glich|jeden tag|tous les jours|une fois par jour|todos los d[íi]as|"
                 r"una vez al d[íi]a|todos os dias|uma vez por dia|ogni giorno|tutti i giorni|una volta al giorno",
}
EVERY_HOURS = r"\b(?:every|alle|toutes les|cada|a cada|ogni) (\d{1,2}) (?:hours|stunden|heures|horas|ore)\b"
AS_NEEDED = (r"\b(?:as needed|when needed|if needed|when i need (?:it|them)|bei bedarf|au besoin|si besoin|en cas de besoin|si me duele|"
             r"cuando (?:lo necesito|me duele)|se precisar|quando (?:preciso|d[óo]i)|al bisogno|quando serve|se serve|"
             # taken when it gets bad: 'when it flares up', 'wenn's schlimm wird', 'quand ça me prend', 'cuando me agarra', 'quando aperta'
             r"when it (?:gets bad|flares up|kicks in)|wenn'?s? (?:es )?(?:schlimm|arg) wird|quand [çc]a (?:me prend|devient fort)|"
             r"cuando me (?:agarra|da fuerte|ataca)|quando (?:aperta|ataca))\b")


def dose(text: str, name: str) -> str:
    """', 500 mg twice a day' when a dose is said after the medication ('500mg', 'Ibuprofen 600', 'de 500'), with how
    often and 'as needed' when said; '' without a dose (a bare number after a drug name is in mg)."""
    m = rx.search(r"(?<![\d.,])(\d{1,4}(?:[.,]\d+)?)\s*(mg|mcg|µg|ug|g|ml|iu|ui|units?|unit[ée]s|unidades|einheiten)?\b(?!\s*(?:x|times|mal|fois|veces|vezes|volte|hours|stunden|heures|horas|ore|km|kg|years|jahre|ans|a[ñn]os|anos|anni)\b)", text, re.I)
    if not m or (not m.group(2) and not 5 <= float(m.group(1).replace(",", ".")) <= 2000):
        clause = rx.split(CLAUSE_END, text, maxsplit=1, flags=re.I)[0][:70]
        how = [how for how, words in HOW_OFTEN.items() if rx.search(rf"\b(?:{words})\b", clause, re.I)][:1]
        return "".join(f" {h}" for h in how + (["as needed"] if rx.search(AS_NEEDED, clause, re.I) else []))
    said = [f"{m.group(1)} {(m.group(2) or 'mg').lower()}"]
    said += [how for how, words in HOW_OFTEN.items() if rx.search(rf"\b(?:{words})\b", text, re.I)][:1]
    if (hours := rx.search(EVERY_HOURS, text, re.I)):
        said.append(f"every {hours.group(1)} hours")
    if rx.search(AS_NEEDED, text, re.I):
        said.append("as needed")
    return ", " + " ".join(said)


CLAUSE_END = (r"[.;!?]|\b(?:but|aber|mais|pero|mas|ma|because|weil|parce|porque|perch[ée])\b|"
              r"\b(?:and|und|et|y|e|so|also|donc|quindi)\s+(?:i|ich|je|j'|yo|eu|io|my|mein\w*|mon|ma|mi|meu|minha|mio)\b")


def medicine(text: str) -> str | None:
    """The first medication named in `text`: one the concept lexicon knows (generic or brand name, any language),
    else a word with a drug-name ending ('-statin', '-pril', '-olol', '-sartan' …)."""
    known = sorted(find("medication", rx.sub(r"(?<=\w)-(?=\w)", " ", text)), key=lambda k: k[1] in GENERIC)  # 'el inhalador de salbutamol': salbutamol;
    # a German compound with a hyphen names its drug first: 'ein Salbutamol-Spray' 
    if known:
        return known[0][1]
    m = DRUG.search(text)
    return m.group(1).lower() if m else None


AND = r"(?:\s*(?:,|\+|&|\band\b|\bplus\b|\bund\b|\bet\b|\by\b|\be\b)\s*(?:(?:also|auch|aussi|tambi[ée]n|tamb[ée]m|anche|du|de la|de l'|des|le|la|les|l'|el|los|las|o|os|a|as|il|lo|i|gli|den|die|das)\s+|l')?)+"


def listed(text: str, first: str) -> list[tuple[int, str]]:
    """The medications after `first` in a list said with one verb ('novorapid + lantus', 'hierro y ácido fólico',
    'Ramipril und Metformin', 'du Levothyrox et de la metformine'): (where each starts in `text`, its name)."""
    found, out = spans("medication", text), []
    words = [(m.start(), m.end()) for m in rx.finditer(r"[\w'’-]+", text)]
    for (at, n, name), (nxt, m, other) in zip(found, found[1:]):
        between = text[words[at + n - 1][1]:words[nxt][0]]
        if not rx.fullmatch(AND, between, re.I) or other in (first, *[o for _, o in out]):
            break
        out.append((words[nxt][0], other))
    return out if found and found[0][2] == first else []


def found_medication(s: str) -> list[Found]:
    """'I take levothyroxine', 'ich nehm jeden Tag Ramipril', 'Je prends du Levothyrox' -> medication; 'the doctor
    took me off metformin', 'ho smesso di prendere la metformina' -> the medication taken back."""
    if (stop := STOPPED.search(s)) and (name := medicine(stop.group(1))):
        return [("retract", f"takes {name}", f"The user no longer takes {name}.")]
    if (take := TAKES.search(s)) and (name := medicine(take.group(1))):
        before = rx.split(CLAUSE_END + r"|,", s[:take.start()], flags=re.I)[-1]  # 'la mattina prendo …': how often said first
        how = dose(s[take.start(1):], name) or dose(f"{before} {s[take.start(1):]}", name)
        more = [(f"medication:{other}", other, f"The user takes {other}{dose(s[take.start(1) + at:], other) or dose(before, other)}.")
                for at, other in listed(take.group(1), name)]
        return [("medication", name, f"The user takes {name}{how}.")] + more
    for part in rx.split(r",\s*", s):  # 'ho l'asma da sforzo, il ventolin sempre in borsa'
        if (hand := AT_HAND.search(part)) and (name := medicine(hand.group(1))):
            return [("medication", name, f"The user carries {name}.")]
    return []
