"""The language layer end to end: a user message -> sentences -> language, who, kind -> slots -> facts.

    for each sentence:  lang = lexicon.detect   who = who.who   kind = kinds.classify (+ hard cues)
                        facts = the slot readers (people, health, life, plans), corrections against the context
    keep the facts of a statement about the user; drop questions, small talk, instructions, secrets, deletion
    requests and someone else's facts (but keep the names of the user's family: "my wife's name is Ana").

Every decision is kept with its reason in a Reading, so `explain` can show what each layer decided and why.
A statement-like sentence (kind fact, preference, plan, correction or retraction) from which nothing is read is
marked not understood: the stand-in says so instead of storing a guess.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from course_lib.model import rx
from course_lib.model.offline.lang import kinds as kinds_mod
from course_lib.model.offline.lang.kinds import ASKS_BACK
from course_lib.model.offline.lang.clauses import BOUNDARY as CLAUSE_BOUNDARY, FIRST_PERSON, clauses, credited
from course_lib.model.offline.lang.concepts import canon
from course_lib.model.offline.lang.corrections import CUE, DROP_DAY, budget_number, but_instead, correct, dropped_day, instead, looks_like_correction, restated
from course_lib.model.offline.lang.names_said import drop_bare_intro
from course_lib.model.offline.lang.normalise import normalise, texting
from course_lib.model.offline.lang.pets_named import renamed_pet
from course_lib.model.offline.lang.retractions import said_no_more, tastes_fixed
from course_lib.model.offline.lang.diet_dropped import dropped_diets
from course_lib.model.offline.lang.lexicon import CUE_RES, HEDGE, detect
from course_lib.model.offline.lang.money import with_money
from course_lib.model.offline.lang.slots_health import read_health
from course_lib.model.offline.lang.slots_intro import read_intro
from course_lib.model.offline.lang.slots_pastimes import read_pastimes
from course_lib.model.offline.lang.slots_life import read_life
from course_lib.model.offline.lang.slots_open import read_open
from course_lib.model.offline.lang.slots_people import own_birthday_after, read_people
from course_lib.model.offline.lang.slots_plans import read_events, read_plans, with_plans
from course_lib.model.offline.lang.split import split
from course_lib.model.offline.lang.values import settle_all
from course_lib.model.offline.lang.who import who
from course_lib.model.offline.lang.home_towns import homes_in_passing

Found = tuple[str, str, str]
TAG = re.compile(r",?\s*(?:(?:can|could|would|will) you (?:please )?(?:keep|remember|note|save|store|write|bear|jot)\b[^,?]*|"
                 r"(?:kannst du|könntest du|können sie) (?:dir |sich )?(?:das |es )?(?:bitte )?(?:merken|notieren|aufschreiben|speichern)|"
                 r"(?:tu peux|pourrais-tu|vous pouvez|pouvez-vous|peux-tu) (?:le |t'en |vous en )?(?:noter|retenir|garder|enregistrer)|(?:tu peux|peux-tu|pourrais-tu|tu pourras|tu pourrais) me (?:le |la )?rappeler[^,?]*|remind me (?:closer|nearer|about it|the day before|beforehand)[^,?]*|"
                 r"(?:puedes|podr[íi]as|puede) (?:apuntarlo|anotarlo|recordarlo|guardarlo|tenerlo en cuenta)|me lo recuerdas|"
                 r"(?:podes|pode|voc[êe] pode|consegues) (?:anotar|lembrar|guardar)(?: isso)?|"
                 r"(?:puoi|potresti|può) (?:segnarlo|segnartelo|ricordarlo|ricordartelo|annotarlo|salvarlo)|"
                 r"(?:ok|okay|right|alright|got it|yeah|ja|oder|d'accord|vale|né|ok)\s*)\?\s*$", re.I)
NEG_TAG = re.compile(r",?\s*\b(?:no|non|nicht|nich|ne|hein|vero|verdad|n[ãa]o|innit|n'est-ce pas)\s*\?\s*$", re.I)  # a tag, not a question
OWN = re.compile(r"(?:^|\s)(?:i'm|i am|i (?:have|take|eat|don't|do|can't)|je|j'|j’|soy|estoy|tengo|sou|estou|tenho|sono|ho|ich|bin|hab|habe)\b", re.I)
ASKS_TO_CHANGE = re.compile(r"\b(?:bump|raise|lower|change|set|increase|reduce|move)\b[^?]*\bto\b", re.I)
HYPOTHETICAL = re.compile(  # a condition or supposition: what follows it is not stated as true
    r"\b(?:if (?:i|we) (?:were|was|had|moved|lived|became|went|ate|stopped|started|got|did|could|didn'?t|weren'?t|wasn'?t)|"
    r"what if|suppose|supposing|imagine|hypothetically|let'?s pretend|pretend (?:that )?(?:i|we)|in a parallel universe|"
    r"wenn ich (?:\w+ ){0,4}?(?:wäre|hätte|würde|wohnte|lebte)|^\W*(?:wäre|hätte|würde) ich|were i|had i|falls ich (?:\w+ ){0,4}?(?:wäre|hätte)|angenommen|stell dir vor|"
    r"si j'(?:étais|avais)|si je (?:vivais|devenais|mangeais|pouvais|déménageais|n'étais)|imaginons|supposons|imagine que|"
    r"si (?:yo )?(?:fuera|fuese|tuviera|viviera|comiera|pudiera|no fuera)|supongamos|imagina que|"
    r"se eu (?:fosse|tivesse|morasse|vivesse|comesse|pudesse|não fosse)|suponhamos|"
    r"se (?:io )?(?:fossi|avessi|vivessi|abitassi|mangiassi|potessi|non fossi)|immagina che|supponiamo)\b", re.I)
PAST = re.compile(  # a state that was true once: what it states is not stored, unless 'now …' follows with the new one
    r"\b(?:i |we )?used to\b|\bformerly\b|\bback then\b|\bfrüher\b|\bdamals\b|\b(?:ich )?war (?:ich )?(?:mal|früher)\b|"
    r"\bavant,? j'[ée]tais\b|\bj'[ée]tais (?:\w+ ){0,3}?avant\b|\bautrefois\b|\b[àa] l'[ée]poque\b|"
    r"\bantes (?:yo )?(?:era|com[íi]a|viv[íi]a|trabajaba)\b|\bsol[íi]a\b|\bantes (?:eu )?(?:era|comia|morava|trabalhava)\b|"
    r"\bcostumava\b|\bantigamente\b|\b(?:prima|una volta|un tempo) (?:io )?(?:ero|mangiavo|vivevo|abitavo|lavoravo)\b", re.I)
STATES = ("diet", "job", "home city", "condition", "intolerance", "allergy", "medication", "hobby", "language", "vehicle",
          "preference", "mobility")  # the slots a past state ('I used to be vegan') speaks of
NOW = re.compile(r"\b(?:now|nowadays|these days|jetzt|heute|mittlerweile|inzwischen|maintenant|d[ée]sormais|aujourd'hui|"
                 r"ahora|agora|hoje|adesso|ora|oggi)\b", re.I)
NOT_FORGETTING = re.compile(  # "before I forget", "I forgot to say", "dimenticavo": nobody is asked to forget anything
    r"\b(?:before i|in case i|lest i|don'?t|do not|never|not) (?:forget|delete)\b|\b(?:i )?forgot to (?:say|mention|tell)|"
    r"\bdimenticavo\b|\bj'(?:allais|ai) oubli[ée] de (?:dire|pr[ée]ciser|mentionner)|\bj'oubliais\b|"
    r"\bse me olvid[óo] (?:decir|decirte|mencionar)|\bolvid[ée] (?:decir|decirte|mencionar)|"
    r"\besqueci(?:-me)? de (?:dizer|falar|mencionar)|\b(?:fast )?vergessen(?: zu (?:sagen|erwähnen))?\b|"
    # the user's own forgetting ('I always forget', 'que j'oublie', 'se me olvida', 'mi dimentico'): no request to forget
    r"\bi (?:always |often |keep |sometimes )?(?:forget|forgot)\b|\b(?:que |qu'|si |quand )?j['’]?oubli\w*|\b(?:jamais|pas|ne pas) (?:l['’]|les? |la )?oublier\b|"
    r"\bse me olvid\w*|\b(?:me |siempre |nunca )olvido\b|\b(?:no|nunca) (?:hay que |debo |puedo )?(?:olvidarl\w*|olvidar)\b|"
    r"\bme esque[çc]\w*|\b(?:eu )?esque[çc]o\b|\bn[ãa]o (?:posso |devo )?(?:esquecer|me esquecer)\b|"
    r"\bmi dimentic\w*|\bdimentico\b|\bnon (?:devo |posso )?dimenticar\w*|\bich vergess\w*|\bvergess(?:e)? ich\b", re.I)
SAID_BY_OTHERS = ("relative:", "pet:", "birthday:", "nickname")  # the family's names, what others call the user: kept from others' clauses
QUOTED = re.compile(r"\"[^\"]+\"|“[^”]+”|„[^“”]+[“”]|«[^»]+»|‘[^’]+’(?!\w)")
DROP = {"question": "a question states nothing", "smalltalk": "small talk", "instruction": "an instruction to the assistant, "
        "not a fact about the user", "secret": "a secret is never stored", "deletion": "a request to forget (the agent acts on it)"}


@dataclass
class Reading:
    """What the layer made of one sentence, and why."""

    sentence: str
    lang: str
    who: str
    kind: str
    p: float
    top: list[tuple[str, float]]
    found: list[Found] = field(default_factory=list)
    kept: list[Found] = field(default_factory=list)
    confidence: float = 0.9
    why: str = ""
    refused: list[str] = field(default_factory=list)  # values the guard turned down (values.py), with why

    @property
    def not_understood(self) -> bool:
        """A statement about the user from which no fact could be read, or whose every value was refused."""
        if self.kept or any(r.endswith("not of the user") for r in self.refused):
            return False  # "Ana's vegan btw, I'm not": understood, and about Ana
        if self.who == "self" and looks_like_correction(self.sentence):
            return True  # 'nein, Graz' with nothing before it to correct: said, so the writer can read it after memory
        return (self.kind in kinds_mod.STATEMENTS and self.who == "self" and
                not self.why.startswith(("hedged", "hypothetical"))) or bool(self.refused)


def hard_kind(sentence: str, kind: str, p: float) -> tuple[str, float, str]:
    """Cues that overrule the classifier: a question mark, a secret, 'SYSTEM:'."""
    from course_lib.model.redact import redact_secrets

    if rx.match(r"^\s*(?:system|developer|assistant)\s*:", sentence, re.I):
        return "instruction", 1.0, "starts with a role name"
    if redact_secrets(sentence)[1]:
        return "secret", 1.0, "the redaction rules found a secret"
    if sentence.rstrip().endswith("?") and TAG.search(sentence) and TAG.sub("", sentence).strip(" ,.") and \
            not TAG.sub("", sentence).rstrip().endswith("?"):
        return (kind if kind != "question" else "fact"), p, ""  # '…, flight AC 871, can you keep that handy?'
    if (tag := NEG_TAG.search(sentence)) and "¿" not in sentence and (rest := sentence[:tag.start()]).strip(" ,") and \
            not rest.rstrip().endswith("?") and OWN.search(rest):  # 'soy alérgica a los sulfitos, irónico no?'
        return (kind if kind != "question" else "fact"), p, ""
    if ASKS_BACK.search(sentence):
        return "question", 1.0, "asks to be told a value back ('remind me what time …'), a question without its mark"
    if sentence.rstrip().endswith("?") and not ASKS_TO_CHANGE.search(sentence):
        return "question", 1.0, "ends with a question mark"
    return kind, p, ""


def hedged(sentence: str, found: list[Found]) -> re.Match[str] | None:
    """The hedge word that qualifies what was read, if any. A hedge in a later clause that says something of its own
    qualifies that clause only: 'Let's say 50 euro each, maybe a bit more for one night' and 'I live in Porto, but
    I might move next year' are sure; 'maybe 70 eur' and "I'm allergic to nuts, I think" are not."""
    for m in HEDGE.finditer(sentence):
        clause_start = max(sentence.rfind(c, 0, m.start()) for c in ",;—–")
        head = sentence[:clause_start] if clause_start > 0 else ""
        rest = rx.split(r"[,;—–]", sentence[m.end():])[0]
        says_more = len((sentence[clause_start + 1:m.start()] + rest).split()) >= 3  # not just ', I think'
        if not (head and says_more and found and all(said_in(head, f) for f in found)):
            return m
    return None


def said_in(text: str, f: Found) -> bool:
    """Is the value of `f` (or its number) written in `text`?"""
    number = rx.search(r"\d+", f[1])
    return bool(number and number.group(0) in rx.sub(r"(?<=\d)[,.' ](?=\d{3})", "", text)) or f[1].lower() in text.lower()


def now_part(clause: str) -> str:
    """What a clause says is true now: all of it, or after a past state only what follows 'now' ('I used to be vegan
    now I'm vegetarian' -> "now I'm vegetarian"; 'Früher war ich vegan' -> '')."""
    if not (past := PAST.search(clause)):
        return clause
    now = NOW.search(clause, past.end())
    return clause[now.start():] if now else ""


def readers(sentence: str, lang: str) -> list[Found]:
    """What the people, health, life and open-slot readers find in one sentence (the lexicon's languages and
    hobbies only where the open-slot readers found not that language, or no hobby)."""
    found = read_people(sentence, lang) + read_health(sentence) + read_life(sentence) + read_open(sentence) + read_intro(sentence)
    names = {v.lower() for s, v, _ in found if s in ("name", "nickname")}
    found = [f for f in found if not (f[0] == "job" and f[1].lower() in names)]  # 'Je suis Olivier': a name ends like a job
    return found + [f for f in read_pastimes(sentence) if not any(
        g[0].startswith("hobby") and f[0].startswith("hobby") or g[0].startswith("language") and
        (canon("language", level := rx.sub(r" \((?:basic|learning)\)$", "", g[1])) or level) == f[1] for g in found)]


def slots(sentence: str, lang: str, context: list[Found]) -> tuple[list[Found], list[str]]:
    """Every (slot, value, fact) the readers find in one sentence, one fact per slot, in canonical form; and why
    each value the guard refused was refused (values.settle_all)."""
    said, sentence = sentence, normalise(sentence, lang)
    found = [f for f in readers(sentence, lang) if not (f[0] in ("name", "nickname") and CUE.fullmatch(f[1]))]  # 'Corrijo, 11.000'
    parts = clauses(sentence)
    own = ", ".join(text for text, whom in parts if whom in ("self", "agent"))
    if own and any(whom in ("other", "reported") for _, whom in parts):  # 'I'm vegan and my husband is vegetarian': read the user's clauses
        found = [f for f in found if f[0].startswith(SAID_BY_OTHERS)] + \
            [f for f in readers(own, lang) if not f[0].startswith(SAID_BY_OTHERS)]
    if (now := but_instead(sentence)) and now != sentence:  # 'nicht mehr bei der Bank, sondern als Lehrerin'
        said_now = [f for f in readers(now, lang) if f[0] != "retract"]  # replaces what was read of the negated part
        found = [f for f in found if f[0] not in [g[0] for g in said_now]] + said_now
    if not any(c[0] == "home city" for c in context):  # where one works is the home only while no home was said
        found += homes_in_passing(sentence, own, lang, found)  # 'je travaille à Nantes', 'soy de Cádiz' (lang/home_towns.py)
    if not any(f[0].startswith("pet:") for f in found):  # 'Bello heißt jetzt Balu': a pet said before, renamed
        found += renamed_pet(sentence, context)
    found = dropped_diets(said, found + instead(sentence, found))  # 'desisti de ser vegana' (lang/diet_dropped.py)
    events = read_events(said, lang, context, found)  # events and their corrections (lang/events.py), before a number's
    if not [f for f in found + events if f[0] != "retract"]:
        found += [f for f in (said_no_more(sentence, context) or dropped_day(sentence, context) or correct(sentence, context) or budget_number(sentence, context) or restated(said, context)
                              or own_birthday_after(sentence, lang, context))
                  if not (f[0] in ("home city", "trip") and canon("language", f[1]))]  # 'sorry, my English is …' names no city
    found += [f for f in tastes_fixed(sentence, context) if f[0] == "retract" and f not in found]  # 'le céleri ça va, c'est le fenouil …'
    last = next((v for s, v, _ in reversed(context) if s.startswith("relative:")), "someone")
    found = with_money(with_plans(found, events, read_plans(sentence, last, context), said), said, lang, context)
    found += [f for f in instead(sentence, found) if f not in found]  # 'not guitar any more, just the ukulele'
    out = [f for i, f in enumerate(found) if f[0] == "retract" or f[0] not in [g[0] for g in found[:i]]]  # one fact per slot
    others = [f for f in out if not f[0].startswith(SAID_BY_OTHERS) and not credited(sentence, f[1])]
    out, refused = settle_all([f for f in out if f not in others])
    if any(f[0] == "job" for f in out):  # 'ya no trabajo de camarero, ahora soy conductor': the new job replaces it
        out = [f for f in out if not (f[0] == "retract" and canon("job", f[1]))]
    if any(f[0] == "home city" for f in out):  # 'não moramos mais em BH, agora é Curitiba': the new home replaces it
        out = [f for f in out if not (f[0] == "retract" and f[1].startswith("lives in "))]
    refused += [f"'{v}' is said of someone else (clauses.py), not of the user" for _, v, _ in others]
    if any(s == "retract" and v == f"allergic to {o[1]}" for s, v, _ in out for o in out):  # said and taken back at once
        out = [f for f in out if not any(f[1] == s[1][12:] for s in out if s[0] == "retract")]
    return out, refused


def unquoted(sentence: str) -> str:
    """The sentence without what it quotes ('My colleague said "I'm vegan now".' -> 'My colleague said .'): quoted
    words are someone's speech, not the user's statement. A sentence that is all quote is kept as it is."""
    rest = QUOTED.sub(" … ", sentence)
    return rest if len(rx.findall(r"\w+", rest)) >= 2 else sentence


def read_sentence(sentence: str, context: list[Found]) -> Reading:
    """One sentence through every layer."""
    said, sentence = sentence, texting(sentence)  # the reading keeps what was typed (said)
    lang = detect(sentence)
    kind, p, top = kinds_mod.classify(sentence)
    kind, p, cue = hard_kind(sentence, kind, p)
    told = TAG.sub("", sentence).strip(" ,") if sentence.rstrip().endswith("?") else ""  # '…, can you note that?'
    own = unquoted(told if told and kind != "question" else sentence)
    r = Reading(said, lang, who(own), kind, p, top)
    if r.who == "other" and not rx.search(r"[\"“”„«»:]", own) and \
            any(whom == "self" and FIRST_PERSON.match(rx.sub(r"^\W*(?:but|and|aber|und|mais|et|pero|y|mas|e|ma)\s+", "", text, flags=re.I))
                for text, whom in clauses(own)):
        r.who = "self"  # 'Lucia è vegana, io invece mangio tutto': the slots come from the user's clause (slots())
    r.found, r.refused = slots(own, lang, context)
    if (h := HYPOTHETICAL.search(own)) and r.found:  # 'If I were vegan …': only what was said before the condition stands
        head = own[:h.start()]
        r.found = [f for f in r.found if head.strip() and said_in(head, f)]
        if not r.found:
            r.why = f"hypothetical ('{h.group(0)}'): nothing in it is stated as true"
            return r
    if (past := PAST.search(own)) and r.found and all(f[0].split(":")[0] in STATES for f in r.found) and \
            not all(f[0] == "job" and f[1].startswith("retired ") for f in r.found):  # 'retired, I used to be a postman': true now
        rest = " ".join(now_part(part) for part in CLAUSE_BOUNDARY.split(own) if part)  # the past holds in its clause only
        r.found = slots(rest, lang, context)[0] if rx.search(r"\w", rest) else []
        if not r.found:
            r.why = f"a past state ('{past.group(0)}'): nothing in it is true now"
            return r
    if kind == "deletion" and r.found and DROP_DAY.search(sentence):
        kind = r.kind = "correction"  # 'forget Monday, I can't make it': a planned day dropped, nothing to forget
    if kind == "deletion" and NOT_FORGETTING.search(sentence):
        kind = r.kind = "fact"  # "before I forget: my budget is 40 EUR" asks nobody to forget anything
    if kind == "deletion" and r.found:  # "forget that I'm allergic to nuts": it takes the fact back
        r.kept = [("retract", (f"allergic to {v}" if s.startswith("allergy:") else v), f"The user is no longer "
                   f"{'allergic to ' + v if s.startswith('allergy:') else v}.") for s, v, _ in r.found if s.startswith(("allergy:", "diet"))]
        r.why = DROP[kind] + ("; what it names is taken back" if r.kept else "")
        return r
    if kind == "question" and not cue and r.found and r.who == "self" and ASKS_TO_CHANGE.search(sentence):
        kind = r.kind = "correction"  # 'can we bump the dinner budget to 60 euros a person?' gives the new value
        r.why = "a request to change a value states the new one; "
    if kind in DROP and (cue or not (r.found and r.who == "self")
                         or (kind == "secret" and CUE_RES["secret"].search(sentence))):
        r.why = DROP[kind] + (f" ({cue})" if cue else "")
        return r
    if kind in DROP:
        r.why = f"classified {kind} ({p:.2f}) but the slot readers found a statement about the user; "
        kind = r.kind = "fact"
    hedge = hedged(sentence, r.found)
    if r.who != "self":
        r.kept = [f for f in r.found if f[0].startswith(("relative:", "pet:", "birthday:"))  # the family's names, birthdays
                  and f[0] != "birthday:someone" or f[0] == "retract" and f[1].startswith("has a ") and " called " in f[1]]  # 'Rex died'
        r.why = "about someone else" + ("; kept the name of the user's relative" if r.kept else "")
        if r.kept and hedge:  # 'my partner Jonas might be coming along': nothing sure enough to keep
            r.confidence, r.why = 0.5, r.why + f"; hedged ('{hedge.group(0)}'): stored only past a gate below 0.5"
        return r
    r.kept = r.found
    if hedge:
        r.confidence, r.why = 0.5, f"hedged ('{hedge.group(0)}'): stored only past a gate below 0.5"
    elif r.kept:
        r.why += f"{kind} about the user"
    else:
        r.why = "nothing the slot readers know"
    return r


def read_message(text: str, context: list[Found] | None = None) -> list[Reading]:
    """Every sentence of one user message; `context` (the facts read earlier in the conversation) grows as it goes."""
    context = context if context is not None else []
    out, parts = [], split(text)
    for sentence in parts:
        r = read_sentence(sentence, context)
        drop_bare_intro(r, parts)
        context += r.kept
        out.append(r)
    return out


def is_statement_like(text: str) -> bool:
    """Does a message look like it tells something (not a question, greeting or bare thanks)?"""
    t = text.strip()
    return bool(t) and not t.endswith("?") and not CUE_RES["greeting"].match(t) and len(t.split()) >= 2
