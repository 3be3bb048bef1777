"""Self-play games on Ray: actors play the search against itself and send back the records.

    python3 crates/python/examples/ray_selfplay.py --game "go(size=9)" --games 8 --workers 2 \\
        --playouts 200 --out DIR

Starts a local Ray with `--workers` CPUs, or joins a running cluster with `--address` (`auto`, or
the head's `host:port`, as `ray start --head` prints it), plays the games with
`stones.selfplay.run_on_ray`, writes each game's record into DIR (`NNN-seedS.sgf`, or `.case` for a
game without SGF: TriGo) and prints a summary. Needs `pip install ray` and stones on every node.
"""

import argparse
import os
import time

import ray

from stones.selfplay import run_on_ray


def moves_of(players):
    """The moves of a game whose actions `players` chose (a two-stone turn: one move)."""
    return sum(1 for i, p in enumerate(players) if i == 0 or p != players[i - 1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="go(size=9)", help='e.g. "go(size=9,komi=7)"')
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2, help="actors, one CPU each")
    parser.add_argument("--playouts", type=int, default=200, help="the search's, per action")
    parser.add_argument("--seed", type=int, default=0, help="game i is played from seed + i")
    parser.add_argument("--out", required=True, help="the folder the records are written to")
    parser.add_argument("--address", help="a running Ray cluster's (default: start one here)")
    args = parser.parse_args()

    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.workers, include_dashboard=False)
    started = time.monotonic()
    games = run_on_ray(args.game, args.games, args.workers, args.playouts, args.seed)
    seconds = time.monotonic() - started
    ray.shutdown()

    os.makedirs(args.out, exist_ok=True)
    for i, game in enumerate(games):
        record, ext = (game["sgf"], "sgf") if game["sgf"] is not None else (game["case"], "case")
        with open(os.path.join(args.out, f"{i:03d}-seed{game['seed']}.{ext}"), "w") as f:
            f.write(record)

    black = sum(g["returns"][0] > 0 for g in games)
    white = sum(g["returns"][1] > 0 for g in games)
    moves = [moves_of(g["players"]) for g in games]
    nodes = len({g["worker"]["node_id"] for g in games})
    print(f"{len(games)} games of {args.game}, {args.playouts} playouts an action, "
          f"{args.workers} actors on {nodes} node(s)")
    print(f"wins: Black {black}, White {white}, draws {len(games) - black - white}")
    print(f"moves a game: {min(moves)} to {max(moves)}, {sum(moves) / len(games):.1f} on average")
    print(f"{seconds:.1f} s; records in {args.out}")


if __name__ == "__main__":
    main()
