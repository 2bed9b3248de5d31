"""Budgets, round 10 (sentences written for these tests): a budget said impersonally in a clause of its own is the
user's ('… and the budget is around $2,500'), a ceiling said with 'want' ('je veux pas dépasser 800 euros'), 'limite'
as a budget word, and more currencies by name (naira, soles, złoty …). Each with cases where it must not fire."""
from __future__ import annotations

import pytest

from course_lib.model.offline.lang.clauses import clauses
from course_lib.model.offline.lang.read import read_message


def budgets(said: str) -> list[tuple[str, str]]:
    return [(s, v) for r in read_message(said, []) for s, v, _ in r.kept if s.startswith("budget")]


@pytest.mark.parametrize("said, value", [
    ("we're driving down to Austin and the budget is about $1,800 for the week", "1,800 USD"),
    ("Vamos a Granada en mayo y el presupuesto es de 900 euros", "900 EUR"),
    ("je veux pas dépasser 300 euros pour le cadeau", "300 EUR"),
    ("non voglio spendere più di 70 euro per la cena", "70 EUR"),
    ("I don't want to spend more than 60 pounds on shoes", "60 GBP"),
    ("o meu limite é 90 € para o jantar", "90 EUR"),
    ("my budget for the trip is 400,000 naira", "400,000 NGN"),
    ("tenemos 2500 soles para el viaje", "2,500 PEN"),
    ("mój budżet... sorry, my budget is 800 złoty", "800 PLN"),
])
def test_a_budget_said_impersonally_with_a_ceiling_or_in_another_currency(said, value):
    assert any(v == value for _, v in budgets(said))


@pytest.mark.parametrize("said", [
    "I love Lisbon and the food is great",            # an impersonal clause that is no budget stays someone else's
    "the concert ticket costs 80 euros",              # a price, no budget
    "I don't want to spend more time on this",        # no money
])
def test_no_budget_without_money_or_for_a_price(said):
    assert budgets(said) == []


def test_an_impersonal_clause_is_the_users_only_for_a_budget():
    assert clauses("I love Rome and the food is great")[-1][1] == "other"
    assert clauses("we fly on Monday and the budget is 500 euros")[-1][1] == "self"


def test_a_common_word_is_no_currency():
    assert budgets("my budget is 40 pen") != [("budget", "40 PEN")]
