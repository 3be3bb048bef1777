# loadsgf of two records: one that stones wrote (`stones match go --set size=9
# --set handicap=2 --save DIR`: HA, AB setup stones, PL[W], passes as B[]), and one
# in the layout gogui-twogtp writes (root properties over several lines, a comment
# with an escaped bracket). GNU Go reads both to the same stones.

loadsgf stones-handicap.sgf 1
1 list_stones black
#? [G7 C3]
2 list_stones white
#? []

# Up to (not including) move 20: the handicap node is node 0, White moves first.
loadsgf stones-handicap.sgf 20
3 list_stones black
#? [G7 D6 F6 E5 H4 B3 C3 E3 E2 H2 C1]
4 list_stones white
#? [D8 C6 G6 D5 F5 D3 B2 C2 D2 D1]

# The whole record: 4 stones captured by Black, 3 by White.
loadsgf stones-handicap.sgf
5 list_stones white
#? [F9 D8 F8 G8 H8 C7 C6 G6 H6 J6 B5 D5 F5 C4 D4 F4 D3 A2 B2 C2 D2 F2 G2 B1 D1 F1 H1]
6 captures black
#? [4]
7 captures white
#? [3]
8 final_status_list dead
#? [F9 F8 G8 H8\nB6\nG6 H6 J6\nF5 F4\nA4 A3 B3 C3\nF2 G2 F1\nH1]

loadsgf gogui-layout.sgf
9 list_stones black
#? [C7 C6 C5 E5 C3 E3 F3 G2]
10 list_stones white
#? [D7 G7 D6 D5 E4 F4 G3 H2]
