"""Build the English training corpus for the static embedder, deterministically and offline.

Used by tools/distill_embedder.py (the transformer's embeddings of these sentences are the regression
targets of the static token vectors). Run on its own to inspect it:

    /tmp/distill/bin/python tools/embedder_corpus.py          # prints counts and a sample

Two sources, neither needing network nor any download:

1. Docstrings of the Python standard library, read with `ast` from the `.py` files of the running
   interpreter's stdlib (no module is imported), split into sentences. Code, doctest lines and
   mostly-symbol text are dropped. The result depends on the Python version (3.11.7 for the shipped model).
2. Everyday statements and questions of the kind a user tells or asks an assistant (diet, health, money,
   home, schedule, travel, family, pets, work, hobbies, devices, languages, study, car, shopping, dates,
   fitness, preferences), generated from the templates and word lists below with a fixed seed.
   The templates were written for this corpus; none is taken from the evaluation set.

Disjointness from the evaluation set (tools/data/retrieval_eval.jsonl): every corpus sentence whose
normalised text (lower case, letters and digits only) equals, contains or is contained in a normalised
evaluation query or positive is removed; `build()` reports how many were removed.
"""

from __future__ import annotations

import ast
import json
import random
import re
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EVAL_SET = ROOT / "tools" / "data" / "retrieval_eval.jsonl"

SEED = 0
MAX_DOC_SENTENCES = 40_000  # stdlib docstring sentences kept (a seeded sample when there are more)
N_TEMPLATE_SENTENCES = 60_000  # distinct generated everyday sentences
SKIP_DIRS = {"test", "tests", "idlelib", "lib2to3", "site-packages", "turtledemo", "ensurepip", "__pycache__"}

# --------------------------------------------------------------------------------------------------
# 1. standard-library docstrings

_SENT_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])")
_WORD = re.compile(r"[A-Za-z]+")


def _docstrings(path: Path) -> list[str]:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return []
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                out.append(doc)
    return out


def _is_prose(sentence: str) -> bool:
    words = sentence.split()
    if not 4 <= len(words) <= 40:
        return False
    letters = sum(c.isalpha() or c.isspace() for c in sentence)
    if letters / len(sentence) < 0.85:
        return False
    if not sentence[0].isupper() or sentence[-1] not in ".?!":
        return False
    alpha_words = [w for w in words if _WORD.fullmatch(w.strip(".,;:!?()\"'"))]
    return len(alpha_words) >= 0.7 * len(words)


def doc_sentences() -> list[str]:
    """Prose sentences from the docstrings of the stdlib, in a fixed order."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    files = sorted(p for p in stdlib.rglob("*.py") if not SKIP_DIRS & set(p.relative_to(stdlib).parts[:-1]))
    sentences = []
    for path in files:
        for doc in _docstrings(path):
            for para in re.split(r"\n\s*\n", doc):
                lines = para.splitlines()
                if any(line.lstrip().startswith((">>>", "...", "$", "%", "#")) for line in lines):
                    continue
                if any(line.startswith((" ", "\t")) for line in lines):  # indented blocks: code, tables, lists
                    continue
                text = " ".join(line.strip() for line in lines)
                sentences.extend(s.strip() for s in _SENT_SPLIT.split(text))
    return [s for s in sentences if _is_prose(s)]


# --------------------------------------------------------------------------------------------------
# 2. generated everyday statements and questions

WHO = ["The user", "The user's partner", "The user's sister", "The user's brother", "The user's mother",
       "The user's father", "The user's son", "The user's daughter", "The user's best friend", "The user's boss",
       "The user's flatmate", "The user's grandmother", "The user's colleague", "The user's husband",
       "The user's wife", "The user's neighbour", "The user's teenage son", "The user's cousin"]
FIRST = ["I", "My partner", "My sister", "My brother", "My mum", "My dad", "My son", "My daughter",
         "My best friend", "My manager", "My roommate", "My grandma", "My husband", "My wife", "Our kid"]
CITY = ["Berlin", "Lisbon", "Madrid", "Paris", "Rome", "Vienna", "Prague", "Warsaw", "Dublin", "Edinburgh",
        "Manchester", "Leeds", "Amsterdam", "Rotterdam", "Copenhagen", "Oslo", "Helsinki", "Athens", "Istanbul",
        "Cairo", "Nairobi", "Lagos", "Cape Town", "Mumbai", "Delhi", "Bangalore", "Singapore", "Bangkok", "Hanoi",
        "Seoul", "Osaka", "Kyoto", "Sydney", "Melbourne", "Auckland", "Toronto", "Vancouver", "Montreal",
        "Chicago", "Boston", "Seattle", "Denver", "Austin", "Miami", "Mexico City", "Lima", "Bogota",
        "Buenos Aires", "Santiago", "Zurich", "Munich", "Hamburg", "Brussels", "Krakow", "Budapest", "Porto"]
COUNTRY = ["Portugal", "Spain", "Italy", "Greece", "Japan", "Vietnam", "Thailand", "Mexico", "Peru", "Chile",
           "Canada", "Norway", "Iceland", "Morocco", "Kenya", "India", "Turkey", "Croatia", "Ireland", "Scotland",
           "Germany", "France", "Poland", "Brazil", "Argentina", "Australia", "New Zealand", "Indonesia"]
DAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTH = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
         "November", "December"]
TIME = ["6 am", "7:30", "8 o'clock", "9 am", "half past ten", "noon", "1 pm", "3:15", "5 pm", "6:30 pm",
        "8 in the evening", "9 pm", "10 pm", "midnight"]
FOOD = ["pizza", "sushi", "tacos", "curry", "pho", "ramen", "dumplings", "falafel", "paella", "lasagne",
        "burritos", "pad thai", "dal", "risotto", "steak", "fish and chips", "salad", "pancakes", "bagels",
        "hummus", "tofu stir-fry", "lentil soup", "roast chicken", "porridge", "noodles", "kebabs", "tapas",
        "dim sum", "goulash", "pierogi", "chocolate cake", "cheesecake", "fruit salad", "avocado toast"]
CUISINE = ["Italian", "Mexican", "Indian", "Thai", "Chinese", "Korean", "Ethiopian", "Lebanese", "Greek",
           "Turkish", "Vietnamese", "French", "Spanish", "Georgian", "Peruvian", "Moroccan", "Japanese"]
DIET = ["vegan", "vegetarian", "pescatarian", "gluten-free", "dairy-free", "on a low-carb diet", "on a keto diet",
        "halal", "kosher", "trying to eat less meat", "counting calories", "avoiding sugar", "on a low-salt diet"]
ALLERGEN = ["peanuts", "tree nuts", "eggs", "milk", "soy", "wheat", "sesame", "fish", "shellfish", "penicillin",
            "cats", "dogs", "pollen", "dust mites", "latex", "bee stings", "aspirin", "strawberries", "kiwi"]
DRINK = ["black coffee", "green tea", "oat milk lattes", "sparkling water", "red wine", "craft beer", "herbal tea",
         "orange juice", "hot chocolate", "kombucha", "iced coffee", "chai", "smoothies", "espresso"]
CONDITION = ["asthma", "diabetes", "high blood pressure", "a bad back", "a knee injury", "migraines", "eczema",
             "arthritis", "anxiety", "a heart condition", "sleep apnoea", "hay fever", "a thyroid problem",
             "tinnitus", "a sprained ankle", "chronic fatigue", "low iron", "a stomach ulcer"]
MED = ["antihistamines", "blood pressure tablets", "vitamin D", "an inhaler", "iron supplements", "insulin",
       "antidepressants", "the contraceptive pill", "statins", "eye drops", "painkillers", "allergy medication"]
PET = ["a dog", "a cat", "two cats", "a rabbit", "a parrot", "a hamster", "a goldfish", "a tortoise",
       "a golden retriever", "a beagle", "a labrador puppy", "a rescue greyhound", "a guinea pig", "a snake"]
PETNAME = ["Biscuit", "Luna", "Max", "Pepper", "Rocky", "Mochi", "Bella", "Oscar", "Nala", "Ziggy", "Coco", "Loki"]
JOB = ["a nurse", "a teacher", "a software engineer", "an accountant", "a chef", "a lawyer", "a graphic designer",
       "a pharmacist", "a data analyst", "a journalist", "an architect", "a plumber", "a bus driver", "a vet",
       "a product manager", "a student", "a researcher", "a freelance translator", "a dentist", "a carpenter",
       "a police officer", "a social worker", "an electrician", "a shop manager", "a physiotherapist"]
HOBBY = ["rock climbing", "knitting", "running", "cycling", "painting", "playing the guitar", "playing chess",
         "baking bread", "gardening", "birdwatching", "photography", "swimming", "yoga", "pottery", "surfing",
         "hiking", "playing the piano", "board games", "video games", "fishing", "dancing salsa", "reading crime novels",
         "woodworking", "sewing", "skiing", "tennis", "football", "volunteering at the food bank", "writing poetry"]
INSTRUMENT = ["the violin", "the drums", "the cello", "the ukulele", "the saxophone", "the piano", "the guitar"]
LANG = ["Spanish", "French", "German", "Italian", "Portuguese", "Japanese", "Mandarin", "Korean", "Arabic",
        "Dutch", "Polish", "Swedish", "Greek", "Turkish", "Hindi", "Russian", "Swahili", "Welsh"]
DEVICE = ["an iPhone", "an Android phone", "a Windows laptop", "a MacBook", "a Linux desktop", "an iPad",
          "a Kindle", "a smartwatch", "a Chromebook", "a gaming PC", "a PlayStation", "a Nintendo Switch"]
CAR = ["an electric car", "a diesel van", "a hybrid", "an old Volkswagen Golf", "a Toyota Corolla", "a Tesla",
       "a motorbike", "a bicycle", "a scooter", "no car"]
TRANSPORT = ["by train", "by bus", "by bike", "on foot", "by car", "by tram", "by underground", "by ferry"]
SHOP = ["the supermarket", "the farmers' market", "the pharmacy", "the hardware store", "the bookshop",
        "the bakery", "the garden centre", "the butcher", "the corner shop", "the shopping centre"]
CLOTHES = ["shoes", "jeans", "shirts", "dresses", "jackets", "trainers", "boots", "coats", "suits"]
SIZE = ["size 38", "size 42", "size 9", "a medium", "a large", "a small", "an extra large", "size 12"]
GENRE = ["horror films", "romantic comedies", "documentaries", "science fiction", "jazz", "heavy metal",
         "classical music", "podcasts about history", "reality TV", "anime", "true crime", "country music",
         "fantasy novels", "stand-up comedy", "opera", "hip hop", "musicals", "thrillers", "k-pop"]
OCCASION = ["birthday", "wedding anniversary", "graduation", "retirement party", "baby shower", "housewarming",
            "engagement party", "name day", "first day at school", "Christmas dinner", "Diwali", "Eid", "Hanukkah"]
GOAL = ["run a marathon", "save for a house", "learn to code", "read fifty books this year", "get promoted",
        "lose some weight", "sleep more", "spend less time on their phone", "pay off their student loan",
        "learn to swim", "travel more", "quit smoking", "drink less coffee", "write a novel", "change careers"]
ROOM = ["kitchen", "bathroom", "living room", "garden", "balcony", "spare room", "garage", "attic", "hallway"]
SPORT = ["football", "basketball", "tennis", "cricket", "rugby", "ice hockey", "badminton", "volleyball", "golf"]
BANK = ["a savings account", "a joint account", "a credit card", "a mortgage", "a student loan", "a car loan",
        "a pension plan", "an overdraft", "stocks and shares"]
AMOUNT = ["50 euros", "200 pounds", "a thousand dollars", "300 a month", "ten percent of their salary", "1500 euros"]
NUM = ["two", "three", "four", "five", "six", "seven", "eight", "ten", "twelve", "fifteen", "twenty"]
ADJ_LIKE = ["loves", "likes", "enjoys", "adores", "is really into", "can't get enough of"]
ADJ_DISLIKE = ["hates", "dislikes", "can't stand", "avoids", "is not a fan of", "gets bored by"]

STATEMENTS = [
    "{who} is {diet}.", "{who} {like} {food}.", "{who} {dislike} {food}.", "{who} is allergic to {allergen}.",
    "{who} drinks {drink} every morning.", "{who} never drinks {drink}.", "{who} prefers {cuisine} food.",
    "{who}'s favourite dish is {food}.", "{who} has {condition}.", "{who} takes {med} every day.",
    "{who} was diagnosed with {condition} last year.", "{who} has {pet} called {petname}.",
    "{who} works as {job}.", "{who} used to work as {job} in {city}.", "{who} lives in {city}.",
    "{who} moved to {city} in {month}.", "{who} grew up in {country}.", "{who} is flying to {city} on {day}.",
    "{who} is going on holiday to {country} in {month}.", "{who} goes {hobby} on {day}s.",
    "{who} is learning {lang}.", "{who} speaks fluent {lang}.", "{who} uses {device}.",
    "{who} drives {car}.", "{who} commutes to work {transport}.", "{who} does the weekly shop at {shop}.",
    "{who} wears {size} in {clothes}.", "{who} {like} {genre}.", "{who} {dislike} {genre}.",
    "{who}'s {occasion} is on {month} {n}.", "{who} wants to {goal}.", "{who} is saving up {amount} for a trip.",
    "{who} has {bank} with a high interest rate.", "{who} plays {instrument} in a band.",
    "{who} supports the local {sport} team.", "{who} has a meeting every {day} at {time}.",
    "{who} starts work at {time}.", "{who} goes to bed at {time}.", "{who} wakes up at {time} on weekdays.",
    "{who} is renovating the {room}.", "{who} has {n} children.", "{who} has been {hobby} for {n} years.",
    "{who} is vegetarian but eats fish on {day}s.", "{who} gets seasick on boats.",
    "{who} is afraid of flying.", "{who} prefers window seats on long flights.", "{who} is colour blind.",
    "{who} needs a wheelchair-accessible hotel.", "{who} works from home on {day}s.",
    "{who} earns about {amount} from a side job.", "{who} is on a tight budget this month.",
    "{who} is studying for a degree in {subject}.", "{who} has an exam in {subject} on {day}.",
    "{who} wants short answers without too much detail.", "{who} likes explanations with examples.",
    "{who} prefers to be addressed informally.", "{who} reads the news in {lang}.",
    "{who}'s {pet_short} needs medication twice a day.", "{who} walks the dog before {time}.",
    "{who} is in the {tz} time zone.", "{who} calls their parents every {day} evening.",
    "{who} has a standing desk at the office.", "{who} is training for a {distance} race.",
    "{who} goes to the gym {n} times a week.", "{who} cycles to the office when it isn't raining.",
]
QUESTIONS = [
    "Can you recommend a {cuisine} restaurant in {city}?", "What should I cook for dinner tonight?",
    "Is {food} a healthy choice for lunch?", "What can I make with {food} and rice?",
    "Where can I buy {drink} near me?", "Should I book a table for {n} on {day}?",
    "How long is the flight from {city} to {city2}?", "What's the weather going to be like in {city} on {day}?",
    "Which train should I take to {city}?", "What should I pack for a week in {country}?",
    "Do I need a visa to visit {country}?", "Can you find me a hotel in {city} for {month}?",
    "Remind me to call {first_obj} at {time}.", "What time is my meeting on {day}?",
    "Can you move my appointment to {day} at {time}?", "How do I say thank you in {lang}?",
    "Can you help me practise my {lang}?", "Which laptop should I buy for {hobby}?",
    "Why is my {device_short} so slow?", "How do I back up the photos on my phone?",
    "What gift should I get for my {rel}'s {occasion}?", "Any ideas for a {occasion} present?",
    "How much should I budget for groceries this month?", "Should I put {amount} into savings?",
    "How can I pay off my credit card faster?", "Is it a good time to get a mortgage?",
    "What's a good beginner routine for {hobby}?", "Where can I go {hobby} near {city}?",
    "Can you suggest a film for tonight?", "Recommend me some {genre}.", "What should I read next?",
    "How often should I feed my {pet_short}?", "Can I take my {pet_short} on the train?",
    "Find me a vet that is open on {day}.", "How do I ask my boss for a raise?",
    "Can you help me write a cover letter for a job as {job}?", "What should I wear to the {occasion}?",
    "Which size should I order in {clothes}?", "Is it safe to take {med} with alcohol?",
    "What can I do about my {condition_short}?", "Can I go running with {condition}?",
    "How many calories are in {food}?", "What's a good snack after the gym?",
    "Help me plan my week.", "What's on my calendar for {day}?", "When is my {rel}'s {occasion}?",
    "How do I get from the airport to the centre of {city}?", "What's the best way to get to work {transport}?",
    "Where should I park in {city} on a {day}?", "When is my car due for its service?",
    "How do I study for my {subject} exam?", "Can you explain {subject} in simple terms?",
    "What time is it in {city} right now?", "Should I call my {rel} now or is it too late there?",
    "Can you find a {cuisine} recipe without {allergen}?", "Is there anything on this menu I can eat?",
    "What should I order at the {cuisine} place?", "Is this restaurant good for someone who is {diet}?",
    "what should I eat before a long {hobby} session", "any tips for {goal_first}?",
    "how do I keep my {room} tidy", "which plants grow well on a {room}", "is {drink} bad for my sleep",
]
SUBJECT = ["statistics", "chemistry", "history", "law", "economics", "nursing", "physics", "biology", "accounting",
           "computer science", "philosophy", "psychology", "architecture", "linear algebra", "marketing"]
TZ = ["Central European", "Pacific", "Eastern", "Greenwich Mean", "India Standard", "Japan Standard"]
DISTANCE = ["5k", "10k", "half-marathon", "marathon", "triathlon", "100-mile cycling"]
REL = ["mum", "dad", "sister", "brother", "wife", "husband", "partner", "son", "daughter", "grandma", "best friend"]
GOAL_FIRST = ["running my first marathon", "saving money", "learning to code", "sleeping better", "eating healthier",
              "getting fit", "learning a language", "staying focused at work", "making friends in a new city"]


def _fill(template: str, rng: random.Random) -> str:
    who_is_first = template.startswith("{who}") and rng.random() < 0.35
    values = {
        "who": rng.choice(FIRST) if who_is_first else rng.choice(WHO),
        "like": rng.choice(ADJ_LIKE), "dislike": rng.choice(ADJ_DISLIKE), "food": rng.choice(FOOD),
        "cuisine": rng.choice(CUISINE), "diet": rng.choice(DIET), "allergen": rng.choice(ALLERGEN),
        "drink": rng.choice(DRINK), "condition": rng.choice(CONDITION), "med": rng.choice(MED),
        "pet": rng.choice(PET), "petname": rng.choice(PETNAME), "job": rng.choice(JOB), "city": rng.choice(CITY),
        "city2": rng.choice(CITY), "month": rng.choice(MONTH), "country": rng.choice(COUNTRY),
        "day": rng.choice(DAY), "hobby": rng.choice(HOBBY), "lang": rng.choice(LANG), "device": rng.choice(DEVICE),
        "car": rng.choice(CAR), "transport": rng.choice(TRANSPORT), "shop": rng.choice(SHOP),
        "size": rng.choice(SIZE), "clothes": rng.choice(CLOTHES), "genre": rng.choice(GENRE),
        "occasion": rng.choice(OCCASION), "n": rng.choice(NUM), "goal": rng.choice(GOAL),
        "amount": rng.choice(AMOUNT), "bank": rng.choice(BANK), "instrument": rng.choice(INSTRUMENT),
        "sport": rng.choice(SPORT), "time": rng.choice(TIME), "room": rng.choice(ROOM),
        "subject": rng.choice(SUBJECT), "tz": rng.choice(TZ), "distance": rng.choice(DISTANCE),
        "rel": rng.choice(REL), "goal_first": rng.choice(GOAL_FIRST),
        "pet_short": rng.choice(["dog", "cat", "rabbit", "parrot", "puppy", "kitten", "hamster"]),
        "device_short": rng.choice(["laptop", "phone", "tablet", "printer", "router", "computer"]),
        "condition_short": rng.choice(["back pain", "headaches", "hay fever", "insomnia", "stress", "sore knee"]),
        "first_obj": rng.choice(["my mum", "the dentist", "my landlord", "the bank", "my sister", "the plumber"]),
    }
    text = template.format(**values)
    if values["who"] == "I":  # first person singular: "I is" -> "I am", "I likes" -> "I like"
        text = re.sub(r"^I's\b", "My", text)
        first, _, rest = text[2:].partition(" ")
        first = {"is": "am", "has": "have", "was": "was", "goes": "go", "does": "do"}.get(
            first, first[:-1] if first.endswith("s") and not first.endswith("ss") else first)
        if text.startswith("I "):
            text = f"I {first} {rest}"
    return text


def template_sentences(n: int = N_TEMPLATE_SENTENCES, seed: int = SEED) -> list[str]:
    """n distinct generated statements and questions (3 statements : 2 questions), in generation order."""
    rng = random.Random(seed)
    seen: dict[str, None] = {}
    templates = STATEMENTS * 2 + QUESTIONS * 2 + STATEMENTS
    while len(seen) < n:
        text = _fill(rng.choice(templates), rng)
        if rng.random() < 0.15:  # some lower-case, unpunctuated variants, as people type them
            text = text.lower().rstrip(".?!")
        seen.setdefault(text, None)
    return list(seen)


# --------------------------------------------------------------------------------------------------


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def eval_texts() -> list[str]:
    """All queries and positives of the evaluation set."""
    with EVAL_SET.open(encoding="utf-8") as f:
        pairs = [json.loads(line) for line in f if line.strip()]
    return [p[k] for p in pairs for k in ("query", "positive")]


def remove_eval_overlap(sentences: list[str]) -> tuple[list[str], int]:
    """Drop sentences equal to, containing, or contained in an evaluation text (normalised)."""
    evals = {_norm(t) for t in eval_texts()}
    evals.discard("")
    kept = []
    for s in sentences:
        n = _norm(s)
        if n in evals or any(e in n or (len(n) > 15 and n in e) for e in evals):
            continue
        kept.append(s)
    return kept, len(sentences) - len(kept)


def build(verbose: bool = True) -> list[str]:
    """The corpus: stdlib docstring sentences then generated sentences, deduplicated, eval overlap removed."""
    docs = list(dict.fromkeys(doc_sentences()))
    n_docs_all = len(docs)
    if len(docs) > MAX_DOC_SENTENCES:
        keep = set(random.Random(SEED).sample(range(len(docs)), MAX_DOC_SENTENCES))
        docs = [s for i, s in enumerate(docs) if i in keep]
    generated = template_sentences()
    corpus = list(dict.fromkeys(docs + generated))
    corpus, removed = remove_eval_overlap(corpus)
    if verbose:
        print(f"corpus: {len(corpus)} sentences = {len(docs)} stdlib docstring sentences (of {n_docs_all}) + "
              f"{len(generated)} generated; {removed} removed for overlapping the evaluation set")
    return corpus


if __name__ == "__main__":
    sentences = build()
    rng = random.Random(1)
    for s in rng.sample(sentences, 25):
        print("  ", s)
