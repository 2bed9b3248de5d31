"""Redaction over the secrets corpus, on the offline path and through a paraphrasing stand-in for a live model."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib import SummaryBufferMemory, VectorMemory, redact_secrets
from course_lib.evaluation.paraphraser import FORMS, ParaphrasingModel, restate, user_sentences
from course_lib.model.redact import RULES, iban_ok, luhn_ok
from course_lib.evaluation.secrets_corpus import Sample, leaked, load_corpus, write_path_report
from course_lib.long_term.write_path import Decision, MemoryWriter, session_summary

CORPUS = load_corpus()
SECRETS = [s for s in CORPUS if not s.harmless]
HARMLESS = [s for s in CORPUS if s.harmless]


def test_the_corpus_is_broad():
    assert len(SECRETS) >= 60 and len(HARMLESS) >= 60
    assert {"en", "de", "fr", "es", "ru", "zh"} <= {s.lang for s in SECRETS}
    assert {"password", "pin", "door_code", "api_key", "token", "card", "iban", "private_key",
            "connection_string"} <= {s.kind for s in SECRETS}


@pytest.mark.parametrize("line, error", [
    ('{"id": "a", "lang": "en", "kind": "pin", "text": "PIN 1234"}', "exactly the keys"),
    ('{"id": "a", "lang": "en", "kind": "pin", "text": "PIN 1234", "secrets": ["9999"]}', "must be a substring"),
    ('{"id": "a", "lang": "en", "kind": "harmless", "text": "PIN 1234", "secrets": ["1234"]}', "kind 'harmless'"),
    ('{"id": "", "lang": "en", "kind": "harmless", "text": "hi", "secrets": []}', "'id' must be a non-empty str"),
    ('{"id": "a", "lang": "en", "kind": "harmless", "text": "hi", "secrets": []}\n'
     '{"id": "a", "lang": "en", "kind": "harmless", "text": "ho", "secrets": []}', "appears twice"),
    ("{not json", "not JSON"),
])
def test_a_bad_corpus_line_is_named(tmp_path, line, error):
    path = tmp_path / "corpus.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=error) as info:
        load_corpus(path)
    assert "corpus.jsonl, line" in str(info.value)


def test_a_leak_is_seen_in_any_case_and_with_any_separator():
    sample = Sample("x", "en", "iban", "IBAN DE89 3704 0044 0532 0130 00", ("DE89 3704 0044 0532 0130 00",))
    assert leaked(sample, "iban: de89/3704/0044/0532/0130/00") and leaked(sample, "DE89370400440532013000")
    assert not leaked(sample, "IBAN [REDACTED IBAN]")


# -- the offline path: what the extractor reads ---------------------------------------------------------
@pytest.mark.parametrize("sample", CORPUS, ids=[s.id for s in CORPUS])
def test_each_message_is_redacted_or_left_alone(sample):
    clean, found = redact_secrets(sample.text)
    if sample.harmless:
        assert (clean, found) == (sample.text, [])
    else:
        assert found and not leaked(sample, clean), clean
        assert redact_secrets(clean) == (clean, [])  # idempotent


# -- a paraphrasing model: what it restates ----------------------------------------------------------
# The stand-in restates each sentence on its own. In these samples the sentence holding the secret says nothing
# secret without the one before it ("wifi?" + "it's bluebird7", "passport no." + "is 533380006": the stand-in
# splits there), so no rule on the restated sentence alone can see it. The write path still keeps them out: it
# redacts the whole conversation before a model reads it (test_the_write_path_stores_no_secret_…).
SPLIT_BY_THE_STAND_IN = {"casual-en-3", "casual-en-7", "casual-de-1", "gov-en-4"}
RESTATED = [pytest.param(s, id=s.id, marks=pytest.mark.xfail(strict=True, reason="context is in another sentence"))
            if s.id in SPLIT_BY_THE_STAND_IN else pytest.param(s, id=s.id) for s in CORPUS]


@pytest.mark.parametrize("sample", RESTATED)
def test_every_restatement_is_redacted_or_left_alone(sample):
    conversation = "user: " + "\n  ".join(line for line in sample.text.splitlines() if line.strip())
    for form in FORMS:
        for sentence in user_sentences(conversation):
            fact = restate(sentence, form)
            clean, found = redact_secrets(fact)
            assert (not found) if sample.harmless else not leaked(sample, clean), (form, fact, clean)


def test_the_stand_in_restates_in_the_forms_it_promises():
    assert restate("My password is hunter2.", "plain") == "The user's password is hunter2."
    assert restate("Mein Passwort ist hunter2.", "moved") == "hunter2 is the user's password."
    assert restate("My password is hunter2.", "colon") == "Priya's password: hunter2"
    assert restate("card 4111 1111 1111 1111", "regrouped").count("4111") == 1  # the groups were joined otherwise
    assert restate("IBAN DE89370400440532013000", "recased") == "IBAN de89370400440532013000."
    with pytest.raises(ValueError, match="form must be one of"):
        restate("hi", "shouting")


@pytest.fixture(scope="module")
def reports():
    return {"offline": write_path_report(None), "paraphrasing": write_path_report(ParaphrasingModel())}


@pytest.mark.parametrize("path", ["offline", "paraphrasing"])
@pytest.mark.parametrize("sample", CORPUS, ids=[s.id for s in CORPUS])
def test_the_write_path_stores_no_secret_and_drops_no_harmless_fact(reports, path, sample):
    report = reports[path]
    assert sample.id not in report["secrets_stored"] + report["harmless_dropped"]


def test_the_paraphrasing_path_stores_every_harmless_fact(reports):
    report = reports["paraphrasing"]
    assert report["harmless_stored"] == report["harmless_samples"] == len(HARMLESS)
    assert report["secret_samples"] == len(SECRETS) and report["secrets_stored"] == []


def test_apply_redacts_what_it_stores():
    memory = VectorMemory()
    writer = MemoryWriter(memory)
    writer.apply("priya", Decision("ADD", None, "The user's card is 4111/1111/1111/1111."))
    (record,) = memory.export("priya")
    assert "4111" not in record["text"] and "[REDACTED CARD_NUMBER]" in record["text"]


class Scripted:
    """A model that answers every request with one text, in both the complete() and chat() shapes."""

    def __init__(self, text):
        self.text = text

    def complete(self, messages, **kw):
        return self.text

    def chat(self, messages, **kw):
        return SimpleNamespace(choices=[SimpleNamespace(message=SimpleNamespace(content=self.text))], usage=None)


def test_a_session_summary_keeps_no_secret():
    model = Scripted(json.dumps({"decisions": ["Pay with 4242 4242 4242 4242"], "preferences": [],
                                 "facts_learned": ["Priya's Wi-Fi password: bananas"], "open_questions": []}))
    out = session_summary("user: hi", model)
    assert "4242" not in out["decisions"][0] and "bananas" not in out["facts_learned"][0]


def test_the_summary_buffer_keeps_no_secret():
    memory = SummaryBufferMemory(max_tokens=120, summary_tokens=40,
                                 model=Scripted("Priya's door code is 4821; her IBAN is de89370400440532013000."))
    for i in range(12):
        memory.add({"role": "user", "content": f"message {i} with a few words to fill the buffer up"})
    assert memory.calls and "4821" not in memory.summary and "de89" not in memory.summary.lower()
    assert "[REDACTED PIN]" in memory.summary


def test_redact_secrets_names_a_wrong_argument():
    with pytest.raises(TypeError, match="takes a str"):
        redact_secrets(b"my password is hunter2")


def test_every_rule_has_a_name_and_is_needed_by_the_corpus():
    texts = [s.text for s in SECRETS] + [restate(sentence, form) for s in SECRETS for form in FORMS
                                         for sentence in user_sentences("user: " + "\n  ".join(s.text.splitlines()))]
    fired = {i for i, (_, pattern) in enumerate(RULES) for text in texts if pattern.search(text)}
    assert all(name for name, _ in RULES) and fired == set(range(len(RULES)))


# -- properties -------------------------------------------------------------------------------------
ANY_SEPARATOR = st.sampled_from(["", " ", "-", ".", "/", "\u00a0", "\u2009", "\u202f", " - "])


@st.composite
def card(draw):
    body = "".join(map(str, draw(st.lists(st.integers(0, 9), min_size=15, max_size=15))))
    number = body + next(d for d in "0123456789" if luhn_ok(body + d))
    sep = draw(ANY_SEPARATOR)
    return number, sep.join(number[i:i + 4] for i in range(0, 16, 4))


@settings(max_examples=150, deadline=None)
@given(card(), st.sampled_from(["My card is {}.", "{}", "pay with {} please", "Karte: {}", "卡号{}。"]))
def test_a_luhn_valid_16_digit_number_with_any_separator_is_always_redacted(case, sentence):
    number, written = case
    clean, found = redact_secrets(sentence.format(written))
    assert "card_number" in found and number not in "".join(ch for ch in clean if ch.isdigit())


@st.composite
def iban(draw):
    bban = draw(st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=14, max_size=26))
    country = draw(st.sampled_from(["DE", "FR", "GB", "NL", "ES", "IT"]))
    check = 98 - int("".join(str(int(ch, 36)) for ch in bban + country + "00")) % 97
    return f"{country}{check:02d}{bban}"


@settings(max_examples=100, deadline=None)
@given(iban(), st.sampled_from(["", " ", "\u00a0", "-"]), st.booleans())
def test_a_valid_iban_in_any_case_and_grouping_is_always_redacted(code, sep, lower):
    assert iban_ok(code)
    written = sep.join(code[i:i + 4] for i in range(0, len(code), 4))
    clean, found = redact_secrets(f"my IBAN is {written.lower() if lower else written} thanks")
    assert "iban" in found and code.lower() not in clean.lower().replace(sep or "#", "")


WORDS = ["my", "password", "is", "PIN", "code", "door", "key", "token", "the", "user's", "4821", "hunter2",
         "sk-abc123XYZ", ":", "=", "—", "[REDACTED PASSWORD]", "4111 1111 1111 1111", "密码", "是", "Passwort",
         "ist", "DE89 3704 0044 0532 0130 00", "\n", ",", ".", "as", "Bearer", "x7Hq2Lp9Vw=="]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=14).map(" ".join) | st.text(max_size=80))
def test_redaction_is_idempotent(text):
    clean, _ = redact_secrets(text)
    assert redact_secrets(clean) == (clean, [])


@pytest.mark.parametrize("text", [
    '"text": "My bank password? It\'s Elephant!Blue22", "secrets": ["Elephant!Blue22"]',  # the corpus line, as JSON
    "password: [REDACTED PASSWORD] Elephant!Blue22 and PASSWORD]99x",
])
def test_a_marker_is_never_redacted_from_inside(text):
    """A rule whose value may start at any word once read the word PASSWORD inside a marker as a value and wrapped
    the marker in another ("[REDACTED [REDACTED PASSWORD]]"), once per pass (found by the 1 MB random-symbols bench)."""
    clean, _ = redact_secrets(text)
    assert "[REDACTED [REDACTED" not in clean
    assert redact_secrets(clean) == (clean, [])
