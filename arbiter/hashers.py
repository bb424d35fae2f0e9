"""Password hashing: Argon2id with the OWASP Password Storage Cheat Sheet's parameters.

Django's own defaults (PBKDF2 with a million iterations, or Argon2 with 100 MiB and eight
lanes) made a login take more than a second on the two cores an event's laptop has.
Argon2id with 19 MiB, two passes and one lane is the cheat sheet's recommended minimum:
memory-hard, so slow for an attacker's hardware, and quick on ours. Passwords stored with
PBKDF2 still verify and are rehashed at the next login.
"""

from __future__ import annotations

from django.contrib.auth.hashers import Argon2PasswordHasher


class OwaspArgon2PasswordHasher(Argon2PasswordHasher):
    time_cost = 2
    memory_cost = 19456  # KiB
    parallelism = 1
