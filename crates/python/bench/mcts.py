"""The search's playouts per second from Python, as `stones bench GAME --size N --search` measures
them in the CLI: from the start position, 2 seconds a search, 1 and 2 threads.

    python3 crates/python/bench/mcts.py go 9
    stones bench go --size 9 --search          (the CLI, beside it)

Prints the search's own count of playouts over its own time (as the CLI counts them), and the
same over the wall-clock time of the whole call (making and freeing the tree included).
"""

import sys
import time

import stones

game, size = sys.argv[1], int(sys.argv[2])
state = stones.load_game(game, size=size).new_initial_state()
for threads in (1, 2):
    start = time.perf_counter()
    found = stones.mcts(state, time=2.0, threads=threads, seed=1)
    wall = time.perf_counter() - start
    print(f"mcts from Python, {threads} thread{'s' if threads > 1 else ''}: {found.playouts} playouts "
          f"in {found.seconds:.2f} s = {found.playouts / found.seconds:.0f} playouts/s "
          f"({found.playouts / wall:.0f} over the whole call's {wall:.2f} s)")
