"""Logging in: the password check, with the project's hasher and with Django's default.

Prints the seconds one verification takes with each and their ratio (run in the same
process, so a loaded machine slows both alike). Before: PBKDF2 at Django 5.2's million
iterations, about 1.7 s a login on the two cores of a loaded event laptop.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys

from bench import summary


def main(argv: list[str] | None = None) -> None:
    argparse.ArgumentParser(description=summary(__doc__)).parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    import django

    django.setup()
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    from arbiter.hashers import OwaspArgon2PasswordHasher
    from bench._timing import best_of

    times = {}
    for hasher in (PBKDF2PasswordHasher(), OwaspArgon2PasswordHasher()):
        encoded = hasher.encode("chief-demo", hasher.salt())
        check = functools.partial(hasher.verify, "chief-demo", encoded)
        if not check():  # a refused password would time the refusal
            raise SystemExit(f"ERROR: {type(hasher).__name__} refused the right password")
        times[hasher.algorithm] = best_of(5, check)
        print(f"{type(hasher).__name__}: {times[hasher.algorithm]:.3f} s per login")
    print(f"ratio (Argon2id / PBKDF2): {times['argon2'] / times['pbkdf2_sha256']:.2f}")


if __name__ == "__main__":
    sys.exit(main())
