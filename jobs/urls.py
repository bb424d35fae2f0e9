from django.urls import path

from . import views

app_name = "jobs"

urlpatterns = [path("jobs/<int:job_id>/", views.detail, name="detail")]
