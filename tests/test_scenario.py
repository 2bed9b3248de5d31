"""The scenario data: users, sessions, the long conversation and the deterministic tools."""
from __future__ import annotations

import pytest

from course_lib import count_tokens, scenario as s


def test_users_differ_where_isolation_lessons_need_it():
    priya, marco = s.USERS["priya"], s.USERS["marco"]
    assert priya["diet"] == "vegetarian" and priya["dinner_budget_eur"] == 40
    assert priya["timezone"] == "Europe/Berlin"
    assert marco["dinner_budget_eur"] == 80 and marco["diet"] != priya["diet"]
    assert any("40 EUR" in f for f in s.PRIYA_FACTS) and any("vegetarian" in f for f in s.PRIYA_FACTS)
    assert any("Friday" in f for f in s.PRIYA_FACTS)
    assert not set(s.PRIYA_FACTS) & set(s.MARCO_FACTS)


@pytest.mark.parametrize("name", sorted(s.SESSIONS))
def test_sessions_are_chat_messages(name):
    session = s.SESSIONS[name]
    assert session and all(set(m) == {"role", "content"} and m["role"] in ("user", "assistant") for m in session)
    assert all(m["content"].strip() for m in session)


def test_budget_session_layout():
    session = s.SESSION_BUDGET_WINDOW
    budget = session[s.BUDGET_INDEX]
    assert s.BUDGET_INDEX == 1 and budget["role"] == "user" and "40 EUR" in budget["content"]
    assert [m["role"] for m in session[:2]] == ["user", "user"]  # it is Priya's 2nd message
    question = session[s.DINNER_QUESTION_INDEX]
    assert s.DINNER_QUESTION_INDEX == 12 and question["role"] == "user" and "dinner" in question["content"]
    others = [m for i, m in enumerate(session) if i != s.BUDGET_INDEX]
    assert not any("EUR" in m["content"] for m in others)  # nobody repeats the budget


def test_long_trip_is_forty_messages_of_about_8000_tokens():
    assert len(s.LONG_TRIP) == 40
    assert [m["role"] for m in s.LONG_TRIP[:4]] == ["user", "assistant", "user", "assistant"]
    assert 7_500 <= count_tokens(s.LONG_TRIP) <= 8_500
    said = " ".join(m["content"] for m in s.LONG_TRIP if m["role"] == "user")
    for fact in s.LONG_TRIP_FACTS:
        assert fact in said, fact


def test_search_filters_and_sorts():
    everything = s.search_restaurants("Berlin")
    assert everything[0]["name"] == "Glut & Rind" and everything[0]["diet"] == []
    assert [r["rating"] for r in everything] == sorted((r["rating"] for r in everything), reverse=True)
    fits = s.search_restaurants("berlin", diet="vegetarian", max_price=40)
    assert fits and all("vegetarian" in r["diet"] and r["price_per_person"] <= 40 for r in fits)
    assert fits[0]["name"] == "Linse & Lauch"
    assert all(r["city"] == "Paris" for r in s.search_restaurants("Paris"))
    assert s.search_restaurants("Atlantis") == []
    with pytest.raises(ValueError, match="diet"):
        s.search_restaurants("Berlin", diet="carnivore")


def test_book_table_is_deterministic_and_checks_its_input():
    a = s.book_table("Linse & Lauch", "Friday 19:00", 2)
    assert a == s.book_table("Linse & Lauch", "Friday 19:00", 2)
    assert a["confirmation"] != s.book_table("Linse & Lauch", "Friday 20:00", 2)["confirmation"]
    assert a["confirmation"].startswith("BK-") and a["price_per_person"] == 28
    with pytest.raises(ValueError, match="search_restaurants"):
        s.book_table("Nowhere", "Friday 19:00", 2)
    with pytest.raises(ValueError, match="people"):
        s.book_table("Linse & Lauch", "Friday 19:00", 0)


def test_weather_and_page():
    assert "rain" in s.get_weather("Berlin")["friday"]
    with pytest.raises(ValueError, match="forecast"):
        s.get_weather("Atlantis")
    page = s.read_page(s.GUIDE_URL)
    assert page == s.read_page(s.GUIDE_URL)
    assert 15_000 <= count_tokens(page) <= 25_000
    for sentence in s.KEY_SENTENCES:  # both buried in the middle, far from head and tail
        assert page.count(sentence) == 1 and 0.3 < page.index(sentence) / len(page) < 0.8
    with pytest.raises(ValueError, match="no page"):
        s.read_page("https://example.org/nothing")


def test_toolbox_matches_schemas():
    assert s.TOOLS.names == ["search_restaurants", "get_weather", "book_table", "read_page"]
    for schema in s.TOOL_SCHEMAS:
        fn = schema["function"]
        assert fn["description"] and fn["parameters"]["type"] == "object"
        assert set(fn["parameters"]["required"]) <= set(fn["parameters"]["properties"])
