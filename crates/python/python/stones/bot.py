"""The search as a bot with OpenSpiel's `step(state) -> action`."""

from ._stones import mcts


class MCTSBot:
    """Chooses each action with `stones.mcts` (its keyword arguments: playouts, time, threads,
    seed)."""

    def __init__(self, **search):
        self.search = search

    def step(self, state):
        action, _visits, _value = mcts(state, **self.search)
        return action

    def step_with_policy(self, state):
        """The action and the search's visit distribution over all actions."""
        action, visits, _value = mcts(state, **self.search)
        total = visits.sum()
        policy = visits / total if total > 0 else visits
        return policy, action

    def restart(self):
        pass

    def inform_action(self, state, player, action):
        pass
