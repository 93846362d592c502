/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * dsn.c - reading a delivery report into a struct dsn_report (dsn.h).
 *
 * The idea: libetpan finds the MIME parts and undoes their transfer
 * encoding; the fields inside a part (the delivery-status blocks, the
 * returned headers) are header-like lines that our own small scanner
 * reads, whatever their line ends, with each value unfolded into a fixed
 * buffer.  Single values (a Message-ID, a To: list) go to libetpan's
 * field parsers.  Nothing grows with the input but the copies libetpan
 * makes; every list is capped, so a report of a million lines costs one
 * linear pass and keeps at most the caps.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "dsn.h"
#include "mail.h"
#include "mailpriv.h"

/* Longest unfolded field value read; the rest of a longer one is cut. */
#define FIELD_MAX 4096

/* Exim's line before its copy of the returned message (deliver.c). */
static const char exim_copy[] = "------ This is a copy of the message";

/* ---- header-like lines ---- */

/* A cursor over header-like text p[0..end) with any line ends. */
struct lines {
	const char *p, *end;
};

/* Length of the line at at (before end) without its line end (CRLF,
 * LF or CR); *next gets the start of the line after it. */
static size_t line_at(const char *at, const char *end, const char **next)
{
	const char *q = at;
	size_t n;

	while (q < end && *q != '\r' && *q != '\n')
		q++;
	n = (size_t)(q - at);
	if (q < end && *q == '\r')
		q++;
	if (q < end && *q == '\n')
		q++;
	*next = q;
	return n;
}

static int is_wsp(char c)
{
	return c == ' ' || c == '\t';
}

/* The next field of the block at l->p: its name lower-cased into name
 * (cut to nlen - 1) and its unfolded value, without the leading white
 * space, into val (cut to FIELD_MAX - 1).  Lines without a colon are
 * skipped.  Returns 1, or 0 at the blank line that ends the block (which
 * is then consumed) or at the end of the text. */
static int next_field(struct lines *l, char *name, size_t nlen, char *val)
{
	const char *next, *colon;
	size_t n, k, v;

	while (l->p < l->end) {
		n = line_at(l->p, l->end, &next);
		if (n == 0) {
			l->p = next;
			return 0;
		}
		colon = memchr(l->p, ':', n);
		if (colon == NULL || colon == l->p || is_wsp(l->p[0])) {
			l->p = next;
			continue;
		}
		for (k = 0; l->p + k < colon && k + 1 < nlen; k++) {
			char c = l->p[k];
			name[k] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
		}
		while (k > 0 && is_wsp(name[k - 1]))
			k--;
		name[k] = '\0';
		v = 0;
		for (colon++; colon < l->p + n && v + 1 < FIELD_MAX; colon++)
			val[v++] = *colon;
		/* Continuation lines. */
		for (l->p = next; l->p < l->end && is_wsp(*l->p); l->p = next) {
			const char *q = l->p;
			n = line_at(l->p, l->end, &next);
			for (; q < l->p + n && v + 1 < FIELD_MAX; q++)
				val[v++] = *q;
		}
		val[v] = '\0';
		for (k = 0; is_wsp(val[k]); k++)
			;
		memmove(val, val + k, v - k + 1);
		return 1;
	}
	return 0;
}

/* ---- values ---- */

/* Copy the address s (e.g. " <alice@example.org> ") into out, without
 * white space or <>; "" unless it is a valid envelope address. */
static void take_addr(const char *s, size_t n, char *out)
{
	while (n > 0 && (is_wsp(*s) || *s == '<')) {
		s++;
		n--;
	}
	while (n > 0 && (is_wsp(s[n - 1]) || s[n - 1] == '>' || s[n - 1] == '\r' ||
	                 s[n - 1] == '\n'))
		n--;
	out[0] = '\0';
	if (n == 0 || n >= DSN_ADDR_SIZE)
		return;
	memcpy(out, s, n);
	out[n] = '\0';
	if (!mail_addr_ok(out))
		out[0] = '\0';
}

/* "rfc822; ADDR" (RFC 3464 address-type; generic-address): the address,
 * for the types rfc822 and utf-8 (RFC 6533), into out. */
static void typed_addr(const char *v, char *out)
{
	const char *semi = strchr(v, ';');

	out[0] = '\0';
	if (semi == NULL)
		return;
	if (strncasecmp(v, "rfc822", 6) != 0 && strncasecmp(v, "utf-8", 5) != 0)
		return;
	take_addr(semi + 1, strlen(semi + 1), out);
}

/* Printable ASCII text of v[0..), white space runs made one space,
 * other bytes '?', trimmed and cut to size - 1, into out. */
static void clean_text(const char *v, char *out, size_t size)
{
	size_t n = 0;
	int space = 0;

	for (; *v && n + 1 < size; v++) {
		unsigned char c = (unsigned char)*v;
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			space = n > 0;
			continue;
		}
		if (space && n + 2 < size)
			out[n++] = ' ';
		space = 0;
		out[n++] = c >= 0x21 && c < 0x7f ? (char)c : '?';
	}
	out[n] = '\0';
}

static enum dsn_action action_of(const char *v)
{
	static const struct {
		const char *word;
		enum dsn_action action;
	} words[] = {
		{ "failed", DSN_ACTION_FAILED }, { "delayed", DSN_ACTION_DELAYED },
		{ "delivered", DSN_ACTION_DELIVERED },
		{ "relayed", DSN_ACTION_RELAYED }, { "expanded", DSN_ACTION_EXPANDED },
	};
	size_t n = strcspn(v, " \t(;"), i;

	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (n == strlen(words[i].word) && strncasecmp(v, words[i].word, n) == 0)
			return words[i].action;
	return DSN_ACTION_OTHER;
}

/* "5.1.1" (RFC 3463: class 2, 4 or 5, then 1-3 digits, then 1-3
 * digits) into out[16], else "". */
static void status_of(const char *v, char *out)
{
	size_t n = strcspn(v, " \t(;"), i, digits = 0, dots = 0;

	out[0] = '\0';
	if (n < 5 || n > 9 || (v[0] != '2' && v[0] != '4' && v[0] != '5') ||
	    v[1] != '.')
		return;
	for (i = 2; i < n; i++) {
		if (v[i] == '.') {
			if (digits == 0 || ++dots > 1)
				return;
			digits = 0;
		} else if (v[i] >= '0' && v[i] <= '9') {
			if (++digits > 3)
				return;
		} else {
			return;
		}
	}
	if (dots != 1 || digits == 0)
		return;
	memcpy(out, v, n);
	out[n] = '\0';
}

/* ---- the delivery-status part ---- */

static void status_field(const char *name, const char *val, struct dsn_rcpt *r,
                         int *seen)
{
	const char *semi;

	if (strcmp(name, "final-recipient") == 0) {
		typed_addr(val, r->final_rcpt);
		*seen = 1;
	} else if (strcmp(name, "original-recipient") == 0) {
		typed_addr(val, r->orig_rcpt);
		*seen = 1;
	} else if (strcmp(name, "action") == 0) {
		r->action = action_of(val);
		*seen = 1;
	} else if (strcmp(name, "status") == 0) {
		status_of(val, r->status);
	} else if (strcmp(name, "diagnostic-code") == 0) {
		semi = strchr(val, ';');
		clean_text(semi ? semi + 1 : val, r->diagnostic, sizeof r->diagnostic);
	}
}

/* Every block of text[0..n) that names a recipient (Final-Recipient,
 * Original-Recipient or Action) becomes one dsn_rcpt. */
static void read_status(const char *text, size_t n, struct dsn_report *out,
                        char *val)
{
	struct lines l = { text, text + n };
	struct dsn_rcpt r;
	char name[32];
	int seen;

	out->has_status = 1;
	while (l.p < l.end) {
		memset(&r, 0, sizeof r);
		seen = 0;
		while (next_field(&l, name, sizeof name, val))
			status_field(name, val, &r, &seen);
		if (!seen)
			continue;
		if (out->nrcpts < DSN_MAX_RCPTS)
			out->rcpts[out->nrcpts++] = r;
		else
			out->dropped++;
	}
}

/* ---- returned headers ---- */

static void add_addr(char list[][DSN_ADDR_SIZE], size_t *count, size_t max,
                     const char *addr, size_t *dropped)
{
	if (!addr[0])
		return;
	if (*count < max)
		memcpy(list[(*count)++], addr, strlen(addr) + 1);
	else
		(*dropped)++;
}

static void add_mailbox(struct mailimf_mailbox *mb, struct dsn_report *out)
{
	char addr[DSN_ADDR_SIZE];

	if (mb == NULL || mb->mb_addr_spec == NULL)
		return;
	take_addr(mb->mb_addr_spec, strlen(mb->mb_addr_spec), addr);
	add_addr(out->to, &out->nto, DSN_MAX_ADDRS, addr, &out->dropped);
}

/* The addresses of a To: value. */
static void read_to(const char *v, struct dsn_report *out)
{
	struct mailimf_address_list *list = NULL;
	struct mailimf_address *a;
	clistiter *it, *jt;
	size_t idx = 0;

	if (mailimf_address_list_parse(v, strlen(v), &idx, &list) !=
	    MAILIMF_NO_ERROR || list == NULL)
		return;
	for (it = clist_begin(list->ad_list); it != NULL; it = clist_next(it)) {
		a = clist_content(it);
		if (a->ad_type == MAILIMF_ADDRESS_MAILBOX)
			add_mailbox(a->ad_data.ad_mailbox, out);
		else if (a->ad_type == MAILIMF_ADDRESS_GROUP &&
		         a->ad_data.ad_group->grp_mb_list != NULL)
			for (jt = clist_begin(a->ad_data.ad_group->grp_mb_list->mb_list);
			     jt != NULL; jt = clist_next(jt))
				add_mailbox(clist_content(jt), out);
	}
	mailimf_address_list_free(list);
}

/* A Message-ID value "<left@right>", kept without <> when it is one
 * word of printable ASCII with an '@' (a comment before it is allowed,
 * as libetpan would allow one; anything odd inside is not). */
static void read_id(const char *v, struct dsn_report *out)
{
	const char *lt = strchr(v, '<'), *gt, *p;
	char id[DSN_ADDR_SIZE];
	size_t n;

	if (lt == NULL || (gt = strchr(lt + 1, '>')) == NULL)
		return;
	n = (size_t)(gt - lt - 1);
	if (n == 0 || n >= sizeof id || memchr(lt + 1, '@', n) == NULL)
		return;
	for (p = lt + 1; p < gt; p++)
		if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f || *p == '<')
			return;
	memcpy(id, lt + 1, n);
	id[n] = '\0';
	add_addr(out->ids, &out->nids, DSN_MAX_IDS, id, &out->dropped);
}

/* The header block of a returned message, text[0..n). */
static void read_returned(const char *text, size_t n, struct dsn_report *out,
                          char *val)
{
	struct lines l = { text, text + n };
	char name[32];

	while (next_field(&l, name, sizeof name, val)) {
		if (strcmp(name, "message-id") == 0)
			read_id(val, out);
		else if (strcmp(name, "to") == 0)
			read_to(val, out);
	}
}

/* The enhanced status code in a reply text such as "... 550 5.1.1
 * <a@b>: User unknown": the first "X.Y.Z" right after a 4xx or 5xx
 * reply code, into out[16] ("" when none). */
static void status_in(const char *text, char *out)
{
	const char *p;

	out[0] = '\0';
	for (p = text; (p = strpbrk(p, "45")) != NULL; p++)
		if ((p == text || p[-1] == ' ' || p[-1] == '-') &&
		    p[1] >= '0' && p[1] <= '9' && p[2] >= '0' && p[2] <= '9' &&
		    (p[3] == ' ' || p[3] == '-')) {
			status_of(p + 4, out);
			if (out[0])
				return;
		}
}

/* One failed address of Exim's text, with its reason lines in val. */
static void exim_failure(const char *addr_line, size_t n, const char *val,
                         struct dsn_report *out)
{
	struct dsn_rcpt r;

	memset(&r, 0, sizeof r);
	take_addr(addr_line, n, r.final_rcpt);
	if (!r.final_rcpt[0])
		return;
	clean_text(val, r.diagnostic, sizeof r.diagnostic);
	status_in(r.diagnostic, r.status);
	if (out->nrcpts < DSN_MAX_RCPTS)
		out->rcpts[out->nrcpts++] = r;
	else
		out->dropped++;
}

/* Exim's list after "The following address(es) failed:" in
 * text[0..n): each address on a line indented by two spaces, its reason
 * on the lines below indented further; a blank line ends the list. */
static void read_exim_reasons(const char *text, size_t n,
                              struct dsn_report *out, char *val)
{
	static const char failed[] = "The following address(es) failed:";
	const char *p = memmem(text, n, failed, sizeof failed - 1);
	const char *end = text + n, *next, *addr = NULL;
	size_t len, alen = 0, v = 0;

	if (p == NULL)
		return;
	line_at(p, end, &p);
	while (p < end && line_at(p, end, &next) == 0)
		p = next;
	for (; p < end && (len = line_at(p, end, &next)) > 0; p = next) {
		if (len > 2 && p[0] == ' ' && p[1] == ' ' && !is_wsp(p[2])) {
			if (addr)
				exim_failure(addr, alen, val, out);
			addr = p + 2;
			alen = len - 2;
			v = 0;
			val[0] = '\0';
		} else if (addr && len > 2 && is_wsp(p[0])) {
			/* Reason lines joined by one space, within FIELD_MAX with
			 * the NUL: what does not fit is dropped. */
			for (; len > 0 && v + 2 < FIELD_MAX; len--, p++)
				val[v++] = *p;
			if (v + 2 < FIELD_MAX)
				val[v++] = ' ';
			val[v] = '\0';
		} else {
			break;
		}
	}
	if (addr)
		exim_failure(addr, alen, val, out);
}

/* Exim's plain text: the reasons, and the returned message after its
 * copy line. */
static void read_exim_copy(const char *text, size_t n, struct dsn_report *out,
                           char *val)
{
	const char *at = memmem(text, n, exim_copy, sizeof exim_copy - 1), *p;
	const char *end = text + n;

	if (at == NULL)
		return;
	read_exim_reasons(text, (size_t)(at - text), out, val);
	for (p = at; p < end && *p != '\n' && *p != '\r'; p++)
		;
	while (p < end && (*p == '\r' || *p == '\n' || is_wsp(*p)))
		p++;
	read_returned(p, (size_t)(end - p), out, val);
}

/* The X-Failed-Recipients: fields of the report's own header (Exim):
 * comma-separated addresses. */
static void read_top(const char *msg, size_t n, struct dsn_report *out,
                     char *val)
{
	struct lines l = { msg, msg + n };
	char name[32], addr[DSN_ADDR_SIZE];
	const char *p, *comma;

	while (next_field(&l, name, sizeof name, val)) {
		if (strcmp(name, "x-failed-recipients") != 0)
			continue;
		for (p = val; *p; p = *comma ? comma + 1 : comma) {
			comma = p + strcspn(p, ",");
			take_addr(p, (size_t)(comma - p), addr);
			add_addr(out->failed, &out->nfailed, DSN_MAX_ADDRS, addr,
			         &out->dropped);
		}
	}
}

/* ---- MIME ---- */

enum part_kind { PART_OTHER, PART_STATUS, PART_HEADERS, PART_TEXT };

static enum part_kind kind_of(struct mailmime_content *ct)
{
	struct mailmime_type *t;
	const char *sub;
	int message, text;

	if (ct == NULL)
		return PART_TEXT;  /* RFC 2045: text/plain by default */
	if (ct->ct_type == NULL || ct->ct_subtype == NULL)
		return PART_OTHER;
	t = ct->ct_type;
	sub = ct->ct_subtype;
	text = t->tp_type == MAILMIME_TYPE_DISCRETE_TYPE &&
	       t->tp_data.tp_discrete_type->dt_type == MAILMIME_DISCRETE_TYPE_TEXT;
	message = t->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE &&
	          t->tp_data.tp_composite_type->ct_type ==
	          MAILMIME_COMPOSITE_TYPE_MESSAGE;
	if (message && (strcasecmp(sub, "delivery-status") == 0 ||
	                strcasecmp(sub, "global-delivery-status") == 0))
		return PART_STATUS;
	if ((text && (strcasecmp(sub, "rfc822-headers") == 0 ||
	              strcasecmp(sub, "rfc822-header") == 0)) ||
	    (message && (strcasecmp(sub, "global-headers") == 0 ||
	                 strcasecmp(sub, "global") == 0 ||
	                 strcasecmp(sub, "rfc822") == 0)))
		return PART_HEADERS;
	if (text && strcasecmp(sub, "plain") == 0)
		return PART_TEXT;
	return PART_OTHER;
}

/* Read the body of a part as kind, its transfer encoding undone.
 * -1 when memory ran out. */
static int read_part(struct mailmime_data *d, enum part_kind kind,
                     struct dsn_report *out, char *val)
{
	const char *text;
	char *dec = NULL;
	size_t n, idx = 0;

	if (d == NULL || d->dt_type != MAILMIME_DATA_TEXT || kind == PART_OTHER)
		return 0;
	text = d->dt_data.dt_text.dt_data;
	n = d->dt_data.dt_text.dt_length;
	if (d->dt_encoded && d->dt_encoding != MAILMIME_MECHANISM_7BIT &&
	    d->dt_encoding != MAILMIME_MECHANISM_8BIT &&
	    d->dt_encoding != MAILMIME_MECHANISM_BINARY) {
		int rc = mailmime_part_parse(text, n, &idx, d->dt_encoding, &dec, &n);
		if (rc == MAILIMF_ERROR_MEMORY)
			return -1;
		if (rc != MAILIMF_NO_ERROR || dec == NULL)
			return 0;
		text = dec;
	}
	if (kind == PART_STATUS)
		read_status(text, n, out, val);
	else if (kind == PART_HEADERS)
		read_returned(text, n, out, val);
	else
		read_exim_copy(text, n, out, val);
	if (dec != NULL)
		mailmime_decoded_part_free(dec);
	return 0;
}

/* Walk the parts of the report, at most *budget of them.  A message
 * inside the report is the returned one: its header is read, its parts
 * are not (they are not the report's).  Depth is bounded by prescan. */
static int walk(struct mailmime *m, int top, int *budget,
                struct dsn_report *out, char *val)
{
	clistiter *it;

	if (m == NULL || --*budget < 0)
		return 0;
	switch (m->mm_type) {
	case MAILMIME_SINGLE:
		return read_part(m->mm_data.mm_single, kind_of(m->mm_content_type),
		                 out, val);
	case MAILMIME_MULTIPLE:
		for (it = clist_begin(m->mm_data.mm_multipart.mm_mp_list);
		     it != NULL; it = clist_next(it))
			if (walk(clist_content(it), 0, budget, out, val) < 0)
				return -1;
		return 0;
	case MAILMIME_MESSAGE:
		if (top)
			return walk(m->mm_data.mm_message.mm_msg_mime, 0, budget,
			            out, val);
		return read_part(m->mm_body, PART_HEADERS, out, val);
	default:
		return 0;
	}
}

/* Length of the header section of msg[0..n) (CRLF text). */
static size_t header_length(const char *msg, size_t n)
{
	const char *p = msg;

	if (n >= 2 && msg[0] == '\r' && msg[1] == '\n')
		return 2;
	while ((p = memmem(p, (size_t)(msg + n - p), "\r\n\r\n", 4)) != NULL)
		return (size_t)(p - msg) + 4;
	return n;
}

int dsn_parse(const char *raw, size_t len, struct dsn_report *out)
{
	struct mailmime *mime = NULL;
	struct prescan ps;
	char *msg, *val = NULL;
	size_t n, idx = 0;
	int budget = DSN_MAX_PARTS, rc = -1, prc;

	memset(out, 0, sizeof *out);
	if (raw == NULL)
		return 0;
	if ((msg = mail_crlf_copy(raw, len, &n)) == NULL)
		return -1;
	if ((val = malloc(FIELD_MAX)) == NULL)
		goto done;
	prescan(msg, n, &ps);
	if (ps.mime_depth > MAIL_MAX_DEPTH ||
	    ps.comment_depth > MAIL_MAX_COMMENT_DEPTH) {
		rc = 0;
		goto done;
	}
	read_top(msg, header_length(msg, n), out, val);
	prc = mailmime_parse(msg, n, &idx, &mime);
	if (prc == MAILIMF_ERROR_MEMORY)
		goto done;
	if (prc != MAILIMF_NO_ERROR || mime == NULL) {
		size_t h = header_length(msg, n);
		read_exim_copy(msg + h, n - h, out, val);
		rc = 0;
		goto done;
	}
	rc = walk(mime, 1, &budget, out, val);
done:
	if (mime != NULL)
		mailmime_free(mime);
	free(val);
	free(msg);
	return rc;
}
