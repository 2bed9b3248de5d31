"""The events development set, written compactly: run it to rebuild course_lib/data/labelled/learner_events_dev.jsonl.

    python tools/events_corpus.py

Plans and events the way learners state them, in the six languages: appointments, meetings and calls, dinners and
parties, trips and moves, each with its day, date, time, place, company or party size; the correction in the next
turn ("oh no wait, it's Thursday", "Ach nein, um 16 Uhr", "ops, seremos dez"), which must UPDATE that event; and
the turns that must store nothing: questions, other people's plans, hypotheticals, requests to the agent, past
events. Same compact form and the same operation rules as tools/learner_corpus.py (whose `ops` is reused): a fact
on a subject already held is an UPDATE of it. Split "dev": labels.load picks the file up like the others.

Label conventions (the event slots of write_path_eval.EVENT_SLOTS): appointment:<what> for a visit to a
professional or an interview, meeting:<name> for a meeting or call with someone named, plan:<what> for social
events and moves, trip for travel. The value is the event's anchors (day, date, H:MM time, place, name, size);
the fact text writes every one of them, weekdays and months in English and times on a 24-hour clock. None of
these sentences is taken from issue 20, the lessons or a held-out set.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from learner_corpus import record, unique, write  # noqa: E402

OUT = ROOT / "course_lib" / "data" / "labelled" / "learner_events_dev.jsonl"
Q, OTHER, HYPO, ASK, PAST, TALK = "a question", "someone else's plan", "hypothetical", "a request to the agent", \
    "a past event", "small talk"

CONVERSATIONS = [
    ("en/physio", "en", [], [
        ("plan", "Heads up, I have a physio appointment on Wednesday at 4:15pm.",
         [("appointment:physiotherapist", "Wednesday 16:15", "The user has a physiotherapist appointment on Wednesday at 16:15.")]),
        ("correction", "oh no wait, it's Thursday",
         [("appointment:physiotherapist", "Thursday 16:15", "The user has a physiotherapist appointment on Thursday at 16:15.")]),
        ("question", "what time was it again?", Q),
        ("third_party", "my husband has a dentist appointment on Friday at 10", OTHER),
    ]),
    ("en/team_dinner", "en", [], [
        ("plan", "We're doing the team dinner on the 21st at 7:30pm, twelve of us.",
         [("plan:team dinner", "21 19:30 12", "The user has a team dinner on the 21st at 19:30 for 12 people.")]),
        ("instruction", "Could you find a place that takes groups", ASK),
        ("correction", "scratch that, we're 14 now",
         [("plan:team dinner", "21 19:30 14", "The user has a team dinner on the 21st at 19:30 for 14 people.")]),
        ("question", "Is 19:30 too early for a Friday?", Q),
    ]),
    ("en/interview", "en", [], [
        ("plan", "I've got a job interview next Tuesday at 11.",
         [("appointment:job interview", "Tuesday 11:00", "The user has a job interview next Tuesday at 11:00.")]),
        ("correction", "It got pushed to 2:30pm.",
         [("appointment:job interview", "Tuesday 14:30", "The user has a job interview next Tuesday at 14:30.")]),
        ("question", "what should I wear to it", Q),
        ("fact", "If I get the job I'd have to move to Leeds.", HYPO),
    ]),
    ("en/move", "en", [], [
        ("plan", "We're relocating to Edinburgh in August.",
         [("plan:move", "Edinburgh August", "The user is moving to Edinburgh in August.")]),
        ("third_party", "My brother is flying to Dublin on Friday for a gig.", OTHER),
        ("plan", "I'm off to Bristol tomorrow for a conference.",
         [("trip", "Bristol", "The user has a trip to Bristol tomorrow.")]),
        ("smalltalk", "thanks, that's all", TALK),
    ]),
    ("en/two_events", "en", [], [
        ("plan", "Got a call with Priya Monday 8am, so keep the morning clear.",
         [("meeting:priya", "Monday 8:00 Priya", "The user has a call with Priya on Monday at 8:00.")]),
        ("plan", "And the dentist is on Wednesday at 3pm.",
         [("appointment:dentist", "Wednesday 15:00", "The user has a dentist appointment on Wednesday at 15:00.")]),
        ("correction", "correction: the call with Priya is at 8:30, not 8",
         [("meeting:priya", "Monday 8:30 Priya", "The user has a call with Priya on Monday at 8:30.")]),
        ("instruction", "Book me a taxi for Monday at 7", ASK),
        ("fact", "I had a doctor's appointment last Thursday, all fine.", PAST),
    ]),
    ("de/arzt", "de", [], [
        ("plan", "Ich hab am Donnerstag um 15 Uhr einen Arzttermin.",
         [("appointment:doctor", "Thursday 15:00", "The user has a doctor's appointment on Thursday at 15:00.")]),
        ("correction", "Ach nein, um 16 Uhr.",
         [("appointment:doctor", "Thursday 16:00", "The user has a doctor's appointment on Thursday at 16:00.")]),
        ("third_party", "Meine Mutter hat nächste Woche einen Termin im Krankenhaus.", OTHER),
        ("question", "Wann sollte ich losfahren?", Q),
    ]),
    ("de/feier", "de", [], [
        ("plan", "Die Geburtstagsfeier ist am Samstag, den 12., um 19 Uhr, wir sind 20.",
         [("plan:birthday party", "Saturday 12 19:00 20", "The user has a birthday party on Saturday the 12th at 19:00 for 20 people.")]),
        ("correction", "Korrektur: wir sind 25.",
         [("plan:birthday party", "Saturday 12 19:00 25", "The user has a birthday party on Saturday the 12th at 19:00 for 25 people.")]),
        ("question", "Kannst du mir ein Lokal in Köln vorschlagen?", Q),
        ("third_party", "Mein Bruder fliegt am Freitag nach Rom.", OTHER),
    ]),
    ("de/reise", "de", [], [
        ("plan", "Nächsten Monat fahre ich nach Hamburg.",
         [("trip", "Hamburg", "The user has a trip to Hamburg next month.")]),
        ("plan", "Ich hab am Freitag, den 3., ein Vorstellungsgespräch in Bremen, um 10:30.",
         [("appointment:job interview", "Friday 3 10:30 Bremen", "The user has a job interview on Friday the 3rd at 10:30 in Bremen.")]),
        ("correction", "Moment, es ist um 11:30.",
         [("appointment:job interview", "Friday 3 11:30 Bremen", "The user has a job interview on Friday the 3rd at 11:30 in Bremen.")]),
        ("fact", "Falls ich die Stelle bekomme, ziehe ich nach Bremen.", HYPO),
    ]),
    ("fr/ophtalmo", "fr", [], [
        ("plan", "J'ai rendez-vous chez l'ophtalmo mardi 17 à 10h30.",
         [("appointment:ophthalmologist", "Tuesday 17 10:30", "The user has an ophthalmologist appointment on Tuesday the 17th at 10:30.")]),
        ("correction", "ah non, pardon, c'est à 11h",
         [("appointment:ophthalmologist", "Tuesday 17 11:00", "The user has an ophthalmologist appointment on Tuesday the 17th at 11:00.")]),
        ("third_party", "Ma fille a un concert vendredi soir.", OTHER),
        ("instruction", "Rappelle-moi de prendre mes lunettes", ASK),
    ]),
    ("fr/voyage", "fr", [], [
        ("plan", "Je pars à Bordeaux le 2 mai.",
         [("trip", "Bordeaux 2 May", "The user has a trip to Bordeaux on 2 May.")]),
        ("plan", "Et le dîner avec Camille, c'est vendredi à 20h.",
         [("plan:dinner", "Friday 20:00 Camille", "The user has a dinner with Camille on Friday at 20:00.")]),
        ("fact", "Si je rate le train, je prendrai l'avion.", HYPO),
        ("smalltalk", "merci beaucoup", TALK),
    ]),
    ("es/dentista", "es", [], [
        ("plan", "El jueves a las cinco y media tengo cita con el dentista.",
         [("appointment:dentist", "Thursday 17:30", "The user has a dentist appointment on Thursday at 17:30.")]),
        ("correction", "perdona, es el viernes",
         [("appointment:dentist", "Friday 17:30", "The user has a dentist appointment on Friday at 17:30.")]),
        ("instruction", "Reserva una mesa para el sábado", ASK),
        ("question", "¿A qué hora abre la farmacia?", Q),
    ]),
    ("es/reunion", "es", [], [
        ("third_party", "Mi hermana se casa el 20 de junio en Toledo.", OTHER),
        ("plan", "Tengo una reunión con Javier el martes a las 9 de la mañana.",
         [("meeting:javier", "Tuesday 9:00 Javier", "The user has a meeting with Javier on Tuesday at 9:00.")]),
        ("correction", "no, espera, a las diez",
         [("meeting:javier", "Tuesday 10:00 Javier", "The user has a meeting with Javier on Tuesday at 10:00.")]),
        ("fact", "Si llueve, no voy a Toledo.", HYPO),
    ]),
    ("pt/medico", "pt", [], [
        ("plan", "Tenho consulta no médico na segunda às oito e meia.",
         [("appointment:doctor", "Monday 8:30", "The user has a doctor's appointment on Monday at 8:30.")]),
        ("correction", "opa, enganei-me, é na terça",
         [("appointment:doctor", "Tuesday 8:30", "The user has a doctor's appointment on Tuesday at 8:30.")]),
        ("third_party", "A minha mãe vai a Braga no sábado.", OTHER),
        ("smalltalk", "obrigado!", TALK),
    ]),
    ("pt/jantar", "pt", [], [
        ("plan", "Em julho vou para Salvador com a Luana.",
         [("trip", "Salvador July", "The user has a trip to Salvador in July.")]),
        ("plan", "O jantar de aniversário é sábado às nove da noite, seremos oito.",
         [("plan:birthday dinner", "Saturday 21:00 8", "The user has a birthday dinner on Saturday at 21:00 for 8 people.")]),
        ("correction", "ops, seremos dez",
         [("plan:birthday dinner", "Saturday 21:00 10", "The user has a birthday dinner on Saturday at 21:00 for 10 people.")]),
        ("fact", "Se chover, fica para domingo.", HYPO),
    ]),
    ("it/colloquio", "it", [], [
        ("plan", "Lunedì 6 alle 15 ho un colloquio di lavoro a Bologna.",
         [("appointment:job interview", "Monday 6 15:00 Bologna", "The user has a job interview on Monday the 6th at 15:00 in Bologna.")]),
        ("correction", "scusa, alle 15:30",
         [("appointment:job interview", "Monday 6 15:30 Bologna", "The user has a job interview on Monday the 6th at 15:30 in Bologna.")]),
        ("fact", "Se mi prendono, mi trasferisco a Bologna.", HYPO),
        ("third_party", "Il mio capo va a Parigi domani.", OTHER),
    ]),
    ("it/festa", "it", [], [
        ("plan", "Venerdì c'è la mia festa di compleanno, alle nove di sera, saremo in quindici.",
         [("plan:birthday party", "Friday 21:00 15", "The user has a birthday party on Friday at 21:00 for 15 people.")]),
        ("correction", "anzi, saremo in diciotto",
         [("plan:birthday party", "Friday 21:00 18", "The user has a birthday party on Friday at 21:00 for 18 people.")]),
        ("instruction", "Prenota un ristorante per venerdì", ASK),
        ("question", "A che ora chiude il museo?", Q),
    ]),
    ("en/concert", "en", [], [
        ("plan", "Got tickets for a concert in Lisbon on 14 July!",
         [("plan:concert", "14 July Lisbon", "The user has a concert on 14 July in Lisbon.")]),
        ("question", "What's the weather like in Lisbon in July", Q),
        ("plan", "Our anniversary dinner is on Friday at 8.",
         [("plan:anniversary dinner", "Friday 20:00", "The user has an anniversary dinner on Friday at 20:00.")]),
        ("third_party", "My sister's wedding is in September.", OTHER),
    ]),
    ("de/call", "de", [], [
        ("plan", "Morgen um halb zehn hab ich ein Meeting mit Frau Becker.",
         [("meeting:becker", "9:30 Becker", "The user has a meeting with Becker tomorrow at 9:30.")]),
        ("correction", "Sorry, um zehn, nicht halb zehn.",
         [("meeting:becker", "10:00 Becker", "The user has a meeting with Becker tomorrow at 10:00.")]),
        ("fact", "Wenn ich nach Wien fahre, nehme ich den Zug.", HYPO),
        ("instruction", "Buch mir ein Taxi für morgen früh", ASK),
    ]),
    ("fr/demenagement", "fr", [], [
        ("plan", "On déménage à Nantes en septembre.",
         [("plan:move", "Nantes September", "The user is moving to Nantes in September.")]),
        ("plan", "J'ai un entretien d'embauche lundi prochain à 9h.",
         [("appointment:job interview", "Monday 9:00", "The user has a job interview next Monday at 9:00.")]),
        ("correction", "oups, c'est mardi prochain",
         [("appointment:job interview", "Tuesday 9:00", "The user has a job interview next Tuesday at 9:00.")]),
        ("question", "Quel temps fera-t-il à Nantes", Q),
    ]),
    ("es/viaje", "es", [], [
        ("plan", "El 3 de octubre me voy a Valencia con Lucía.",
         [("trip", "3 October Valencia", "The user has a trip to Valencia on 3 October with Lucía.")]),
        ("plan", "Y el miércoles tengo la comida de empresa a las dos.",
         [("plan:team lunch", "Wednesday 14:00", "The user has a team lunch on Wednesday at 14:00.")]),
        ("third_party", "Mi jefe tiene una reunión en Bilbao el lunes.", OTHER),
        ("fact", "Fui al dentista ayer.", PAST),
    ]),
    ("pt/reuniao", "pt", [], [
        ("plan", "Amanhã às 10h tenho reunião com o Tiago.",
         [("meeting:tiago", "10:00 Tiago", "The user has a meeting with Tiago tomorrow at 10:00.")]),
        ("correction", "não, espera, é às 11h",
         [("meeting:tiago", "11:00 Tiago", "The user has a meeting with Tiago tomorrow at 11:00.")]),
        ("instruction", "Marca-me uma mesa para sexta", ASK),
        ("question", "Onde fica o escritório dele?", Q),
    ]),
    ("it/pranzo", "it", [], [
        ("plan", "Domenica 22 c'è il pranzo di famiglia, all'una, siamo in dieci.",
         [("plan:family lunch", "Sunday 22 13:00 10", "The user has a family lunch on Sunday the 22nd at 13:00 for 10 people.")]),
        ("correction", "no aspetta, domenica 29",
         [("plan:family lunch", "Sunday 29 13:00 10", "The user has a family lunch on Sunday the 29th at 13:00 for 10 people.")]),
        ("plan", "A marzo vado a Napoli per lavoro.",
         [("trip", "Napoli March", "The user has a trip to Napoli in March.")]),
        ("fact", "Se vinco alla lotteria vado alle Maldive.", HYPO),
    ]),
]


def build() -> list[dict]:
    """The records of learner_events_dev.jsonl."""
    unique([c[0] for c in CONVERSATIONS])
    return [record(f"learner/events/{cid}", "dev", lang, before, turns) for cid, lang, before, turns in CONVERSATIONS]


def main() -> int:
    print(write(OUT, build()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
