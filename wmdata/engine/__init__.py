"""The rules interpreter: effects executed over models, weapons and attacks."""
