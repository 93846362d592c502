/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * errlang.h - a loader's or a store's error in two languages: the run's,
 * for the person who reads it, and English, for the log and the records
 * (issue 32; doc/i18n.md, "Logs").
 *
 * The loaders (game files, user files, seeks, the rules' notation and
 * positions) hand their error up as text, and that text reaches a
 * player's reply or the operator's terminal (translated) as well as
 * log_msg and the held/ records (which stay English: util/log.h).  So
 * an error is made by errlang_snprintf or errlang_asprintf from its
 * msgid, marked with N_() at the call: the text written is the
 * translation, and when it differs from the English, the pair is kept
 * in a small ring of this process.  errlang_english puts the English
 * back into any text holding a kept translation, whole or inside a
 * larger text ("games/epaminondas/101.game:12: " before it, a sentence
 * around it); log_msg and damage_note call it, so no log line needs to
 * know where its words came from.
 *
 * Nesting works: a translation made from another one (a move's error
 * inside "move %s does not replay: %s") is replaced first, newest
 * first, and its English still holds the inner translation, which is
 * replaced next.  The ring keeps the last ERRLANG_KEEP errors: an error
 * logged after more than that many others were made stays translated
 * (none of today's callers comes near).  An English run (the msgid is
 * its own translation, or --disable-nls) keeps nothing and costs one
 * format.
 */
#ifndef EPAM_ERRLANG_H
#define EPAM_ERRLANG_H

#include <stdarg.h>
#include <stddef.h>

#define ERRLANG_KEEP 32

/* snprintf of the translation of msgid (a format marked N_()) into dst
 * (len bytes; cut short as snprintf does), keeping the English beside
 * it.  Returns snprintf's value. */
int errlang_snprintf(char *dst, size_t len, const char *msgid, ...)
	__attribute__((format(printf, 3, 4)));

/* errlang_snprintf with a va_list (ap is used up). */
int errlang_vsnprintf(char *dst, size_t len, const char *msgid, va_list ap)
	__attribute__((format(printf, 3, 0)));

/* As errlang_snprintf for a sentence with a count: ngettext(one, many,
 * n) is the format (xgettext reads this call as ngettext:
 * --keyword=errlang_nsnprintf:3,4 in po/local.mk). */
int errlang_nsnprintf(char *dst, size_t len, const char *one,
                      const char *many, unsigned long n, ...)
	__attribute__((format(printf, 3, 6)));

/* The translation of msgid (a sentence marked N_()), as _() gives it,
 * keeping the English beside it: for a sentence that goes into an error
 * as an argument ("%s", or the reason in "cannot save to the spool %s:
 * %s").  Only whole sentences: a kept translation is replaced wherever
 * it stands in a log line, and a single word could stand inside a name. */
const char *errlang_gettext(const char *msgid);

/* As errlang_snprintf, into a malloc'ed string (out of memory aborts,
 * as xmalloc does). */
char *errlang_asprintf(const char *msgid, ...)
	__attribute__((format(printf, 1, 2)));

/* text with every kept translation replaced by its English, newest
 * first: a malloc'ed string, or NULL when text holds none (then text is
 * its own English).  Out of memory is no error here: a pair that could
 * not be kept, or a replacement that could not be made, leaves the
 * translation in place. */
char *errlang_english(const char *text);

#endif
