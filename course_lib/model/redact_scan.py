"""How the redaction rules are applied in linear time: a private key by one scan, the rest in bounded windows.

- `redact_private_keys`: a PEM key from BEGIN through END (or the end of the text), and base64 lines above an END
  with no BEGIN, found by plain string search: each character is looked at at most twice.
- `windows`: the text cut into pieces of at most WINDOW characters (at a line break, else a sentence end, else a
  space); the rules never see more than one piece, so their work per piece is bounded and the total is
  linear in the length of the text.
- gates: a keyword rule runs on a piece only if one of its words occurs (`in` on the lower-cased piece, much
  cheaper than a regex), and then only on the stretches `near` its words; a stem list is a superset of its rules'
  words, so a gate skips only rules that cannot match. A stem that counts anywhere ("=", "!") is not visited one
  occurrence at a time: `near` jumps to the last one within REACH, so a window of 2,000 "=" costs a few searches.
- pieces: a rule that runs on the whole window is skipped when the window lacks a piece its match must contain
  (`PIECES`, a regex searched on the window): the same result, as a match lies inside the window.
"""
from __future__ import annotations

import re

from course_lib.model.redact_ids import BANK_WORDS, ID_WORDS
from course_lib.model.redact_words import CODE_WORDS, KEY_WORDS, LETTER, PASSWORD_WORDS, words

PIN_WORDS = words("pin(?:[- ]?code|[- ]?nummer)?", "code pin", "geheimzahl", "passcode")

# a rule runs on a window only if the window holds one of its words (and a digit, if it needs one) ------
# Checked with `in` on the lower-cased window, which is far cheaper than a regex; each stem list is a superset of
# the words its rules look for, so a gate never hides a secret, it only skips rules that cannot match.
PW_STEMS = ("pass", "pw", "kennw", "wi", "wlan", "mdp", "mot de passe", "contrase", "clave", "senha", "wachtw", "hasło", "parola",
            "пароль", "пароли", "密码", "密碼", "口令", "パスワード")
CODE_STEMS = ("pin", "пин", "geheimzahl", "cvv", "cvc", "code", "código", "codice", "код", "combin", "kombination",
              "combo", "keypad", "暗証番号", "验证码", "passcode", "digicode", "tür", "tuer", "tur", "zugang")
KEY_STEMS = ("key", "token", "secret", "api", "schlüssel", "clé", "ключ", "密钥", "令牌")
ID_STEMS = ("ssn", "social", "personal", "passport", "passeport", "pasaporte", "passaport", "insurance", "nino", "national", "tax id",
            "id card", "licen", "steuer", "ausweis", "reisepass", "sozial", "sécurité", "securite", "nir", "dni", "nie",
            "nif", "cpf", "cartão", "cartao", "fiscale")
BANK_STEMS = ("routing", "sort", "account", "acct", "konto", "blz", "bankleit", "compte", "cuenta", "conta",
              "agência", "agencia", "conto")
Gate = tuple[tuple[str, ...], bool]  # (any of these stems, needs a digit); no stems = always
LITERAL_GATES: list[tuple[str, Gate]] = [  # a piece of a shape rule's source -> its gate
    ("://", (("://",), False)), ("hooks", (("hooks.slack", "discord"),  False)), ("signature)", (("=",), False)),
    ("(?:sk|rk)", (("sk-", "sk_", "rk-", "rk_"), False)),
    ("gh[pousr]", (("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "hf_"), False)),
    ("xox", (("xox", "aiza", "npm_", "ya29."), False)), ("AKIA", (("akia", "asia"), False)), ("eyJ", (("eyj",), False)),
    ("bearer", (("bearer",), True)), ("={1,2}", (("=",), True)), ("[!@#$%^&?~])", (tuple("!@#$%^&?~"), True)),
    ("pass(?:", (("pass",), False)), ("pass{", (("pass",), True)), ("(?:use|try", (("use", "try", "enter", "type", "nimm", "benutz", "verwend",
                                                    "utilis", "usa"), False)),
    ("log(?:ged)?", (("log", "sign", "get into", "unlock"), True)), ("wi-?fi", (("wi-fi", "wifi", "wlan"), True)),
    ("passwords?|passw[oö]rt|kennwort", (PW_STEMS, False)),
]


def gate_of(source: str) -> Gate:
    """The gate of a rule, from the words its pattern is built of (no stems: it runs on every window)."""
    for words_, stems in ((ID_WORDS, ID_STEMS), (BANK_WORDS, BANK_STEMS)):
        if words_ in source:
            return stems, True
    for words_, stems in ((PASSWORD_WORDS, PW_STEMS), (CODE_WORDS, CODE_STEMS), (PIN_WORDS, CODE_STEMS),
                          (KEY_WORDS, KEY_STEMS)):
        if words_ in source:
            return stems, False
    for piece, gate in LITERAL_GATES:
        if piece in source:
            return gate
    return (), "\\d" in source.split("(?=")[0] or source.startswith(("\\b[0-9a-f", "(?<![\\w+/-])(?=[\\w+/-]*?\\d)"))


# A rule that runs on every window but cannot match without one of these pieces (any case) skips a window without
# it; unlike a stem, a piece does not narrow the rule to the stretches near it, so the rule sees what it saw before.
PIECES: list[tuple[str, "re.Pattern[str]", bool]] = [  # a piece of a rule's source -> what its match must contain,
    # and whether a digit anywhere in the window will do instead (the window's digit count is known already)
    ("\\b(?:pw|pwd|passwd|pass)", re.compile(r"(?i)(?:pw|pwd|passwd|pass)[^\S\n]*[:=]"), False),  # "pw: x"
    ("pass(?![", re.compile(rf"(?i)pass(?![{LETTER}])"), False),  # "dragon99 is the user's pass" (not "[REDACTED PASSWORD]")
    ("[A-Za-z0-9+/_-]{32,}", re.compile(r"[A-Za-z0-9+/_-]{32}"), False),  # a long random token
    ("[A-Za-z0-9+/]{6,}={1,2}", re.compile(r"[A-Za-z0-9+/]{6}="), False),  # base64 with its padding
    ("(?P<v>\\d{3,12})", re.compile(r"\d\d\d"), False),  # the digits of a PIN sentence
    ("(?=[A-Za-z0-9]{16}))", re.compile(r"[\w+/=.~-][A-Z]|[A-Za-z0-9]{16}"), True),  # a key (redact_words.TOKEN): a
    # digit, an upper-case letter after a lower-case one (so right after a character of the key), or 16 letters/digits
]


def piece_of(source: str) -> tuple["re.Pattern[str] | None", bool]:
    """What a window must contain (a regex search) for a rule to run on it, and whether a digit will do instead;
    (None, False) when the rule needs no piece."""
    return next(((need, or_digit) for piece, need, or_digit in PIECES if piece in source), (None, False))


DIGIT = re.compile(r"\d")
CARD_DIGITS, IBAN_DIGITS = 13, 2  # a card number has 13 digits at least, an IBAN two check digits


def digit_count(text: str) -> int:
    """How many digits (\\d, any script) `text` holds: ten str.count for ASCII text, a regex only beyond ASCII."""
    ascii_digits = sum(text.count(d) for d in "0123456789")
    return ascii_digits if text.isascii() else len(DIGIT.findall(text))



BEGIN_KEY = re.compile(r"-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----")
END_KEY = re.compile(r"-----END [A-Z ]{0,40}PRIVATE KEY(?:-----)?")
KEY_MARKER = re.compile(r"-----(?:BEGIN|END) [A-Z ]{0,40}PRIVATE KEY")
KEY_LINE = re.compile(r"[ \t]*[A-Za-z0-9+/]{4,}={0,2}[ \t]*")
WINDOW = 2048  # characters: the rules never see more than this at once (see `windows`)


def redact_private_keys(text: str, found: list[str]) -> str:
    """A PEM private key from BEGIN through END (or to the end of the text), and the base64 lines right above an
    END marker that has no BEGIN; one pass over the text, each character looked at at most twice."""
    out, pos = [], 0
    for m in KEY_MARKER.finditer(text):
        if m.start() < pos:
            continue
        if m.group(0).startswith("-----BEGIN"):
            end = END_KEY.search(text, m.end())
            stop = len(text) if end is None else end.end()
            out.append(text[pos:m.start()] + "[REDACTED PRIVATE_KEY]")
            found.append("private_key")
            pos = stop
            continue
        line_start = text.rfind("\n", pos, m.start()) + 1
        if text[line_start:m.start()].strip(" \t") or line_start == 0:
            continue
        first = cut = line_start - 1  # the newline before the END line; walk up over base64 lines
        while True:
            above = text.rfind("\n", pos, cut) + 1
            if not KEY_LINE.fullmatch(text, above, cut) or (above == 0 and pos > 0):
                break
            first = above
            if above <= pos:
                break
            cut = above - 1
        if first < line_start - 1:
            out.append(text[pos:first] + "[REDACTED PRIVATE_KEY]")
            found.append("private_key")
            pos = line_start - 1
    return "".join(out) + text[pos:]


def windows(text: str, size: int = WINDOW) -> list[str]:
    """`text` cut into pieces of at most `size` characters that join back into it. A piece ends at the last line
    break in the second half of its window, else after the last sentence end there, else after the last space,
    else hard at `size` (a secret is a few words long, so it is cut only if it straddles such a point)."""
    pieces, start, n = [], 0, len(text)
    while start < n:
        stop = min(n, start + size)
        if stop < n:
            half = start + size // 2
            newline = text.rfind("\n", half, stop)
            sentence = max(text.rfind(e, half, stop) for e in (". ", "! ", "? ", "。"))
            space = max(text.rfind(c, half, stop) for c in (" ", "\t", "\u00a0"))
            stop = (newline + 1 if newline != -1 else sentence + 2 if sentence != -1 else space + 1 if space != -1
                    else stop)
        pieces.append(text[start:stop])
        start = stop
    return pieces


def lowered(text: str) -> str:
    """`text` in lower case, as long as `text`: offsets found in it are offsets in `text`. "İ" is the one character
    whose lower case is two ("i" and a combining dot), so it becomes "i", as the rules' (?i) reads it."""
    return text.replace("İ", "i").lower()


NEAR_BEFORE, NEAR_AFTER = 240, 320  # characters a keyword rule looks at before and after its keyword


def is_letter(ch: str) -> bool:
    """A letter of the class `redact_words.LETTER` (Latin and Cyrillic): a keyword never starts right after one."""
    return "a" <= ch <= "z" or "A" <= ch <= "Z" or "\u00c0" <= ch <= "\u024f" or "\u0400" <= ch <= "\u04ff"


# Stems starting with such a letter begin a keyword only at the start of a word (every keyword pattern starts with
# `(?<![LETTER])` or `\b`); others ("://", "=", 密码) count anywhere.
WORD_START = {ch for ch in map(chr, range(0x500)) if is_letter(ch)}


# A stem of these lists counts only where its group's keyword pattern really starts ("wi" in "wine" is no "wi-fi
# pass"): the rules of the group all need one of its keywords, so a stem without one makes no place for them.
KEYWORD_AT = {PW_STEMS: re.compile(f"(?i){PASSWORD_WORDS}"), CODE_STEMS: re.compile(f"(?i){CODE_WORDS}|{PIN_WORDS}"),
              KEY_STEMS: re.compile(f"(?i){KEY_WORDS}"), ID_STEMS: re.compile(f"(?i){ID_WORDS}"),
              BANK_STEMS: re.compile(f"(?i){BANK_WORDS}")}
INSIDE_A_KEYWORD = {"licen", "fiscale", "insurance"}  # stems that sit inside their keyword ("driver's licence")


def overlaps_itself(stem: str) -> bool:
    """True if a proper prefix of `stem` is also its suffix ("aa", "abab"): two of its occurrences can overlap."""
    return any(stem[:k] == stem[-k:] for k in range(1, len(stem)))


def widen(low: str, a: int, b: int) -> tuple[int, int]:
    """(a, b) moved out to the nearest space or line break (or the ends of `low`): a stretch never cuts a word."""
    a = 0 if a == 0 else max(low.rfind(" ", 0, a), low.rfind("\n", 0, a)) + 1
    b = len(low) if b == len(low) else min([j for j in (low.find(" ", b), low.find("\n", b)) if j != -1],
                                           default=len(low))
    return a, b


REACH = NEAR_BEFORE + NEAR_AFTER  # two occurrences of a stem at most this far apart have overlapping stretches


def near(low: str, stems: tuple[str, ...]) -> list[tuple[int, int]]:
    """The stretches of `low` within NEAR_BEFORE / NEAR_AFTER characters of a stem, widened to whitespace and
    merged: the only places a keyword rule can match (its value and qualifiers are bounded, see the rules).

    A stem that counts wherever it occurs ("=", "!", "://") jumps to its last occurrence within REACH of the one
    before (`rfind`), as the stretches in between merge into one anyway: a window full of "=" costs a few string
    searches, not a Python step per character. Keyword stems are checked one occurrence at a time."""
    spans, keyword, n = [], KEYWORD_AT.get(stems), len(low)
    for stem in stems:
        size = len(stem)
        anywhere = keyword is None and stem[0] not in WORD_START and not overlaps_itself(stem)
        i = low.find(stem)
        while i != -1:
            if (stem[0] in WORD_START and i > 0 and is_letter(low[i - 1])  # inside a longer word: no keyword here
                    or keyword is not None and stem not in INSIDE_A_KEYWORD and not keyword.match(low, i)):
                i = low.find(stem, i + 1)
                continue
            first = i
            if anywhere:  # the chain of occurrences each within REACH of the one before: one stretch
                while (j := low.rfind(stem, i + size, i + size + REACH + size)) != -1:
                    i = j
            spans.append(widen(low, max(0, first - NEAR_BEFORE), min(n, i + size + NEAR_AFTER)))
            i = low.find(stem, i + size)
    spans.sort()
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged
