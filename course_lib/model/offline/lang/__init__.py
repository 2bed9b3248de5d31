"""The offline model's language layer: a transparent stand-in for what a language model does on the write path.

Machinery, not lesson code. One job per module:

    split        sentences                         lexicon      the words it knows, per language
    who          whom a sentence is about          kinds        the sentence classifier (logistic regression
    numbers      amounts in any locale                          over the lesson 05 embeddings + word cues)
    dates        dates in six languages            slots_*      (slot, value, third-person fact) readers
    corrections  "make that 45", "it's peanuts"    read_facts   what a stored fact is about (its slot)
    importance   health and safety first           read         the pipeline; explain: what each layer decided

What it understands and where it stops: docs/offline-model.md.
"""
