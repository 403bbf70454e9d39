"""Importers: community data sets (WHAC MkII XML, warmachine-data MkIV JSON) as content files.

Layer: above ``content`` (they check every entry with the content models and lint) and
beside ``army``; they never import ``army``, ``render`` or ``cli``.  Modules:

- ``xmlread`` / ``jsonread``: read input files safely, with locations for messages;
- ``whac`` (+ ``whac_fields``, ``whac_models``, ``whac_records``, ``whac_forces``) and
  ``warmachine_data`` (+ ``wmd_fields``): convert records into entries;
- ``vocabulary``: map rule names to our rule ids, keep the rest as text-only rules;
- ``output``: check entries and write the files; ``report``: counts and skips;
- ``compare``: field-by-field comparison with a content folder.
"""
