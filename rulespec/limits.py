"""The safety limits of games played by bots: past them a hand or a game counts as one
that may never end (``rulespec simulate`` reports a failed game, ``check --play`` W501 or
W502). The help texts, the warnings and docs/cli.md read these numbers from here; a test
holds the docs to them.
"""

#: player moves in one hand. Uniformly random players in Basic Rummy, where the pile is
#: reused without limit, now and then need over 10,000 (a last lay-off card has to come
#: round); hands that provably cannot end are stopped by the stalemate rule, not by this.
MAX_HAND_ACTIONS = 100_000

#: player moves in one whole game
MAX_GAME_ACTIONS = 250_000

#: hands a bot game plays of a variant with no end (``game: no end``) when not told how many
#: (``rulespec simulate --hands``, ``check --play``): the players would stop some time
ENDLESS_HANDS = 10
