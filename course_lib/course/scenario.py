"""The course scenario as data: two users, their conversations, and the tools the agent can call.

Priya is vegetarian, keeps dinner to 40 EUR per person, lives on Berlin time and flies to Berlin on
Friday. Marco (for isolation lessons) eats meat, spends up to 80 EUR and lives in Paris. Every tool
answers from fixed data, so the same call always returns the same result.

    from course_lib.course import scenario
    scenario.PRIYA_FACTS                    # what a memory should know about Priya
    scenario.SESSIONS["budget_window"]      # budget in message index 1, dinner question at index 12
    scenario.LONG_TRIP                      # 40 messages, about 8,000 tokens
    scenario.TOOLS                          # Toolbox: OpenAI schemas + functions
"""
from __future__ import annotations

import hashlib
from typing import Any

from course_lib.agent.react_agent import Toolbox

Message = dict[str, str]


def user(text: str) -> Message:
    """A user message."""
    return {"role": "user", "content": text}


def assistant(text: str) -> Message:
    """An assistant message."""
    return {"role": "assistant", "content": text}


# ------------------------------------------------------------------------------------------ users
USERS: dict[str, dict[str, Any]] = {
    "priya": {"name": "Priya", "diet": "vegetarian", "dinner_budget_eur": 40, "timezone": "Europe/Berlin",
              "home": "Paris", "next_trip": "flight to Berlin on Friday"},
    "marco": {"name": "Marco", "diet": "eats meat", "dinner_budget_eur": 80, "timezone": "Europe/Paris",
              "home": "Paris", "next_trip": None},
}

PRIYA_FACTS = [
    "The user's name is Priya.",
    "The user is vegetarian.",
    "The user's dinner budget is 40 EUR per person.",
    "The user's timezone is Europe/Berlin.",
    "The user has a flight to Berlin on Friday.",
]

MARCO_FACTS = [
    "The user's name is Marco.",
    "The user eats meat and loves steak.",
    "The user's dinner budget is 80 EUR per person.",
    "The user lives in Paris.",
]

GOLDFISH_QUESTION = "Book me a dinner in Berlin on Friday at 19:00 for 2"

# --------------------------------------------------------------------------------------- sessions
SESSION_INTRO = [
    user("Hi! I'm Priya. I'm planning a short trip and could use a hand."),
    assistant("Hello Priya, nice to meet you! Where are you off to?"),
    user("Berlin! I have a flight to Berlin on Friday, I live in Paris for now."),
    assistant("Lovely. Berlin in early spring can be chilly, so pack a warm layer. What should I plan first?"),
    user("Food, obviously. I'm vegetarian, so please no steakhouses."),
    assistant("Understood: vegetarian places only. Berlin is one of the easiest cities in Europe for that."),
    user("And please keep my calendar on Berlin time, Europe/Berlin is my timezone these days."),
    assistant("Done, I'll give every time in Europe/Berlin."),
    user("It's raining here again, by the way. Typical."),
    assistant("Then Friday's trip comes at the right moment. Talk soon!"),
]

BUDGET_INDEX = 1  # the message that states the budget (Priya's 2nd message)
DINNER_QUESTION_INDEX = 12  # message 13: the dinner question a 10-message window answers without the budget

SESSION_BUDGET_WINDOW = [
    user("Hey, good morning! Hope your day is off to a good start."),
    user("Before I forget: my dinner budget is 40 EUR per person, please stick to that."),
    assistant("Good morning, Priya! Got it, I'll keep that in mind for anything food related."),
    user("I've been reading about the street art in Berlin. Is the East Side Gallery worth a visit?"),
    assistant("Yes. It is the longest surviving stretch of the Wall, covered in murals, and it is free. "
              "Go early if you want photos without crowds."),
    user("Haha, my cat just walked across the keyboard. Sorry about that."),
    assistant("No harm done, the cat is welcome to join the planning."),
    user("How long does it take from the airport into the centre?"),
    assistant("About 30 to 40 minutes. The airport express train is the quickest option."),
    user("Do people tip in restaurants in Berlin?"),
    user("Oh, and is it usually rainy there in March?"),
    assistant("Rounding up or adding about 10 percent is usual. March is often grey and showery, "
              "so an umbrella is a good idea."),
    user("Can you suggest a place for dinner in Berlin on Friday?"),
]

SESSION_WEATHER = [
    user("What's the weather going to be like in Berlin on Friday?"),
    assistant("Cool and a bit rainy in the evening; take a jacket."),
    user("Thanks! I'll bring my yellow raincoat then."),
    assistant("Good choice."),
]

SESSION_UPDATES = [
    user("Quick update: I'm vegan now, not just vegetarian."),
    assistant("Thanks for telling me, I'll only suggest vegan places from now on."),
    user("Also, big news: I moved to Berlin last week, so I no longer live in Paris."),
    assistant("Congratulations on the move! Welcome to Berlin."),
]

SESSION_MARCO = [
    user("Salut! Marco here. I live in Paris, in the 11th arrondissement."),
    assistant("Bonjour Marco! How can I help?"),
    user("I eat pretty much everything, and a good steak makes my week."),
    assistant("Noted, meat lover. Any budget for dinners?"),
    user("Around 80 EUR per person is fine for a nice dinner."),
    assistant("Perfect, I'll keep that in mind."),
    user("My football team lost again last night, don't ask."),
    assistant("My condolences. Next season!"),
]

# 40 messages (20 from Priya, 20 replies), about 8,000 tokens. Small talk is mixed in; the facts a
# summary must keep are listed in LONG_TRIP_FACTS.
_LONG = [
    ("Hi again, it's Priya! I hope you had a good weekend; mine was mostly laundry and a very long nap, "
     "which honestly felt great. This time I want to plan my Berlin trip properly instead of improvising.",
     "Welcome back, Priya! A laundry-and-nap weekend is underrated, and it sounds like you arrive rested. "
     "Planning ahead pays off in Berlin, because the popular restaurants fill up on Friday evenings and some "
     "museums sell timed tickets. Let's go through it in a sensible order: how you get there, where you sleep, "
     "where you eat, and what you want to see. Tell me whatever is already fixed and we will build the rest "
     "around it. If something is still open, that is fine too; we can keep a short list of open questions and "
     "come back to them later, so nothing gets lost along the way. I will also keep an eye on anything that "
     "needs a reminder, such as check-in times or opening hours, and mention it when it becomes relevant."),
    ("The flight is sorted: AF 1734 from Paris, landing at BER at 14:35 on Friday. I'm already picturing "
     "myself at the window seat with a coffee.",
     "Great, a mid-afternoon landing is comfortable. From the airport, the express train takes you to the "
     "main station in about half an hour, and regional trains and the S-Bahn go to the rest of the city. "
     "Buy an ABC ticket, because the airport lies in zone C, and validate it before you board if it is a paper "
     "ticket; inspectors are common on the airport lines and the fine is not cheap. If you land on time you can "
     "be at your hotel by late afternoon, which leaves time to drop your bag, freshen up and walk around the "
     "neighbourhood before dinner. If the flight is delayed, nothing is lost: the trains run late into the "
     "evening, and taxis wait outside the terminal. A window seat with a coffee sounds like the right start."),
    ("Honestly, the best part of flying is the tiny pretzels they hand out. Please don't judge me for that.",
     "No judgement at all; the small pretzels are a perfectly respectable reason to enjoy a flight. Germany "
     "takes its pretzels seriously, too, so you will find proper fresh ones in almost every bakery in Berlin, "
     "warm in the morning and often sprinkled with coarse salt. Bakeries are also a good, cheap breakfast: "
     "a pretzel or a roll with cheese and a coffee rarely costs much, and many open very early. If you like "
     "sweet things, look for a cinnamon roll or a slice of plum cake, depending on the season. It is a nice way "
     "to start a day of walking, and it leaves plenty of room in your budget for a good dinner later."),
    ("I booked the Hotel Amsel in Kreuzberg; it costs 120 EUR a night. The photos show a tiny courtyard "
     "with plants everywhere, which I love.",
     "Kreuzberg is a good base for a short stay. It is lively in the evening, full of small restaurants and "
     "cafés, and well connected: the U1 and U8 lines run through it, and the canal is lovely for a walk. "
     "A hotel with a courtyard is a nice find, because the streets there can be busy at night and a room facing "
     "the inside is usually quieter. From the airport, the quickest route is the train to the city and then a "
     "short U-Bahn ride; from the main station it takes about twenty minutes. The neighbourhood also has "
     "several markets, including a covered market hall with food stalls, which is handy for a quick lunch."),
    ("My colleague Lena Hoffmann is joining me on Friday evening, so dinner will be for 2 people. "
     "She's great company, she always knows the best gossip from the office.",
     "Lovely, dinner for two it is. Having company on the first evening makes arriving in a new city more fun, "
     "and colleagues with good gossip are the best kind of dinner company. For two people, booking is easier "
     "than for a group, and many places keep a few small tables for walk-ins, but on a Friday I would still "
     "reserve. When you are ready, I can search for restaurants near Kreuzberg that suit both of you, and book "
     "a table once you decide. It is also worth checking whether Lena has any food preferences or allergies, "
     "so the place works for both of you and nobody ends up with only a side salad."),
    ("It has been grey here all week, and I really miss the sun. I keep looking at the forecast as if that "
     "would change anything.",
     "Grey weeks are tiring; looking at the forecast is a very human way of hoping. Early spring in Berlin can "
     "be a mixed bag as well: a bright, cold morning can turn into a rainy afternoon, and the wind on the wide "
     "streets makes it feel colder than the thermometer says. The good news is that the city is made for that "
     "kind of weather: museums, cafés, covered markets and bookshops are everywhere, and the public transport "
     "is frequent enough that you never wait long in the rain. I can check the forecast for Friday closer to "
     "the date, so you know whether to pack an umbrella or sunglasses, or, realistically, both."),
    ("Please keep dinner at 40 EUR per person at most; that's my budget for food on this trip. "
     "I'd rather spend the rest on the museum shop.",
     "Understood. Berlin is a good city for that: you can eat very well without spending much, and there are "
     "lots of good places well under that amount per person, from Vietnamese and Turkish kitchens to modern "
     "vegetable-focused restaurants. Keep in mind that drinks can add up quickly; a glass of wine or two can "
     "change the bill more than the main course does, so I will look at the price per person including a drink "
     "when I compare places. Spending the rest in the museum shop sounds like a fine plan; the shops on Museum "
     "Island are dangerous for anyone who likes books, prints and beautifully designed notebooks."),
    ("And a reminder that I'm vegetarian; Lena eats everything, though, so she's easy. "
     "Fun fact: she once ate a whole pizza on a dare.",
     "Noted, the restaurant has to be vegetarian-friendly, and since Lena eats everything, any place with good "
     "vegetarian dishes works for both of you. That is easy in Berlin, which has one of the largest vegetarian "
     "and vegan scenes in Europe, from casual falafel places to tasting menus. The pizza story is impressive; "
     "if she wants a repeat, Berlin has several excellent pizzerias with vegetarian options too, although I "
     "would not recommend it as a challenge before a long day of walking. I will filter the search by diet so "
     "that every suggestion has proper vegetarian mains, not just a side dish or a token salad."),
    ("On Saturday at 10:00 I have a meeting with Tomasz Nowak at his office in Mitte. "
     "It should be short, he's famous for 20-minute meetings.",
     "A short morning meeting leaves most of Saturday free. Mitte is easy to reach from Kreuzberg: the U-Bahn "
     "takes about fifteen minutes, and on a dry day you can even walk, which takes a bit less than an hour "
     "through some nice streets. Leave a little earlier than you think, because the stations in Mitte are big "
     "and the exits are far apart. After the meeting you will be close to Museum Island and the river, so you "
     "could continue straight to a museum or have an early lunch nearby. I can keep the meeting in your plan "
     "and remind you of it on Friday evening, so it does not surprise you after a late dinner."),
    ("Do you ever get tired of people asking you about restaurants? I'm only teasing, of course.",
     "Not at all; questions about food are some of the nicest questions I get. Restaurants are where travel "
     "plans become real: the meal you remember from a trip is often the thing you talk about afterwards, "
     "more than the sights. So keep them coming. There is also a practical side: in a city as large as Berlin, "
     "choosing a place close to where you are saves a lot of time, especially in the evening when you are tired "
     "from walking. A good rule is to pick one special dinner and keep the other meals simple and nearby. "
     "Street food, markets and bakeries make the simple meals easy and usually very cheap."),
    ("Let's book Linse & Lauch for Friday at 19:00; I read great things about their lentil stew. "
     "The reviews made me hungry at my desk.",
     "Linse & Lauch is a good choice: vegetarian, with plenty of vegan dishes, relaxed, and comfortably within "
     "your budget. Nineteen hundred is a good time on a Friday, early enough to get a table and late enough to "
     "have settled in after the flight. The lentil stew is what people mention most, and the portions are "
     "generous, so you may not need a starter. It is a short walk or one U-Bahn stop from Kreuzberg, depending "
     "on where exactly the hotel is. I can book the table whenever you confirm, and I will give you the "
     "confirmation number so you can show it at the door if they ask."),
    ("I also need to buy a birthday present for my sister Anjali; her birthday is on 14 March. "
     "She's impossible to shop for, she already owns everything.",
     "Good that you mention it early. People who own everything are often happiest with something small and "
     "local, or with an experience: a print from a Berlin illustrator, a book from one of the independent "
     "bookshops, good chocolate from a local maker, or a voucher for a class. Berlin's flea markets on Sunday "
     "are also great for unusual gifts, such as old postcards, vintage jewellery, records or small design "
     "objects. Since you fly back on the weekend, buying something in Berlin means the present also comes with "
     "a story, which is worth a lot. I will keep the present on your list of open tasks until it is done."),
    ("My playlist for the trip is mostly old disco songs, which is a bit embarrassing to admit out loud.",
     "Nothing embarrassing about it: disco is excellent travel music, upbeat enough to carry you through "
     "airports and train stations, and most people secretly love it. Berlin has a long history with club "
     "music as well, so you are arriving in the right city. If you want to dance, some bars play exactly that "
     "kind of music on Friday and Saturday nights, although the big techno clubs are a different world with "
     "famously unpredictable door policies. For a short trip with a morning meeting on Saturday, an early "
     "evening and a good night's sleep might be the wiser choice, but that is entirely up to you."),
    ("Tickets for the Neues Museum cost 12 EUR, and I'd like to go on Saturday afternoon. "
     "I've wanted to see the bust of Nefertiti for years.",
     "The Neues Museum is a wonderful choice, and the Nefertiti bust alone is worth the visit. Saturday "
     "afternoon is busy, so booking a timed ticket online is wise; the slots are strict, and you may have to "
     "wait if you arrive without one. Plan about two hours for the museum; it is easy to spend longer. "
     "Afterwards you are on Museum Island, so the cathedral, the river and the gardens are right there, and "
     "there are cafés nearby for a break. Photos are allowed in most rooms but not of the bust itself, which "
     "has its own quiet room. It is a short walk from Mitte, so it follows nicely after your meeting."),
    ("My return flight is AF 1535, leaving on Sunday at 18:20, so I have most of Sunday free. "
     "Maybe a slow breakfast, if I can find a good spot.",
     "A Sunday evening flight leaves a relaxed last day. Sunday is flea market day in Berlin, and a slow "
     "breakfast is almost a local tradition; many cafés serve big breakfast plates until the afternoon. "
     "Most shops are closed on Sundays, though, so buy anything you need on Saturday. Plan to leave for the "
     "airport about two and a half hours before departure, because the trip takes close to an hour and the "
     "security lines can be long in the evening. You can leave your luggage at the hotel after check-out; "
     "most hotels are happy to keep it for a few hours if you ask at the reception."),
    ("Lena says hi, by the way! She's very excited about the trip and keeps sending me photos of dumplings.",
     "Hi to Lena! Excitement about dumplings is completely justified; Berlin has some very good dumpling "
     "places, from Chinese and Georgian to Polish pierogi, and many have vegetarian fillings with cabbage, "
     "mushrooms, potato or cheese. If the two of you like them, a dumpling lunch on Saturday could be a fun, "
     "cheap meal between the meeting and the museum. It is also a nice thing to do together after work, "
     "since it is informal and quick. I can look for dumpling places near Mitte or Museum Island when the "
     "time comes, so you do not have to search on your phone while hungry."),
    ("Remind me to check in online 24 hours before the flight; I always forget and then panic at the airport.",
     "I will remind you. Online check-in usually opens a day before departure; doing it then lets you choose a "
     "seat, maybe that window seat again, and get the boarding pass on your phone. Having it on your phone "
     "means you can go straight to security with hand luggage and skip the desks entirely, which removes "
     "most of the panic. It is also worth checking the rules for liquids and the size of your cabin bag the "
     "day before, since they differ between airlines. I will put the reminder for both flights in your plan, "
     "so you do not have to remember it on the way back either."),
    ("Tomasz just moved our meeting to 11:30, same place. Fine by me, that means a slower morning.",
     "A later meeting is good news: you can have a proper breakfast on Saturday and still arrive relaxed. "
     "With the meeting ending around midday, the rest of the plan still works: lunch near Mitte, the museum "
     "in the afternoon, and maybe a walk along the river afterwards if the weather is kind. I have updated the "
     "plan so the meeting shows the new time, and I will mention it again on Friday evening. If Tomasz moves "
     "it again, just tell me and I will adjust. A slow morning in Kreuzberg is nice, too; several cafés near "
     "the canal open early and serve good coffee, so you can start the day without any rush."),
    ("Thanks, you're a star. I'm getting hungry just thinking about all of this food.",
     "You're welcome, and being hungry while planning a food trip is a good sign that the plan is working. "
     "The trip looks well organised now: the flights are fixed, the hotel is booked, dinner on Friday is "
     "planned, the meeting on Saturday has its new time, and the museum is on the list. What remains is "
     "mostly small: the present for your sister, the online check-in, and deciding what to do on Sunday before "
     "the flight. There is still plenty of room for spontaneous discoveries, which is often the best part of "
     "a trip. Let me know if you want me to book anything else or look up opening hours for a place."),
    ("Can you give me a short checklist of everything for Friday? I want to print it and stick it on the fridge.",
     "Here is your checklist for Friday. Morning: pack, check that you have your ID and phone charger, and "
     "make sure the boarding pass is on your phone. Midday: fly to Berlin, land at BER in the afternoon, take "
     "the train into the city and the U-Bahn to the hotel in Kreuzberg. Late afternoon: check in at the hotel, "
     "rest, and walk around the canal. Evening: meet Lena and have dinner at the vegetarian restaurant you "
     "chose, within your budget. Before bed: look at the plan for Saturday morning and set an alarm. "
     "Print it, stick it on the fridge, and enjoy the trip!"),
]

_NOTES = [
    # 1 planning
    "A note on planning in general: the most useful plan for a short city trip is a loose one. Fix the few "
    "things that need a booking, such as travel, the hotel, one special dinner and anything with timed "
    "entry, and leave the rest open. Berlin is spread out, with several centres rather than one, so grouping "
    "the things you want to do by neighbourhood saves far more time than an hour-by-hour schedule. A good "
    "day has one anchor in the morning and one in the afternoon, with walking and eating in between. Write "
    "the anchors down, keep the addresses on your phone, and let the rest of the day happen.",
    # 2 transport
    "About public transport: Berlin's network is run by the BVG together with the S-Bahn, and one ticket "
    "covers the U-Bahn, S-Bahn, trams, buses and even the ferries. The city is divided into zones A, B and "
    "C; almost everything a visitor needs is in A and B, but the airport is in C. Single tickets are valid "
    "for two hours in one direction, and a short-trip ticket covers three stops. If you plan to ride more "
    "than three times a day, a day ticket is usually cheaper. The apps show live departures and also sell "
    "tickets, which saves queueing at the machines when you arrive with luggage.",
    # 3 bakeries
    "A word about bakeries, since they will feed you more often than you expect: Berlin's bakeries range "
    "from chains at the stations to tiny family shops and new sourdough places with queues on Saturday "
    "mornings. Rye and mixed breads are the local staples, dense and sour, and they keep well if you want "
    "to take a loaf home. Many bakeries also sell simple sandwiches, soups and coffee, and some have a few "
    "tables, which makes them an easy stop during a long walk. They close early in the evening and some "
    "open on Sunday mornings only, so plan your bread needs accordingly.",
    # 4 neighbourhood
    "Some background on Kreuzberg: it used to sit right against the Wall, which kept rents low for decades "
    "and drew students, artists and immigrant families, especially from Turkey. That mix shaped the area's "
    "food, its markets and its nightlife. The western part around the canal is calmer and greener, with "
    "old buildings and quiet squares; the eastern part is louder and busier, with bars that stay open very "
    "late. Both are safe for walking in the evening, but like any busy area, keep an eye on your phone in "
    "crowded places and on the night trains.",
    # 5 booking
    "On booking restaurants in Berlin: many places take reservations online or by phone, and a few only "
    "seat walk-ins. Popular restaurants often release tables a week or two in advance, and Friday and "
    "Saturday evenings go first. If you cannot get a table at the time you want, try an earlier one; "
    "Berliners eat dinner relatively late, so early evening tables are easier to find. Some places ask for "
    "a card to hold the booking and charge a fee if you do not show up, so cancel in time if plans change. "
    "Arriving a few minutes late is fine, but call if it will be more than a quarter of an hour.",
    # 6 weather
    "On dressing for Berlin weather: layers are the answer in every season except high summer. A light "
    "sweater under a waterproof jacket covers most days in spring and autumn, and comfortable shoes that "
    "cope with cobblestones and puddles matter more than anything else, since you will walk a lot. The "
    "wind can be surprisingly cold on the wide avenues and near the river, so a scarf earns its place in "
    "the bag. Indoors, heating is usually generous, which is why people peel off layers the moment they "
    "enter a café or a museum.",
    # 7 money
    "A few practical points about money: cards are now accepted in most restaurants and shops, but some "
    "small cafés, bakeries and market stalls still prefer cash, so it is worth carrying a little. Bills in "
    "restaurants are brought to the table when you ask for them, and it is normal to split the bill by "
    "telling the waiter who pays for what. The tip is usually added when you pay rather than left on the "
    "table: you say the total you want to pay, including the tip, and the waiter takes it from there. "
    "Tap water is safe, but restaurants rarely serve it unless you ask.",
    # 8 vegetarian scene
    "Some context on eating vegetarian here: Berlin's vegetarian scene grew out of small collectives and "
    "health-food shops and is now part of the mainstream. Most menus mark vegetarian and vegan dishes, and "
    "many traditional German dishes have meat-free versions, such as potato pancakes, dumplings with "
    "mushroom sauce or cheese noodles from the south. Be careful with soups and sauces in traditional "
    "places, which are sometimes made with meat stock even when the dish itself looks vegetarian; asking "
    "is completely normal and nobody will find it strange.",
    # 9 Mitte
    "A little about Mitte: as the name says, it is the historic centre, with the government district, the "
    "big museums, grand boulevards and many offices. It can feel formal compared with Kreuzberg, but its "
    "northern part, around the old courtyards and the side streets near the Hackescher Markt, is full of "
    "small shops, galleries and cafés. Office areas empty out in the evening, so for dinner it is usually "
    "better to head back to a residential neighbourhood. The stations are large and often connected by long "
    "tunnels, so check which exit you need before you leave the platform.",
    # 10 eating close
    "A small rule of thumb for eating well while travelling: look for places where the menu is short, "
    "written in the local language first, and full of people who live nearby. A short menu usually means "
    "fresh ingredients and a kitchen that knows its dishes. Lunch menus are often much cheaper than dinner "
    "at the same restaurant, so a special place can be more affordable at midday. Markets and food halls "
    "are good when you are unsure, because you can see the food before you choose and everyone can pick "
    "something different.",
    # 11 Friday evening
    "What to expect on a Friday evening in Berlin: the streets in Kreuzberg and Neukölln fill up from about "
    "eight o'clock, bars get loud, and the late-night shops known as Spätis become meeting points, with "
    "people sitting outside with a drink. Restaurants turn tables more slowly than in some cities, and "
    "nobody will rush you out, so plan on a relaxed meal. If you want a quiet walk after dinner, the canal "
    "paths are pleasant and well lit. The U-Bahn runs all night on Friday and Saturday, so getting back "
    "to the hotel is easy at any hour.",
    # 12 gifts
    "On shopping for presents: independent shops in Berlin often close earlier than chain stores, and "
    "almost everything except bakeries, some cafés and the shops at the big stations is closed on Sundays "
    "and public holidays. Department stores in the west, such as those near the Kurfürstendamm, have a "
    "wide choice under one roof if you are short of time. Museum shops are underrated for gifts: they sell "
    "books, prints and design objects that you will not find elsewhere. Ask for gift wrapping; many small "
    "shops do it for free and do it beautifully.",
    # 13 nightlife
    "A short note on Berlin's nightlife: clubs open late and stay open until the morning or longer, and the "
    "famous ones have door policies that nobody can predict, so never plan an evening around getting in. "
    "Bars are the easier choice for a short trip, and many have a relaxed mix of ages and styles. Smoking "
    "is still allowed in some small bars, which can surprise visitors. If you just want music and a drink "
    "without a queue, the bars around the canal and in Friedrichshain are a good bet, and they are an easy "
    "walk or a short ride from Kreuzberg.",
    # 14 museums
    "Some background on Museum Island: it is a small island in the Spree with five large museums, from "
    "ancient art to nineteenth-century painting, and together they are a world heritage site. Each museum "
    "has its own ticket, and there is also a combined ticket if you plan to see more than one. Many people "
    "try to do too much; one museum properly is better than three in a rush. Lockers for bags are free but "
    "need a coin in some buildings, and large backpacks are not allowed in the galleries, so travel light "
    "on museum days.",
    # 15 Sunday
    "About Sundays in Berlin: they are quiet in a pleasant way. Shops are closed by law, so the city slows "
    "down, and people spend the day in cafés, parks and at the flea markets, which open in the morning and "
    "are busiest around midday. Breakfast and brunch are a small institution, with long menus of eggs, "
    "bread, cheese, fruit and pastries served late into the afternoon. If you want a calm walk before your "
    "flight, the big parks, such as Tempelhof's former airfield, give you a huge open sky and a very "
    "Berlin kind of Sunday.",
    # 16 dumplings and street food
    "On street food more generally: Berlin is known for its döner kebab, said to have been popularised "
    "here, and for currywurst, but the street food scene now covers much more, from Vietnamese sandwiches "
    "to Georgian cheese breads. Most of it is cheap and quick, and there are vegetarian versions of almost "
    "everything, including vegetable kebabs and meat-free currywurst. Weekly street food markets in covered "
    "halls are a good way to try several things in one go, and they are popular with locals, which says a "
    "lot about the quality.",
    # 17 check-in and airport
    "A few notes on the airport: BER is large but simple, with one main terminal and a second, smaller one "
    "used by some airlines; check which one your flight uses. Security queues are longest early in the "
    "morning and on Friday and Sunday evenings. Keep liquids in a small clear bag and take the laptop out "
    "unless signs say otherwise. There are food places after security, but they are expensive, so a snack "
    "from a bakery in town is a good idea. The train station is directly below the terminal, which makes "
    "arrivals and departures easy with luggage.",
    # 18 slow morning cafés
    "On coffee in Berlin: the city has a strong café culture, from old-style places with cakes and "
    "newspapers to modern roasters who will talk about their beans for as long as you let them. Cafés are "
    "also social spaces where people work on laptops for hours, although some places ask you not to at the "
    "weekend. Filter coffee is common, and plant-based milks are standard everywhere, usually at no extra "
    "cost. If you want a proper breakfast, look for places that serve it until the afternoon; they are "
    "usually the best ones for a slow morning.",
    # 19 spontaneous discoveries
    "On leaving room for surprises: some of the best moments of a city trip happen between plans, such as "
    "a courtyard you walk into by chance, a concert in a church, or a small exhibition in a shop window. "
    "Berlin rewards this kind of wandering, because so much of its life happens in courtyards and side "
    "streets rather than on the main avenues. Keep one afternoon without plans, follow whatever looks "
    "interesting, and take the U-Bahn back when your feet have had enough. You will probably remember that "
    "afternoon longer than the museum.",
    # 20 checklist
    "One last general tip for any trip: keep the important things in two places. Have a photo of your ID, "
    "your bookings and confirmations on your phone and a copy in your email, so you can still find them if "
    "the phone runs out of battery or gets lost. Carry a small power bank, because maps and tickets drain "
    "the battery quickly in a new city. Write down the hotel address in a note that works offline. With "
    "that done, most travel problems become small inconveniences rather than emergencies, and you can enjoy "
    "the trip with a clear head.",
]

_CHATTER = [
    " Also, my neighbour has started learning the trumpet, so any excuse to leave the flat is welcome. "
    "He practises the same four notes every evening at exactly the moment I sit down to read, and I am starting to think he does it on purpose.",
    " I tried to pack light last time and ended up wearing three jumpers on the plane, so I'm starting early.",
    " My friends think it's hilarious how excited I get about airline snacks, but everyone has their thing.",
    " I keep scrolling through the photos of the rooms instead of doing actual work, which is very productive.",
    " Apparently the last time we travelled together she packed two suitcases for a weekend, so we'll see.",
    " My plants are the only ones enjoying this weather, honestly, they look happier than I do. "
    "I even bought one of those daylight lamps that are supposed to help, but mostly it makes my desk look like an operating theatre.",
    " I have a weakness for notebooks and posters, and museum shops know exactly how to find people like me.",
    " I'll eat whatever sides she doesn't finish, that's the deal we made years ago.",
    " I've met him twice and both times he finished early and then talked about cycling for half an hour.",
    " You must hear the same questions all day, I imagine, and still you answer every one of them patiently. "
    "If I had your job I would have put up a sign with the ten most common answers a long time ago and gone for a walk.",
    " I've already decided I'm ordering dessert, whatever it is, because that is what holidays are for. "
    "My grandmother always said that you should read a menu from the bottom up, so you know how much room to leave for the sweet things.",
    " Every year I promise myself I'll be more original than a scarf, and every year I fail.",
    " The worst part is that I sing along on trains when I forget that I'm wearing headphones. "
    "A child once applauded at the end of a song, which was both the best and the most embarrassing moment of that whole week.",
    " I've read so much about the museum that I feel I could give the tour myself by now.",
    " I love the idea of a lazy Sunday in a new city, with nothing to rush for until the evening. "
    "At home Sundays always fill up with chores, so a day where the only decision is which café to sit in sounds like a real luxury.",
    " She also wants to know if Berlin has good ice cream in March, which I said was a silly question.",
    " Last year I nearly missed a flight because the app logged me out, so I don't trust it anymore. "
    "I ended up running through the terminal with one shoe untied while the gate staff watched me with a mixture of pity and amusement.",
    " Honestly, the best meetings are the ones that move to a later time, don't you think?",
    " My stomach has just growled so loudly that my colleague looked up from her screen. "
    "She offered me half of her apple, which was kind, but I think we both knew that an apple was not going to solve this particular problem.",
    " Old-fashioned, I know, but paper lists are the only ones I actually follow.",
]
_MORE_NOTES = [
    "If you like to prepare, two or three evenings of reading are plenty: a short history of the city, a "
    "map of the neighbourhoods, and a list of places friends recommend. The rest you learn by walking.",
    "Keep in mind that platforms at the big stations are signposted by direction and final stop, so it "
    "helps to know the last station of the line you need rather than just its number.",
    "Pretzel tip from locals: the salt is easy to brush off if it is too much, and the butter pretzel, "
    "split and spread with butter, is a classic breakfast on the go.",
    "Hotels in Berlin charge a city tax per night on top of the room price, which is usually paid at "
    "check-in or check-out, so do not be surprised by a small extra line on the bill.",
    "Friday tables at popular places often go to regulars first, so a polite phone call can work better "
    "than an online form, and mentioning a special occasion sometimes helps too.",
    "If rain does arrive, the big department store food halls and the covered markets are good dry places "
    "to spend an hour and have a snack, and the glass domes make grey days feel a bit brighter.",
    "Happy hour deals in bars and lunch specials in restaurants are the easiest way to stretch a food "
    "budget further, and they are common across the whole city on weekdays.",
    "Many restaurants now list allergens and diets on the menu with small letters or symbols, and the "
    "legend is usually printed at the bottom of the page or on the back.",
    "Office buildings in Mitte often have a reception desk where visitors sign in, so bring some ID and "
    "allow a few extra minutes before the meeting starts.",
    "Quick reminder that many kitchens stop taking orders an hour before closing, especially on weekdays, "
    "so late dinners are easier in the busier neighbourhoods.",
    "Plan the weekend with short distances in mind: an extra U-Bahn ride seems like nothing on the map but "
    "easily adds half an hour once you include walking through stations.",
    "Flea markets accept cash almost exclusively, and haggling a little is expected, as long as it stays "
    "friendly and you do not start too low.",
    "For a birthday present that travels well, think flat and light: prints, books and textiles survive "
    "hand luggage much better than ceramics or glass.",
    "Some bars do not accept cards at all, so check before you order if you have no cash with you.",
    "The museum cafés are a decent place for lunch, although prices are higher than in the streets around "
    "the island; a picnic in the gardens is a cheaper alternative on dry days.",
    "Most hotels let you check out late on a Sunday for a small fee, which is worth asking about if your "
    "flight is in the evening.",
    "Markets with dumplings and noodles tend to be busiest around one o'clock, so an early or late lunch "
    "means less waiting.",
    "Keep your passport or ID at hand at the gate; some airlines check it again before boarding even on "
    "short flights inside Europe.",
    "A later start also means the museums are quieter in the morning for anyone who wants to go before "
    "lunch, since tour groups usually arrive around ten.",
    "If you print the plan, add the hotel phone number and the restaurant address, since those are the two "
    "things people most often need in a hurry.",
]

_CLOSINGS = [
    "Whenever you are ready, just tell me the next thing that is already decided, and I will add it to the "
    "plan and point out anything that depends on it, such as opening hours or travel times between places.",
    "Once the rest of the plan takes shape, I will check that the times fit together, so you are never "
    "rushing across the city with a suitcase, and that each day has a sensible rhythm of walking and resting.",
    "I will keep the food suggestions practical: places that are easy to reach from where you will be, "
    "open at the times you need, and good value, so you can spend your energy on enjoying them.",
    "I will keep the hotel in mind as the centre of the plan, so that every suggestion takes the distance "
    "from there into account, and I will check the neighbourhood's opening hours when we plan the evenings.",
    "When you both know what you would like to eat, I can narrow the search down to a handful of places, "
    "compare them on price, distance and reviews, and book the one you like best in a single step.",
    "In the meantime, if there is anything else you would like to prepare before the trip, such as "
    "documents, currency or a phone plan for abroad, tell me and I will add it to the list.",
    "I will apply that limit to every restaurant I suggest from now on, and I will say clearly when a place "
    "is close to the limit, so there are no surprises when the bill arrives at the end of the evening.",
    "From now on every search will be filtered accordingly, and I will double-check the menus of any place "
    "I suggest, because some restaurants describe themselves as friendly to every diet without really being so.",
    "If anything about the meeting changes, such as the address or the time, tell me and I will update the "
    "plan and check that the rest of the day still fits around it without any rushing.",
    "So please ask as many questions as you like; the plan only gets better with them, and I would much "
    "rather answer one question too many than let you discover a closed door on the day.",
    "Once it is booked, I will add the reservation to the plan with the address and a note on how to get "
    "there from the hotel, and I will remind you of it on Friday afternoon after you have landed.",
    "If you like, I can also suggest a couple of shops near the places you will visit anyway, so that "
    "buying the present does not cost you an extra trip across the city on a busy weekend.",
    "Either way, it is your holiday, and a bit of music and dancing is a perfectly good use of a Friday "
    "night; I just want you to arrive at your Saturday plans rested enough to enjoy them properly.",
    "If you would like, I can look at the museum's opening hours and the ticket slots for Saturday, so "
    "you can book the one that leaves enough time after your meeting and a relaxed lunch in between.",
    "Let me know what you would like to do with the free hours on Sunday, and I will suggest a route "
    "that ends close to the airport train, so the last part of the trip is calm and unhurried.",
    "Tell me if Lena has any places on her wish list as well; it is easy to fit one or two of them "
    "into the weekend, and trips are usually more fun when both people get to choose something.",
    "I will add the reminder to the plan now, with the exact time worked out from the departure, "
    "so it reaches you at the right moment without you having to think about it at all.",
    "If anything else changes over the next few days, just tell me, and I will keep the whole plan "
    "consistent so that you always have one up-to-date version to look at.",
    "Whenever you want a summary of the whole trip, day by day, just ask and I will put one together "
    "with the times, the addresses and the bookings in one short list you can print.",
    "Have a wonderful trip, and tell me afterwards how the dinner was; it helps me make better suggestions "
    "next time you travel, whether it is Berlin again or somewhere completely new.",
]

LONG_TRIP: list[Message] = [
    m for (u, a), chatter, note, more, closing in zip(_LONG, _CHATTER, _NOTES, _MORE_NOTES, _CLOSINGS)
    for m in (user(u + chatter), assistant(a + " " + closing + "\n\n" + note + " " + more))
]

# Names and numbers from Priya's turns that a good summary must keep (lesson 04's test).
LONG_TRIP_FACTS = [
    "Priya", "AF 1734", "14:35", "Hotel Amsel", "Kreuzberg", "120 EUR", "Lena", "2 people", "40 EUR",
    "vegetarian", "Tomasz", "11:30", "Linse & Lauch", "19:00", "Anjali", "14 March", "Neues Museum",
    "12 EUR", "AF 1535", "18:20", "24 hours",
]

SESSIONS: dict[str, list[Message]] = {
    "intro": SESSION_INTRO,
    "budget_window": SESSION_BUDGET_WINDOW,
    "weather": SESSION_WEATHER,
    "updates": SESSION_UPDATES,
    "marco": SESSION_MARCO,
    "long_trip": LONG_TRIP,
}

# ------------------------------------------------------------------------------------------- tools
RESTAURANTS: list[dict[str, Any]] = [
    {"name": "Glut & Rind", "city": "Berlin", "cuisine": "steakhouse", "diet": [], "price_per_person": 95,
     "rating": 4.8},
    {"name": "Grüner Salon", "city": "Berlin", "cuisine": "vegetarian fine dining", "diet": ["vegetarian", "vegan"],
     "price_per_person": 72, "rating": 4.7},
    {"name": "Linse & Lauch", "city": "Berlin", "cuisine": "modern vegetarian", "diet": ["vegetarian", "vegan"],
     "price_per_person": 28, "rating": 4.5},
    {"name": "Fischerhütte am Kanal", "city": "Berlin", "cuisine": "fish", "diet": [], "price_per_person": 55,
     "rating": 4.4},
    {"name": "Falafel Freunde", "city": "Berlin", "cuisine": "Middle Eastern", "diet": ["vegetarian", "vegan"],
     "price_per_person": 14, "rating": 4.3},
    {"name": "Spree Dumpling House", "city": "Berlin", "cuisine": "dumplings", "diet": ["vegetarian"],
     "price_per_person": 22, "rating": 4.2},
    {"name": "Kiez Currywurst", "city": "Berlin", "cuisine": "street food", "diet": [], "price_per_person": 12,
     "rating": 4.0},
    {"name": "Le Bœuf Doré", "city": "Paris", "cuisine": "French steakhouse", "diet": [], "price_per_person": 110,
     "rating": 4.8},
    {"name": "Jardin Secret", "city": "Paris", "cuisine": "vegetarian bistro", "diet": ["vegetarian", "vegan"],
     "price_per_person": 65, "rating": 4.6},
    {"name": "Bistrot du Canal", "city": "Paris", "cuisine": "French bistro", "diet": [], "price_per_person": 45,
     "rating": 4.4},
    {"name": "Chez Lentille", "city": "Paris", "cuisine": "vegetarian", "diet": ["vegetarian"],
     "price_per_person": 32, "rating": 4.3},
]

DIETS = ("vegetarian", "vegan")
WEATHER = {
    "berlin": {"city": "Berlin", "friday": "9 °C, cloudy, light rain after 18:00",
               "saturday": "12 °C, sunny spells", "sunday": "10 °C, windy"},
    "paris": {"city": "Paris", "friday": "13 °C, sunny", "saturday": "14 °C, cloudy", "sunday": "11 °C, rain"},
}


def _city(city: Any) -> str:
    if not isinstance(city, str) or not city.strip():
        raise ValueError("city must be a city name such as 'Berlin'")
    return city.strip().lower()


def search_restaurants(city: str, diet: str | None = None, max_price: float | None = None) -> list[dict[str, Any]]:
    """Restaurants in `city`, best rated first, optionally only those with a diet option and within a price."""
    key = _city(city)
    if diet is not None and str(diet).strip().lower() not in ("", "any", "none") + DIETS:
        raise ValueError(f"diet must be one of {', '.join(DIETS)} (or left out), got {diet!r}")
    diet = (str(diet).strip().lower() if diet else "") or None
    diet = None if diet in ("any", "none") else diet
    if max_price is not None and not isinstance(max_price, (int, float)):
        raise ValueError(f"max_price must be a number of EUR per person, got {max_price!r}")
    found = [dict(r) for r in RESTAURANTS
             if r["city"].lower() == key
             and (diet is None or diet in r["diet"])
             and (max_price is None or r["price_per_person"] <= max_price)]
    return sorted(found, key=lambda r: (-r["rating"], r["name"]))


def get_weather(city: str) -> dict[str, str]:
    """The (fixed) forecast for Friday to Sunday in `city`."""
    key = _city(city)
    if key not in WEATHER:
        raise ValueError(f"no forecast for {city!r}; the course knows {', '.join(w['city'] for w in WEATHER.values())}")
    return dict(WEATHER[key])


def confirmation_id(restaurant: str, time: str, people: int) -> str:
    """The booking confirmation id: a hash of the booking's arguments, so it is the same every run."""
    digest = hashlib.sha256(f"{restaurant}|{time}|{people}".encode()).hexdigest()
    return "BK-" + digest[:6].upper()


def book_table(restaurant: str, time: str, people: int) -> dict[str, Any]:
    """Book a table; returns a confirmation with an id that depends only on the arguments."""
    match = [r for r in RESTAURANTS if r["name"].lower() == str(restaurant).strip().lower()]
    if not match:
        raise ValueError(f"no restaurant called {restaurant!r}; call search_restaurants to find one")
    if not isinstance(people, int) or isinstance(people, bool) or not 1 <= people <= 20:
        raise ValueError(f"people must be a whole number from 1 to 20, got {people!r}")
    if not isinstance(time, str) or not time.strip():
        raise ValueError("time must be a text such as 'Friday 19:00'")
    r = match[0]
    return {"confirmation": confirmation_id(r["name"], time.strip(), people), "restaurant": r["name"],
            "city": r["city"], "time": time.strip(), "people": people, "price_per_person": r["price_per_person"]}


# A long web page (about 20,000 tokens) in which exactly two sentences matter: the truncation lesson.
GUIDE_URL = "https://berlin-food-guide.example/friday"
KEY_SENTENCES = (
    "Linse & Lauch takes Friday bookings only until 17:00 on the same day, and its kitchen closes at 21:30.",
    "On Friday evenings the airport express from BER runs every 15 minutes and reaches the main station in 30 minutes.",
)
_AREAS = ["Kreuzberg", "Neukölln", "Mitte", "Prenzlauer Berg", "Friedrichshain", "Schöneberg", "Wedding",
          "Charlottenburg", "Moabit", "Treptow", "Pankow", "Tempelhof"]
_TOPICS = ["old courtyards", "weekly markets", "canal-side walks", "corner bakeries", "small galleries",
           "second-hand bookshops", "neighbourhood parks", "late-night kiosks", "community gardens",
           "tram routes", "street murals", "quiet cafés", "flea markets"]
_MOODS = ["relaxed", "busy", "friendly", "surprising", "colourful", "calm", "lively"]
_TIMES = ["early in the morning", "around lunchtime", "on a grey afternoon", "at dusk", "on a Sunday",
          "after a long day"]


def _paragraph(i: int) -> str:
    area, topic = _AREAS[i % len(_AREAS)], _TOPICS[(i * 5) % len(_TOPICS)]
    mood, when = _MOODS[(i * 3) % len(_MOODS)], _TIMES[(i * 7) % len(_TIMES)]
    other = _TOPICS[(i * 11 + 4) % len(_TOPICS)]
    return (f"Section {i + 1}. Visitors who wander through {area} {when} often notice its {topic} first. "
            f"Locals describe the atmosphere as {mood}, and many say the {other} are what keep them coming back. "
            f"Guides disagree about the best route, but most suggest starting near a station and simply following "
            f"the side streets, stopping wherever something looks interesting. The area changes a little every "
            f"year, so any description is only a snapshot, and the only way to know it is to walk it yourself.")


def _make_page(paragraphs: int = 230) -> str:
    parts = [_paragraph(i) for i in range(paragraphs)]
    parts.insert(int(paragraphs * 0.41), KEY_SENTENCES[0])
    parts.insert(int(paragraphs * 0.73), KEY_SENTENCES[1])
    return "Berlin on a Friday: a very long neighbourhood guide\n\n" + "\n\n".join(parts)


PAGES: dict[str, str] = {GUIDE_URL: _make_page()}


def read_page(url: str) -> str:
    """The full text of a page on the course's small offline web."""
    page = PAGES.get(str(url).strip())
    if page is None:
        raise ValueError(f"no page at {url!r}; the offline web has {', '.join(PAGES)}")
    return page


def _schema(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": required}}}


TOOL_SCHEMAS: list[dict[str, Any]] = [
    _schema("search_restaurants", "Find restaurants in a city, best rated first. Filter by diet and by the "
            "maximum price per person in EUR.",
            {"city": {"type": "string", "description": "City name, e.g. Berlin"},
             "diet": {"type": "string", "enum": list(DIETS), "description": "Only places with this diet option"},
             "max_price": {"type": "number", "description": "Maximum price per person in EUR"}},
            ["city"]),
    _schema("get_weather", "The weather forecast for Friday to Sunday in a city.",
            {"city": {"type": "string", "description": "City name"}}, ["city"]),
    _schema("book_table", "Book a table at a restaurant. Returns a confirmation id.",
            {"restaurant": {"type": "string", "description": "Exact restaurant name from search_restaurants"},
             "time": {"type": "string", "description": "Day and time, e.g. 'Friday 19:00'"},
             "people": {"type": "integer", "description": "Number of people"}},
            ["restaurant", "time", "people"]),
    _schema("read_page", "Read the full text of a web page.",
            {"url": {"type": "string", "description": "The page address"}}, ["url"]),
]

TOOL_FUNCTIONS = {"search_restaurants": search_restaurants, "get_weather": get_weather,
                  "book_table": book_table, "read_page": read_page}

TOOLS = Toolbox(TOOL_SCHEMAS, TOOL_FUNCTIONS)
