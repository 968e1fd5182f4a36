"""The app's screens: picker, table, hand-off, scores, rules."""
