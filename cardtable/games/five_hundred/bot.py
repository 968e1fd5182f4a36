"""placeholder"""

from cardtable.bots import RandomBot


def make_policy(level, rules):
    return RandomBot()
