# JupyterHub configuration snippet for The Littlest JupyterHub: the course's settings for every learner.
#
# install.sh copies it to /opt/tljh/config/jupyterhub_config.d/agent_memory_env.py. TLJH loads every *.py in
# that folder after its own configuration ("Custom configuration snippets", tljh.jupyter.org, topic/escape-hatch);
# `sudo tljh-config reload hub` applies a change. Spawner.environment, JupyterHub.services, JupyterHub.load_roles
# and Spawner.server_token_scopes are JupyterHub's own settings (jupyterhub.readthedocs.io, reference/api).
c = get_config()  # noqa: F821  (JupyterHub provides get_config when it loads this file)

# By default every learner's Chroma stores are embedded: folders of their own, private to their Unix account, so no
# setting is needed here. install.sh with SHARED_CHROMA=1 appends the shared, gated server's settings below.
