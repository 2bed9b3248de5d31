"""Long-term memory: what outlives a conversation (lessons 05, 07, 09).

    stores/        where memories live: a flat numpy file per user, or chroma
    vector.py      VectorMemory: remember / recall / update / forget, scored
    profile.py     ProfileMemory: key-value facts
    episodic.py    EpisodicLog: what happened, for idempotency
    skills.py      SkillLibrary: procedural memory
    write_path.py  what is worth writing: extraction, gating, update-on-write
    forgetting.py  expiry and decay
    hybrid.py      BM25 + vector fusion
"""
