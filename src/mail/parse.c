/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * parse.c - one raw incoming mail into a struct mail_in (SPEC section 3).
 *
 * The idea: never trust the input and never let libetpan's types out.
 *
 *  1. Cheap checks first: the size limit, then the line ends are made CRLF
 *     (mail arrives with CRLF, LF or even CR) and NUL bytes become spaces,
 *     then prescan.c bounds how deep libetpan's recursive parsers would
 *     go, so a hostile mail is refused before it can exhaust the stack.
 *  2. Header fields are found by our own small scanner and each is handed
 *     to libetpan on its own (mailimf_mailbox_list_parse,
 *     mailimf_msg_id_parse, mailmime_encoded_phrase_parse...), so that one
 *     garbled field costs only that field; unparseable values fall back
 *     to a plain-text reading rather than an error.
 *  3. The body comes from libetpan's MIME tree (mailmime_parse): the first
 *     text/plain part that is not an attachment, else the first text/html
 *     part turned into text; transfer encoding undone, charset converted
 *     to UTF-8, line ends LF, format=flowed joined.
 *  4. Every string leaves through text_clean(): valid UTF-8, no NUL, and
 *     header values on one line with no control characters.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "mail.h"
#include "mailpriv.h"
#include "util/errlang.h"
#include "util/i18n.h"

/* The header fields we read, in the order of this table. */
enum {
	H_MESSAGE_ID, H_FROM, H_REPLY_TO, H_RETURN_PATH, H_SUBJECT, H_DATE,
	H_IN_REPLY_TO, H_REFERENCES, H_AUTO_SUBMITTED, H_PRECEDENCE, H_X_LOOP,
	H_LIST_ID, H_X_AUTOREPLY, H_X_AUTORESPOND, H_X_SPAM_FLAG, H_X_SPAM_STATUS,
	H_RECEIVED, H_CONTENT_LANGUAGE, H_COUNT
};

static const char *const header_names[H_COUNT] = {
	"Message-ID", "From", "Reply-To", "Return-Path", "Subject", "Date",
	"In-Reply-To", "References", "Auto-Submitted", "Precedence", "X-Loop",
	"List-Id", "X-Autoreply", "X-Autorespond", "X-Spam-Flag", "X-Spam-Status",
	"Received", "Content-Language",
};

/* Whether a header value (raw, maybe NULL) starts with word, blanks
 * before it skipped, any case, followed by the end or a non-letter. */
static int value_starts(const char *v, const char *word)
{
	size_t k = strlen(word);

	if (v == NULL)
		return 0;
	while (*v == ' ' || *v == '\t')
		v++;
	return strncasecmp(v, word, k) == 0 &&
	       !((v[k] | 0x20) >= 'a' && (v[k] | 0x20) <= 'z');
}

static int set_err(char **err, const char *msg)
{
	if (err != NULL)
		*err = strdup(msg);
	return -1;
}

/* ---- step 1: line ends ---- */

/* raw[0..len) with every CRLF, lone CR and lone LF made CRLF, NUL made a
 * space, and a final CRLF added when missing.  malloc'ed; NULL on OOM. */
static char *to_crlf(const char *raw, size_t len, size_t *outlen)
{
	struct mbuf b = MBUF_INIT;
	size_t i;
	char *s;

	for (i = 0; i < len; i++) {
		if (raw[i] == '\r') {
			mbuf_add(&b, "\r\n", 2);
			if (i + 1 < len && raw[i + 1] == '\n')
				i++;
		} else if (raw[i] == '\n') {
			mbuf_add(&b, "\r\n", 2);
		} else {
			mbuf_addc(&b, raw[i] ? raw[i] : ' ');
		}
	}
	if (b.len < 2 || b.p[b.len - 1] != '\n')
		mbuf_add(&b, "\r\n", 2);
	*outlen = b.len;
	s = mbuf_take(&b);
	return s;
}

/* Offset after a leading mbox "From " line (0 when there is none). */
static size_t skip_mbox_from(const char *raw, size_t len)
{
	size_t i;

	if (len < 5 || memcmp(raw, "From ", 5) != 0)
		return 0;
	for (i = 5; i < len; i++) {
		if (raw[i] == '\n')
			return i + 1;
		if (raw[i] == '\r')
			return (i + 1 < len && raw[i + 1] == '\n') ? i + 2 : i + 1;
	}
	return len;
}

char *mail_crlf_copy(const char *raw, size_t len, size_t *outlen)
{
	size_t off = skip_mbox_from(raw, len);

	return to_crlf(raw + off, len - off, outlen);
}

/* ---- step 2: header fields ---- */

/* Length of the header section of msg (CRLF text), blank line included;
 * the body starts there. */
static size_t header_length(const char *msg, size_t n)
{
	const char *p;

	if (n >= 2 && msg[0] == '\r' && msg[1] == '\n')
		return 2;
	for (p = msg; (p = memchr(p, '\r', (size_t)(msg + n - p))) != NULL; p++)
		if ((size_t)(msg + n - p) >= 4 && memcmp(p, "\r\n\r\n", 4) == 0)
			return (size_t)(p - msg) + 4;
	return n;
}

/* Index of the wanted field called h[0..len) not yet seen, or -1. */
static int field_index(const char *h, size_t len, char *raw[H_COUNT])
{
	int k;

	while (len > 0 && (h[len - 1] == ' ' || h[len - 1] == '\t'))
		len--;
	for (k = 0; k < H_COUNT; k++)
		if (raw[k] == NULL && strlen(header_names[k]) == len &&
		    strncasecmp(h, header_names[k], len) == 0)
			return k;
	return -1;
}

static size_t line_end(const char *h, size_t i, size_t n)
{
	const char *cr = memchr(h + i, '\r', n - i);

	return cr ? (size_t)(cr - h) : n;
}

/* Fill raw[] with the unfolded value of the first field of each name
 * (malloc'ed, NULL when absent) from the header section h[0..n).
 * -1 when out of memory. */
static int read_headers(const char *h, size_t n, char *raw[H_COUNT])
{
	struct mbuf b = MBUF_INIT;
	size_t i = 0, eol;
	const char *colon;
	int k;

	while (i < n && h[i] != '\r') {
		eol = line_end(h, i, n);
		colon = memchr(h + i, ':', eol - i);
		k = colon ? field_index(h + i, (size_t)(colon - h) - i, raw) : -1;
		if (k >= 0)
			mbuf_add(&b, colon + 1, (size_t)(h + eol - colon - 1));
		for (i = eol + 2; i < n && (h[i] == ' ' || h[i] == '\t');
		     i = eol + 2) {
			eol = line_end(h, i, n);
			if (k >= 0)
				mbuf_add(&b, h + i, eol - i);
		}
		if (k >= 0 && (raw[k] = mbuf_take(&b)) == NULL)
			return -1;
		mbuf_free(&b);
	}
	return 0;
}

/* A header value as clean one-line UTF-8; NULL when absent or on OOM
 * (*oom set). */
static char *clean_value(const char *v, int *oom)
{
	char *s;

	if (v == NULL)
		return NULL;
	s = text_clean(v, strlen(v), 1, 1);
	if (s == NULL)
		*oom = 1;
	return s;
}

/* Decode RFC 2047 encoded words in a phrase (Subject, display name). */
static char *decode_phrase(const char *v, int *oom)
{
	const char *from = text_is_utf8(v, strlen(v)) ? "utf-8" : "windows-1252";
	size_t idx = 0;
	char *dec = NULL, *s;

	if (mailmime_encoded_phrase_parse(from, v, strlen(v), &idx, "utf-8",
	                                  &dec) != MAILIMF_NO_ERROR || dec == NULL)
		return clean_value(v, oom);
	s = text_clean(dec, strlen(dec), 0, 1);
	free(dec);
	if (s == NULL)
		*oom = 1;
	return s;
}

/* The text between the first '<' and the next '>', else the whole value
 * when it is one word: a fallback reading of addresses and ids. */
static char *angle_or_word(const char *v, int *oom)
{
	const char *lt = strchr(v, '<'), *gt;
	char *s;

	if (lt != NULL && (gt = strchr(lt + 1, '>')) != NULL) {
		s = text_clean(lt + 1, (size_t)(gt - lt - 1), 1, 1);
	} else {
		s = text_clean(v, strlen(v), 1, 1);
		if (s != NULL && strchr(s, ' ') != NULL)
			s[0] = '\0';
	}
	if (s == NULL)
		*oom = 1;
	else if (s[0] == '\0') {
		free(s);
		s = NULL;
	}
	return s;
}

static void from_mailbox(struct mailimf_mailbox *mb, char **addr,
                         char **name, int *oom)
{
	if (mb == NULL || mb->mb_addr_spec == NULL)
		return;
	*addr = clean_value(mb->mb_addr_spec, oom);
	if (name != NULL && mb->mb_display_name != NULL) {
		*name = decode_phrase(mb->mb_display_name, oom);
		if (*name != NULL && (*name)[0] == '\0') {
			free(*name);
			*name = NULL;
		}
	}
}

static void parse_from(const char *v, struct mail_in *m, int *oom)
{
	struct mailimf_mailbox_list *list = NULL;
	size_t idx = 0;

	if (v == NULL)
		return;
	if (mailimf_mailbox_list_parse(v, strlen(v), &idx, &list) ==
	    MAILIMF_NO_ERROR && list != NULL) {
		if (clist_begin(list->mb_list) != NULL)
			from_mailbox(clist_content(clist_begin(list->mb_list)),
			             &m->from_addr, &m->from_name, oom);
		mailimf_mailbox_list_free(list);
	}
	if (m->from_addr == NULL)
		m->from_addr = angle_or_word(v, oom);
}

static void parse_reply_to(const char *v, struct mail_in *m, int *oom)
{
	struct mailimf_address_list *list = NULL;
	struct mailimf_address *a;
	struct mailimf_mailbox *mb = NULL;
	size_t idx = 0;

	if (v == NULL)
		return;
	if (mailimf_address_list_parse(v, strlen(v), &idx, &list) ==
	    MAILIMF_NO_ERROR && list != NULL) {
		a = clist_begin(list->ad_list) ?
		    clist_content(clist_begin(list->ad_list)) : NULL;
		if (a != NULL && a->ad_type == MAILIMF_ADDRESS_MAILBOX)
			mb = a->ad_data.ad_mailbox;
		else if (a != NULL && a->ad_type == MAILIMF_ADDRESS_GROUP &&
		         a->ad_data.ad_group->grp_mb_list != NULL &&
		         clist_begin(a->ad_data.ad_group->grp_mb_list->mb_list))
			mb = clist_content(clist_begin(
			        a->ad_data.ad_group->grp_mb_list->mb_list));
		from_mailbox(mb, &m->reply_to_addr, NULL, oom);
		mailimf_address_list_free(list);
	}
	if (m->reply_to_addr == NULL)
		m->reply_to_addr = angle_or_word(v, oom);
}

/* Return-Path: <addr> gives addr, <> gives "". */
static char *parse_return_path(const char *v, int *oom)
{
	const char *p = v;
	char *s;

	if (v == NULL)
		return NULL;
	while (*p == ' ' || *p == '\t')
		p++;
	if (p[0] == '<') {
		for (p++; *p == ' ' || *p == '\t'; p++)
			;
		if (*p == '>') {
			if ((s = strdup("")) == NULL)
				*oom = 1;
			return s;
		}
	}
	return angle_or_word(v, oom);
}

static char *parse_message_id(const char *v, int *oom)
{
	size_t idx = 0;
	char *id = NULL, *s;

	if (v == NULL)
		return NULL;
	if (mailimf_msg_id_parse(v, strlen(v), &idx, &id) != MAILIMF_NO_ERROR ||
	    id == NULL)
		return angle_or_word(v, oom);
	s = clean_value(id, oom);
	mailimf_msg_id_free(id);
	if (s != NULL && s[0] == '\0') {
		free(s);
		s = NULL;
	}
	return s;
}

static int fill_headers(char *raw[H_COUNT], struct mail_in *m)
{
	int oom = 0;

	m->message_id = parse_message_id(raw[H_MESSAGE_ID], &oom);
	parse_from(raw[H_FROM], m, &oom);
	parse_reply_to(raw[H_REPLY_TO], m, &oom);
	m->return_path = parse_return_path(raw[H_RETURN_PATH], &oom);
	if (raw[H_SUBJECT] != NULL)
		m->subject = decode_phrase(raw[H_SUBJECT], &oom);
	m->date = clean_value(raw[H_DATE], &oom);
	m->in_reply_to = clean_value(raw[H_IN_REPLY_TO], &oom);
	m->references = clean_value(raw[H_REFERENCES], &oom);
	m->auto_submitted = clean_value(raw[H_AUTO_SUBMITTED], &oom);
	m->precedence = clean_value(raw[H_PRECEDENCE], &oom);
	m->x_loop = clean_value(raw[H_X_LOOP], &oom);
	m->content_language = clean_value(raw[H_CONTENT_LANGUAGE], &oom);
	m->has_list_id = raw[H_LIST_ID] != NULL;
	m->has_x_autoreply = raw[H_X_AUTOREPLY] != NULL ||
	                     raw[H_X_AUTORESPOND] != NULL;
	/* SpamAssassin's marks (the MTA's, added on top: the first field of
	 * a name is the one read). */
	m->spam_flagged = value_starts(raw[H_X_SPAM_FLAG], "yes") ||
	                  value_starts(raw[H_X_SPAM_STATUS], "yes");
	/* Only the topmost Received (the first of the name): the fields
	 * below it were written before the mail reached the last MTA, by
	 * anyone (issue 15). */
	m->received = mail_received_time(raw[H_RECEIVED]);
	return oom ? -1 : 0;
}

/* ---- step 3: the body ---- */

/* Content type ct is text/<subtype>, or multipart/<subtype> when multi. */
static int is_type(struct mailmime_content *ct, int multi, const char *subtype)
{
	struct mailmime_type *t;

	if (ct == NULL || ct->ct_type == NULL || ct->ct_subtype == NULL ||
	    strcasecmp(ct->ct_subtype, subtype) != 0)
		return 0;
	t = ct->ct_type;
	if (multi)
		return t->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE &&
		       t->tp_data.tp_composite_type->ct_type ==
		       MAILMIME_COMPOSITE_TYPE_MULTIPART;
	return t->tp_type == MAILMIME_TYPE_DISCRETE_TYPE &&
	       t->tp_data.tp_discrete_type->dt_type == MAILMIME_DISCRETE_TYPE_TEXT;
}

static int is_attachment(struct mailmime *mime)
{
	clistiter *it;
	struct mailmime_field *f;

	if (mime->mm_mime_fields == NULL)
		return 0;
	for (it = clist_begin(mime->mm_mime_fields->fld_list); it != NULL;
	     it = clist_next(it)) {
		f = clist_content(it);
		if (f->fld_type == MAILMIME_FIELD_DISPOSITION &&
		    f->fld_data.fld_disposition != NULL &&
		    f->fld_data.fld_disposition->dsp_type != NULL &&
		    f->fld_data.fld_disposition->dsp_type->dsp_type ==
		    MAILMIME_DISPOSITION_TYPE_ATTACHMENT)
			return 1;
	}
	return 0;
}

/* Depth-first search for the first inline text/<subtype> part.  Parts of
 * an attached message/rfc822 are not the sender's text and are skipped.
 * The tree is at most MAIL_MAX_DEPTH deep (prescan), so recursion here
 * is bounded. */
static struct mailmime *find_text(struct mailmime *mime, const char *subtype,
                                  int top)
{
	struct mailmime *found;
	clistiter *it;

	if (mime == NULL)
		return NULL;
	switch (mime->mm_type) {
	case MAILMIME_SINGLE:
		if (is_attachment(mime))
			return NULL;
		if (mime->mm_content_type == NULL)
			return strcmp(subtype, "plain") == 0 ? mime : NULL;
		return is_type(mime->mm_content_type, 0, subtype) ?
		       mime : NULL;
	case MAILMIME_MULTIPLE:
		for (it = clist_begin(mime->mm_data.mm_multipart.mm_mp_list);
		     it != NULL; it = clist_next(it))
			if ((found = find_text(clist_content(it), subtype, 0)))
				return found;
		return NULL;
	case MAILMIME_MESSAGE:
		return top ? find_text(mime->mm_data.mm_message.mm_msg_mime,
		                       subtype, 0) : NULL;
	default:
		return NULL;
	}
}

/* s[0..n) in charset (NULL: unknown) as clean UTF-8 text with LF ends. */
static char *to_utf8(const char *s, size_t n, const char *charset)
{
	char *conv = NULL, *out;
	size_t convlen = 0;

	if (charset == NULL || strcasecmp(charset, "utf-8") == 0 ||
	    strcasecmp(charset, "utf8") == 0 ||
	    strcasecmp(charset, "us-ascii") == 0 ||
	    strcasecmp(charset, "iso-8859-1") == 0 ||
	    strcasecmp(charset, "latin1") == 0 ||
	    strcasecmp(charset, "windows-1252") == 0)
		return text_clean(s, n, 1, 0);
	if (charconv_buffer("utf-8", charset, s, n, &conv, &convlen) !=
	    MAIL_CHARCONV_NO_ERROR || conv == NULL)
		return text_clean(s, n, 1, 0);
	out = text_clean(conv, convlen, 0, 0);
	charconv_buffer_free(conv);
	return out;
}

/* The decoded, converted, unflowed text of one single part. */
static char *part_text(struct mailmime *part, int html)
{
	struct mailmime_data *d = part->mm_data.mm_single;
	struct mailmime_content *ct = part->mm_content_type;
	const char *charset = NULL, *format = NULL, *delsp = NULL;
	char *dec = NULL, *text, *t;
	size_t idx = 0, declen = 0;

	if (d == NULL || d->dt_type != MAILMIME_DATA_TEXT)
		return strdup("");
	if (ct != NULL) {
		charset = mailmime_content_param_get(ct, "charset");
		format = mailmime_content_param_get(ct, "format");
		delsp = mailmime_content_param_get(ct, "delsp");
	}
	if (d->dt_encoded) {
		if (mailmime_part_parse(d->dt_data.dt_text.dt_data,
		                        d->dt_data.dt_text.dt_length, &idx,
		                        d->dt_encoding, &dec, &declen) !=
		    MAILIMF_NO_ERROR || dec == NULL)
			return strdup("");
		text = to_utf8(dec, declen, charset);
		mailmime_decoded_part_free(dec);
	} else {
		text = to_utf8(d->dt_data.dt_text.dt_data,
		               d->dt_data.dt_text.dt_length, charset);
	}
	if (text != NULL && !html && format != NULL &&
	    strcasecmp(format, "flowed") == 0) {
		t = text_unflow(text, delsp != NULL && strcasecmp(delsp, "yes") == 0);
		free(text);
		text = t;
	}
	if (text != NULL && html) {
		/* Entities (&#x202E;, &#27;) are decoded by the HTML parser:
		 * its text is cleaned again. */
		t = html_to_text(text, strlen(text));
		free(text);
		text = t ? text_clean(t, strlen(t), 0, 0) : NULL;
		free(t);
	}
	return text;
}

static int is_report(struct mailmime *mime)
{
	if (mime == NULL || mime->mm_type != MAILMIME_MESSAGE)
		return 0;
	mime = mime->mm_data.mm_message.mm_msg_mime;
	return mime != NULL &&
	       is_type(mime->mm_content_type, 1, "report");
}

/* Fill m->body and m->is_report from msg[0..n) (CRLF text). */
static int read_body(const char *msg, size_t n, size_t body_off,
                     struct mail_in *m)
{
	struct mailmime *mime = NULL, *part;
	size_t idx = 0;

	if (mailmime_parse(msg, n, &idx, &mime) != MAILIMF_NO_ERROR ||
	    mime == NULL) {
		m->body = text_clean(msg + body_off, n - body_off, 1, 0);
		return m->body ? 0 : -1;
	}
	m->is_report = is_report(mime);
	if ((part = find_text(mime, "plain", 1)) != NULL)
		m->body = part_text(part, 0);
	else if ((part = find_text(mime, "html", 1)) != NULL)
		m->body = part_text(part, 1);
	else
		m->body = strdup("");
	mailmime_free(mime);
	return m->body ? 0 : -1;
}

/* ---- the entry points ---- */

int mail_parse_limits(const char *raw, size_t len, size_t max_size,
                      struct mail_in *out, char **err)
{
	char *msg = NULL, *hraw[H_COUNT] = { NULL };
	size_t n, hlen;
	struct prescan ps;
	char text[160];
	int i, rc = -1;

	memset(out, 0, sizeof *out);
	if (err != NULL)
		*err = NULL;
	if (raw == NULL)
		return set_err(err, errlang_gettext(N_("no message")));
	if (len > max_size) {
		/* TRANSLATORS: the message's size, then the most read
		 * (bytes). */
		if (errlang_nsnprintf(text, sizeof text, "the message is %zu "
		                      "bytes, more than the limit of %zu byte",
		                      "the message is %zu bytes, more than the "
		                      "limit of %zu bytes", max_size, len,
		                      max_size) >= (int)sizeof text)
			return set_err(err, errlang_gettext(N_("the message is "
			                                       "too large")));
		return set_err(err, text);
	}
	if ((msg = mail_crlf_copy(raw, len, &n)) == NULL)
		goto oom;
	prescan(msg, n, &ps);
	if (ps.mime_depth > MAIL_MAX_DEPTH) {
		set_err(err, errlang_gettext(N_("the message nests MIME parts "
		                                "too deeply")));
		goto fail;
	}
	if (ps.comment_depth > MAIL_MAX_COMMENT_DEPTH) {
		set_err(err, errlang_gettext(N_("the message nests parentheses "
		                                "too deeply")));
		goto fail;
	}
	hlen = header_length(msg, n);
	if (read_headers(msg, hlen, hraw) < 0 || fill_headers(hraw, out) < 0 ||
	    read_body(msg, n, hlen, out) < 0)
		goto oom;
	rc = 0;
	goto done;
oom:
	/* Not translated: the caller tells this one apart (process.c). */
	set_err(err, "out of memory");
fail:
	mail_in_free(out);
done:
	for (i = 0; i < H_COUNT; i++)
		free(hraw[i]);
	free(msg);
	return rc;
}

int mail_parse(const char *raw, size_t len, struct mail_in *out, char **err)
{
	return mail_parse_limits(raw, len, MAIL_MAX_SIZE_DEFAULT, out, err);
}

void mail_in_free(struct mail_in *m)
{
	if (m == NULL)
		return;
	free(m->message_id);
	free(m->from_addr);
	free(m->from_name);
	free(m->reply_to_addr);
	free(m->return_path);
	free(m->subject);
	free(m->date);
	free(m->in_reply_to);
	free(m->references);
	free(m->auto_submitted);
	free(m->precedence);
	free(m->x_loop);
	free(m->content_language);
	free(m->body);
	memset(m, 0, sizeof *m);
}
