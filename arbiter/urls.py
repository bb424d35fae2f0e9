"""Top-level URLs: the public and arbiter pages, the admin, and the versioned API."""

from csp.constants import SELF, UNSAFE_INLINE
from csp.decorators import csp_replace
from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.utils.functional import lazy
from django.views.generic.base import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from arbiter.health import health
from arbiter.language import choose_language
from arbiter.login import ThrottledAdminAuthenticationForm, login

from . import help as manual

admin.site.login_form = ThrottledAdminAuthenticationForm

# Redoc, the API's documentation page, styles itself with inline styles and searches in a
# worker it makes from a blob: its page alone allows both.
api_docs = csp_replace({"style-src": [SELF, UNSAFE_INLINE], "worker-src": [SELF, "blob:"]})(
    SpectacularRedocView.as_view(url_name="api-schema")
)

urlpatterns = [
    # Browsers ask for /favicon.ico whatever the page links to.
    path("favicon.ico", RedirectView.as_view(url=lazy(static, str)("favicon.svg"), permanent=True)),
    path("admin/", admin.site.urls),
    path("accounts/login/", login, name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("language/", choose_language, name="choose_language"),
    path("api/v1/", include("arbiter.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_docs, name="api-docs"),
    path("help/", manual.help_page, name="help"),
    path("help/<slug:topic>/", manual.help_page, name="help_topic"),
    path("health/", health, name="health"),
    path("games/", include("games.urls")),
    path("", include("jobs.urls")),
    path("", include("tournaments.urls")),
]

handler400 = "arbiter.errors.bad_request"
handler404 = "arbiter.errors.not_found"
handler500 = "arbiter.errors.server_error"
