"""Pages of the tournaments app."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .selectors import tournament_list


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/home.html", {"tournaments": tournament_list()})
