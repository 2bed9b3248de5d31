"""count_tokens: cl100k_base offline, on text and on chat messages."""
import pytest
from hypothesis import given, settings, strategies as st

from course_lib import count_tokens
from course_lib.model.tokens import REPLY_PRIMING, TOKENS_PER_MESSAGE, count_message_tokens, decode, encode


def test_reference_sentence():
    assert count_tokens("Suggest a dinner place in Berlin") == 7


def test_empty_text_and_empty_conversation():
    assert count_tokens("") == 0
    assert count_tokens([]) == 0


def test_messages_add_framing_overhead():
    msgs = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi Priya"}]
    bare = sum(count_tokens(m["content"]) + count_tokens(m["role"]) for m in msgs)
    assert count_tokens(msgs) == bare + TOKENS_PER_MESSAGE * 2 + REPLY_PRIMING


def test_name_and_tool_calls_are_counted():
    plain = {"role": "assistant", "content": ""}
    call = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Berlin"}'}}]}
    assert count_message_tokens(call) > count_message_tokens(plain)
    assert count_message_tokens({"role": "user", "content": "x", "name": "priya"}) > count_message_tokens(
        {"role": "user", "content": "x"})


def test_special_token_text_is_ordinary_text():
    assert count_tokens("<|endoftext|>") > 1


@pytest.mark.parametrize("bad", [{"role": "user", "content": "hi"}, [{"content": "no role"}], [42]])
def test_bad_input_says_what_to_do(bad):
    with pytest.raises(TypeError) as err:
        count_tokens(bad)
    assert "message" in str(err.value)


@pytest.mark.parametrize("bad", [None, 42, b"bytes"])
def test_not_a_text_names_the_type_and_the_fix(bad):
    with pytest.raises(TypeError, match=rf"got {type(bad).__name__} .*pass the text itself"):
        count_tokens(bad)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200), st.text(max_size=200))
def test_round_trip_and_byte_bound(a, b):
    assert decode(encode(a + b)) == a + b
    # a token is at least one byte of UTF-8, and a text that is not empty is at least one token
    assert (a + b == "") or 1 <= count_tokens(a + b) <= len((a + b).encode("utf-8"))


def test_joining_two_texts_can_cost_more_than_both():
    """Token counts do not add up: BPE merges differ across the seam. '_more' and 'read' are one token each, but
    '_moreread' is four (hypothesis found it; an earlier version of this file claimed the seam adds at most one)."""
    assert (count_tokens("_more"), count_tokens("read"), count_tokens("_moreread")) == (1, 1, 4)
