/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_mail.c - libFuzzer target: one raw mail through the parser and the
 * command reader, as `epamserv receive` sees it (SPEC section 3), and
 * through the delivery-report reader (mail/dsn.h), as every bounce is.
 *
 * Every input must parse or be refused without a crash, a leak, undefined
 * behaviour or unbounded time; the decoded fields must be NUL-terminated
 * UTF-8 strings that the command reader can split.
 */
#include "pipeline/intake.h"
#include "mail/dsn.h"
#include "mail/mail.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dsn_report r;
	struct mail_in m;
	struct intake in;
	char *err = NULL;

	dsn_parse((const char *)data, size, &r);

	if (mail_parse_limits((const char *)data, size, 1 << 20, &m, &err) < 0) {
		free(err);
		return 0;
	}
	intake_find(m.subject, m.body, &in);
	intake_free(&in);
	mail_in_free(&m);
	return 0;
}
