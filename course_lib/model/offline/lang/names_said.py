"""How people say their name and the name they go by, in six languages: the patterns slots_people reads them with.

    my name is / ich heiße (übrigens) / je m'appelle / me llamo / chamo-me / mi chiamo X   -> name X
    Hi, I'm X / sono X! / soy X, … / X here / Salut ! X, 41 ans, …                         -> name X (a bare name, then an age)
    I'm Batman. / I'm Shia Labeouf! (the whole message)                                   -> no name (BARE_INTRO: a quote or a joke)
    everyone calls me / alle sagen X zu mir / appelle-moi / todo el mundo me dice / toda a gente me chama / tutti mi chiamano
                                                                                            -> nickname (CALL_ME: after a full name)
"""
from __future__ import annotations

import re

from course_lib.model import rx

NAME = r"(?-i:([A-ZÀ-Ý][\w'’-]+(?: [A-ZÀ-Ý][\w'’-]+)?))"  # case-sensitive inside re.I patterns
ONE_NAME = r"(?-i:[A-ZÀ-Ý][\w'’-]+)"
DAYS_MONTHS = ("Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August "
               "September October November December Today Tomorrow").split()
GREETINGS = ("Guten Tag Morgen Abend Grüezi Servus Bonsoir Coucou Buenos Buenas Bom Boa Buongiorno Buonasera Salve Dear "
             "Good Morning Evening Afternoon Howdy Cheers Thanks Danke Merci Gracias Obrigado Obrigada Grazie").split()  # 'Guten Tag, meine Mutter …'
NOT_NAMES = {*DAYS_MONTHS, *GREETINGS, "Hi", "Hello", "Hey", "Hiya", "Hallo", "Moin", "Bonjour", "Salut", "Hola", "Olá", "Oi", "Ciao", "Again", "I'm", "I'd", "I've", "I'll", "Im", "We're", "We’re", "We", "You're", "They're", "It's", "I", "It", "This", "That", "The", "Not", "Just", "So", "Sorry", "Here", "Back", "Fine", "Good", "Ok", "OK",
             "Sure", "Ready", "Sommer", "Winter", "Herbst", "Frühling", "Frühjahr", "Moment", "Büro", "Urlaub", "Homeoffice", "Januar", "Februar", "März", "Mai", "Juni", "Juli", "Oktober", "Dezember", "Allgemeinen", "Grunde", "Prinzip", "Einzelkind", "Done", "Home", "Tired", "Haha", "Hahaha", "Lol", "Omg", "Wow", "Oops", "Hmm", "Ugh", "Yay", "Allergic", "Vegan", "Vegetarian", "Pregnant", "Diabetic",
             "Dr", "Dra", "Prof", "Mr", "Mrs", "Ms", "Mme", "Mlle", "Herr", "Frau", "Sr", "Sra", "Dott", "Doktor"}  # titles (TITLES)
AFTER_NAME = r"(?=\s*(?:[,.!;]|$| (?:y|e|et|und|and|ma|mas|mais|pero|aber|but|here|hier|ici|aquí|aqui|qui)\b| (?:from|aus|di) (?-i:[A-ZÀ-Ý])))"  # or 'from <Town>'
  # a bare 'soy X' ends there
NAME_SAID = [  # how people give their name, per language
    r"\bmy name(?: is|'s)\s+" + NAME, r"^name'?s\s+" + NAME, r"(?:\b(?:call me|i'm|i’m|i am|this is)|(?:^|[,!.]\s*)im)\s+" + NAME + r"(?=\s*(?:[.!,;]|$| here\b| by the way| btw))",
    r"(?:^|[,;!]\s*)" + NAME + r" (?:here|hier|ici|aquí|aqui|qui(?=\s*(?:[,.!;]|$|da\b|dal\b|di\b))|(?:again|wieder|de nouveau|otra vez|de novo|di nuovo)"
    r"(?!\s+(?!(?:here|hier|ici|aquí|aqui|qui|da|from|aus|por|per|par)\b)[a-zà-ÿ]))\b(?!\s+(?:is|are|was|ist|est|es|é|è)\b)",  # not 'Mangio di nuovo carne'
    r"(?:^|[,;!]\s*)myself\s+" + NAME + r"(?=\s*(?:[.!,;]|$| (?:from|here|and|working)\b))", r"\bmoi,? c'?(?:est)?\s+" + NAME, r"\bich hei(?:ß|ss)e\s+" + NAME, r"\bmein name ist\s+" + NAME, r"\bnenn(?:t)? mich\s+" + NAME,
    r"\bje m'appelle\s+" + NAME, r"\bmon (?:pr[ée])?nom (?:est|c'est)\s+" + NAME, r"\bmoi,? c'est\s+" + NAME,
    r"\bme llamo\s+" + NAME, r"\bmi nombre es\s+" + NAME, r"\bll[áa]mame\s+" + NAME, r"\b(?:o )?meu nome [ée]\s+" + NAME,
    r"\bchamo-me\s+" + NAME, r"\bme chamo\s+" + NAME, r"\bm[ei] chiamo\s+" + NAME, r"\bil mio nome [èe]\s+" + NAME,
    r"\bchiamami\s+" + NAME, r"^(?:hi|hello|hey|hallo|salut|hola|ol[áa]|ciao)(?: again| there| all)?[,!]? (?:it'?s|this is|c'est|soy|sou|sono)\s+" + NAME,
    r"\b(?:intro|introduction|quick intro)\s*:\s*" + NAME, r"^(?:eu )?sou (?:o|a)\s+" + NAME, r"(?:^|[,;!]\s*)(?:yo )?soy\s+" + NAME + AFTER_NAME,
    r"(?:^|[,;!]\s*)(?:io )?sono\s+" + NAME + AFTER_NAME, r"(?:^|[,;!]\s*)(?:ich bin|i'?m|i am)\s+" + NAME + AFTER_NAME,
    r"(?:^|[,;!]\s*)(?:eu )?sou\s+" + NAME + AFTER_NAME, r"(?:^|[,;!]\s*)je suis\s+" + NAME + AFTER_NAME, r"^(?:hi|hello|hey|hallo|salut|hola|ol[áa]|ciao)[,!]? (?:i'?m|ich bin|je suis|soy|sou|sono)\s+" + NAME,
]
FILLER = (r"(?:(?:übrigens|eigentlich|actually|by the way|btw|au fait|en fait|d'ailleurs|por cierto|de hecho|aliás|na verdade|"
          r"comunque|tra l'altro|in realtà)\s+)?")  # 'Ich heiße übrigens Sebastian'
# A title before the name is no name: 'Mein Name ist Dr. Heike Brandstätter' -> Heike Brandstätter, 'je suis Mme Laurent' -> Laurent.
TITLES = ("Dr Dra Prof Profª Mr Mrs Ms Mx Mme Mlle Madame Monsieur Herr Frau Sr Sra Srta Señor Señora Signor Signora Sig Sig.ra "
          "Dott Dott.ssa Dottor Dottoressa Doktor Doctor Doctora Doutor Doutora").split()
TITLE = r"(?:(?-i:" + "|".join(re.escape(t) for t in TITLES) + r")\.?\s+(?=[A-ZÀ-Ý]))?"
NAME_SAID = [p.replace(r"\s+" + NAME, r"\s+" + FILLER + TITLE + NAME, 1) for p in NAME_SAID] + [
    r"(?:^|[,;!.]\s*)(?:aqui (?:é|fala)|aquí (?:es|habla)|ici c'est|hier (?:ist|spricht)|qui (?:è|parla))\s+(?:(?:o|a|el|la|der|die|il)\s+)?" + NAME +
    AFTER_NAME,  # 'boa noite. aqui é o Valdir, sou caminhoneiro'
  # a bare name opening, then an age
    r"^\W*(?:(?:hi|hello|hey|hallo|moin|servus|salut|coucou|hola|buenas|ol[áa]|oi|ciao)\W+)?" + NAME +
    r"(?=\s*,\s*\d{1,2}\s*(?:years?(?: old)?|yo|y/o|ans|años|anos|anni|jahre(?: alt)?)?\s*(?:[,.;!]|$))"]
CALL_ME = (r"\b(?:(?:you can |just )?call me|nenn(?:t)? mich|sag(?:t)? (?:einfach )?(?=\S+ zu mir)|appel(?:le|ez)-moi|ll[áa]mame|"
           r"chiamami|(?:pode|podes|voc[êe] pode) me chamar(?: de)?|me chama de|chama-me)\s+" + NAME)  # a nickname after a full name
SHORT_FOR = (rf"\b({ONE_NAME})\s*[,(]?\s*(?:short for|kurz für|abréviation de|diminutif de|diminutivo de|abreviatura de|"
             rf"abreviação de|abbreviazione di|diminutivo di)\s+{NAME}")
NICK_SAID = [r"\b(?:everyone|everybody|people|(?:my |all my )?friends|they all|most people|folks|(?:my )?family)(?: just| usually| all)? calls? me\s+" + NAME, r"\bi go by\s+" + NAME,
             r"\b(?:alle|freunde|meine freunde|die meisten|viele|man) (?:nennen|nennt) mich\s+" + NAME,
             r"\b(?:alle|freunde|meine freunde|die meisten|viele|man) (?:sagen|sagt)\s+" + NAME + r"(?: zu mir|(?=\s*(?:[.!,;]|$)))", r"\b(?:sagen|sagt) (?:alle|meine freunde|die meisten|viele|man)\s+" + NAME + r" zu mir",
             r"\b(?:on|tout le monde|mes amis|mes potes|les gens|ma famille) m'appell?e(?:nt)?\s+" + NAME,
             r"\b(?:todo el mundo|todos|mis amigos|la gente|en casa) me (?:llaman?|dicen?)\s+" + NAME, r"\bme (?:llaman|dicen) (?:todos )?" + NAME,
             r"\b(?:todos |os amigos |meus amigos |os meus amigos )?(?:me chamam|chamam-me)(?: de)?\s+" + NAME,
             r"\b(?:tutti|gli amici|i miei amici|in molti|a casa) mi chiamano\s+" + NAME, r"\bmi chiamano (?:tutti )?" + NAME,
             r"\b(?:todo mundo|toda a gente|todos|a galera|a malta) me chama(?:m)?(?: de)?\s+" + NAME, r"\b(?:pode|podes|voc[êe] pode) me chamar de\s+" + NAME,
             r"\bpodes chamar-me\s+" + NAME, r"\b(?:puedes|podés|pod[ée]is) llamarme\s+" + NAME, r"\b(?:tu peux|vous pouvez) m'appeler\s+" + NAME,
             r"\b(?:puoi|potete) chiamarmi\s+" + NAME, r"\b(?:du kannst|ihr könnt|sie können) mich\s+" + NAME + r"\s+nennen",
             r"\byou can (?:just )?call me\s+" + NAME]

# A message that is only "I'm X." frames no introduction: no greeting, no apposition, nothing else said ("I'm Batman.",
# "I'm Spartacus!", "Sono Napoleone!"). A name is read from a bare copula only when the message gives it that frame:
# 'Hi, I'm Tom' / "Hi! I'm Tom." / "I'm Tom, 34" / "I'm Tom. I work in Leeds." (read.read_message applies this through drop_bare_intro).
BARE_INTRO = r"\W*(?:i'?m|i’m|i am|ich bin|je suis|soy|sou|sono)\s+" + NAME + r"\s*[.!…]*\s*"


def drop_bare_intro(reading, parts: list[str]) -> None:
    """Take the name back out of `reading` when the whole message (`parts`, its sentences) is one bare "I'm X."."""
    if len(parts) == 1 and rx.fullmatch(BARE_INTRO, parts[0], re.I) and any(f[0] == "name" for f in reading.kept):
        reading.kept = [f for f in reading.kept if f[0] != "name"]
        reading.why = "a bare \"I'm X\" alone is no introduction (names_said.BARE_INTRO)"
