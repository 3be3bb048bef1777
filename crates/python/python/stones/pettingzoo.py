"""Every stones game as a PettingZoo AEC environment, as PettingZoo's classic games are.

    from stones.pettingzoo import env
    e = env("go", size=9, render_mode="ansi")
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        mask = obs["action_mask"]
        e.step(None if terminated or truncated else e.action_space(agent).sample(mask))

Agents are `black_0` and `white_0`. An observation is `{"observation": float32 planes
[planes, rows, cols] from the agent's side (plane 0 its stones, plane 1 the opponent's; see
crates/python/README.md), "action_mask": int8 [actions]}`, the mask all zeros when it is not the
agent's turn. A turn of two stones (TriGo, Connect6) is two steps by the same agent.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import load_game

AGENTS = ["black_0", "white_0"]


def env(name, render_mode=None, ruleset=None, **settings):
    """The AEC environment of the game `name` (settings as `stones.load_game` takes them)."""
    return StonesEnv(name, render_mode=render_mode, ruleset=ruleset, **settings)


class StonesEnv(AECEnv):
    """A stones game between two agents."""

    metadata = {"render_modes": ["ansi"], "name": "stones_v0", "is_parallelizable": False}

    def __init__(self, name, render_mode=None, ruleset=None, **settings):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: expected None or 'ansi'")
        self.game = load_game(name, ruleset=ruleset, **settings)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"stones_{self.game.name()}_v0")
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        shape = tuple(self.game.observation_tensor_shape())
        actions = self.game.num_distinct_actions()
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(actions) for a in AGENTS}
        self.state = self.game.new_initial_state()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self.state = self.game.new_initial_state()
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.state.current_player()]

    def observe(self, agent):
        index = AGENTS.index(agent)
        planes = self.state.observation_tensor(index)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if self.state.current_player() == index:
            mask[:] = self.state.legal_actions_mask()
        return {"observation": planes, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, a in enumerate(AGENTS):
                self.rewards[a] = float(returns[i])
                self.terminations[a] = True
        else:
            self.rewards = {a: 0.0 for a in AGENTS}
            self.agent_selection = AGENTS[self.state.current_player()]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            return None
        return str(self.state)

    def close(self):
        pass
