from django.urls import path

from . import views

urlpatterns = [
    path("jobs/<int:job_id>/", views.JobView.as_view(), name="job"),
    path("jobs/<int:job_id>/file/", views.JobFileView.as_view(), name="job-file"),
]
