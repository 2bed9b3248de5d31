"""The words the language layer knows, per language (en, de, fr, es, pt, it): small closed lists, no grammar.

Everything the stand-in can recognise is listed here, so its coverage is readable: a diet word, a relative,
a cue that a sentence corrects, retracts, asks or instructs. A word not in these lists is simply not known
(docs/offline-model.md says where coverage ends).
"""
from __future__ import annotations

import re

from course_lib.model import rx

LANGS = ("en", "de", "fr", "es", "pt", "it")

# Function words that identify a language (the most frequent short words; a message is scored by overlap).
STOPWORDS = {
    "en": "i i'm my me the and is am a an to of in at for with you it this that not don't can't we our".split(),
    "de": "ich bin mein meine mir mich und ist der die das ein eine nicht kein keine wir wohne heiße habe auch "
          "gegen für mit von nach".split(),
    "fr": "je j'ai suis mon ma mes moi et est le la les un une ne pas de du des à au aux nous j'habite "
          "m'appelle".split(),
    "es": "yo soy mi mis me y es el la los las un una no de del en con vivo tengo estoy llamo nosotros".split(),
    "pt": "eu sou meu minha o a os as um uma não de do da em com moro tenho estou chamo nós é pra pro dá você vc ao "
          "às aos também obrigado obrigada amanhã hoje meio".split(),  # Brazilian chat words too ('dá pra', 'vc')
    "it": "io sono mio mia mi e è il lo la gli le un una non di del della a al alla con vivo abito ho".split(),
}

# Canonical diet -> the words for it in the six languages (gendered and inflected forms listed).
DIETS = {
    "vegetarian": r"vegetarian|veggie|pure[- ]veg(?:etarian)?|vegeterian|vegetarier(?:in)?|vegetarisch|v[ée]g[ée]tarien(?:ne)?|vegetarian[oa]",
    "vegan": r"vegan(?:er(?:in)?|[oa]|e)?|v[ée]gane?|v[ée]g[ée]talien(?:ne)?",
    "pescatarian": r"pescatarian|pescetarian|pesc[ée]tari(?:er(?:in)?|en(?:ne)?|an[oa]|sch)",
    "gluten-free": r"gluten[- ]?free|glutenfrei|sans gluten|sin gluten|sem gl[úu]ten|senza glutine",
    "halal": r"halal",
    "kosher": r"kosher|koscher|casher|cacher",
}

# "I don't eat meat" in each language: a vegetarian diet.
NO_MEAT = (r"\b(?:i (?:don'?t|do not|never) eat (?:any )?meat|ich ess(?:e)? (?:\w+ ){0,3}?(?:kein(?:e|en|s)?|nie|nicht)(?: mehr)?,? fleisch|"
           r"fleisch ess(?:e)? ich (?:\w+ ){0,3}?(?:kein\w*|nicht|nie)|(?:je ne |je |j['’]?)mange (?:pas|plus|jamais|rien) de viande|"
           r"(?:no|nunca) como carne(?! de)|(?:eu )?n[ãa]o como (?:mais )?carne(?! de)|(?:non|nn) mangio (?:pi[ùu] )?(?:la )?carne)\b")
FISH_AGAIN = (r"\b(?:i(?:'ve| have)? (?:eat|started eating|went back to eating) fish again|ich ess(?:e)? wieder fisch|"  # fish again, no meat
              r"(?:je |j['’]?)(?:re)?mange (?:de nouveau |à nouveau )?du poisson|jremange du poisson|"
              r"(?:vuelvo a comer|volv[íi] a comer) pescado|como pescado otra vez|voltei a comer peixe|como peixe de novo|"
              r"(?:sono tornat[oa] a mangiare|ho ricominciato a mangiare|mangio di nuovo) (?:il )?pesce)\b")
EATS_MEAT = (r"\b(?:i eat meat|i'?m eating meat|i(?:'ve| have)? (?:started|went back to) eating meat|ich esse (?:wieder )?fleisch|"
             r"je (?:re)?mange (?:de nouveau |à nouveau )?de la viande|"
             r"(?:vuelvo a comer|volv[íi] a comer|como) carne|(?:voltei a comer|como) carne|(?:mangio|sono tornat[oa] a mangiare|"
             r"ho ricominciato a mangiare|mangio di nuovo) (?:la )?carne)\b")

# Relatives and pets: word in any language -> canonical English slot name.
RELATIVES = {
    "partner": "partner|other half|boyfriend|girlfriend|fiancée?|freund(?:in)?|lebensgefährt(?:e|in)|partenaire|"
               "copain|copine|compagn(?:on|e)|conjointe?|chum|novi[oa]|prometid[oa]|pareja|namorad[oa]|noiv[oa]|companheir[oa]|fidanzat[oa]|compagn[oa]|ragazz[oa]|verlobte[rn]?",
    "wife": "wife|frau|ehefrau|femme|[ée]pouse|mujer|esposa|mulher|moglie",
    "husband": "husband|mann|ehemann|mari|[ée]poux|marido|esposo|marito",
    "sister": "sister|schwester|s(?:œ|oe)ur|hermana|irm[ãa]|sorella",
    "brother": "brother|bruder|fr[èe]re|hermano|irm[ãa]o|fratello",
    "mother": "mother|mum|mom|mummy|mommy|mutter|mutti|mama|mami|mam[áa]|mamma|maman|m[èe]re|madre|m[ãa]e|mam[ãa]e",
    "father": "father|dad|daddy|vater|vati|papa|pap[áà]|papai|papi|babbo|p[èe]re|padre|pai",
    "son": "son|sohn|fils|hijo|filho|figlio",
    "daughter": "daughter|tochter|fille|hija|filha|figlia",
    "child": "child|kid|kind|enfant|niñ[oa]|crian[çc]a|bambin[oa]",
    "grandson": "grandson|enkel|enkerl|petit-fils|nieto|neto", "granddaughter": "granddaughter|enkelin|petite-fille|nieta|neta",
    "grandmother": "grandmother|grandma|granny|gran|oma|gro(?:ß|ss)mutter|grand-m[èe]re|mamie|abuela|av[óo]|nonna",
    "grandfather": "grandfather|grandpa|grandad|granddad|opa|gro(?:ß|ss)vater|grand-p[èe]re|abuelo|av[ôo]|nonno",
    "cousin": "cousin|cousine|primo|prima|cugin[oa]",
    "friend": "friend|flatmate|roommate|housemate|ami|amie|amig[oa]|amic[oa]|freund|mitbewohner(?:in)?|colocataire|coloc|"
              "compa[ñn]er[oa] de (?:piso|casa|cuarto)|coinquilin[oa]|colega de (?:quarto|casa|apartamento)",
    "colleague": "colleague|coworker|co-worker|kolleg(?:e|in)|coll[èe]gue|colega|collega",
    "boss": "boss|manager|chef(?:in)?|jef[ea]|chefe|capo",
    "neighbour": "neighbou?r|nachbar(?:in)?|voisin(?:e)?|vecin[oa]|vizinh[oa]|vicin[oa]",
}
# Relatives in the plural, for who.py: 'my kids are vegetarian', 'i miei figli sono celiaci' are about them, not the user.
PLURAL_RELATIVES = ("kids|children|sons|daughters|parents|sisters|brothers|grandparents|cousins|friends|colleagues|neighbou?rs|"
                    "kinder|söhne|töchter|eltern|geschwister|schwestern|brüder|gro(?:ß|ss)eltern|freunde|kollegen|nachbarn|"
                    "enfants|gosses|filles|sœurs|soeurs|frères|freres|grands-parents|amis|collègues|voisins|"
                    "hijos|hijas|niños|padres|hermanos|hermanas|abuelos|amigos|colegas|vecinos|"
                    "filhos|filhas|crianças|criancas|pais|irmãos|irmaos|irmãs|irmas|avós|avos|vizinhos|"
                    "figli|figlie|bambini|genitori|fratelli|sorelle|nonni|amici|colleghi|vicini")
SINGULAR_RELATIVES = {"partner", "wife", "husband", "mother", "father", "boss"}  # one at a time: a new name replaces
PETS = {
    "dog": "dog|doggo|puppy|hund|h[üu]ndin|h[üu]ndchen|chien(?:ne)?|chiot|perr[oa]|perrit[oa]|perrit[oa]s|cachorr[oa]|cachorrinh[oa]|c[ãa]o|cadela|cane|cagna|cagnolin[oa]|"
           "retriever|labrador|beagle|poodle|terrier|spaniel|collie|dachshund|dackel|husky|pug|mops|bulldog|schnauzer|greyhound|"
           "whippet|corgi|shepherd|sch[äa]ferhund|chihuahua|dalmatian|rottweiler|boxer|lab|kelpie|yorkie|border collie|pastore tedesco|bassott[oa]|"
           "vira-lata|viralata|teckel|berger australien|berger allemand|mestiz[oa]|mischling|bouledogue|carlin|jack russell|shih tzu|maltese|golden",
    "cat": "cat|kitten|kitty|katze|kater|k[äa]tzchen|chat(?:te|on)?|gat[oa]|gatit[oa]|gatinh[oa]|gatt[oa]|gattin[oa]|tabby|siamese|maine coon",
    "parrot": "parrot|papagei|perroquet|loro|papagaio|pappagallo",
    "rabbit": "rabbit|bunny|kaninchen|hase|lapin|conejo|conejit[oa]|coelho|coelhinho|coniglio|coniglietto",
    "tortoise": "tortoise|turtle|schildkr[öo]te|tortue|tortuga|tartaruga",
    "hamster": "hamster",
}

# Nationalities and faiths said as "I'm Brazilian": never a name or a job (slots_open stores the nationality).
NATIONALITIES = (
    "american|argentinian|argentine|australian|austrian|belgian|bolivian|brazilian|british|bulgarian|canadian|chilean|"
    "chinese|colombian|croatian|cuban|czech|danish|dutch|ecuadorian|egyptian|english|estonian|ethiopian|filipino|finnish|"
    "french|german|ghanaian|greek|hungarian|icelandic|indian|indonesian|iranian|iraqi|irish|israeli|italian|jamaican|"
    "japanese|kenyan|korean|latvian|lebanese|lithuanian|malaysian|mexican|moroccan|nigerian|norwegian|pakistani|"
    "peruvian|polish|portuguese|romanian|russian|scottish|serbian|slovak|slovenian|spanish|swedish|swiss|syrian|"
    "thai|tunisian|turkish|ukrainian|uruguayan|venezuelan|vietnamese|welsh|"
    "deutsche[rn]?|österreicher(?:in)?|schweizer(?:in)?|französ(?:e|in)|italiener(?:in)?|spanier(?:in)?|brasilianer(?:in)?|"
    "fran[çc]ais(?:e)?|allemand(?:e)?|espagnol(?:e)?|italien(?:ne)?|portugais(?:e)?|belge|suisse|br[ée]silien(?:ne)?|"
    "mexican[oa]|argentin[oa]|colombian[oa]|chilen[oa]|peruan[oa]|español(?:a)?|alem[áa]n(?:a)?|frances(?:a)?|"
    "brasileir[oa]|portugu[êe]s(?:a)?|angolan[oa]|italian[oa]|tedesc[oa]|frances[ei]|spagnol[oa]|brasilian[oa]")
FAITHS = "catholic|protestant|christian|jewish|muslim|hindu|buddhist|sikh|atheist|agnostic|mormon|orthodox"

# First-person markers: the speaker talks about themselves.
SELF = re.compile(r"(?:^|\b)(?:i|i'm|im|i've|i'd|i'll|me|my|mine|myself|we|we're|our|us|ich|mein\w*|mir|mich|wir|unser\w*|"
                  r"je|j'\w+|moi|mon|ma|mes|nous|notre|nos|yo|mis?|me|soy|estoy|tengo|vivo|nosotros|nuestr[oa]s?|eu|meu|"
                  r"minha|sou|estou|tenho|moro|io|mio|mia|miei|sono|ho|abito|noi|nostr[oa])\b", re.I)
POSSESSIVE = (r"(?:my|our|mein(?:e|en|er)?|unser(?:e|en)?|mon|ma|mes|notre|mi|mis|nuestr[oa]|(?:a |o )?minha|(?:a |o )?meu|(?:os |as )?(?:meus|minhas|nossos|nossas)|(?:i |le )?(?:miei|mie|nostri|nostre)|nos|nuestr[oa]s|"
              r"(?:il |la )?mi[oa]|(?:il |la )?nostr[oa])")

# Cues: lexical signals the classifier gets next to the embedding, and the rules use to route a sentence.
CUES = {
    "question": r"\?\s*$|^(?:what|where|who|when|why|how|which|do|does|did|is|are|can|could|will|would|should|wie|was|wo|"
                r"wer|wann|warum|welche\w*|kannst|hast|quel\w*|o[ùu]|comment|qui|quand|pourquoi|est-ce|qu[ée]|d[óo]nde|c[óo]mo|"
                r"cu[áa]l\w*|qui[ée]n|cuando|onde|como|qual|quem|quando|dove|come|chi|quando|perch[ée])\b",
    "correction": r"\b(?:actually|make (?:that|it)|no wait|scratch that|correction|i meant|rather|instead|not \w+ any ?more|"
                  r"now\b|again\b|renamed|relocated|moved|eigentlich|doch|nein,|stattdessen|jetzt|wieder|umgezogen|gezogen|"
                  r"en fait|plut[ôo]t|disons|maintenant|d[ée]m[ée]nag\w*|en realidad|mejor|ahora|mudamos|mud[áa]mo|"
                  r"na verdade|afinal|agora|anzi|facciamo|ora|adesso|trasferit\w*)\b",
    "retraction": r"\b(?:no longer|not \w+ any ?more|any ?more|not allergic|nicht mehr|kein\w* mehr|ne suis plus|plus de|"
                  r"ya no|j[áa] n[ãa]o|n[ãa]o sou mais|non sono pi[ùu]|non pi[ùu]|after all)\b",
    "deletion": r"\b(?:delete|erase|forget|remove|wipe|l[öo]sch\w*|vergiss|efface\w*|oublie\w*|supprime\w*|borra\w*|olvida\w*|"
                r"elimina\w*|apag\w*|esquece\w*|cancella\w*|dimentica\w*)\b",
    "instruction": r"(?:^\s*(?:system|assistant|developer)\s*:|\b(?:from now on|always|never|ignore|stop|don'?t use|reply|answer|"
                   r"respond|you are now|ab jetzt|immer|antworte|ignoriere|vergiss meine|à partir de maintenant|toujours|"
                   r"r[ée]ponds|ignore|a partir de ahora|siempre|responde|a partir de agora|sempre|ignora|d'ora in poi|"
                   r"rispondi)\b)",
    "secret": r"\b(?:password|passwort|kennwort|mot de passe|contrase[ñn]a|senha|pin|iban|card number|kartennummer|"
              r"login|door code|t[üu]rcode|code)\b",
    "greeting": r"^(?:hi+|hello|hey+|morning|good (?:morning|evening|night)|thanks?|thank you|ok|okay|cool|lol|haha|hallo|"
                r"guten \w+|danke|bonjour|salut|merci|hola|gracias|ol[áa]|obrigad[oa]|ciao|grazie|buongiorno)\b",
    "plan": r"\b(?:next|tomorrow|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|flying|fly|trip|going to|"
            r"visiting|appointment|n[äa]chste\w*|morgen|fliege|prochaine?|demain|semaine|pr[óo]xim[oa]|mañana|viajo|"
            r"vou a|prossim[oa]|domani|vado a)\b",
    "preference": r"\b(?:prefer\w*|rather|love|like|hate|can'?t stand|fan of|lieber|mag|hasse|pr[ée]f[èe]re|d[ée]teste|"
                  r"adore|odio|detesto|gusta|prefiro|adoro|preferisco)\b",
    "third": r"\b(?:my|mein\w*|mon|ma|mi|minha|meu|mio|mia) (?:" + "|".join(RELATIVES.values()) + r")\b",
    "hedge": r"\b(?:maybe|perhaps|i think|i guess|probably|might|not sure|possibly|kind of|apparently|supposedly|vielleicht|"
             r"anscheinend|peut-[êe]tre|apparemment|pas s[ûu]re?|quiz[áa]s|al parecer|talvez|aparentemente|forse|apparentemente)\b",
}
CUE_RES = {k: re.compile(v, re.I) for k, v in CUES.items()}
HEDGE = CUE_RES["hedge"]

GERMAN_CHAT = set("bi isch ned nich nix hab wohn mei mini üsi händ hend nen ner nem jetz jetzt auch sich noch immer imma aber halt voll "
                  "schon scho haben zum zur wenn dass weil nur sind wird heute heut dann wohl meiner meinem meinen unsre unsere "
                  "dich dir uns seit jahr jahre bis vo uf bissl grad gerade studier lern geh fahr".split())


def detect(text: str) -> str:
    """The language of `text` by function-word overlap ('en' when nothing decides)."""
    words = rx.findall(r"[\w'’]+", text.lower().replace("’", "'"))
    best, score = "en", 0
    for lang in LANGS:
        hits = sum(w in STOPWORDS[lang] for w in words)
        if lang == "de":  # chat and dialect forms count too ('i bin', 'isch', 'ned'), and words with an umlaut or ß
            hits += sum(w in GERMAN_CHAT or bool(rx.search("[ßäöü]", w)) for w in words)
        if lang == "fr":
            hits += len(rx.findall(r"\b[jl]'", text.lower()))
        if lang in ("es", "pt"):
            hits += len(rx.findall("[ñ¿¡]" if lang == "es" else "[ãõç]", text.lower()))
        if hits > score:
            best, score = lang, hits
    return best


def alternation(table: dict[str, str]) -> str:
    """All words of a table as one regex alternation."""
    return "|".join(f"(?:{v})" for v in table.values())


def canonical(table: dict[str, str], word: str) -> str | None:
    """The canonical key whose words match `word` fully."""
    return next((k for k, v in table.items() if rx.fullmatch(v, word.strip(), re.I)), None)


DIET_WORDS = alternation(DIETS)  # every diet word, one alternation (names, jobs and diets are told apart by it)
