from django.urls import path

from . import views

app_name = "jobs"

urlpatterns = [
    path("jobs/<int:job_id>/", views.detail, name="detail"),
    path("jobs/<int:job_id>/file/", views.job_file, name="file"),
]
