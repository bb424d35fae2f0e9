"""An Idempotency-Key is claimed before its write: the stored request gets a state (in
progress, then done) and the time of its claim. The replies stored before are all done."""

import django.utils.timezone
from django.db import migrations, models

STATES = [("in_progress", "in progress"), ("done", "done")]


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0024_forbidden_pair_rounds"),
    ]

    operations = [
        migrations.AddField(
            model_name="idempotentrequest",
            name="claimed_at",
            field=models.DateTimeField(default=django.utils.timezone.now, verbose_name="claimed"),
        ),
        # The rows already there are finished replies: they get "done"; new rows start in
        # progress.
        migrations.AddField(
            model_name="idempotentrequest",
            name="state",
            field=models.CharField(
                choices=STATES, default="done", max_length=12, verbose_name="state"
            ),
        ),
        migrations.AlterField(
            model_name="idempotentrequest",
            name="state",
            field=models.CharField(
                choices=STATES, default="in_progress", max_length=12, verbose_name="state"
            ),
        ),
        migrations.AlterField(
            model_name="idempotentrequest",
            name="status",
            field=models.PositiveSmallIntegerField(null=True, verbose_name="status"),
        ),
    ]
