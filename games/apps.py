from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from games.services.games import follow_the_board
        from tournaments.signals import board_result_recorded

        board_result_recorded.connect(follow_the_board, dispatch_uid="games.follow_the_board")
