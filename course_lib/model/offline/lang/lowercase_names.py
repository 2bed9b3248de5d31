"""A name typed without its capital in an introduction ('hey, ich bin lena, studiere jura', 'hola soy lucas, de Madrid',
'ich heiße jonas'): read only where a name is near certain, never a state, job, diet or nationality."""
from __future__ import annotations

import re

from course_lib.model.offline.lang.concepts import canon
from course_lib.model.offline.lang.lexicon import DIET_WORDS, FAITHS, NATIONALITIES

JOBLIKE = r"\w+(?:ero|era|eiro|eira|ista|ico|ica|ore|ora|trice|iere|iera|eur|euse|ien|ienne|iste|ier|ière|ecte|iker|ikerin|istin)"  # job nouns, no names
NAMING = r"(?:my name is|name'?s|ich hei(?:ß|ss)e|mein name ist|je m'appelle|me llamo|mi nombre es|me chamo|chamo-me|m[ei] chiamo)"
COPULA_INTRO = r"(?:i'?m|ich bin|je suis|moi c'est|soy|sou|sono)"
GREETED = r"^\W*(?:hi+|hey+|hello|hiya|yo|hallo|moin|servus|salut|coucou|hola|buenas|ol[áa]|oi|ciao|u[èé]|ehi)\W+"
NOT_A_NAME = re.compile(rf"(?:{NATIONALITIES}|{FAITHS}|{DIET_WORDS}|{JOBLIKE})", re.I)  # 'Brazilian', 'vegana', 'infermiera'
# A capitalised word: Federica, Salvatore, Olivier, Beatrice end like job nouns and are names; only German job nouns (typed with
# their capital) and a nationality, faith or diet are not.
NOT_A_CAPITAL_NAME = re.compile(rf"(?:{NATIONALITIES}|{FAITHS}|{DIET_WORDS}|\w+(?:iker|ikerin|istin|eur|euse))", re.I)
STATES = {"tired", "good", "fine", "new", "back", "here", "sorry", "done", "ready", "sick", "bored", "hungry", "home", "late", "müde", "neu",
          "krank", "fertig", "zurück", "hier", "da", "wieder", "fatigué", "fatiguée", "désolé", "désolée", "nouveau", "nouvelle", "prêt", "prête",
          "malade", "là", "crevé", "crevée", "cansado", "cansada", "nuevo", "nueva", "listo", "lista", "enfermo", "enferma", "aquí", "novo", "nova",
          "pronto", "pronta", "doente", "aqui", "stanco", "stanca", "nuovo", "nuova", "malato", "malata", "qui", "tornato", "tornata", "just", "not",
          "also", "still", "so", "yo", "io", "eu", "moi", "me", "ich", "toi", "tu", "you", "it", "ele", "ela", "lui", "lei", "er", "sie", "very", "really", "sehr", "très", "muy", "muito", "molto", "nicht", "pas", "no", "não", "non", "new", "in", "at", "on"}


def lowercase_name(s: str) -> str | None:
    """A name typed without its capital in an introduction: 'ich heiße lena', 'hey, ich bin lena, studiere jura',
    'hola soy lucas, de Madrid'. After a verb of naming any word; after a bare copula only at the start (after any greeting)
    with a comma after it (an apposition follows), and never a state, a job, a diet or a nationality ('ich bin müde', 'soy vegana', 'sono infermiera')."""
    m = re.search(rf"\b{NAMING}\s+([a-zà-ÿ][a-zà-ÿ'-]{{1,14}})\b(?=\s*(?:[,.!;]|$| (?:and|und|et|y|e|but|aber|mais|pero|mas|ma)\b))", s) or \
        re.search(rf"(?:{GREETED}|^\W*){COPULA_INTRO}\s+([a-zà-ÿ][a-zà-ÿ'-]{{1,14}})(?=\s*,)", s, re.I)
    if not m:
        return None
    word = m.group(1)
    if word in STATES or word[0].isupper() or NOT_A_NAME.fullmatch(word) or \
            any(canon(family, word) for family in ("job", "diet", "condition", "food", "hobby", "language")) or \
            (NAMING not in m.re.pattern and re.search(r"(?:ado|ada|ido|ida|ato|ata|ito|ita|é|ée|ante|ente|oso|osa|ile|eux|euse|able|ible|ig|lich|isch|bar|sam|haft|los|ful|ous|ive|ing|ed)$", word)):
        return None
    return word[:1].upper() + word[1:]
