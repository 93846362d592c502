# templates: every mail the server sends; installed for the operator to
# replace (see epamserv.conf(5), key "templates").
dist_templates_DATA += templates/board.txt templates/error.txt \
	templates/help.txt templates/signup.txt \
	templates/epaminondas-help.txt templates/crossings-help.txt \
	templates/standings.txt templates/history.txt \
	templates/account.txt templates/list.txt templates/message.txt \
	templates/boards.txt templates/chat.txt templates/multiple.txt \
	templates/board.html templates/confirm.txt
