# The rules over GTP: captures, ko, suicide, undo and legality, on 9x9 under the
# default ruleset (classic: simple ko, no suicide).

boardsize 9
clear_board
komi 6.5

# A white stone on D4, surrounded on three sides; Black captures it from E4 and
# makes a ko: White may not take back at once.
play black D5
play white E5
play black C4
play white F4
play black D3
play white E3
play white D4
1 captures black
#? [0]
play black E4
2 captures black
#? [1]
3 list_stones white
#? [E5 F4 E3]
4 is_legal white D4
#? [0]

# After a move elsewhere by each side the ko may be taken back.
play white A9
play black J1
5 is_legal white D4
#? [1]
play white D4
6 captures white
#? [1]
7 list_stones black
#? [D5 C4 D3 J1]

# Undo takes the capture back: the black stone on E4 returns.
undo
8 list_stones black
#? [D5 C4 E4 D3 J1]
9 countlib E4
#? [1]

# Suicide is illegal: a black stone on A1 between white A2 and B1.
clear_board
play white A2
play white B1
10 is_legal black A1
#? [0]
11 is_legal white A1
#? [1]

# A point on the board, off the board, and the letter I that GTP skips.
12 is_legal black J9
#? [1]
13 is_legal black K9
#? [.*]*
