# man: manual pages
dist_man_MANS += man/epamserv.1
