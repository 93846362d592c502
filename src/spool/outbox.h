/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * outbox.h - mail waiting to be delivered, SPOOL/outbox/NAME.eml.
 *
 * Each file holds the SMTP envelope on its first two lines, then the
 * message exactly as it will be sent (CRLF line ends):
 *
 *   Envelope-From: <epamserv@example.org>     (<> for error replies)
 *   Envelope-To: <alice@example.org>
 *   From: ...
 *
 * Mail enters the outbox inside the same struct txn as the game update
 * that caused it, so a reply exists exactly when its effect does.
 * outbox_deliver() then sends each file over one SMTP session and removes
 * it once the server has accepted it; a file is locked while it is being
 * sent, so concurrent runs never send it twice at once.
 */
#ifndef EPAM_OUTBOX_H
#define EPAM_OUTBOX_H

#include <stdio.h>
#include <time.h>

struct txn;

/* Queue one message in t as outbox/NAME.eml.  name is built by us from
 * [A-Za-z0-9._-] only.  envelope_from "" means the null sender.  max is
 * the most bytes the file may take (the envelope lines and the message:
 * the reply size limit).  Returns 0, or -1 when the file would be larger:
 * nothing is queued and the refusal is logged (the caller aborts its
 * transaction; a mail is never queued cut or over the limit). */
int outbox_put(struct txn *t, const char *name, const char *envelope_from,
               const char *rcpt, const char *message, size_t max);

/* Bytes the two envelope lines of a mail take in its outbox file. */
size_t outbox_envelope_size(const char *envelope_from, const char *rcpt);

/* The envelope of an outbox file's text (NUL-terminated, modified in
 * place; untrusted: the file may have been edited or damaged): its first
 * two lines "Envelope-From: <FROM>\r\n" and "Envelope-To: <RCPT>\r\n".
 * Sets *from ("" for the null sender) and *rcpt to the addresses, ended
 * by a NUL written inside text, and returns the message after the two
 * lines (a pointer into text), or NULL when the lines are malformed or
 * an address is not one smtp_send takes (mail_addr_ok; *from may be
 * ""): outbox_deliver then moves the file to failed/ and records no
 * bounce, since no address is at fault (*from and *rcpt are undefined).
 * Pure: no I/O; tests/fuzz/fuzz_files.c calls it too. */
char *outbox_split_envelope(char *text, char **from, char **rcpt);

/* Back-off state of a deferred mail: outbox/NAME.eml.retry holds
 * "ATTEMPTS FIRST-FAILURE NEXT-TRY WHY REASON" (seconds since the epoch;
 * WHY is "mail" or "relay"; REASON, the rest of the line, is the last
 * failure as logged, e.g. the server's reply; it may be missing).  A file
 * of the older form, without WHY, reads as "mail".  A mail that failed
 * for good keeps its record as failed/NAME.eml.retry. */
/* Bytes of the stored reason of a failure, with its NUL. */
#define OUTBOX_REASON_MAX 256

struct outbox_retry {
	int attempts;        /* temporary failures of this mail so far (4xx
	                        replies, a connection lost while it was being
	                        sent); 0: none */
	long long first;     /* when the first failure of either kind came */
	long long next;      /* not to be tried before then (unless relay) */
	int relay;           /* 1: last deferred because the relay could not
	                        be used (SMTP_DOWN): due on every run, so it
	                        goes out on the first run that reaches the
	                        relay again; 0: a failure of this mail */
	char reason[OUTBOX_REASON_MAX];  /* the last failure, printable ASCII
	                                    only; "" when none was stored */
};

/* Read the text of a .retry file (NUL-terminated; untrusted: it may have
 * been edited or damaged) into *r; a REASON longer than the field is cut,
 * and a byte outside printable ASCII in it reads as '?'.  Returns 0, or -1 when it does not
 * parse or holds a negative number, an absurd count or an unknown WHY:
 * *r then reads as never tried (all 0).  Pure: no I/O. */
int outbox_retry_parse(const char *text, struct outbox_retry *r);

/* The text of *r as a .retry file holds it ("... WHY REASON\n") into
 * buf of len bytes (at least 64 + OUTBOX_REASON_MAX fit any record).  Returns 0, or -1 when it does not fit.  Pure: no I/O. */
int outbox_retry_format(const struct outbox_retry *r, char *buf, size_t len);

/* Count a temporary failure of the mail itself at now (seconds since the
 * epoch) in *r and set when to try next: 5 minutes after its first such
 * failure, doubling with each, at most 4 hours; r->relay becomes 0.
 * Returns 1 when the mail stays queued, 0 when it has been deferred for
 * longer than retry_days since its first failure of either kind (it
 * fails for good; r holds the count).  Pure: no I/O. */
int outbox_retry_fail(struct outbox_retry *r, long long now, int retry_days);

/* Store why in r->reason: cut to the field, each byte outside printable
 * ASCII (a CR, LF or control character of a hostile reply) as '?'.
 * NULL stores "?".  Pure: no I/O. */
void outbox_retry_set_reason(struct outbox_retry *r, const char *why);

/* Count that the relay could not be used when the mail was due, at now:
 * r->relay becomes 1, the count and back-off of the mail's own failures
 * stay as they were (a relay outage does not lengthen a later
 * greylisting delay).  Returns 1 when the mail stays queued, 0 when it
 * has been deferred for longer than retry_days.  Pure: no I/O. */
int outbox_retry_relay(struct outbox_retry *r, long long now, int retry_days);

/* Bytes outbox_deliver reads of one file; a larger file is never sent
 * (it moves to failed/, logged): above the largest reply size limit. */
#define OUTBOX_MAX_MAIL (16 * 1024 * 1024)

struct outbox_stats {
	int sent, deferred, failed, waiting;  /* waiting: not due yet */
	int held;     /* on hold (admin outbox hold): never tried */
	int skipped;  /* another run was sending it, or had sent it */
	int down;     /* 1: the relay could not be used (no connection, or
	                 a 421 greeting): the run stopped there */
	char down_reason[OUTBOX_REASON_MAX]; /* with down: why, printable */
};

struct smtp_settings;

/* How a delivery run behaves. */
struct outbox_policy {
	time_t now;          /* the clock (util_now) */
	int retry_days;      /* a mail deferred for longer fails for good */
	int all;             /* 1: try every mail now, ignoring back-off */
	const char *only_to; /* NULL, or only the mails to this address, or
	                        to this domain ("@example.org"), all tried
	                        now (outbox_match_to); the rest untouched
	                        and not counted */
};

/* Deliver every queued mail that is due, in name order, over one SMTP
 * session.  A 4xx reply to a mail's MAIL, RCPT or DATA leaves that mail
 * queued and backs it off: the next try waits 5 minutes, then 10, 20,
 * ... at most 4 hours (state in outbox/NAME.eml.retry); the run goes on
 * with the next mail.  Only a relay that cannot be used (SMTP_DOWN: no
 * connection, greeting, TLS or AUTH refused, 421) or a connection lost
 * during a mail (SMTP_LOST, which backs that mail off) ends the run;
 * the mails not tried stay as they were.  A mail deferred by SMTP_DOWN
 * is due on every later run (outbox_retry_relay), so everything queued
 * during an outage goes out on the first run that reaches the relay.
 * A permanent failure (5xx), or a mail deferred for over retry_days,
 * moves it to SPOOL/failed/, logs the reply on stderr and records the
 * address in SPOOL/bounces/ for the admin.  Only a file read whole is
 * sent: one over OUTBOX_MAX_MAIL bytes, or with malformed envelope
 * lines, moves to failed/ (logged); one that cannot be opened or read
 * stays queued (deferred, logged) and never counts as sent.  Returns 0,
 * or -1 when the outbox cannot be read or the session cannot be
 * opened. */
int outbox_deliver(const char *spool, const struct smtp_settings *smtp,
                   const struct outbox_policy *pol, struct outbox_stats *st);

/* 1 when SPOOL/outbox holds a NAME.eml (due or not), or cannot be read
 * (a run that delivers then says why); 0 when it holds none: a run has
 * nothing to deliver, and need not load libcurl to find that out. */
int outbox_has_mail(const char *spool);

/* Record that mail to rcpt failed for good, for the admin: one line
 * "TIME RCPT SOURCE: WHY" in SPOOL/bounces/DIGEST-OF-RCPT (the latest
 * bounce of an address replaces the one before).  source names the mail
 * (an outbox name, or the Message-ID of a delivery report). */
void outbox_note_bounce(const char *spool, const char *rcpt,
                        const char *source, const char *why, time_t now);

/* Days a bounce record is kept: outbox_expire_bounces() (run by
 * "epamserv sweep") removes records written longer ago. */
#define OUTBOX_BOUNCE_DAYS 60

/* outbox_note_bounce() for a bounce a delivery report gave (after the
 * caller checked that the report is about a mail we sent to rcpt),
 * unless per_day such records were written already on the UTC day of now:
 * the day's count is kept in SPOOL/bounces/.reports ("YYYY-MM-DD COUNT"),
 * changed under the lock "bounces" (waiting at most timeout_ms).
 * per_day 0 records none.  Returns 1 when written, 0 over the cap, -1
 * when the count cannot be locked, read or written (then nothing is
 * written). */
int outbox_note_report_bounce(const char *spool, const char *rcpt,
                              const char *source, const char *why,
                              time_t now, int per_day, int timeout_ms);

/* Remove the bounce records of SPOOL/bounces/ written more than days
 * days before now (the time in the record; the file's modification time
 * when the record has none), and the day count of reports when it is of
 * an earlier day.  Returns the number of records removed, or -1 when the
 * directory cannot be read. */
int outbox_expire_bounces(const char *spool, time_t now, int days);

/* Print the bounce records (address, time, reason), one per line. */
int outbox_print_bounces(const char *spool, FILE *out);

/* What "epamserv outbox" lists of one mail of outbox/ or failed/. */
struct outbox_entry {
	char name[256];        /* the file name, NAME.eml */
	int failed;            /* 1: in failed/, 0: in outbox/ */
	long long size;        /* bytes of the file */
	long long queued;      /* its modification time: when it was queued
	                          (seconds since the epoch) */
	int held;              /* 1: outbox/NAME.eml.hold exists: on hold */
	int damaged;           /* 1: its envelope lines do not parse (it can
	                          never be sent): from and rcpt are "" */
	char from[320];        /* envelope sender, "" for the null sender */
	char rcpt[320];        /* envelope recipient */
	struct outbox_retry retry;  /* its .retry record (all 0 when none) */
};

/* The sorted NAME.eml names of SPOOL/outbox (failed 0) or SPOOL/failed
 * (failed 1) into a malloc'ed array of *n malloc'ed names; free it with
 * outbox_free_names().  NULL when the folder cannot be read (errno set;
 * a missing failed/ folder is NULL with ENOENT). */
char **outbox_names(const char *spool, int failed, size_t *n);

void outbox_free_names(char **names, size_t n);

/* Fill *e for the mail NAME of outbox/ or failed/, reading only the
 * head of the file (its envelope lines) and its .retry record.  Returns
 * 0, or -1 when the file is gone, is not a regular file or cannot be
 * read (errno set; *e then holds nothing of use). */
int outbox_entry_read(const char *spool, int failed, const char *name,
                      struct outbox_entry *e);

/* Whether e's recipient is to (an address, any case) or, when to starts
 * with '@', at that domain (any case).  A damaged entry matches nothing. */
int outbox_match_to(const struct outbox_entry *e, const char *to);

/* Put the mail NAME of outbox/ on hold (on 1: outbox/NAME.eml.hold is
 * written, and no delivery run tries the mail until it is released) or
 * release it (on 0: the marker is removed).  A hold takes the lock a
 * delivery run holds while it sends the mail (flock of the file, not
 * waiting), so a hold said done is never one a run is already sending.
 * Returns 0, or -1 with errno ENOENT when outbox/ holds no such mail,
 * EBUSY when a delivery run is sending it, else the error of the marker
 * file. */
int outbox_set_hold(const char *spool, const char *name, int on);

/* Delete the mail NAME of outbox/ (failed 0) or failed/ (1) with its
 * .retry and .hold records.  Returns 0, or -1 with errno ENOENT (no such
 * mail), EBUSY (a delivery run is sending it right now: nothing is
 * removed) or that of unlink(2). */
int outbox_delete(const char *spool, int failed, const char *name);

/* Requeue the mail NAME: from failed/ (failed 1) back to outbox/, or an
 * outbox/ mail (0) made due at once; either way its back-off record is
 * removed (its tries start again from 0).  A hold stays.  Returns 0, or
 * -1 with errno ENOENT, EEXIST (failed/NAME while outbox/NAME exists
 * too: nothing moved) or that of rename(2). */
int outbox_requeue(const char *spool, int failed, const char *name);

/* Print the queued mails (envelope and message, LF line ends) to out,
 * each preceded by a "==> outbox/NAME.eml" line; with names_only, just the
 * names.  Returns the number of mails, or -1 when unreadable. */
int outbox_print(const char *spool, FILE *out, int names_only);

#endif
