"""Scores, tie-breaks, standings and ratings as pure functions.

Framework-free: the standard library only, never Django.
"""
