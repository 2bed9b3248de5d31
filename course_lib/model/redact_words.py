"""The vocabulary of the redaction rules: keywords for secrets in several languages and the pieces rules are built of.

`words(...)` makes a pattern for whole words; the rest are pattern fragments shared by the rules in `redact` and
`redact_ids` (what "is" looks like in eight languages, a value, a qualifier such as "for my bank" …).
"""
from __future__ import annotations

from course_lib.model.redact_first import by_first_char

# -- words ---------------------------------------------------------------------------------------------
LETTER = r"a-zA-Z\u00c0-\u024f\u0400-\u04ff"  # Latin and Cyrillic letters: a keyword never sits inside a longer word


WORD_LISTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}  # pattern -> its (latin, cjk) words, for `union`


def words(*latin: str, cjk: tuple[str, ...] = ()) -> str:
    """A pattern for any of the words; Latin and Cyrillic ones whole, Chinese and Japanese ones anywhere. The Latin
    words are grouped by their first letter (`by_first_char`), so a position is compared with one group, not all."""
    pattern = rf"(?:(?<![{LETTER}])(?:{by_first_char(latin)})(?![{LETTER}])" + "".join(f"|{w}" for w in cjk) + ")"
    WORD_LISTS[pattern] = latin, cjk
    return pattern


def union(*patterns: str) -> str:
    """One `words` pattern for the words of several (made by `words`): the same matches as their alternation, as a
    Latin and a Chinese/Japanese word never start on the same character, and each group keeps the words' order."""
    latin = tuple(w for p in patterns for w in WORD_LISTS[p][0])
    cjk = tuple(w for p in patterns for w in WORD_LISTS[p][1])
    return words(*latin, cjk=cjk)


# "zip code 10115" and "error code 404" are not secrets; any other code followed by digits is treated as one.
NOT_CODES = ("zip", "post", "postal", "area", "country", "dialling", "dialing", "error", "status", "dress", "source",
             "promo", "discount", "voucher", "coupon", "qr", "bar", "morse", "iso", "airport", "currency", "language",
             "tracking", "product", "confirmation", "booking", "reference", "flight", "swift", "bic", "iban", "sort",
             "sort-", "meeting")
PASSWORD_WORDS = words("passwords?", "passw[oö]rt(?:er)?", "kennw[oö]rt(?:er)?", "passphrase", "passcode", "pw", "pwd",
                       "passwd", "(?:wi-?fi|wlan) pass", "mot de passe", "mdp", "contraseñas?", "contrasenas?", "clave",
                       "senhas?", "wachtwoord(?:en)?", "hasło", "parola d'ordine", "пароль", "пароли", cjk=("密码", "密碼", "口令", "パスワード"))
CODE_WORDS = words("pin(?:[- ]?code|[- ]?nummer)?", "code pin", "пин(?:-код)?", "geheimzahl", "cvv", "cvc", "digicode",
                   "t[üu]e?rcode", "zugangscode", "código", "codice", "код", "combination", "combinaison",
                   "combinación", "kombination", "combo", "keypad", "code" + "".join(f"(?<!{w} code)" for w in NOT_CODES),
                   cjk=("暗証番号", "验证码"))
KEY_WORDS = words("(?:api[- ]?)?(?:key|token|secret)", "apikey", "api-schlüssel", "schlüssel", "clé(?: api)?",
                  "ключ", cjk=("密钥", "令牌"))
# After a keyword, these make it a different thing: "password manager", "PIN reminder", "token ring", "code review".
ABOUT = (r"(?:managers?|reminders?|hints?|polic(?:y|ies)|resets?|rules?|fields?|strength|length|requirements?|changes?"
         r"|expiry|pads?|generators?|vaults?|apps?|protection|ring|sauce|bonds?|holders?|takeaways?|reviews?|base"
         r"|editors?|snippets?|blocks?|pages?|screens?)\b")
# Values that say where or how a secret is, not what it is: "my API key is stored in the vault".
NOT_A_VALUE = (r"(?:in|on|under|at|inside|behind|stored|written|saved|kept|not|never|too|very|always|usually|the same"
               r"|same|similar|different|secure|safe|strong|weak|long|short|easy|hard|expired|changed|required"
               r"|missing|wrong|incorrect|broken|shared|known|encrypted|hidden|protected|printed|ne|nicht|pas|no)\b")
NOT_ABOUT = rf"(?!(?:[^\S\n]+|-){ABOUT})"  # the keyword is not followed by one of those words
PRONOUNS = r"(?:this|that|it|which|what|there|here|mine|yours|one|who)\b"
PLACES = "".join(f"(?<!{w} )" for w in ("at", "on", "in", "under", "behind", "inside", "near", "with", "from"))

# -- pieces ------------------------------------------------------------------------------------------
GAP = r"[^\S\n]"  # a space, non-breaking space or thin space, never a line break
QUALIFIERS = rf"(?:{GAP}{{1,8}}(?!{ABOUT})[^\s.,;:!?=。，：\[\]]{{1,40}}(?![^\s.,;:!?=。，：\[\]])){{0,5}}?"  # 'for my bank', 'at home', 'für das WLAN'
IS = (rf"(?:{GAP}*[:=：]|{GAP}+[-—–]|{GAP}+(?:is(?: now)?|was|are|to|lautet|ist|war|est|était|es|era|è|é|je|это)(?=\s)"
      rf"|{GAP}+c['’]est(?=\s)|是|为|為|は|：)" + rf"{GAP}*")
CLAUSE_END = r"(?=[.,;!?]+(?:\s|$)|[。，；！？、]|\s*$|\n)"
TOKEN = (r"(?-i:(?:(?=[\w+/=.~-]*?\d)|(?=(?:(?![a-z])[\w+/=.~-])*[a-z][\w+/=.~-]*?[A-Z])|(?=[A-Za-z0-9]{16}))"
         r"[\w+/=.~-]{6,})")  # a digit, or an upper-case letter after a lower-case one, or 16 letters and digits
CODE = r"(?=[\w#*-]{0,11}\d)(?:[\w#*-]|(?<=\d)[^\S\n](?=\d)){3,12}(?![\w#*-])"  # "4821", "19B47", "12 34 56"
SAID_TO_BE = r"[\"'»”]?(?:\s{1,8}(?:is|as|was|=)\s{1,8}|\s{0,8}[:=]\s{0,8}|\s{1,8}[-—–]\s{1,8})[\"'«“]?"  # "4821 is the PIN", "4821: the PIN"
QUOTE = r"[\"'«“‘]?"  # a value may be quoted
DETERMINERS = r"(?:(?:the|my|your|his|her|their|our|a|an|[\w-]{1,40}'s)\s{1,8}){0,2}(?:[\w-]{1,40}\s{1,8}){0,2}"
VALUE_FIRST = r"(?<![^\s«\"'“(])" + PLACES + r"(?P<v>\"[^\"\n]+\"|'[^'\n]+'|«[^»\n]+»|(?!" + PRONOUNS + r")[^\s\[\]\"'«]+)"
