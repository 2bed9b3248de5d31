"""What each layer of the offline language layer decided about a message, and why (for lessons and the CLI).

    from course_lib.model.offline.lang.explain import explain
    print(explain("I'm not vegan any more, just vegetarian. What should I cook?"))

or `python -m course_lib offline --explain "…"`.
"""
from __future__ import annotations

from course_lib.model.offline.lang.importance import importance
from course_lib.model.offline.lang.read import is_statement_like, read_message


def explain(message: str) -> str:
    """A readable trace: per sentence the language, who it is about, the classifier's kind (with its top three),
    the slots found, what is kept and why; then the facts stored, or "not understood"."""
    lines = [f"message: {message!r}"]
    readings = read_message(message)
    for n, r in enumerate(readings, 1):
        lines.append(f"\n{n}. {r.sentence!r}")
        lines.append(f"   language   {r.lang}")
        lines.append(f"   about      {r.who}")
        top = ", ".join(f"{k} {p:.2f}" for k, p in r.top)
        lines.append(f"   kind       {r.kind} (classifier: {top})")
        lines.append(f"   slots      " + ("; ".join(f"{s} = {v}" for s, v, _ in r.found) or "none found"))
        for why in r.refused:
            lines.append(f"   refused    {why}")
        lines.append(f"   decision   {r.why}" + (f"; confidence {r.confidence}" if r.kept else ""))
        for _, _, text in r.kept:
            value, why = importance(text)
            lines.append(f"   fact       {text}   (importance {value:.2f}: {why})")
        if r.not_understood:
            lines.append("   NOT UNDERSTOOD: it reads like a statement, but no slot reader knows it; nothing is stored")
    kept = [t for r in readings for _, _, t in r.kept]
    if kept:
        lines.append(f"\nstored: {len(kept)} fact(s)")
    elif any(r.not_understood for r in readings) or (is_statement_like(message) and not any(r.why for r in readings)):
        lines.append("\nstored: nothing, not understood (see docs/offline-model.md for what the stand-in reads)")
    else:
        lines.append("\nstored: nothing to store")
    return "\n".join(lines)
