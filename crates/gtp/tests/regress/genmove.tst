# genmove: a legal move for the colour asked, played on the board; the capture of
# a group in atari, for either colour (GTP may ask for either at any time).

boardsize 9
clear_board
komi 6.5
1 genmove black
#? [!(?i)(pass|resign)]
2 genmove white
#? [!(?i)(pass|resign)]
3 stones-status
#? [ongoing black]

# White C1 D1 E1 has one liberty, E2: Black captures there, White saves it there.
# Tests 4 and 5 are known failures (a trailing * in the GNU Go format): the search
# often plays elsewhere (D6, D4, E6 in three runs of `stones gtp`, 1 s and 5 s a
# move), where GNU Go captures. So are 6 and 7 since the Go tree's move predictor
# (crates/go/src/search/shapes.rs): its priors rate E2 first of all points (0.97
# over 188 visits, the next 0.93 over 66), but White moving twice is far ahead
# (the search's win rate 76% away from E2) and the search takes a big point
# instead in most runs (E2 in 3 of 9 searches of 2,000 playouts, 10,000 or 1 s,
# on two threads).
clear_board
play black B1
play black C2
play black D2
play black F1
play white C1
play white D1
play white E1
play white G5
play white E5
4 genmove black
#? [E2]*
5 captures black
#? [3]*
undo
6 genmove white
#? [E2]*
7 countlib E2
#? [[2-9]]*
