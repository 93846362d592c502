# src/services (issue 31): what commands, sweep, admin and the web site
# share -- clocks and deadlines, board open and save, outgoing mail and
# board composition, robots' turns, the tournament store.  Takes a
# struct svc, never a mail context.  Each file appends its line below.
src_libepamserv_a_SOURCES += src/services/threadid.c src/services/threadid.h
src_libepamserv_a_SOURCES += src/services/svc.c src/services/svc.h
src_libepamserv_a_SOURCES += src/services/clock.c src/services/clock.h
src_libepamserv_a_SOURCES += src/services/outmail.c src/services/outmail.h src/services/tokens.h
src_libepamserv_a_SOURCES += src/services/tokenhash.c src/services/tokenhash.h
