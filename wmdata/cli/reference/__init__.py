"""Reference pages generated from the code (commands, diagnostic codes, schema fields,
effects), so that ``docs/`` cannot drift from what wmdata does."""
