"""Army lists: the list format, share codes, per-edition construction rules, diagnostics."""
