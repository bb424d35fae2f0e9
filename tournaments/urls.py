"""Public and arbiter pages of the tournaments app."""

from django.urls import path

from .views import public

app_name = "tournaments"

urlpatterns = [
    path("", public.home, name="home"),
]
