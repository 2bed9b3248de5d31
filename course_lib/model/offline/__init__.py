"""The offline model: rule-based chat and a static embedder, answering in the OpenAI wire format."""
