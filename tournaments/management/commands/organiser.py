"""Make an account an organiser: one who may create and import tournaments."""

from __future__ import annotations

import getpass
import sys

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.services.roles import set_organiser

from ._common import bad_input


class Command(BaseCommand):
    help = (
        "Let USERNAME create and import tournaments (creating the account if it does not "
        "exist; its password is asked for unless --password is given). "
        "With --remove, take that back."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--email", default="")
        parser.add_argument("--password", help="for a new account (otherwise asked for)")
        parser.add_argument("--remove", action="store_true", help="no longer an organiser")

    def handle(self, *args, username, email, password, remove, **options):
        users = get_user_model()
        account = users.objects.filter(username=username).first()
        if remove:
            if account is None:
                raise bad_input(f"no account {username!r}")
            set_organiser(account, allowed=False)
            self.stdout.write(f"{username} may no longer create tournaments.")
            return
        if account is None:
            account = users(username=username, email=email)
            account.set_password(self._new_password(account, password, username))
            account.save()
            self.stdout.write(f"Account {username} created.")
        set_organiser(account)
        self.stdout.write(f"{username} may create and import tournaments.")

    def _new_password(self, account, given, username):
        password = given if given is not None else self._ask(username)
        try:
            validate_password(password, account)
        except ValidationError as error:
            raise bad_input("; ".join(error.messages)) from None
        return password

    @staticmethod
    def _ask(username: str) -> str:
        """The new account's password, typed twice at a terminal. Without one (a script, a
        container, a pipe) there is no one to ask: the command says which option to pass."""
        no_terminal = bad_input(
            f"no terminal to ask for the new account's password: pass it with "
            f"--password, e.g. manage.py organiser {username} --password 'a long passphrase', "
            f"or run the command in a terminal"
        )
        if not sys.stdin.isatty():
            raise no_terminal
        try:
            password = getpass.getpass("Password: ")
            again = getpass.getpass("Password (again): ")
        except EOFError:  # the input closed before a password was typed (Ctrl-D)
            raise no_terminal from None
        if password != again:
            raise CommandError("the passwords differ")
        return password
