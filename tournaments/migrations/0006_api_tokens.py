# Per-tournament API tokens and the stored replies of idempotent API writes.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0005_restrict_player_deletion'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ApiToken',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(help_text='Who uses it, e.g. Swiss-Manager.', max_length=100, verbose_name='name')),
                ('scope', models.CharField(choices=[('read', 'Read only'), ('results', 'Read and enter results'), ('pairing', 'Read, register players, pair rounds and enter results')], max_length=10, verbose_name='scope')),
                ('lookup', models.CharField(editable=False, max_length=16, unique=True, verbose_name='lookup key')),
                ('digest', models.CharField(editable=False, max_length=64, verbose_name='digest')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                ('last_used_at', models.DateTimeField(blank=True, null=True, verbose_name='last used')),
                ('revoked_at', models.DateTimeField(blank=True, null=True, verbose_name='revoked')),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='api_tokens', to='tournaments.tournament')),
            ],
            options={
                'verbose_name': 'API token',
                'verbose_name_plural': 'API tokens',
                'ordering': ['tournament', '-created_at'],
            },
        ),
        migrations.CreateModel(
            name='IdempotentRequest',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('client', models.CharField(max_length=40, verbose_name='client')),
                ('key', models.CharField(max_length=255, verbose_name='key')),
                ('method', models.CharField(max_length=10, verbose_name='method')),
                ('path', models.CharField(max_length=500, verbose_name='path')),
                ('body_digest', models.CharField(max_length=64, verbose_name='body digest')),
                ('status', models.PositiveSmallIntegerField(verbose_name='status')),
                ('response', models.JSONField(null=True, verbose_name='response')),
                ('headers', models.JSONField(default=dict, verbose_name='response headers')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
            ],
            options={
                'verbose_name': 'idempotent request',
                'verbose_name_plural': 'idempotent requests',
                'constraints': [models.UniqueConstraint(fields=('client', 'key'), name='one_reply_per_client_key')],
            },
        ),
    ]
