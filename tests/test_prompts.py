"""Prompt templates: fields are text; a message list or other object is refused, never sent as its repr."""
from __future__ import annotations

import pytest

from course_lib.course import scenario
from course_lib.model.prompts import DISTILL_EPISODE, EXTRACT_FACTS, RESOLVE_CONFLICT, SUMMARISE, TEMPLATES
from course_lib.short_term.summary import as_lines


def test_text_and_numbers_are_rendered_into_tagged_fields():
    messages = SUMMARISE.render(summary=" old ", new_lines="User: hi", max_tokens=120)
    assert messages[1]["content"] == "<summary>\nold\n</summary>\n\n<new_lines>\nUser: hi\n</new_lines>\n\n" \
                                     "<max_tokens>\n120\n</max_tokens>"
    assert SUMMARISE.parse(messages) == {"summary": "old", "new_lines": "User: hi", "max_tokens": "120"}


@pytest.mark.parametrize("template, field, fix", [
    (SUMMARISE, "new_lines", r"as_lines\(messages\)"),
    (EXTRACT_FACTS, "conversation", r"as_conversation\(messages\)"),
])
def test_a_raw_message_list_is_refused_with_the_helper_to_use(template, field, fix):
    values = {f: "x" for f in template.fields} | {field: scenario.LONG_TRIP[:2]}
    with pytest.raises(TypeError, match=rf"field '{field}' takes text, got a list of 2 chat messages.*{fix}"):
        template.render(**values)


def test_the_helper_named_in_the_error_gives_text_that_renders():
    lines = as_lines(scenario.LONG_TRIP[:2])
    content = SUMMARISE.render(summary="", new_lines=lines, max_tokens=100)[1]["content"]
    assert "User: Hi again, it's Priya!" in content and "{'role'" not in content


@pytest.mark.parametrize("value", [["m1: vegetarian"], {"m1": "vegetarian"}, None, True, ("a", "b")])
def test_other_objects_are_refused_too(value):
    with pytest.raises(TypeError, match="field 'existing' takes text.*Python repr"):
        RESOLVE_CONFLICT.render(new_fact="The user is vegan.", existing=value)


def test_every_template_refuses_a_list_in_every_field():
    for template in TEMPLATES.values():
        for field in template.fields:
            values = {f: "x" for f in template.fields} | {field: ["x"]}
            with pytest.raises(TypeError, match=f"field '{field}'"):
                template.render(**values)
    assert DISTILL_EPISODE.render(events="[outcome] booked")[1]["content"].startswith("<events>")
