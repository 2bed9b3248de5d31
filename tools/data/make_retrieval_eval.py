"""Write tools/data/retrieval_eval.jsonl from the hand-written pairs below.

Each line of PAIRS is "query => positive": the query is how a user later asks
an assistant something, the positive is the remembered fact that answers it.
All positives together form the corpus every query is searched against.

Run:  python tools/data/make_retrieval_eval.py
"""

from __future__ import annotations

import json
import re
from pathlib import Path

OUT = Path(__file__).with_name("retrieval_eval.jsonl")

PAIRS = """
# food and diet
where should we eat tonight? => The user is vegetarian.
Can you suggest a snack I can bring on the plane? => The user has a severe peanut allergy and carries an EpiPen.
is a cappuccino a good idea for me right now => The user is lactose intolerant and takes their coffee with oat milk.
What pasta would you make for me this weekend? => The user has coeliac disease and must avoid gluten.
Should I order the vindaloo? => The user can't tolerate spicy food.
Pick something for me to drink at the dinner party. => The user doesn't drink alcohol.
It's 4pm, should I grab another espresso? => The user avoids caffeine after 2 pm because it ruins their sleep.
what time can I have my first meal today => The user does intermittent fasting and only eats between noon and 8 pm.
Any ideas for a seafood place on the coast? => The user is allergic to shellfish.
what kind of food do I like most => The user's favourite cuisine is Japanese, especially ramen.
Which ice cream flavour should I get? => The user hates anything that tastes of mint.
Help me put together a grocery list. => The user does the big food shop at Lidl every Saturday morning.
What should I cook when the in-laws come over? => The user's mother-in-law keeps kosher.
suggest a lunch I can take to work tomorrow => The user meal-preps their lunches on Sunday evenings.
How much sugar should I put in this? => The user is trying to cut out added sugar.
Recommend me a cookbook. => The user is learning to cook Thai food at home.
Can I eat the risotto they're serving? => The user dislikes mushrooms because of the texture.
Where can I get a decent coffee before work? => The user drinks a flat white every morning.
Should I have a burger or a salad for lunch? => The user is trying to eat more leafy greens this month.
Which bakery should I go to for bread? => The user only buys sourdough bread.
# health and medicine
What painkiller can I take for this headache? => The user is allergic to ibuprofen.
remind me which pills I need in the morning => The user takes levothyroxine every morning on an empty stomach.
Is it safe for me to hike up to 4000 metres? => The user has asthma and always carries an inhaler.
Can we go horse riding on holiday? => The user is allergic to horses.
which days are my physio sessions => The user has physiotherapy for a knee injury on Tuesdays and Thursdays.
Can you help me carry the boxes up for the move? => The user has a herniated disc and shouldn't lift heavy things.
Do I need to book an eye test? => The user is short-sighted and wears contact lenses.
I can't sleep again, any advice? => The user struggles with insomnia and tries to stop using screens by 10 pm.
When am I seeing the dentist? => The user has a dentist appointment on March 14 at 9:30.
Who is my doctor again? => The user's GP is Dr. Okafor at the Riverside clinic.
Is soft cheese okay for me at the moment? => The user is 24 weeks pregnant.
Should I donate blood at the drive this weekend? => The user's blood type is O negative.
what should go in my first aid kit for the trip => The user is type 1 diabetic and needs insulin and glucose tablets.
Help me calm down before my presentation. => The user gets anxious about public speaking.
Why do I keep getting headaches at the office? => The user gets migraines triggered by bright fluorescent light.
Any stretches I should do at my desk? => The user has tight hips and lower back pain from sitting all day.
Can I take melatonin with my other meds? => The user is on sertraline for depression.
Should I get the flu jab this year? => The user had a bad reaction to the flu vaccine in 2021.
How many steps am I supposed to do a day? => The user's daily goal is 10,000 steps.
Which health insurance do I have? => The user is insured with TK through their employer.
Do I still smoke? => The user quit smoking in 2022.
What did the doctor say about my cholesterol? => The user's cholesterol was slightly high at the last check-up.
# money and budget
Find me a hotel in Rome. => The user's hotel budget is under 120 euros per night.
Can I afford a new laptop this month? => The user is saving for a house deposit and keeps spending under 1,500 a month.
How much should I spend on my sister's present? => The user caps birthday presents at 50 euros.
When does my salary come in? => The user gets paid on the 25th of each month.
Which card should I pay with? => The user uses the Amex card for travel and the Visa debit card for groceries.
Is rent due soon? => The user's rent of 1,350 euros is due on the first of the month.
What should I do with my bonus? => The user puts money into a low-cost index fund every month.
how much do I still owe on my loan => The user is paying off a student loan at 4.5 percent interest.
Can I splurge on the tasting menu? => The user allows themselves one expensive dinner out per month.
Which bank am I with? => The user banks with ING.
Help me sort out my taxes. => The user is self-employed and pays tax in quarterly instalments.
Is 420 euros a good price for a flight to Athens? => The user won't pay more than 300 euros for a return flight within Europe.
Which subscriptions could I cancel? => The user pays for Netflix, Spotify and a gym membership.
how much did I want to save each month => The user wants to save 20 percent of their income.
Convert the price to something I understand. => The user thinks about money in Canadian dollars.
Should I lend my cousin money? => The user has a rule of never lending money to family.
# home, city and location
What's the weather like at home? => The user lives in Lisbon.
Is there a pharmacy close to my flat? => The user's flat is in Alfama, near the tram 28 stop.
How long will it take me to get to the office? => The user commutes 40 minutes by train to the office in Oeiras.
Where did I grow up? => The user grew up in a small town near Porto.
What's my postcode for this form? => The user's postal code is 1100-341.
Which airport should I fly from? => The user usually flies out of Lisbon Humberto Delgado airport.
Where am I moving to next year? => The user plans to relocate to Copenhagen next year.
Who do I call when the boiler breaks? => The user's landlord, Mr. Costa, handles repairs.
When does my lease end? => The user's rental contract ends on 31 January.
Will the new sofa fit up the stairs? => The user lives in a two-bedroom flat on the third floor with no lift.
Which energy company are we with? => The user switched to a green electricity tariff with EDP.
Do I need a monthly transit pass? => The user takes the metro daily and has a Navegante monthly pass.
when is the cleaner coming => A cleaner comes to the user's home every other Tuesday.
What furniture am I hunting for? => The user is looking for a second-hand oak dining table.
Is the neighbourhood noisy at night? => The user's street has bars and gets loud on weekends.
# time zone and schedule
When can I call the New York team? => The user's time zone is Europe/Lisbon.
Can we set the meeting for 8am? => The user never takes meetings before 10 am.
what time do I normally go to bed => The user goes to bed around 11 pm on weeknights.
Am I free on Wednesday evening? => The user has choir rehearsal every Wednesday at 7 pm.
When do I need to leave to get the kids? => The user picks up the kids from school at 3:30 on weekdays.
Plan my Friday afternoon. => The user works from home on Fridays and finishes at 2 pm.
When is my catch-up with my manager? => The user's one-on-one with their manager is on Mondays at 11.
Which days do I go to the gym? => The user lifts weights on Monday, Wednesday and Saturday.
Is now a good time to ring my brother? => The user's brother lives in Sydney.
When does the recycling go out? => Recycling is collected on Thursday mornings at the user's building.
set my alarm for tomorrow => The user wakes up at 6:15 on workdays.
When should I schedule lunch with Hannah? => The user takes lunch from 12:30 to 13:15.
Can I fit a haircut in during the workday? => The user has flexible hours as long as they are online from 10 to 4.
What am I doing on Sunday? => The user has brunch with their grandmother every other Sunday.
How long do I meditate for? => The user meditates for 15 minutes right after waking up.
When should the house be quiet? => The baby naps from 1 to 3 pm.
Can I join the Thursday evening webinar? => The user goes to a language exchange at a bar on Thursday nights.
# travel
Book me a seat for the Tokyo flight. => The user prefers an aisle seat on long-haul flights.
Which airline should I pick? => The user collects miles with Miles & More, so prefers Star Alliance airlines.
Do I need a visa for Brazil? => The user holds a Portuguese passport.
where am I going next month => The user is travelling to Kyoto from April 3 to 12.
Find somewhere to stay in Barcelona. => The user prefers small boutique hotels over Airbnb.
what should I pack => The user always travels with carry-on luggage only.
Should I rent a car in Iceland? => The user can only drive automatic cars.
How do I get into town from the airport? => The user prefers public transport to taxis.
Where did we go on our honeymoon? => The user honeymooned in the Azores in 2019.
Should we take the ferry to the island? => The user gets seasick on boats.
Plan a weekend getaway for the two of us. => The user and their partner love wine regions and quiet countryside.
Is my passport still okay for the summer trip? => The user's passport expires in August 2026.
Should I book first or second class on the train? => The user books second class unless the journey is over four hours.
Where do I want to go someday? => The user dreams of seeing the northern lights in Norway.
Is a red-eye flight a good idea for me? => The user can't sleep on planes.
Do I need to buy travel insurance? => The user has annual travel insurance through their credit card.
what time do I land on Friday => The user's flight to Berlin lands at 21:40 on Friday.
Can I wait somewhere comfortable during the layover? => The user has Priority Pass lounge access.
How much walking can I handle on the city break? => The user enjoys walking tours and easily walks 20 km a day.
Should I get a hotel room on a high floor? => The user is afraid of heights.
# family
What should I get my daughter for her birthday? => The user's daughter Maya is turning 7 and loves dinosaurs.
Remind me when my wife's birthday is. => The user's wife Ana was born on 2 June.
How old is my son now? => The user's son Leo was born in 2018.
Gift ideas for my dad? => The user's father is a retired engineer who builds model railways.
Is my mum coming for Christmas? => The user's mother spends Christmas with the user's sister in Leeds.
How many kids do I have? => The user has two children.
what's my sister's name again => The user's sister is called Inês and works as a nurse.
Can my nephew eat the cake I'm baking? => The user's nephew Tom is allergic to eggs.
Who can watch the kids on Saturday night? => The user's babysitter is Sofia, who charges 12 euros an hour.
Which school does Maya go to? => Maya attends the International School of Lisbon.
How is grandpa doing? => The user's grandfather moved into a care home after a stroke.
Should I throw Ana a surprise party? => Ana hates surprise parties.
When is our anniversary? => The user's wedding anniversary is on September 21.
Who is Leo's godfather? => The user's best friend Marco is Leo's godfather.
What shoe size is my son? => Leo wears size 30 shoes.
What does my son do on Saturday mornings? => Leo plays football on Saturday mornings.
Can my parents take the kids next week? => The user's parents are on a cruise until the 20th.
What are my in-laws called? => The user's in-laws are Rui and Teresa.
Where do my parents live? => The user's parents live in Hamburg.
Is my brother coming to the wedding? => The user hasn't spoken to their older brother since 2020.
# pets
Will the hotel be okay with us bringing Biscuit? => The user has a golden retriever named Biscuit.
When does the dog need to go to the vet? => Biscuit's annual vaccinations are due in May.
Which food should I reorder for the cat? => The user's cat Miso eats only grain-free salmon kibble.
Who looks after the dog while I'm away? => The neighbour Carla walks Biscuit when the user travels.
Why is my tank water cloudy? => The user keeps a 60-litre freshwater aquarium with neon tetras.
how old is my dog => Biscuit was adopted as a puppy in 2020.
What toy should I buy for Miso? => Miso loves feather wands and ignores balls.
Can I take the dog on a long drive? => Biscuit gets anxious in the car and needs a calming chew.
Where do I usually walk the dog? => The user walks Biscuit in Monsanto forest park every morning.
Which company is my pet insurance with? => The user's pets are insured with Petplan.
Can the cat go out in the garden? => Miso is strictly an indoor cat.
How much should Biscuit be eating? => The vet said Biscuit needs to lose two kilos.
Who feeds the tortoise? => The user's son looks after the family tortoise, Speedy.
Is it okay to leave the pets alone for a weekend? => Miso gets stressed when left alone for more than a day.
# work
Help me write an email to my boss. => The user's manager is Daniel, who prefers short emails.
What do I do for a living? => The user is a freelance graphic designer.
Which design apps do I use? => The user works in Figma and Affinity Designer.
When is the brand deadline? => The user must deliver the Nordlys brand identity by May 30.
Who is my biggest client? => The user's largest client is a coffee roaster in Porto.
How much should I quote for this job? => The user's rate is 65 euros an hour.
Can I take a long weekend in June? => The user has six vacation days left this year.
Draft a headline for my LinkedIn profile. => The user specialises in packaging design for food brands.
What are my long-term career plans? => The user wants to open their own design studio within two years.
Who should I loop in on the new project? => The user works with the copywriter Hannah on most projects.
How do I number my invoices? => The user sends invoices as PDFs numbered by year and month.
Where do I work from most days? => The user rents a desk at a coworking space called Second Home.
Why am I learning to program? => The user is learning Python to automate their invoicing.
Should I accept this conference invitation? => The user is speaking at a design conference in Amsterdam in October.
When do I do my most focused work? => The user does deep work in the morning and admin after lunch.
Who does my accounts? => The user's accountant is Paula Reis.
How many hours a week do I want to work? => The user aims to work no more than 35 hours a week.
Where do clients usually message me? => The user's client communication happens on Slack rather than email.
When is the team offsite? => The studio offsite is in Sintra on June 8.
Send them a link to my work. => The user's portfolio is on Behance.
Do I have any non-compete restrictions? => The user's contract forbids working for other coffee brands.
# hobbies and free time
What should I do this weekend? => The user loves bouldering.
recommend a podcast for my commute => The user enjoys true crime podcasts.
Any book suggestions? => The user is reading every Ursula K. Le Guin novel in order.
Which orchestra concert am I rehearsing for? => The user plays the cello in an amateur orchestra.
I have a free evening, any ideas? => The user has been taking pottery classes and loves the wheel.
What should I plant on the balcony? => The user grows tomatoes and basil on their balcony.
Which opening should I practise tonight? => The user is studying the Sicilian Defence in chess.
Where should I go to shoot the sunset? => The user shoots film photography with a Pentax K1000.
What game should I play next? => The user loves cozy games like Stardew Valley.
What can I make with this yarn? => The user is knitting a jumper for their partner.
Plan a hike for Saturday. => The user prefers hikes under 15 km without much climbing.
The chain is making a noise, what bike do I have? => The user rides a steel gravel bike.
Where can I surf this weekend? => The user is a beginner surfer who goes to Costa da Caparica.
Buy me a jigsaw. => The user likes 1000-piece puzzles of old maps.
What do I do on Monday nights? => The user takes salsa lessons on Monday nights.
What race am I training for? => The user is training for the Lisbon half marathon in October.
Which films do I like? => The user loves Studio Ghibli films.
What's happening on the first Friday of the month? => The user hosts a board game night on the first Friday of each month.
Put on some music so I can focus. => The user listens to lo-fi hip hop while working.
What do I collect? => The user collects vintage postcards.
Where's a good spot to see birds? => The user recently took up birdwatching.
# how the user likes to be helped
How should you format your replies to me? => The user prefers short answers with bullet points.
Convert this American recipe for me. => The user uses metric units.
How do I write dates? => The user writes dates as day/month/year.
What should you call me? => The user likes to be called Sam.
What pronouns do I use? => The user uses they/them pronouns.
Should I put emoji in this message to the client? => The user finds emoji in work messages unprofessional.
Light theme or dark theme for my app? => The user prefers dark mode everywhere.
Book a table, and where do I like to sit? => The user likes to sit outside on terraces.
What colour should I paint the bedroom? => The user's favourite colour is sage green.
Should I phone the plumber or text him? => The user prefers text messages to phone calls.
What temperature should the thermostat be at? => The user feels the cold easily and likes rooms at 23 degrees.
What should be in my morning briefing? => The user wants tech and climate news in the morning briefing, no sport.
Which spelling should you use for me? => The user prefers British spelling.
How formal should the message to my landlord be? => The user likes a friendly but polite tone in emails.
When do I want reminders? => The user wants reminders 24 hours before every appointment.
What kind of clothes do I like? => The user mostly wears black and minimal designs.
Which search engine should you use for me? => The user prefers DuckDuckGo for privacy reasons.
Should you keep track of where I am? => The user doesn't want their location data stored.
Can you read me the news while I cook? => The user likes having articles read aloud.
# devices and tech
Why won't my phone pair with the car? => The user has an iPhone 13.
Which laptop do I have? => The user works on a 2021 MacBook Pro with an M1 Pro chip.
Should I buy new headphones? => The user already owns Sony WH-1000XM4 headphones.
help me set up the printer => The user has an HP LaserJet at home connected over Wi-Fi.
What's the speaker in the kitchen? => The user has a Google Nest Mini in the kitchen.
my internet is slow, who's my provider => The user's home internet is 500 Mbps fibre from MEO.
Can I play this game on my console? => The user owns a Nintendo Switch OLED.
Why isn't my watch counting my runs? => The user wears a Garmin Forerunner 255.
What do I read ebooks on? => The user reads on a Kindle Paperwhite.
How do I back up my photos? => The user backs up photos to an external SSD every month.
Where are my passwords saved? => The user keeps their passwords in Bitwarden.
What OS is on my desktop? => The user's gaming PC runs Windows 11.
How much mobile data do I get? => The user's mobile plan is with Vodafone and includes 30 GB of data.
What do I draw on? => The user sketches on an iPad Air with an Apple Pencil.
The TV remote stopped working, which TV is it? => The user has an LG OLED TV in the living room.
Which browser do I use? => The user browses with Firefox and uBlock Origin.
What camera do I use for client shoots? => The user shoots product photos on a Fujifilm X-T4.
My smart lights are acting up again. => The user's lights are Philips Hue, controlled through Apple Home.
Which email client do I use? => The user reads email in Thunderbird.
# languages
Can you translate this letter for me? => The user is a native Portuguese speaker.
Which language should the summary be in? => The user wants all summaries in English.
How's my German coming along? => The user is learning German and is at A2 level.
Practise some Spanish with me. => The user speaks fluent Spanish after living in Mexico for three years.
What languages does my wife speak? => Ana speaks Portuguese, French and some Italian.
Which languages do the kids speak? => The children are being raised bilingual in English and Portuguese.
Should I take a Japanese class before the trip? => The user knows hiragana and a few travel phrases in Japanese.
How long is my Duolingo streak? => The user has a 400-day Duolingo streak in Italian.
Can I read this Russian sign? => The user can read Cyrillic but doesn't speak Russian.
Should I turn the subtitles on? => The user watches films in the original language with English subtitles.
Why am I learning to sign? => The user is learning Portuguese Sign Language to talk with a deaf cousin.
# education
What did I study? => The user has a master's degree in communication design.
When is my exam? => The user has a UX certification exam on June 15.
Which online course am I doing? => The user is enrolled in an online machine learning course.
Where did I go to university? => The user studied at the University of Porto.
What's the reading for my evening class? => The user's evening course is on the history of architecture.
How much time do I put into studying? => The user studies five hours a week, mostly at weekends.
When are the kids off school for Easter? => The children's Easter break runs from March 25 to April 7.
Who is Maya's teacher? => Maya's teacher is Ms. Fernandes.
How can I help my son with reading? => Leo is dyslexic and gets extra reading support at school.
# car and getting around
When does the car need servicing? => The user's Renault Clio is due for a service in September.
Where do I park at the office? => The user has a reserved parking space, number 42, in the office garage.
Is it dry enough to ride to work today? => The user commutes by e-scooter when the weather is dry.
Which fuel do I put in the car? => The user's car runs on diesel.
When do I renew my car insurance? => The user's car insurance renews on 1 October.
Should I take the bridge or the tunnel? => The user avoids motorway tolls when driving.
# entertainment
What should we watch tonight? => The user and Ana are halfway through season 2 of The Bear.
Any concerts coming up I'd like? => The user's favourite band is Radiohead.
Suggest a new album for me. => The user mostly listens to jazz piano, especially Bill Evans.
Want to watch the new slasher movie? => The user can't stand horror films.
Pick an audiobook for the drive. => The user likes narrative non-fiction about history.
Who are we cheering for in the derby? => The user supports Benfica.
Can the kids watch another episode? => The children are allowed one hour of screen time a day.
Are there any operas on this season? => The user has season tickets for the São Carlos opera house.
What was the last book I read? => The user recently finished Piranesi and loved it.
Do I play anything online with friends? => The user plays Valorant with university friends on Sunday nights.
Which festival am I going to this summer? => The user has tickets to NOS Alive in July.
What magazine do I read? => The user subscribes to The Economist.
# shopping and sizes
Order me some new trainers. => The user wears EU size 42 shoes.
What size shirt should I buy? => The user wears a medium in shirts but a large in jackets.
I want to get Ana a ring, what size? => Ana's ring size is 6.
Where should I look for a new coat? => The user tries to buy clothes second-hand on Vinted.
Which jeans fit me? => Levi's 511 in 32/32 fit the user best.
Should I just buy it on Amazon? => The user avoids Amazon and prefers local shops.
What's on my wishlist? => The user wants a proper espresso machine.
Which perfume do I wear? => The user wears Le Labo Santal 33.
# dates and occasions
When's my birthday? => The user's birthday is 12 November.
When is my mum's birthday? => The user's mother was born on 3 March.
When does the coffee contract renew? => The user's contract with the coffee roaster renews in January.
Is anything big happening this Saturday? => The user's best friend Marco is getting married on Saturday.
Which holidays does our family celebrate? => The user's family celebrates both Diwali and Christmas.
When did I start my business? => The user went freelance in March 2017.
What day is the company's Christmas dinner? => The studio Christmas dinner is on December 13.
When did we move to Lisbon? => The user moved to Lisbon in 2015.
# fitness
Plan a gym session for me. => The user follows a 5x5 strength training programme.
What's my resting heart rate? => The user's resting heart rate is about 58 bpm.
How much protein should I eat? => The user weighs 72 kg and aims for 120 g of protein a day.
Is the pool open when I usually swim? => The user swims at the municipal pool on Sunday mornings.
When do I do yoga? => The user does online yoga classes twice a week.
What's my best 5k time? => The user's best 5k time is 24:30.
How heavy do I squat? => The user squats 100 kg for five reps.
# goals, values and other personal facts
What are my goals for this year? => The user wants to read 30 books this year.
Is there anything that scares me? => The user is terrified of spiders.
Is this font big enough? => The user has low vision and needs large text.
Where do I volunteer? => The user volunteers at a food bank on the last Saturday of each month.
Am I religious? => The user isn't religious but likes visiting old churches.
Which charity do I give to? => The user donates monthly to Médecins Sans Frontières.
What helps me when I'm stressed? => The user goes for long walks when stressed.
Who should the hospital call if something happens to me? => The user's emergency contact is their sister Inês.
Who is my best friend? => The user met their best friend Marco at university.
How do I feel about crowds? => The user finds big crowds overwhelming.
Do I want kids to join the dinner? => The user prefers adults-only restaurants for date nights.
Am I a morning person? => The user is most energetic early in the morning.
Which side do I vote for? => The user asked the assistant never to discuss politics.
How tall am I? => The user is 1.78 m tall.
Am I left-handed? => The user is left-handed.
What's my star sign? => The user is a Scorpio and thinks astrology is fun.
Do I have tattoos? => The user has a small compass tattoo on their wrist.
# more everyday memories
Can you remind me where I left the spare key? => The user keeps the spare key with the neighbour Carla.
Which plants do I have inside? => The user has a monstera and three pothos in the living room.
What's the wifi password for guests? => The user's guest network password is on a card by the router.
Which supermarket delivers to me? => The user orders groceries from Continente when they are busy.
Who is my hairdresser? => The user gets their hair cut by Rita every six weeks.
What's my favourite restaurant? => The user's favourite restaurant is a tiny tasca called O Zé.
Do I like hot weather? => The user finds temperatures above 30 degrees unbearable.
What should I get Marco as a wedding gift? => Marco and his fiancée registered for a kitchen gift list at El Corte Inglés.
How do I take my tea? => The user drinks green tea without sugar in the afternoon.
What did I name my sourdough starter? => The user's sourdough starter is called Gerald.
Do I have any scheduled trips with work? => The user visits the Porto client every second month.
Which notebook do I write in? => The user keeps a bullet journal in a Leuchtturm notebook.
What do I do on my birthday usually? => The user spends their birthday at the beach every year.
Can I borrow the neighbour's ladder? => The user's neighbour on the second floor is a retired carpenter.
Should I buy a rice cooker? => The user already cooks rice in an Instant Pot.
Do I need a coat for Copenhagen in March? => The user owns a warm down jacket from their Norway trip.
What did I promise to do for the school fair? => The user volunteered to run the cake stall at the school fair.
Is the dishwasher still under warranty? => The user bought the Bosch dishwasher in 2023 with a three-year warranty.
Where do I get my glasses fixed? => The user's optician is on Rua Augusta.
What's the name of my favourite wine? => The user's favourite wine is an Alvarinho from Monção.
Can I wear wool? => The user's skin reacts badly to wool.
Where should I sit at the cinema? => The user always picks seats in the back row.
What kind of holidays do I hate? => The user finds all-inclusive resorts boring.
What time do I go running? => The user runs at 6:30 before the kids wake up.
How do I relax on Sunday evenings? => The user takes a long bath and reads on Sunday evenings.
What did I say about my next phone? => The user wants their next phone to be a Pixel.
Which podcast do I host? => The user co-hosts a small podcast about typography.
How many coffees do I have a day? => The user limits themselves to two coffees a day.
Is it okay to call my grandmother late? => The user's grandmother goes to bed at 9 pm.
Where does my brother work? => The user's brother is a marine biologist in Sydney.
Who cuts the grass? => The user's father-in-law mows the lawn at the family house.
Which gym am I a member of? => The user trains at the Holmes Place near their office.
What's my shoe brand for running? => The user runs in Brooks Ghost shoes.
Should I visit the Prado when I'm in Madrid? => The user loves Spanish painting, especially Velázquez.
What do I want for dinner on Friday? => The user orders pizza every Friday night with the kids.
When do I call my parents? => The user video-calls their parents every Sunday evening.
What did I say about working on weekends? => The user refuses to check work email on weekends.
Do I like cats or dogs more? => The user considers themselves a dog person.
Can I eat pork? => The user avoids pork for religious reasons.
Which pharmacy do I use? => The user picks up prescriptions at the Farmácia Estácio.
How do I like my steak cooked? => The user's partner orders steak medium rare.
Remind me which seat I like in the car. => The user gets carsick unless they sit in the front seat.
"""


def parse(text: str) -> list[dict[str, str]]:
    """Turn the "query => positive" lines into records, skipping comments."""
    pairs = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        query, positive = (part.strip() for part in line.split(" => "))
        pairs.append({"query": query, "positive": positive})
    return pairs


def words(text: str) -> set[str]:
    """Lower-case word set used for the near-duplicate check."""
    return set(re.findall(r"[a-z0-9']+", text.lower())) - {"the", "user", "user's", "a", "and", "is", "in", "on", "of", "to"}


def check(pairs: list[dict[str, str]]) -> None:
    """Fail on repeated queries or positives and on near-duplicate positives."""
    queries = [p["query"].lower() for p in pairs]
    positives = [p["positive"] for p in pairs]
    assert len(set(queries)) == len(queries), "repeated query"
    assert len(set(positives)) == len(positives), "repeated positive"
    sets = [words(p) for p in positives]
    for i, a in enumerate(sets):
        for j in range(i + 1, len(sets)):
            overlap = len(a & sets[j]) / max(1, len(a | sets[j]))
            assert overlap < 0.6, f"near duplicates: {positives[i]!r} / {positives[j]!r}"


def main() -> None:
    """Check the pairs and write them as JSON lines."""
    pairs = parse(PAIRS)
    check(pairs)
    with OUT.open("w", encoding="utf-8") as f:
        for pair in pairs:
            f.write(json.dumps(pair, ensure_ascii=False) + "\n")
    print(f"wrote {len(pairs)} pairs to {OUT}")


if __name__ == "__main__":
    main()
