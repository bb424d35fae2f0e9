"""English date formats: ISO dates, as on FIDE reports and in TRF files.

Arbiters and players come from many countries; 11/03/2026 reads as two different days.
"""

DATE_FORMAT = "Y-m-d"
SHORT_DATE_FORMAT = "Y-m-d"
DATETIME_FORMAT = "Y-m-d H:i"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
MONTH_DAY_FORMAT = "j F"
FIRST_DAY_OF_WEEK = 1  # Monday
