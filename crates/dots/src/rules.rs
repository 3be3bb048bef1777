//! The typed Dots ruleset: field size, first-move zone, start position, capture timing, STOP, extra move.

use serde::{Deserialize, Serialize};
use stones_core::rules::check_key;
use stones_core::{BoardSize, Builtin, RuleSet};

/// The position a game starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Start {
    /// An empty field (official default).
    Empty,
    /// Four dots in the centre, two per player on the diagonals: Black on the top-left and bottom-right
    /// points of the 2 × 2 square whose top-left corner is `((width-2)/2, (height-2)/2)` (x from the left,
    /// y from the top), White on the other two.
    Cross,
}

/// When an enemy dot placed into a free area (base) is captured by that area's owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureTiming {
    /// At the owner's next move (the seed's reading), or at the end of the game if that comes first.
    OnOwnerMove,
    /// During the intruder's own move (oppai-rs and most online servers).
    Immediate,
}

/// What a STOP does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopRule {
    /// The other player moves on alone until it stops too (or has no point left); then the game ends.
    PlayOn,
    /// The game ends at once; every live dot of the stopper not connected to the field's edge through
    /// its own dots (or its own enclosures) counts as captured by the other player.
    Grounding,
}

/// Dots rules. `Default` equals `rulesets/official.toml`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DotsRules {
    /// Field size in points, `[width, height]` (or one number for a square field); each side 2–200.
    pub size: BoardSize,
    /// Whether each player's first move must lie in the central zone.
    pub first_move_zone: bool,
    /// The zone's `[width, height]`, centred on the field (clipped to the field when larger).
    pub zone_size: BoardSize,
    /// The start position.
    pub start: Start,
    /// When an intruder into a free area is captured.
    pub capture_timing: CaptureTiming,
    /// What STOP does.
    pub stop: StopRule,
    /// Whether a move that encloses enemy dots grants its player another move.
    pub extra_move: bool,
    /// Under a clock, the seconds the other player has after a STOP (`play-on`) to move on alone;
    /// then the game ends by itself. 1–86400; the seed's 180.
    pub stop_time: u32,
}

impl Default for DotsRules {
    fn default() -> Self {
        DotsRules {
            size: BoardSize {
                width: 39,
                height: 32,
            },
            first_move_zone: true,
            zone_size: BoardSize {
                width: 15,
                height: 8,
            },
            start: Start::Empty,
            capture_timing: CaptureTiming::OnOwnerMove,
            stop: StopRule::PlayOn,
            extra_move: false,
            stop_time: 180,
        }
    }
}

impl RuleSet for DotsRules {
    const GAME: &'static str = "dots";
    const BUILTIN: &'static [Builtin] =
        stones_core::builtin_rulesets!("official", "cross", "grounding", "extra-move");

    fn validate(&self) -> Result<(), String> {
        self.size.check(2..=200)?;
        let time = (1..=86_400).contains(&self.stop_time);
        check_key(
            "stop_time",
            self.stop_time,
            time,
            "must be from 1 to 86400 seconds",
        )?;
        let z = self.zone_size;
        let zone = (1..=200).contains(&z.width) && (1..=200).contains(&z.height);
        let shown = format!("[{}, {}]", z.width, z.height);
        check_key("zone_size", shown, zone, "each side must be from 1 to 200")
    }
}

impl DotsRules {
    /// The first-move zone as `(x0, y0, x1, y1)` inclusive (x from the left, y from the top), centred
    /// and clipped to the field; `None` when the rules have no zone.
    pub fn zone(&self) -> Option<(u16, u16, u16, u16)> {
        if !self.first_move_zone {
            return None;
        }
        let (w, h) = (self.size.width, self.size.height);
        let zw = self.zone_size.width.min(w);
        let zh = self.zone_size.height.min(h);
        let x0 = (w - zw) / 2;
        let y0 = (h - zh) / 2;
        Some((x0, y0, x0 + zw - 1, y0 + zh - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stones_core::rules::from_text;

    #[test]
    fn default_equals_official_file() {
        stones_core::contract::check_rulesets::<DotsRules>("official").unwrap();
    }

    #[test]
    fn every_builtin_loads_with_its_distinctive_option() {
        let load = |n: &str| DotsRules::load(Some(n), &[]).unwrap().0;
        assert_eq!(load("cross").start, Start::Cross);
        let g = load("grounding");
        assert_eq!(
            (g.first_move_zone, g.capture_timing, g.stop),
            (false, CaptureTiming::Immediate, StopRule::Grounding)
        );
        assert!(load("extra-move").extra_move);
    }

    #[test]
    fn official_zone_is_centred_with_twelve_points_of_margin() {
        assert_eq!(DotsRules::default().zone(), Some((12, 12, 26, 19)));
        let small = DotsRules {
            size: BoardSize::square(5),
            ..DotsRules::default()
        };
        assert_eq!(small.zone(), Some((0, 0, 4, 4)));
    }

    #[test]
    fn bad_keys_and_values_are_named() {
        let err = |text: &str| from_text::<DotsRules>("t", text, &[]).unwrap_err().message;
        let base = include_str!("../rulesets/official.toml");
        assert!(err(&format!("{base}\nko = 1")).contains("ko"));
        let bad = base.replace("\"on-owner-move\"", "\"later\"");
        let m = err(&bad);
        assert!(m.contains("later") && m.contains("immediate"), "{m}");
        let big = base.replace("[39, 32]", "[300, 32]");
        assert!(err(&big).contains("size"));
        let zone = base.replace("[15, 8]", "[0, 8]");
        assert!(err(&zone).contains("zone_size"));
    }
}
