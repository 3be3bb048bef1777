# GTP framing and the administrative commands, in the GNU Go regression format that
# gogui-regress runs: a numbered command is a test, the #? line after it the expected
# response (a regular expression matched against the whole response text).

1 protocol_version
#? [2]

2 name
#? [stones]

3 known_command play
#? [true]

4 known_command kgs-genmove_cleanup
#? [false]

5 known_command final_status_list
#? [true]

# Case matters in GTP: PLAY is not play.
6 known_command PLAY
#? [false]

# list_commands: one command a line, among them every command a controller needs.
7 list_commands
#? [(?s).*^final_status_list$.*^time_left$.*]

# A comment after a command, and tabs between the words, are cleaned away.
boardsize	9   # a comment
clear_board
8 list_stones black
#? []

# Ids of any length come back; the response is tested, not the id.
123456789 play black E5
10 list_stones black
#? [E5]

# cputime (GNU Go's extension, which gogui-twogtp uses for its CPU columns): seconds.
11 cputime
#? [[0-9]+\.[0-9]+]
