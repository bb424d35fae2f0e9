"""FIDE rating list files as the arbiter downloads them, read as a stream (pure, no Django).

Public API::

    reader.read_rating_list(stream, name="standard_sep26frl.zip", kind=None)
        -> RatingListFile(kind, list_date, file_format, entries=<iterator of ListedPlayer>)
    reader.ListedPlayer(fide_id, name, federation, sex, title, birth_year, flag,
                        standard, rapid, blitz)
    reader.RatingListError                          # a file that is not a FIDE rating list
"""
