"""Geometry of the tabletop on shapely: bases, distances, arcs, line of sight, cover,
AOE and spray templates, charge and trample lanes, slams and throws.

This layer takes numbers and shapes only (a :class:`~wmdata.geometry.board.Board` and
:class:`~wmdata.geometry.rules.GeometryRules`); it never sees content models.  The engine
layer builds both from a board file and the edition's ruleset.
"""
