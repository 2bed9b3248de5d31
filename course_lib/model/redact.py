"""Redaction: secrets (passwords, PINs, codes, keys, tokens, cards, IBANs, private keys, government ids, bank account
numbers) become [REDACTED …].

`redact_secrets(text)` is applied to everything a store keeps. It is a table of named rules, each
short enough to read: a few that find a secret by its *shape* (a vendor's key prefix, a Luhn-valid card
number, a mod-97-valid IBAN, a PEM block) and a few that find it by what the sentence *says* ("my password
is …", "Mein Passwort lautet …", "…は", "X is the user's PIN", "my SSN is …", "sort code …"; the id, bank and
casual rules are in `redact_ids`). The sentence rules know the words for password, PIN, door code and key in
several languages (`redact_words`), and a short list of words after them that mean the text is *about* passwords
rather than one ("password manager", "PIN reminder", "password policy"). How they run in linear time, in bounded
windows behind cheap gates, is in `redact_scan`; no rule nests an unbounded repeat (tests/test_redact_linear.py), a
long digit run is checked for cards at once (`redact_cards`), and a window flooded with secret keywords (more than
MAX_KEYWORDS) is replaced whole, as no real text names that many secrets and the rules' work grows with each one.

What keeps a hostile 1 MB page cheap without changing a single redaction (`make bench` has the times): each rule
is tried only where it can start (`redact_first`), keyword lists are grouped by first letter (`redact_words.words`),
a rule that needs a piece the window lacks is skipped (`redact_scan.PIECES`), a spelled-out code is looked for
only where there is a number word (`UNSPELLED`), an IBAN candidate costs one pass (`redact_iban`), and the card
step is not run again on its own output.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from course_lib.model.redact_words import (ABOUT, CLAUSE_END, CODE, CODE_WORDS, DETERMINERS, GAP, IS, KEY_WORDS,
                                         NOT_A_VALUE, NOT_ABOUT, PASSWORD_WORDS, QUALIFIERS, QUOTE, SAID_TO_BE,
                                         TOKEN, VALUE_FIRST, union)
from course_lib.model.redact_cards import card_groups
from course_lib.model.redact_first import with_first_chars
from course_lib.model.redact_iban import IBAN, iban_ok, longest_iban, redact_ibans  # noqa: F401
from course_lib.model.redact_ids import BANK_WORDS, CASUAL_RULES, ID_RULES, ID_WORDS, SPELLED, may_spell
from course_lib.model.redact_scan import (BANK_STEMS, CARD_DIGITS, CODE_STEMS, IBAN_DIGITS, ID_STEMS,  # noqa: F401
                                         KEY_STEMS, PIN_WORDS, PW_STEMS, WINDOW, digit_count, gate_of, lowered, near, piece_of,
                                         redact_private_keys, windows)

Rule = tuple[str, "re.Pattern[str]"]
# name -> pattern; the named group "v" is the part replaced (the whole match if there is no "v").
RULES: list[Rule] = [
    *ID_RULES,
    # by shape: what the secret looks like, whatever the sentence says
    ("connection_string", re.compile(r"(?i)(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,30}://[^\s:/@]*:(?P<v>[^\s@/]+)@")),  # postgres://u:PW@host
    ("token", re.compile(r"(?i)\b(?:hooks\.slack\.com/(?:services|workflows)|discord(?:app)?\.com/api/webhooks)"
                         r"/(?P<v>[\w/-]+)")),  # webhook URLs
    ("token", re.compile(r"(?i)[?&](?:access_|api_|auth_)?(?:token|key|secret|password|sig|signature)"
                         r"=(?P<v>[^&#\s\[]+)")),  # ...?api_key=VALUE
    ("api_key", re.compile(r"\b(?:sk|rk)[-_](?:live_|test_|proj-|ant-)?[A-Za-z0-9_-]{6,}")),  # OpenAI, Stripe, Anthropic
    ("api_key", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{22,}|glpat-[\w-]{20,}|hf_[A-Za-z]{30,})")),
    ("api_key", re.compile(r"\b(?:xox[abprse]-[A-Za-z0-9-]{10,}|AIza[\w-]{35}|npm_[A-Za-z0-9]{36}|ya29\.[\w-]{20,})")),
    ("aws_key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("token", re.compile(r"\beyJ[\w-]+\.[\w-]+\.[\w-]+")),  # a JWT
    ("token", re.compile(r"(?i:\bbearer)\s+(?P<v>(?=\S*\d)[\w.~+/=-]{8,})")),
    ("token", re.compile(r"\b[0-9a-fA-F]{32,}\b")),  # long hex
    ("token", re.compile(r"(?<![\w+/-])(?=[\w+/-]*?\d)(?=[\w+/-]*?[a-z][A-Z])[A-Za-z0-9+/_-]{32,}={0,2}")),  # long and random
    ("token", re.compile(r"(?<![\w+/=])(?=[A-Za-z0-9+/]*\d)(?=[A-Za-z0-9+/]*[A-Za-z])[A-Za-z0-9+/]{6,}={1,2}(?![\w=])")),
    ("password", re.compile(r"(?<![^\s«\"'“(])(?=[\w!@#$%^&?~.-]{8,}(?=[.,;:!?)»\"'”]*(?:\s|$)))(?![#@])"
                            r"(?![^\s@]*@\S*\.[a-z]{2})(?=[\w!@#$%^&?~.-]*?[^\W\d_])"
                            r"(?=[\w!@#$%^&?~.-]*?\d)(?=[\w.-]*?[!@#$%^&?~])[\w!@#$%^&?~.-]{8,}"
                            r"(?=[.,;:!?)»\"'”]*(?:\s|$))")),
    # ^ letters, digits and one of !@#$%^&?~ in one word: shaped like a strong password ("Elephant!Blue22"), not an
    # email address; the word's end is looked at first, as the address test scans the rest of the word

    # by what the sentence says: keyword [qualifiers] is/ist/est/:/是 VALUE
    ("password", re.compile(rf"(?i){PASSWORD_WORDS}{QUALIFIERS}{IS}(?!{QUOTE}(?:\[REDACTED|{NOT_A_VALUE}))"
                            rf"(?P<v>\S[^\n]*?){CLAUSE_END}")),  # "my password is correct horse battery staple"
    ("password", re.compile(rf"(?i)\b(?:pw|pwd|passwd|pass){GAP}*[:=]{GAP}*(?P<v>[^\s\[]\S*?){CLAUSE_END}")),  # pw: x
    ("password", re.compile(rf"(?i){PASSWORD_WORDS}\??{GAP}+(?!{ABOUT})(?P<v>(?=\S*\d|\S*[!@#$%^&*+?~])[^\s.,;。，]{{4,}})")),
    # ^ no verb: "Kennwort Lindenbaum7"
    ("password", re.compile(rf"(?i){PASSWORD_WORDS}{NOT_ABOUT}[^.!?\n。]{{0,160}}?(?<![\w@./-])"
                            r"(?P<v>(?=[^\s,;]{0,64}\d)(?=[^\s,;]{0,64}[^\W\d_])[^\s,;.!?\[\]]{5,})")),
    # ^ letters-and-digits later in a password sentence: "my password is the same as my email one: dragonfly77"
    ("password", re.compile(rf"(?i)\b(?:with|using|mit|avec|con)\s+(?:the |le |dem |el |la )?{PASSWORD_WORDS}{GAP}+"
                            rf"(?!{ABOUT}|\[REDACTED)(?P<v>[^\s.,;]+)")),  # "log in with password popcorn"
    ("password", re.compile(rf"(?i)(?:^|[,;:]{GAP}*){PASSWORD_WORDS}{GAP}+(?!{ABOUT}|{NOT_A_VALUE}|\[REDACTED)"
                            rf"(?P<v>[^\s,;.!?]+){CLAUSE_END}")),  # a list of labels and values: "…, password girasol"
    ("pin", re.compile(rf"(?i){CODE_WORDS}{QUALIFIERS}(?:{IS}(?!{NOT_A_VALUE})(?:[^\s\d\[]{{1,40}}(?![^\s\d\[]){GAP}{{1,8}}){{0,2}}|\??{GAP}+)"
                       rf"{QUOTE}(?P<v>{CODE}|{SPELLED})")),  # "the door code is 1357#", "PIN: Fluffy / 7412", "code? 8080"
    ("pin", re.compile(rf"(?i){PIN_WORDS}{NOT_ABOUT}[^.!?\n]{{0,60}}?(?<![\w.,:/-])(?P<v>\d{{3,12}})(?![\w:/-]|[.,]\d)")),
    # ^ digits later in a PIN sentence: "my PIN is the same as my birth year, 1987"
    ("api_key", re.compile(rf"(?i){KEY_WORDS}{QUALIFIERS}(?:{IS}|{GAP}+){QUOTE}(?P<v>{TOKEN})")),  # "API key: Zx9Qw2"

    *CASUAL_RULES,

    # the value first: VALUE is/as/: the user's password (what a paraphrasing model writes)
    ("password", re.compile(rf"(?i){VALUE_FIRST}(?=\s+(?:is|as|was|=)\s+{DETERMINERS}{PASSWORD_WORDS}{NOT_ABOUT})")),
    ("password", re.compile(rf"(?i)(?<![^\s«\"'“(])(?P<v>(?=\S*[\d!@#$%^&*_+])[^\s\[\]\"'«:]+)"
                            rf"(?={SAID_TO_BE}{DETERMINERS}{PASSWORD_WORDS}{NOT_ABOUT})")),
    ("pin", re.compile(rf"(?i)(?<![\w#*-])(?P<v>{CODE}|{SPELLED})(?={SAID_TO_BE}{DETERMINERS}{CODE_WORDS}{NOT_ABOUT})")),
    ("api_key", re.compile(rf"(?i)(?<![\w+/=.~-])(?P<v>{TOKEN})(?={SAID_TO_BE}{DETERMINERS}{KEY_WORDS}{NOT_ABOUT})")),
]

LONG_RUN = 120  # characters: a run of digit groups longer than this is checked by redact_cards.card_groups (numpy)
CARD_RUN = re.compile(r"\d(?<!\d\d)(?:(?:[^\S\n]|[./-]){0,3}\d){12,}")  # 13+ digits joined by spaces, dots, dashes,
# slashes; the first digit is read before the look back for a digit before it, so the engine skips to digits


GATES = [gate_of(pattern.pattern) for _, pattern in RULES]  # see redact_scan
QUICK = [with_first_chars(pattern) for _, pattern in RULES]  # the same rules, faster to reject a position (redact_first)
PIECES = [piece_of(pattern.pattern) for _, pattern in RULES]  # what an ungated rule needs in a window (redact_scan)
# A code spelled out ("one-two-three-four") is rare, and trying it at every word costs a rule most of its time: a
# window with no spelled number anywhere runs the rules that allow one without that alternative (the same matches).
UNSPELLED = [with_first_chars(re.compile(p.pattern.replace(f"|{SPELLED})", ")"))) if f"|{SPELLED})" in p.pattern
             else None for _, p in RULES]

# A keyword flood: more secret keywords in one window than any real text has (a crafted page repeating "PIN code").
MAX_KEYWORDS = 24  # per WINDOW (2,048) characters. Kept: without it a 1 MB flood of 'pin code' or 'api key' takes
# 2-3 s of CPU, as every rule of the keyword backtracks through its qualifiers at each of the 200,000 keywords
FLOOD_STEMS = tuple(s for s in dict.fromkeys(PW_STEMS + CODE_STEMS + KEY_STEMS + ID_STEMS + BANK_STEMS)
                    if len(s) >= 3)  # "wi" and "pw" are inside too many ordinary words to count
FLOOD_WORDS = with_first_chars(re.compile("(?i)" + union(PASSWORD_WORDS, CODE_WORDS, PIN_WORDS, KEY_WORDS, ID_WORDS,
                                                              BANK_WORDS)))


def luhn_ok(digits: str) -> bool:
    """The Luhn checksum that card numbers satisfy."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


DOUBLED = (0, 2, 4, 6, 8, 1, 3, 5, 7, 9)  # d -> 2d, minus 9 above 9 (the Luhn double of a digit)
DIGIT_GROUP = re.compile(r"\d+")


@lru_cache(maxsize=4096)  # groups repeat (a page of "1234 5678 …" has at most 10,000 different ones)
def luhn_part(group: str, shift: int) -> int:
    """The Luhn sum of a group's digits inside a longer number: `shift` is the parity of the number of digits after
    the group, and a digit an odd number of places before the number's last digit is doubled."""
    return sum(DOUBLED[int(ch)] if (k + shift) % 2 else int(ch) for k, ch in enumerate(reversed(group)))


def redact_cards(text: str, found: list[str]) -> str:
    """Replace card numbers: each run of digit groups is tried at every start and end group (13–19 digits, Luhn)."""
    def sub(m: re.Match[str]) -> str:
        run = m.group(0)
        if len(run) > LONG_RUN and run.isascii():  # a long run: every candidate at once (redact_cards)
            return replace_spans(run, card_groups(run), found)
        groups = [(g.start(), g.end()) for g in DIGIT_GROUP.finditer(run)]
        texts = [run[a:b] for a, b in groups]
        hit: set[int] = set()  # groups inside some Luhn-valid candidate
        for j in range(len(groups)):  # the candidate's last group; walk left, adding one group at a time
            total = length = 0
            for i in range(j, -1, -1):
                total += luhn_part(texts[i], length % 2)
                length += len(texts[i])
                if length > 19:
                    break
                if length >= 13 and total % 10 == 0:
                    hit.update(range(i, j + 1))
        spans: list[tuple[int, int]] = []  # neighbouring hit groups become one span
        for i in sorted(hit):
            if i - 1 in hit:
                spans[-1] = (spans[-1][0], groups[i][1])
            else:
                spans.append(groups[i])
        return replace_spans(run, spans, found)
    return CARD_RUN.sub(sub, text)


def replace_spans(run: str, spans: list[tuple[int, int]], found: list[str]) -> str:
    """`run` with each (start, end) span, in order and not overlapping, replaced by [REDACTED CARD_NUMBER]."""
    out, at = [], 0
    for a, b in spans:
        out += [run[at:a], "[REDACTED CARD_NUMBER]"]
        found.append("card_number")
        at = b
    return "".join(out) + run[at:]


def in_marker(text: str, at: int) -> bool:
    """True if position `at` lies inside a [REDACTED …] marker (after its "[REDACTED" and before its "]")."""
    start = text.rfind("[REDACTED", max(0, at - MARKER_MAX), at)
    return start != -1 and "]" not in text[start:at]


MARKER_MAX = 120  # characters: the longest marker ("[REDACTED KEYWORD_FLOOD: … secret keywords]") is shorter


def replacer(kind: str, found: list[str]) -> Callable[[re.Match[str]], str]:
    """A re.sub callback that replaces group "v" (or the whole match) by [REDACTED KIND] and notes the kind."""
    def sub(m: re.Match[str]) -> str:
        a, b = m.span("v") if "v" in m.re.groupindex else m.span()
        if m.string.startswith("[REDACTED", a) or in_marker(m.string, a):  # already redacted: left alone, so
            return m.group(0)  # redaction is idempotent and a marker is never redacted again from inside
        found.append(kind)
        return m.string[m.start():a] + f"[REDACTED {kind.upper()}]" + m.string[b:m.end()]
    return sub


def keyword_flood(piece: str) -> int:
    """How many secret keywords `piece` holds, if more than MAX_KEYWORDS (else 0): a cheap count of their stems
    first, the keyword patterns themselves only when that count is over the limit."""
    low = piece.lower()
    if sum(low.count(stem) for stem in FLOOD_STEMS) <= MAX_KEYWORDS:
        return 0
    n = len(FLOOD_WORDS.findall(piece))
    return n if n > MAX_KEYWORDS else 0


def run_step(step: int, clean: str, low: str, digit: bool, places: dict, found: list[str]) -> str:
    """One step of a redaction pass over a window: 0 IBANs, 1 cards, then RULES[step - 2] (on the stretches near its
    keywords when it has any, `places` caching them per stem list)."""
    if step == 0:
        return redact_ibans(clean, found) if digit and digit_count(clean) >= IBAN_DIGITS else clean
    if step == 1:
        return redact_cards(clean, found) if digit and digit_count(clean) >= CARD_DIGITS else clean
    (kind, _), pattern, (stems, needs_digit) = RULES[step - 2], QUICK[step - 2], GATES[step - 2]
    if needs_digit and not digit:
        return clean
    piece, or_digit = PIECES[step - 2]
    needs_piece = piece is not None and not (or_digit and digit)  # searched after the cheaper stem test, if any
    if not stems:
        return clean if needs_piece and not piece.search(clean) else pattern.sub(replacer(kind, found), clean)
    if stems not in places:
        places[stems] = near(low, stems)
    if not places[stems] or needs_piece and not piece.search(clean):
        return clean
    if UNSPELLED[step - 2] is not None:  # a stretch ends at a space or line break, so it cuts no word in two
        if ("spelled", stems) not in places:
            places["spelled", stems] = may_spell(" ".join(clean[a:b] for a, b in places[stems]))
        if not places["spelled", stems] and not digit:  # no number word near and no digit: no code to find
            return clean
        pattern = pattern if places["spelled", stems] else UNSPELLED[step - 2]
    new, at = [], 0
    for a, b in places[stems]:
        new += [clean[at:a], pattern.sub(replacer(kind, found), clean[a:b])]
        at = b
    return "".join(new) + clean[at:]


def redact_window(piece: str, found: list[str]) -> str:
    """Every rule over one window, again until nothing changes (a [REDACTED] can bring the next secret in reach; a
    pass after the first stops at the step that changed the text last, as the steps after it would see the same
    text again). A keyword rule runs only on the stretches near its keywords (`near`), a shape rule on the whole window.
    A window flooded with secret keywords (`keyword_flood`) is replaced whole: the rules' work grows with the number
    of keywords, and no real text names a secret more than MAX_KEYWORDS times in WINDOW characters."""
    flood = keyword_flood(piece)
    if flood:
        found.append("keyword_flood")
        return f"[REDACTED KEYWORD_FLOOD: {len(piece)} characters holding {flood} secret keywords]"
    clean, last, passes, carded = piece, len(RULES) + 1, 0, None
    while passes < 5:  # a pass runs the steps (IBANs, cards, then RULES) in order
        passes, changed = passes + 1, None
        low, digit, places = lowered(clean), digit_count(clean) > 0, {}
        for step in range(len(RULES) + 2):
            if changed is None and step > last:  # unchanged since the last pass's last change: so is the rest
                break
            if step == 1 and clean == carded:  # the card step's own output: it finds nothing more there
                continue
            new = run_step(step, clean, low, digit, places, found)
            carded = new if step == 1 else carded
            if new != clean:
                clean, low, places, changed = new, lowered(new), {}, step
        if changed is None:
            return clean
        last = changed
    return clean


def redact_secrets(text: str) -> tuple[str, list[str]]:
    """Passwords, PINs, codes, IBANs, cards, keys, tokens and private keys replaced by [REDACTED …]; and the kinds found.

    Linear in the length of the text: private keys are found by one scan, and every rule runs on windows of at
    most WINDOW characters (`windows`), so a 1 MB page costs about 500 times one window, never 1 MB squared."""
    if not isinstance(text, str):
        raise TypeError(f"redact_secrets takes a str, got {type(text).__name__}; pass the text to be stored")
    found: list[str] = []
    keyless = redact_private_keys(text, found)
    return "".join(redact_window(piece, found) for piece in windows(keyless)), found
