"""Public and arbiter pages of the tournaments app."""

from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.home, name="home"),
]
