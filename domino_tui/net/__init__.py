"""Friends at one table from other machines (issue 25): the table's server, its wire and the
client's end of it. No UI toolkit: the host's and the joiners' screens sit above this package and
reach a table only through a :class:`~domino_tui.play.feed.Feed`."""
