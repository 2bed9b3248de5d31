"""Two times per fact: when it was true (from the user's words) apart from when the agent recorded it.

The sentences here are not the lesson's: other cities, diets, jobs and the six languages.
"""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from course_lib import CourseClock, VectorMemory
from course_lib.long_term.validity import valid_times
from course_lib.long_term.write_path import Fact, MemoryWriter, facts_in
from course_lib.model.valid_time import resolve_when, said_when

UTC = timezone.utc
TODAY = datetime(2026, 3, 2, 9, tzinfo=UTC)  # the course clock's start, a Monday in (meteorological) spring


def day(text: str) -> datetime:
    return datetime.fromisoformat(text + "T00:00:00+00:00")


@pytest.mark.parametrize("sentence, role, expected", [
    ("We relocated, we moved to Porto last summer.", "valid_from", "2025-06-01"),
    ("I have been pescatarian since last autumn.", "valid_from", "2025-09-01"),
    ("I'm staying in Madrid until July.", "valid_to", "2026-07-01"),
    ("From April I work for a bakery.", "valid_from", "2026-04-01"),
    ("Seit letztem Winter wohne ich in Graz.", "valid_from", "2025-12-01"),  # the winter just over
    ("Wir sind letzten Sommer nach Graz gezogen.", "valid_from", "2025-06-01"),
    ("Ich arbeite bis Oktober in Wien.", "valid_to", "2026-10-01"),
    ("J'habite à Nantes depuis 2017.", "valid_from", "2017-01-01"),
    ("Je suis végane depuis trois ans.", "valid_from", "2023-03-02"),
    ("Vivo en Sevilla desde el verano pasado.", "valid_from", "2025-06-01"),
    ("Trabajo en Bilbao hasta diciembre.", "valid_to", "2026-12-01"),
    ("Moro em Braga desde 2021.", "valid_from", "2021-01-01"),
    ("Sou vegetariano há quatro anos.", "valid_from", "2022-03-02"),
    ("Abito a Torino dal 2016.", "valid_from", "2016-01-01"),
    ("Lavoro a Bari fino a settembre.", "valid_to", "2026-09-01"),
    ("I became a vegetarian two years ago.", "valid_from", "2024-03-02"),
    ("I started a job at the museum in November 2024.", "valid_from", "2024-11-01"),
    ("I'll be in Rome till the end of May.", "valid_to", "2026-06-01"),
    ("Bis Ende Juni wohne ich in Bonn.", "valid_to", "2026-07-01"),
    ("Je travaille à Lille jusqu'au 30 juin.", "valid_to", "2026-06-30"),
    ("Sono vegetariana dall'anno scorso.", "valid_from", "2025-01-01"),
    ("I'm vegan from April 10th.", "valid_from", "2026-04-10"),
    ("Since 2024-05-03 I live in Graz.", "valid_from", "2024-05-03"),
    ("Ich bin vor drei Jahren nach Köln gezogen.", "valid_from", "2023-03-02"),
    ("As of last month I work remotely.", "valid_from", "2026-02-01"),
])
def test_the_users_words_give_the_valid_time_in_six_languages(sentence, role, expected):
    said = said_when(sentence)
    assert role in said, (sentence, said)
    assert resolve_when(said[role], TODAY, role) == day(expected)


@pytest.mark.parametrize("sentence", [
    "I live in Porto.",                        # no time said: unknown, never the write time
    "My brother's birthday is on 3 June.",      # a date that is no validity bound
    "The meeting is on Friday at 10:00.",
    "We moved in with Marco.",                  # a name, not the Portuguese March
    "Me mudé cerca del mar.",                   # the sea, not March
    "We moved to Faro and may stay.",           # a verb, not the month
    "My budget is 2000 EUR since the raise.",   # an amount, not a year
    "Ik woon sinds vorig jaar in Gent.",        # Dutch is not one of the six languages: unknown, said so below
])
def test_no_valid_time_is_invented(sentence):
    assert said_when(sentence) == {}


def test_a_month_without_a_year_lies_behind_for_a_start_and_ahead_for_an_end():
    january = datetime(2026, 1, 10, tzinfo=UTC)
    assert resolve_when("since March", january, "valid_from") == day("2025-03-01")
    assert resolve_when("until March", january, "valid_to") == day("2026-03-01")
    assert resolve_when("next spring", january, "valid_from") == day("2026-03-01")
    assert resolve_when("last spring", january, "valid_from") == day("2025-03-01")


def test_a_live_model_may_answer_with_a_date_and_unreadable_words_stay_unknown():
    assert resolve_when("2019-05-04", TODAY) == day("2019-05-04")
    assert resolve_when("2019-05", TODAY) == day("2019-05-01")
    assert resolve_when("when I was little", TODAY) is None
    assert resolve_when(None, TODAY) is None and resolve_when("", TODAY) is None
    with pytest.raises(ValueError, match="timezone-aware"):
        resolve_when("since 2019", datetime(2026, 3, 2))
    with pytest.raises(ValueError, match="role"):
        resolve_when("since 2019", TODAY, "recorded_at")


def test_the_write_path_carries_a_live_models_valid_time_and_says_what_it_could_not_read():
    (fact,) = facts_in({"facts": [{"text": "The user lives in Leeds.", "confidence": 0.9, "valid_from": "2022-09-01",
                                   "valid_to": None}]})
    assert (fact.valid_from, fact.valid_to) == ("2022-09-01", None)
    assert valid_times(fact, TODAY) == (day("2022-09-01"), None, "")
    start, end, note = valid_times(Fact("The user lives in Leeds.", 0.9, valid_from="after the war"), TODAY)
    assert (start, end) == (None, None) and "'after the war' not understood" in note
    start, end, note = valid_times(Fact("x", 0.9, valid_from="since 2024", valid_to="until 2020"), TODAY)
    assert (start, end) == (None, None) and "not after" in note


def ids(records) -> list[str]:
    return [r.id for r in records]


def writer_at(clock: CourseClock) -> tuple[VectorMemory, MemoryWriter]:
    memory = VectorMemory(clock=clock)
    return memory, MemoryWriter(memory)


def tell(writer: MemoryWriter, text: str):
    (d,) = writer.write_from_conversation("ana", [{"role": "user", "content": text}])
    return d


def test_a_move_said_with_its_time_answers_as_of_questions_by_valid_time():
    clock = CourseClock(datetime(2025, 10, 1, 9, tzinfo=UTC))
    memory, writer = writer_at(clock)
    assert tell(writer, "I live in Leeds.").op == "ADD"
    clock.set(datetime(2026, 9, 1, 9, tzinfo=UTC))
    moved = tell(writer, "We moved to York last spring.")
    assert moved.op == "UPDATE" and moved.valid_from == day("2026-03-01")
    leeds, york = memory.history("ana")
    assert leeds.recorded_at == datetime(2025, 10, 1, 9, tzinfo=UTC) and leeds.valid_from is None
    assert leeds.valid_to == day("2026-03-01") and leeds.superseded_at == clock.now()  # the two times differ
    assert york.valid_from == day("2026-03-01") and york.recorded_at == clock.now()
    assert ids(memory.as_of("ana", day("2026-06-15")).true) == [york.id]  # by valid time, though not known then
    assert ids(memory.as_of("ana", day("2026-01-15")).true) == [leeds.id]
    before = memory.as_of("ana", day("2025-06-15"))
    assert before.true == [] and ids(before.unknown) == [leeds.id]  # start never said: unknown, not "nothing"
    assert before.lines() == ["unknown before 2025-10-01: The user lives in Leeds."]
    assert [r.text for r in memory.memories("ana")] == ["The user lives in York."]


@pytest.mark.parametrize("on, off", [
    ("I've gone vegan.", "I'm no longer vegan."),
    ("Ich bin Veganerin.", "Ich bin nicht mehr vegan."),
    ("Je suis végétarien.", "Je ne suis plus végétarien."),
])
def test_a_retraction_ends_the_fact_and_keeps_it_in_history(on, off):
    clock = CourseClock()
    memory, writer = writer_at(clock)
    assert tell(writer, on).op == "ADD"
    clock.advance(days=60)
    d = tell(writer, off)
    assert d.op == "DELETE" and "kept in history" in d.reason
    assert memory.memories("ana") == []  # no longer recalled ...
    (record,) = memory.history("ana")  # ... but not erased
    assert record.valid_to == clock.now() and record.superseded_at is None
    assert ids(memory.as_of("ana", day("2026-04-01")).true) == [record.id]  # "was I vegan in April?": yes
    later = memory.as_of("ana", day("2026-05-15"))
    assert later.true == [] and ids(later.ended) == [record.id]  # "in May?": no, ended
    assert later.lines() == [f"ended {clock.now():%Y-%m-%d}: {record.text}"]
    assert memory.forget("ana", record.id) == [record.id] and memory.history("ana") == []  # only forget erases


def test_a_retraction_with_its_own_time_ends_the_fact_then():
    clock = CourseClock()
    memory, writer = writer_at(clock)
    tell(writer, "I've been vegan since 2023.")
    clock.advance(days=10)
    d = tell(writer, "I'm no longer vegan since January.")
    (record,) = memory.history("ana")
    assert d.op == "DELETE" and record.valid_from == day("2023-01-01") and record.valid_to == day("2026-01-01")


def test_end_and_valid_to_are_checked():
    clock = CourseClock()
    memory = VectorMemory(clock=clock)
    rec = memory.remember("ana", "The user lives in Hull.", valid_from=day("2024-05-01"))
    with pytest.raises(ValueError, match="not after its valid_from"):
        memory.end("ana", rec.id, day("2024-01-01"))
    with pytest.raises(ValueError, match="not after valid_from"):
        memory.remember("ana", "The user works in Hull.", valid_from=day("2025-01-01"), valid_to=day("2024-01-01"))
    later = memory.end("ana", rec.id, day("2026-06-01"))  # a stated future end ("until June"): current until then
    assert later.valid_to == day("2026-06-01") and ids(memory.memories("ana")) == [later.id]
    clock.set(datetime(2026, 6, 2, tzinfo=UTC))
    assert memory.memories("ana") == []
    assert memory.end("ana", rec.id).valid_to == day("2026-06-01")  # ended already: ending again changes nothing
    assert memory.history("ana")[0].valid_to == day("2026-06-01")
    clock.advance(days=1)
    new = memory.remember("ana", "The user lives in York.")
    york = memory.update("ana", new.id, "The user lives in Leeds.")
    with pytest.raises(ValueError, match="superseded on"):
        memory.end("ana", new.id)
    assert memory.end("ana", york.id).valid_to == clock.now()


def test_an_update_of_a_fact_with_a_stated_end_still_supersedes_it():
    clock = CourseClock()
    memory, writer = writer_at(clock)
    tell(writer, "I live in Leeds until June.")
    (leeds,) = memory.memories("ana")
    assert leeds.valid_to == day("2026-06-01")
    clock.advance(days=5)
    assert tell(writer, "I live in York now.").op == "UPDATE"  # the store's "superseded meanwhile" guard allows it
    assert [r.text for r in memory.memories("ana")] == ["The user lives in York."]


def test_saying_since_when_of_a_known_fact_fills_in_its_start_once():
    clock = CourseClock()
    memory, writer = writer_at(clock)
    tell(writer, "I'm vegetarian.")
    clock.advance(days=3)
    d = tell(writer, "I've been vegetarian since 2018.")
    (record,) = memory.history("ana")
    assert d.op == "NOOP" and "start filled in" in d.reason and record.valid_from == day("2018-01-01")
    tell(writer, "I've been vegetarian since 2020.")  # a start already known stays: no silent rewrite
    assert memory.history("ana")[0].valid_from == day("2018-01-01")
    assert ids(memory.as_of("ana", day("2019-06-01")).true) == [record.id]


class LiveLike:
    """A stand-in for a live model: the course model, except that extraction answers as a live model might, with
    the user's words (or a date) for when the fact became true."""

    def __init__(self, facts):
        from course_lib import Model
        from course_lib.model import prompts

        self.model, self.facts, self.header = Model(), facts, prompts.EXTRACT_FACTS.header

    def complete(self, messages, **kwargs):
        if messages[0]["content"].startswith(self.header):
            import json
            return "Here you go:\n```json\n" + json.dumps({"facts": self.facts}) + "\n```"
        return self.model.complete(messages, **kwargs)

    def embed(self, texts):
        return self.model.embed(texts)


@pytest.mark.parametrize("said, expected", [("since last summer", "2025-06-01"), ("2021-09-15", "2021-09-15")])
def test_a_live_models_valid_time_reaches_the_store(said, expected):
    clock = CourseClock()
    memory = VectorMemory(clock=clock)
    facts = [{"text": "The user lives in Cork.", "confidence": 0.95, "valid_from": said, "valid_to": None}]
    (d,) = MemoryWriter(memory, model=LiveLike(facts)).write_from_conversation("ana", "user: we live in Cork now")
    (record,) = memory.history("ana")
    assert d.op == "ADD" and record.valid_from == day(expected) and record.recorded_at == clock.now()


def test_words_a_live_model_gave_that_cannot_be_read_leave_the_time_unknown_and_say_so():
    memory = VectorMemory(clock=CourseClock())
    facts = [{"text": "The user lives in Cork.", "confidence": 0.95, "valid_from": "after the wedding"}]
    (d,) = MemoryWriter(memory, model=LiveLike(facts)).write_from_conversation("ana", "user: we live in Cork")
    assert d.op == "ADD" and "'after the wedding' not understood: left unknown" in d.reason
    assert memory.history("ana")[0].valid_from is None


def test_as_of_takes_a_date_and_refuses_what_is_not_a_moment():
    from datetime import date

    clock = CourseClock()
    memory = VectorMemory(clock=clock)
    rec = memory.remember("ana", "The user lives in Hull.", valid_from=day("2024-05-01"))
    assert ids(memory.as_of("ana", date(2025, 1, 1)).true) == [rec.id]
    assert memory.as_of("ana", date(2024, 4, 30)).lines() == ["(nothing known)"]
    with pytest.raises(TypeError, match="moment to ask about"):
        memory.as_of("ana", None)
    with pytest.raises(ValueError, match="timezone-aware"):
        memory.as_of("ana", datetime(2025, 1, 1))
    with pytest.raises(TypeError, match="must be a datetime"):
        memory.as_of("ana", "2025-01-01")
