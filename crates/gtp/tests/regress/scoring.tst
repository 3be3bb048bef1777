# final_score and final_status_list on a settled 9x9 position: a black wall on
# column D, a white wall on column F, column E neutral. Under the default
# territory scoring each side has 27 points.

boardsize 9
clear_board
komi 0
play black D1
play white F1
play black D2
play white F2
play black D3
play white F3
play black D4
play white F4
play black D5
play white F5
play black D6
play white F6
play black D7
play white F7
play black D8
play white F8
play black D9
play white F9
1 final_score
#? [0]
3 final_status_list dead
#? []
4 final_status_list alive
#? [.*D1.*\n.*F1.*]

# A lone white stone inside Black's area is dead: removed, it is one prisoner
# and its point Black's territory.
play white B5
play black pass
play white pass
5 final_status_list dead
#? [B5]
6 final_score
#? [B\+1(\.0)?]

# The same position with komi 0.5 (a new board: GNU Go keeps its score of a
# position across komi changes).
clear_board
komi 0.5
play black D1
play white F1
play black D2
play white F2
play black D3
play white F3
play black D4
play white F4
play black D5
play white F5
play black D6
play white F6
play black D7
play white F7
play black D8
play white F8
play black D9
play white F9
7 final_score
#? [W\+0\.5]
