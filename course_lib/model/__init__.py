"""The model layer: settings, the OpenAI client (offline, live or replay), tokens, prompt templates,
the offline embedder and chat model, and the course clock. Imports nothing else from course_lib."""
