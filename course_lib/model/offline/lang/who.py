"""Who a sentence is about: the speaker ("self"), someone else ("other"), or the assistant ("agent").

"My sister is vegetarian" is about the sister, not the user: a sentence whose grammatical subject is a relative,
a friend, a named person or "she"/"he"/"they" (and not "I", "we", "my …'s name is") is someone else's. The relatives' names the user
gives ("my wife's name is Ana", "my brother Tomás is coming") are still facts about the user's family.
"""
from __future__ import annotations

import re

from course_lib.model import rx
from course_lib.model.offline.lang.lexicon import PLURAL_RELATIVES, POSSESSIVE, RELATIVES, SELF, alternation

REL = alternation(RELATIVES) + "|" + PLURAL_RELATIVES
THIRD = re.compile(rf"^\W*(?:(?:and|but|also|oh|well|so|und|aber|et|mais|y|pero|e|mas|ma|ojo(?: que)?|oye|mira|olha(?: que)?|guarda(?: che)?|"
                   rf"attenzione|achtung|btw|fyi|heads up|by the way|au fait|por cierto|aliás|tra l'altro|übrigens)\W+)?{POSSESSIVE}\s+(?:\w+\s+)?(?:{REL})(?:'s)?\b(?!'s name|'s called|'s named|\s+(?:called|named|is called|is named|"
                   rf"hei(?:ß|ss)t|s'appelle|se llama|chama-se|si chiama|are called|are named|hei(?:ß|ss)en|s'appellent|se llaman|chamam-se|si chiamano|"
                   rf"call me|nennen mich|sagen \w+ zu mir|m'appellent|me llaman|me dicen|me chamam|mi chiamano|"
                   rf"(?:are|sind|sont|son|s[ãa]o|sono)\s+(?:(?:o|a|el|la|il|lo|l')\s*)?(?-i:[A-ZÀ-Ý])))", re.I)  # 'my kids are Ava and Leo': names
NAMED = re.compile(r"^(?:(?i:a|o|la|il|lo|el|l')\s*)?(?-i:[A-ZÀ-Ý][a-zà-ÿ-]+)(?:['’]s(?! (?:name|called|named))\b|\s+(?:is|was|has|lives|thinks|says|eats|works|loves|hates|suffers|leidet|souffre|sufre|sofre|soffre|ist|hat|wohnt|isst|arbeitet|est|a(?= (?:un|une|des|deux|trois|\d))|habite|es|est[áa]|"
                   r"tiene|vive|é|t[áa]|tem|mora|è|sta|ha|abita)\b)")  # 'A Fernanda tá grávida', 'Der Peter ist Vegetarier' 
# Spanish 'He dejado de comer carne', 'He vivido en Madrid' are the first person of 'haber', not English 'he'
PRONOUN = re.compile(r"^\W*(?:(?:and|but|also|oh|well|so)\W+)?(?:she|he(?!\s+(?:\w+(?:ado|ido|cho|sto|uelto|ierto|rito)|sido|estado)\b)|they|she'?s|he'?s|they'?re|theyre|she'?d|he'?d|"
                     r"sie (?:ist|hat|wohnt|isst)|er (?:ist|hat|wohnt|isst)|elle|ils|elles|ella|él|ellos|ellas|ela|ele|eles|elas|lei|lui)\b", re.I)
REPORTED = re.compile(  # 'The waiter said …', 'Tom told me …': someone else's words, reported
    r"^\W*(?:(?:the|a|an|my|our|his|her|their|this|that)\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:said|says|told|tells|thinks|thought|reckons|"
    r"mentioned|claims|claimed|asked|sagt|sagte|meint|meinte|dit|a dit|pense|dice|dijo|piensa|diz|disse|acha|dice|ha detto|pensa)\b", re.I)
WITH_ME = re.compile(r"^\W*(?:(?:\w+\W+){0,3}(?:and|und|et|y|e)\s+(?:i|ich|moi|yo|eu|io)\b(?!\s+(?:am|was)\b\s+not)|"
                     r"(?:me|ich|moi|yo|eu|io)\s+(?:and|und|et|y|e)\s+)", re.I)  # 'my wife and I', 'eu e a minha mulher'
LEAD_IN_SELF = re.compile(r"^\W*(?:i|i'm|we|ich|wir|je|j'|yo|eu|io|my|mein\w*|mon|ma|mes|mi|mis|meu|minha|mio|mia)\b", re.I)
MINE = re.compile(  # 'Pizza is my favourite food', 'Hiking is my thing', 'la paella es mi plato favorito': the predicate makes it the user's
    r"\b(?:is|are|ist|sind|est|c'est|es|son|[ée]|s[ãa]o|[èe]|xe)\s+(?:\w+\s+)?(?:my|mein\w*|mon|ma|mi|il mio|la mia|a minha|o meu|minha|meu)\s+"
    r"(?:\w+\s+)?(?:favou?rite|fave|lieblings\w*|thing|jam|truc|pr[ée]f[ée]r[ée]e?|favorit[oa]|preferit[oa]|preferid[oa]|praia|ding)\b|"
    r"\bes lo m[íi]o\b", re.I)
# Someone named, doing something: a capitalised word (after an article: 'o Davi', 'la Giulia', 'der Lukas') and a
# third-person verb among the commonest of each language ('Pierre travaille comme infirmier', 'o Davi foi
# diagnosticado com asma', 'Tom plays the drums'). Read only where no first-person word says the speaker is in it.
SOMEONE = re.compile(
    r"^\W*(?:(?i:a|o|la|il|lo|el|l'|der|die|den|le)\s*)?(?-i:[A-ZÀ-Ý][a-zà-ÿ-]+)\s+(?:"
    r"(?:work|live|play|eat|love|like|hate|need|want|go|studie|drink|take|get|doe)s?|goes|doesn't|did|didn't|can't|won't|will|got|had|"  # en
    r"arbeitet|studiert|spielt|macht|kann|mag|muss|war|wurde|trinkt|fährt|kommt|bekommt|"  # de
    r"travaille|[ée]tudie|joue|va|vient|mange|aime|boit|prend|peut|doit|était|ne|n'\w+|"  # fr
    r"trabaja|estudia|juega|hace|bebe|fue|era|va|puede|no (?:come|es|est[áa]|tiene|puede|bebe|vive|trabaja)|"  # es
    r"trabalha|estuda|joga|faz|bebe|foi|era|vai|pode|n[ãa]o|"  # pt
    r"lavora|studia|gioca|fa|mangia|beve|[èe] stat[oa]|era|va|pu[òo]|non)\b")
DONE_TO_ME = re.compile(  # 'they diagnosed me with …', 'she put me on insulin', 'ils m'ont diagnostiqué …': the user's fact
    r"^\W*(?:\w+\W+){0,3}?(?:(?:diagnosed|prescribed|put|started|switched|found)\s+me\b|(?:me|m')\s*(?:ont|a|han|ha|hanno)?\s*"
    r"(?:diagnostiqu\w*|prescrit|diagnosticad\w*|diagnosticaron|recetad\w*|recetaron|receitaram|diagnosticat\w*|prescritto|"
    r"mis sous|puesto|pusieron|puso|dato|messo|dado|receitou|receitado))|"
    r"^\W*(?:\w+\W+){0,3}?(?:hat|haben) mir\b[^.;!?]{0,40}\b(?:verschrieben|verordnet|gegeben|diagnostiziert)\b", re.I)  # 'Der Arzt hat mir X verschrieben'
OF_SOMEONE = re.compile(  # 'La hermana de mi novio es vegana', "La maman d'une copine de Lou est végane", 'the mother of my friend is …'
    r"^\W*(?:(?:and|but|und|aber|et|mais|y|pero|e|mas|ma|btw|also)\W+)?(?:the|la|le|el|il|lo|a|o|der|die|das|l['’])\s*"
    rf"(?:{REL}|friend|amig[oa]|amie?|copine?|freund\w*|colleague|coll[èe]gue|colega|collega|kolleg\w*|vecin[oa]|voisine?|vizinh[oa]|"
    r"vicin[oa]|nachbar\w*|maman|mamma|mam[áã]|m[ãa]e|mum|mom|papa|pap[áà]|pai|mother|father|sister|brother|son|daughter)\s+"
    r"(?:of|de|di|do|da|dos|das|del|della|dello|dei|delle|von|vom|des|du|d['’])\s*[^,.;!?:]{0,30}?"
    r"(?<!\bme )(?<!\bmi )(?<!\bmir )(?<!m['’])\b(?:is|was|has|es|est|era|é|tá|è|ist|hat|tiene|tem|ha|sont|son|são|sono|sind|are|war)\s", re.I)
AGENT = re.compile(r"^\W*(?:you|you're|your|du|dir|tu|t'|vous|t[úu]|usted|voc[êe]|tu)\b", re.I)
NOT_NAMES = {"And", "But", "So", "Also", "Oh", "Well", "Yes", "No", "Then", "Now", "Please", "Just", "Actually", "Anyway",
             "Big", "Quick", "Before", "After", "Booked", "Still", "Ok", "Okay", "Und", "Aber", "Et", "Mais", "Y", "Pero", "E", "Mas", "Ma",
             "It", "This", "That", "There", "Here", "What", "Who", "Mine", "Everyone", "Nobody", "Today", "Dinner", "Budget", "Name",
             "Tomorrow", "Lunch", "Sorry", "Let", "Dinner", "Breakfast", "Food", "Everything", "Nothing", "Home", "Which", "Where", "Es", "Das", "Il", "Elle", "Ce", "On", "Esto", "Isso", "Questo", "Está",
             "Aqui", "Aquí", "Ici", "Hier", "Qui"}  # 'Aqui é o Jurandir': 'here is', the speaker introducing themselves


def food_first(s: str) -> bool:
    """Does a German sentence open with a food the concept lexicon knows ('Sellerie ist …', 'Erdnüsse sind …')? German
    writes its nouns with a capital, so the food reads like a name; English 'Ginger is vegan' stays someone's."""
    from course_lib.model.offline.lang.concepts import find

    words = s.split()
    return len(words) > 1 and words[1].lower() in ("ist", "sind", "war", "waren", "geht", "gehen", "macht", "machen") and \
        any(at == 0 for at, _ in find("food", words[0], typos=False))


def who(sentence: str) -> str:
    """'self', 'other' or 'agent' for one sentence."""
    s = sentence.strip()
    lead, colon, rest = s.partition(":")  # 'Jetzt ist es offiziell: ich bin schwanger': a lead-in, then the speaker
    if colon and len(lead.split()) <= 5 and not REPORTED.search(lead) and LEAD_IN_SELF.match(rest):
        return who(rest)
    if WITH_ME.match(s):  # 'My wife and I are travelling …', 'io e mia moglie': the user is one of the subjects
        return "self"
    third = THIRD.search(s)
    if third and rx.search(r"\bson$", third.group(0), re.I) and not rx.match(r"^\W*(?:\w+\W+)?(?:my|our)\b", third.group(0), re.I):
        third = None  # 'Mis turnos son de noche', 'mes horaires son…': the Spanish verb, not an English son
    if third or ((PRONOUN.search(s) or OF_SOMEONE.search(s)) and not DONE_TO_ME.search(s)):
        return "other"
    if (m := REPORTED.search(s)) and not SELF.match(s) and not rx.match(r"^\W*(?:i|we|ich|wir|je|j'|yo|eu|io)\b", s, re.I) \
            and not rx.match(r"\W*(?:me\W+)?(?:that\W+)?(?:i|i'm|i've|my|ich|je|j'|yo|eu|io)\b", s[m.end():], re.I):  # 'the doctor said I have asthma
        return "other"
    m = NAMED.search(s)
    if m and rx.sub(r"['’]s$", "", s.split()[0]) not in NOT_NAMES and not SELF.match(s) and not (MINE.search(s) and "'s" not in m.group(0)) \
            and not food_first(s) and not __import__("course_lib.model.offline.lang.event_words", fromlist=["_"]).event_first(s):  # 'Sellerie ist kein Problem mehr', 'Tierarzt ist am 3. Mai': a German noun
        return "other"
    m = SOMEONE.search(s)
    if m and rx.sub(r"['’]s$", "", s.split()[0]) not in NOT_NAMES and not SELF.search(s):
        return "other"
    if AGENT.search(s) and not SELF.search(s.split(" ", 1)[-1]) and not rx.search(r"\bm['’]\w", s):  # "tu peux m'appeler Max"
        return "agent"
    return "self"
