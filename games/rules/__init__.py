"""The Laws of Chess as an arbiter applies them.

Framework-free: python-chess and the standard library only, never Django. The web, API and
command layers call into this package.
"""
