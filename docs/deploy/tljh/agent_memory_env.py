# JupyterHub configuration snippet for The Littlest JupyterHub: the course's settings for every learner.
#
# install.sh copies it to /opt/tljh/config/jupyterhub_config.d/agent_memory_env.py. TLJH loads every *.py in
# that folder after its own configuration ("Custom configuration snippets", tljh.jupyter.org, topic/escape-hatch);
# `sudo tljh-config reload hub` applies a change. Spawner.environment is JupyterHub's own setting
# (jupyterhub.readthedocs.io, reference/api/spawner): variables set in each learner's server and kernels.
c = get_config()  # noqa: F821  (JupyterHub provides get_config when it loads this file)

c.Spawner.environment.update({
    # The shared Chroma server of chroma-server.service. Each learner is a tenant of their own, named by
    # COURSE_LEARNER if set, else by JUPYTERHUB_USER (which JupyterHub sets), so two learners never share
    # memories even though every lesson calls its user "priya".
    "COURSE_CHROMA_HOST": "127.0.0.1",
    "COURSE_CHROMA_PORT": "8000",
})

# Replaying an instructor's recordings (real model answers, no key in the room): run install.sh with
# RECORDINGS=<folder of *.jsonl>; it copies them to /srv/agent-memory/recordings and appends the three settings
# COURSE_BACKEND=replay, COURSE_REPLAY_FILE=/srv/agent-memory/recordings, COURSE_REPLAY_FALLBACK=offline here.
# For a live model instead, add COURSE_BACKEND=openai and OPENAI_BASE_URL (or OPENAI_API_KEY) the same way.
