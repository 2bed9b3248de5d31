"""An open preference said in the user's language, worded in English when it is a kind of place and a quality
the tables below know: 'Prefiero restaurantes tranquilos' -> 'quiet restaurants', 'ich mag kleine Hotels' ->
'small hotels', 'preferisco le spiagge poco affollate' stays as said (a phrase the tables do not cover).

The noun and the adjective are both closed lists (six languages, singular and plural, both genders); the order is
the language's own ('restaurantes tranquilos', 'ruhige Restaurants'). Anything else is left as the user said it.
"""
from __future__ import annotations

import re

KINDS = {  # the English plural -> the word in the six languages
    "restaurants": r"restaurants?|restaurantes?|ristoranti|ristorante|lokale?",
    "places": r"places?|sitios?|lugares|lugar|s[íi]tios?|lieux|endroits?|posti|luoghi|orte|locali|locale",
    "hotels": r"hotels?|hoteles|hot[ée]is|h[ôo]tels?|alberghi|albergo",
    "bars": r"bars?|bares|kneipen?|locales",
    "cafés": r"caf[ée]s|cafeter[íi]as?|caffetterie|caff[èe]",
    "beaches": r"beach(?:es)?|playas?|praias?|plages?|spiagge|spiaggia|str[äa]nde?",
    "rooms": r"rooms?|habitaci[óo]n(?:es)?|quartos?|chambres?|camere|camera|zimmer",
    "flights": r"flights?|vuelos?|voos?|vols?|voli|volo|fl[üu]ge?",
    "hikes": r"hikes?|rutas?|randonn[ée]es?|trilhas?|escursioni|wanderungen",
    "neighbourhoods": r"neighbou?rhoods?|barrios?|bairros?|quartiers?|quartieri|viertel",
}
QUALITIES = {  # the English word -> the adjective in the six languages (endings written out)
    "quiet": r"quiet|tranquil[oa]s?|calm[oa]s?|calmes?|tranquilles?|silenzios[oi]|silenzios[ae]|tranquill[oi]|tranquill[ae]|ruhigen?|ruhiger?|ruhiges",
    "small": r"small|little|peque[ñn][oa]s?|pequen[oa]s?|petite?s?|piccol[oiae]|kleinen?|kleiner?|kleines",
    "cheap": r"cheap|barat[oa]s?|pas chers?|bon march[ée]|economic[oi]|economiche|econ[óo]mic[oa]s?|g[üu]nstigen?|g[üu]nstiger?|billigen?",
    "family-run": r"family-run|familiar(?:es)?|familiaux|familiale?s?|a conduzione familiare|familiengef[üu]hrten?|familiengef[üu]hrte[rs]?",
    "cosy": r"cos[yi]|cozy|acogedor(?:a|es|as)?|aconchegantes?|chaleureu(?:x|se|ses)|accoglient[ei]|gem[üu]tlichen?|gem[üu]tliche[rs]?",
    "authentic": r"authentic|aut[ée]ntic[oa]s?|authentiques?|autentic[oiae]|autentiche|authentischen?|authentische[rs]?",
    "direct": r"direct|direct[oa]s?|diret[oa]s?|directs?|directe?s?|dirett[oiae]|direkten?|direkte[rs]?",
    "traditional": r"traditional|tradicional(?:es)?|traditionnel(?:le)?s?|tradizional[ei]|traditionellen?|traditionelle[rs]?",
    "central": r"central(?:es)?|c[ée]ntric[oa]s?|centraux|centrales?|central[ei]|zentralen?|zentrale[rs]?",
    "empty": r"empty|vac[íi][oa]s|vazi[oa]s|vides?|vuot[oiae]|leeren?|leere[rs]?",
    "shallow": r"shallow|poco profund[oa]s|rasas?|rasos?|peu profond(?:e|es|s)?|poco profond[ei]|flachen?|flache[rs]?",
}
CROWDED = (r"\b(?:with (?:lots of|a lot of|many) people|com muita gente|con mucha gente|avec (?:beaucoup de|plein de) monde|"
           r"mit vielen leuten|con tanta gente|con molta gente|pien[ie] di gente|cheios de gente|llenos de gente)\b")  # said as a phrase
QUALITIES["crowded"] = r"crowded|concurrid[oa]s|abarrotad[oa]s|lotad[oa]s|bond[ée]e?s|affollat[ie]|[üu]berf[üu]llten?|[üu]berf[üu]llte[rs]?|" + CROWDED
ARTICLES = r"(?:the|los|las|el|la|les|le|des|os|as|o|a|i|gli|le|die|der|das|den)\s+"


def _which(table: dict[str, str], word: str) -> str | None:
    return next((k for k, said in table.items() if re.fullmatch(rf"(?:{said})", word, re.I)), None)


def english(thing: str) -> str | None:
    """'restaurantes tranquilos' -> 'quiet restaurants', 'kleine Hotels' -> 'small hotels'; None when the phrase is
    not one kind of place with one or two qualities the tables know."""
    words = re.sub(CROWDED, "crowded", re.sub(rf"^{ARTICLES}", "", thing.strip(), flags=re.I), flags=re.I).split()
    kinds = [(i, k) for i, w in enumerate(words) if (k := _which(KINDS, w))]
    if len(words) < 2 or len(kinds) != 1:
        return None
    joined = any(w.lower() in ("e", "y", "et", "und", "and") for w in words)
    rest = [w for i, w in enumerate(words) if i != kinds[0][0] and w.lower() not in ("e", "y", "et", "und", "and")]
    qualities = [_which(QUALITIES, w) for w in rest]  # 'petits restaurants familiaux': before and after the noun
    if not rest or len(rest) > 2 or not all(qualities):
        return None
    return f"{(' and ' if joined else ' ').join(qualities)} {kinds[0][1]}"
