# src/commands (issue 31): the mail commands, one file per command
# family, and the mail command table.  Each file appends its line below.
