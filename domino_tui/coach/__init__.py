"""The coach: every decision of a game reviewed from the deciding seat's view (issue 12)."""
