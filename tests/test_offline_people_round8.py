"""Round 8, people: an age in apposition after an introduction, an age said with 'aged/âgée de/years of age', and
names typed in lower case after a dialect or article copula. Each case both ways: the fact, and a near sentence
that must not give it."""
import pytest

from course_lib.model.offline.lang.read import read_message


def kept(text: str) -> list[tuple[str, str]]:
    return [f[:2] for r in read_message(text) for f in r.kept]


@pytest.mark.parametrize("text, slot, value", [
    ("oi, sou o rafael, 34, moro em Natal", "age", "34"),
    ("servus, bin der korbinian, 27, wohn in Passau", "age", "27"),
    ("Sono in pensione, 68, e vivo a Como", "age", "68"),
    ("Je suis infirmière, âgée de 45 ans, et j'habite à Tours.", "age", "45"),
    ("I am a retired nurse, 70 years of age.", "age", "70"),
    ("uè, so' Ciro, tengo 39 anni", "age", "39"),
    ("eae, sou o bruno, moro em Santos", "name", "Bruno"),
    ("moin! bin der hauke, 40, aus Husum", "name", "Hauke"),
    ("holaa soy nacho, tengo 22", "name", "Nacho"),
    ("i bin die leni aus Linz", "name", "Leni"),
])
def test_said(text, slot, value):
    assert (slot, value) in kept(text)


@pytest.mark.parametrize("text, slot", [
    ("ich bin müde, sorry", "name"),
    ("sono stanca, scusa", "name"),
    ("I'm tired, lol", "name"),
    ("hi im here, 20 minutes early", "age"),
    ("my room is 12, 13 is next door", "age"),
    ("mein Sohn ist 12, 13 bald", "age"),
    ("meine Tochter, 14, will Ärztin werden", "age"),
])
def test_not_said(text, slot):
    assert not any(s == slot for s, _ in kept(text))
