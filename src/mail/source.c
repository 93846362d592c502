/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * source.c - the client and network a mail came from (source.h), read
 * from the Received fields our MTA wrote (RFC 5321 section 4.4: "from
 * ... by ..."; the layouts of Postfix, Sendmail, Exim and qmail).
 */
#include "mail/source.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define RECEIVED_MAX 2048  /* bytes of the unfolded field looked at */

/* The unfolded value of the nth Received field of raw[0..len) into
 * out[0..n): 1, or 0 (out "") when the header block has no nth one. */
static int nth_received(const char *raw, size_t len, int nth, char *out,
                        size_t n)
{
	size_t i = 0, k = 0;
	const char *nl;

	out[0] = '\0';
	/* line by line through the header block, up to its empty line */
	while (i < len && raw[i] != '\n' && raw[i] != '\r') {
		if (len - i > 9 && strncasecmp(raw + i, "Received:", 9) == 0 &&
		    nth-- == 0)
			break;
		nl = memchr(raw + i, '\n', len - i);
		if (!nl)
			return 0;
		i = (size_t)(nl - raw) + 1;
	}
	if (i >= len || raw[i] == '\n' || raw[i] == '\r')
		return 0;
	for (i += 9; i < len && k + 1 < n; i++) {
		if (raw[i] == '\n' && !(i + 1 < len && (raw[i + 1] == ' ' ||
		                                        raw[i + 1] == '\t')))
			break;
		out[k++] = raw[i] == '\r' || raw[i] == '\n' || raw[i] == '\t'
		           ? ' ' : raw[i];
	}
	out[k] = '\0';
	return 1;
}

/* Where the "by" of our MTA starts in the Received value h, for the
 * layouts that write the client as "(RDNS [IP])" right after the HELO
 * name (Postfix, Sendmail, Dovecot): the first " by " that follows a
 * ')' with only blanks between (Postfix's TLS and Sendmail's
 * "(authenticated ...)" groups may stand between).  Not merely the
 * first " by ": a HELO name may hold blanks (Postfix joins the words of
 * "HELO [198.51.100.7] by x") but no parenthesis (Postfix writes each
 * one as '?'), so a client could otherwise name the address himself.
 * NULL when there is none. */
static char *by_after_paren(char *h)
{
	char *p = h, *q;

	while ((p = strstr(p, " by ")) != NULL) {
		for (q = p; q > h && q[-1] == ' '; q--)
			;
		if (q > h && q[-1] == ')')
			return p;
		p += 4;
	}
	return NULL;
}

/* The '[' of the "[IP]" our MTA wrote for the client in the Received
 * value h, with h cut at the start of our MTA's " by " (after it is
 * by: what our MTA wrote of itself).  Postfix and Sendmail write "from
 * HELO (RDNS [IP])": the HELO name, the client's own words, comes
 * first, so the address is the last "[" before our "by"
 * (by_after_paren; as in Dovecot's "from HOST ([IP])").  Exim writes
 * "from [IP] (helo=HELO)" or "from RDNS ([IP] helo=HELO)" and takes no
 * HELO name with blanks: there the HELO name, which may be
 * "[198.51.100.7]", an innocent address, comes last, so the address is
 * the first "[".  qmail's "(HELO NAME) (IP)" has no bracket of its own:
 * one inside "(HELO ...)" is never taken.  The '[', or NULL. */
static char *client_bracket(char *h)
{
	char *open, *paren, *by;

	if (strncasecmp(h + strspn(h, " "), "from ", 5) != 0)
		return NULL;
	by = strstr(h, " by ");
	if (by && strcasestr(by + 1, "(Exim ")) {
		*by = '\0';
		return strchr(h, '[');
	}
	by = by_after_paren(h);
	if (!by)
		return NULL;
	*by = '\0';
	open = strrchr(h, '[');
	if (!open)
		return NULL;
	for (paren = open; paren > h && *paren != '('; paren--)
		;
	return strncasecmp(paren, "(HELO ", 6) == 0 ? NULL : open;
}

int mail_received_client(const char *raw, size_t len, int nth, char *out,
                         size_t n)
{
	char h[RECEIVED_MAX], *open, *close, *ip;
	size_t l;

	out[0] = '\0';
	if (!nth_received(raw, len, nth, h, sizeof h))
		return 0;
	open = client_bracket(h);
	close = open ? strchr(open, ']') : NULL;
	if (!close)
		return 1;
	*close = '\0';
	ip = open + 1;
	if (strncasecmp(ip, "IPv6:", 5) == 0)
		ip += 5;
	l = strlen(ip);
	if (l == 0 || l >= n || strspn(ip, "0123456789abcdefABCDEF.:") != l)
		return 1;
	memcpy(out, ip, l + 1);
	return 1;
}

/* Whether ip (text) is a loopback address: 127.0.0.0/8 or ::1 (or
 * ::ffff:127.x.y.z). */
static int loopback(const char *ip)
{
	unsigned char a[16];
	static const unsigned char one[16] = { [15] = 1 };
	static const unsigned char mapped[12] = { [10] = 0xff, [11] = 0xff };

	if (inet_pton(AF_INET, ip, a) == 1)
		return a[0] == 127;
	if (inet_pton(AF_INET6, ip, a) != 1)
		return 0;
	return memcmp(a, one, 16) == 0 ||
	       (memcmp(a, mapped, 12) == 0 && a[12] == 127);
}

int mail_source_of_address(const char *ip, char *out, size_t n)
{
	unsigned char a[16];
	static const unsigned char mapped[12] = { [10] = 0xff, [11] = 0xff };
	char text[INET6_ADDRSTRLEN];
	int w;

	out[0] = '\0';
	if (loopback(ip))
		return -1;
	if (inet_pton(AF_INET, ip, a) != 1) {
		if (inet_pton(AF_INET6, ip, a) != 1)
			return -1;
		if (memcmp(a, mapped, 12) == 0)
			memmove(a, a + 12, 4);  /* ::ffff:192.0.2.7 is IPv4 */
		else {
			/* /48: a site, as RIRs assign them; a customer's /56 or
			 * /64 lies within it. */
			memset(a + 6, 0, 10);
			if (!inet_ntop(AF_INET6, a, text, sizeof text))
				return -1;
			w = snprintf(out, n, "%s/48", text);
			goto done;
		}
	}
	w = snprintf(out, n, "%u.%u.%u.0/24", a[0], a[1], a[2]);
done:
	if (w < 0 || (size_t)w >= n) {
		out[0] = '\0';
		return -1;
	}
	return 0;
}

void mail_source_network(const char *raw, size_t len, char *out, size_t n)
{
	char ip[64];
	int i;

	out[0] = '\0';
	for (i = 0; i < MAIL_SOURCE_HOPS; i++) {
		if (!mail_received_client(raw, len, i, ip, sizeof ip) || !ip[0])
			return;
		if (!loopback(ip)) {
			mail_source_of_address(ip, out, n);
			return;
		}
	}
}
