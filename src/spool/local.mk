# SPDX-License-Identifier: GPL-3.0-or-later
# src/spool (level 2): the files of the spool -- locks and transactions,
# users and their indexes, the outbox, bounces, damage and quarantine,
# backups, held mail.
src_libepamserv_a_SOURCES += \
	src/spool/lock.c src/spool/lock.h \
	src/spool/txn.c src/spool/txn.h src/spool/txnpriv.h \
	src/spool/group.c src/spool/group.h \
	src/spool/backup.c src/spool/backup.h \
	src/spool/spool.c src/spool/spool.h \
	src/spool/users.c src/spool/users_v1.c src/spool/users.h \
	src/spool/seeks.c src/spool/seeks.h \
	src/spool/addrindex.c src/spool/addrindex.h \
	src/spool/pwcache.c src/spool/pwcache.h \
	src/spool/authfail.c src/spool/authfail.h \
	src/spool/secret.c src/spool/secret.h \
	src/spool/outbox.c src/spool/outbox.h \
	src/spool/ratelimit.c src/spool/ratelimit.h \
	src/spool/damage.c src/spool/damage.h src/spool/formats.h \
	src/spool/quarantine.c src/spool/quarantine.h \
	src/spool/bounce.c src/spool/bounce.h \
	src/spool/accept.c src/spool/accept.h \
	src/spool/held.c src/spool/held.h \
	src/spool/checked.c src/spool/checked.h \
	src/spool/bindex.c src/spool/bindex.h
