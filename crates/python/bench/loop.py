"""Random games from a Python loop over one game: legal_actions, a random choice, apply_action.

    python3 crates/python/bench/loop.py stones go 200000
    python3 crates/python/bench/loop.py pyspiel go 200000     (OpenSpiel's wheel, the same loop)

Games: go (9x9, komi 7.5), hex (11x11), gomoku (15x15). Prints steps per second.
"""

import random
import sys
import time

lib, game, steps_wanted = sys.argv[1], sys.argv[2], int(sys.argv[3])
if lib == "stones":
    import stones as L

    spec = {
        "go": "go(ruleset=chinese,size=9,komi=7.5,ko=simple)",  # OpenSpiel's rules
        "go-superko": "go(ruleset=chinese,size=9,komi=7.5)",
        "hex": "hex(ruleset=noswap,size=11)",
        "gomoku": "gomoku(ruleset=freestyle)",
    }[game]
else:
    import pyspiel as L

    spec = {"go": "go(board_size=9,komi=7.5)", "hex": "hex(board_size=11)", "gomoku": "gomoku"}[game]
g = L.load_game(spec)
rng = random.Random(1)
steps = games = 0
start = time.perf_counter()
while steps < steps_wanted:
    s = g.new_initial_state()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
        steps += 1
    games += 1
elapsed = time.perf_counter() - start
print(f"{lib} {game}: {steps / elapsed:,.0f} steps/s ({games} games, {steps} steps)")
