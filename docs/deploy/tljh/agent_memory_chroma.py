# JupyterHub configuration snippet: the room's shared Chroma server, behind the course's gate (SHARED_CHROMA=1).
#
# install.sh copies it to /opt/tljh/config/jupyterhub_config.d/ only when run with SHARED_CHROMA=1, next to
# agent_memory_env.py; without it every learner keeps embedded stores of their own.
c = get_config()  # noqa: F821  (JupyterHub provides get_config when it loads this file)

# Learners reach the gate (course-chroma-gate.service), never Chroma itself. course_lib sends each learner's own
# hub token (JUPYTERHUB_API_TOKEN, which the hub sets) with every request; the gate takes the tenant from the hub's
# answer, so COURSE_LEARNER is not set and cannot choose another learner's tenant.
c.Spawner.environment.update({
    "COURSE_CHROMA_HOST": "127.0.0.1",
    "COURSE_CHROMA_PORT": "8010",
})

# The gate is a JupyterHub service (no URL: the hub's proxy does not route to it). A token may use it only with the
# scope access:services!service=course-chroma: every learner holds it (the user role, "self" plus it), and their
# servers' tokens carry it (Spawner.server_token_scopes: JupyterHub's default two scopes for that token, plus it).
c.JupyterHub.services.append({"name": "course-chroma"})
c.JupyterHub.load_roles.append({"name": "user", "scopes": ["self", "access:services!service=course-chroma"]})
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server",
                                 "access:services!service=course-chroma"]
