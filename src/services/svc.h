/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * svc.h - the service context: what the services shared by the mail
 * commands, the sweep, admin and the web site need to know about the
 * run they serve, and nothing of a mail (issue 31).
 *
 * A service takes a struct svc (or only the config and the time when
 * that is all it reads).  The mail layer's context (the cmdctx of
 * cmd.h) embeds one as its first member, s, so a command passes &c->s;
 * everyone else sets one up with svc_init and, for each event that
 * commits, svc_event.  An event's key (its digest) names its
 * transaction and its processed record ("seen"), so an event committed
 * once is never done again: the sweep's reminders, a repair's notices.
 */
#ifndef EPAM_SVC_H
#define EPAM_SVC_H

#include <stddef.h>
#include <time.h>

#include "game/game.h"
#include "services/threadid.h"
#include "spool/lock.h"
#include "util/buf.h"
#include "util/conf.h"
#include "util/i18n.h"

struct headline;
struct txn;

/* What a command or a service returns. */
enum cmd_status {
	CMD_DONE = 0,     /* committed (replies queued) */
	CMD_REFUSED = 1,  /* nothing changed; c->error says why */
	CMD_TEMPFAIL = 2, /* lock timeout or I/O trouble: retry the mail later */
};

/* How the board mails that reply_board composes are to look, set by the
 * caller (or by board_save) for the next reply_board; all zero: the
 * board as it stands, its own subject, to every player's taste. */
struct svc_boardmail {
	const char *subject;   /* subject for reply_board instead of the
	                          board's own (preview), or NULL */
	const char *ratings;   /* rating changes of a game that just ended,
	                          or the msgid of why they are unchanged
	                          (translated by reply_board for each
	                          reader), for reply_board (set by
	                          board_save), or NULL */
	const struct game *token_game; /* reply_board with only_addr: the
	                          board whose reply token the mail carries
	                          when not the one shown (submit), or NULL */
	int no_token;          /* reply_board with only_addr: no token
	                          (preview) */
	int past;              /* reply_board: the board shown is a past
	                          position (show BOARD#N), not the game as
	                          it stands: no turn to act on */
	enum mail_kind board_kind; /* reply_board: the kind its mails name in
	                          their Message-IDs (a reminder, a notice),
	                          MAIL_KIND_NONE: a board mail */
	int orient;            /* reply_board with only_addr: 0 the
	                          recipient's preference, 1 White's side
	                          down, 2 Black's (showas) */
	int hold_for_digest;   /* reply_board (set by board_save): the board
	                          mail tells of an action of its "who"; a
	                          player with mail digest (users.h) who did
	                          not act and is to move now gets no board
	                          mail, nor an observer with mail digest,
	                          while the game goes on (SPEC "Digest") */
	struct headline *headline; /* reply_board: what the headline says,
	                          written in each reader's language instead
	                          of its headline argument (board_save sets
	                          it; a caller may set it for board_save:
	                          move_done), or NULL; borrowed */
	struct buf side_note[2]; /* board_save after a move (move_done):
	                          words for White's (0) or Black's (1) board
	                          mail alone, after the headline (what became
	                          of their conditional lines: after_move.c);
	                          empty when none.  move_done empties them */
};

struct mail_out;
struct reply_file;

/* A mail a service is about to compose (outmail.c), as the hooks see
 * it: they may replace subject, text and html (own[] holds what they
 * allocate for that, freed by the service afterwards) and lower cap. */
struct svc_mail {
	const char *addr;      /* the recipient (addr-spec) */
	const char *subject, *text, *html; /* html: NULL for text only */
	const struct reply_file *att; /* an attached file, or NULL */
	size_t cap;            /* most bytes it may take in the outbox */
	char *own[2];          /* malloc'ed by a hook, or NULL */
};

/* What the mail layer adds to the mails the services queue for the mail
 * in hand (cmd.h, reply_mail_hooks); NULL in a struct svc outside it.
 * Called with the struct svc's hooks_arg. */
struct svc_hooks {
	/* Before m is composed, in this order: the answers of a "multiple"
	 * mail to its sender are collected, a reply to a stranger passes
	 * his budget (else dropped, logged) and loses its HTML part and
	 * size, the words of a mail that proved no player are masked.  0:
	 * compose m as it now is; 1: the hook took it or dropped it. */
	int (*admit)(void *arg, struct svc_mail *m);
	/* The In-Reply-To and References of the mail m to addr, given the
	 * board's root thread (or NULL) and whether the mail is about a
	 * board (reply_queue_about): m holds the root in both when called;
	 * refs (len bytes) is room for the hook's References. */
	void (*thread)(void *arg, const char *addr, const char *thread,
	               int about, struct mail_out *m, char *refs, size_t len);
	/* 1 when a mail to addr answers the mail in hand (addr is its
	 * sender's, the address replies to it go to), else 0: the mail is
	 * then "Auto-Submitted: auto-replied" (RFC 3834 section 5; outmail.c
	 * decides it there, for every mail). */
	int (*answers)(void *arg, const char *addr);
};

/* The service context.  Set up by svc_init; the caller owns it (the
 * buffers of bm are freed by svc_free). */
struct svc {
	const struct config *cfg;
	time_t now;
	time_t arrival;        /* when the mail reached us (issue 15: its
	                          own MTA's Received header, the Maildir
	                          delivery time, the IMAP INTERNALDATE), at
	                          most now; 0 when not known or not a mail:
	                          now.  A move counts at this time
	                          (board_move_time) */
	char digest[33];       /* key of the event: the digest of the mail's
	                          Message-ID, or of the words svc_event was
	                          given; names its transaction's processed
	                          record and its mails' Message-IDs */
	char msg_key[48];      /* lock key of the event, spool_msg_key() */
	const char *message_id; /* the Message-ID of the mail served, for
	                          its processed record; NULL for an event
	                          that is no mail ("(no Message-ID)") */
	int nout;              /* outgoing mails so far, for their Message-IDs */
	int queued;            /* mails put in the outbox's transaction so
	                          far (never reset: the count of a mail's
	                          log line, pipeline/inlog.h) */
	int queue_failed;      /* reply_queue could not compose a mail (out
	                          of memory): svc_commit aborts instead */
	size_t reply_cap;      /* most bytes one reply may take in the
	                          outbox, envelope lines included; 0 means
	                          cfg->max_reply_size.  A caller may lower it
	                          (never above cfg->max_reply_size) */
	char actor[32];        /* the player whose action this event is:
	                          the first account the mail proved itself
	                          (password or reply token), or "" (none
	                          proved, or no mail).  Only an actor's
	                          words are relayed as theirs (reply_board) */
	const char *comment;   /* the actor's relayed comment: the mail's
	                          body without quotes, signature or command
	                          line; "" or NULL when none (board_save) */
	int for_mail;          /* 1: the event answers a mail (process.c);
	                          0: the sweep, admin, a robot's turn */
	int notice;            /* 1 while a notice is queued (notice_send):
	                          a mail of its own to a player's address
	                          on file, which holds none of the words of
	                          the mail in hand; the mail layer's admit
	                          hook lets it through as it is (not
	                          collected, gated or masked) */
	struct svc_boardmail bm; /* the next board mail's knobs */
	const struct svc_hooks *hooks; /* the mail layer's, or NULL */
	void *hooks_arg;
};

/* Set s up for cfg at time now (seconds since the epoch): no event yet
 * (digest and msg_key empty), arrival 0, every knob zero. */
void svc_init(struct svc *s, const struct config *cfg, time_t now);

/* Free what s holds (bm.side_note); s may be set up again. */
void svc_free(struct svc *s);

/* Name the event s serves: its digest is the digest of the words fmt
 * makes (printf), its msg_key the lock key of that digest.  The words
 * are the event's identity: the same words, the same event (seen once).
 * Words longer than 511 bytes are cut there. */
void svc_event(struct svc *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Take the lock named key (waiting cfg->lock_timeout), and roll forward
 * any committed journal entry of it.  CMD_DONE when held, else
 * CMD_TEMPFAIL with a message on stderr. */
enum cmd_status svc_lock(struct svc *s, const char *key, struct lock *l);

/* Start a transaction under key for the event s serves (its digest). */
struct txn *svc_txn(struct svc *s, const char *key);

/* Add the processed record of the event (seen/DIGEST, naming
 * s->message_id) and commit.  CMD_DONE or CMD_TEMPFAIL; a transaction
 * in which a reply could not be composed (s->queue_failed) is aborted
 * (CMD_TEMPFAIL), so the mail is retried rather than half answered. */
enum cmd_status svc_commit(struct svc *s, struct txn *t);

/* Count n mails that player userid relays (message, chat) against the
 * relay_limit of a day: 1 when within it, 0 when over (then send
 * nothing). */
int relay_take(struct svc *s, const char *userid, int n);

#endif
