/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * receipt.c - the receipt of a message or chat (see receipt.h); the
 * commands' wrapper, receipt_queue, is commands/accounts/receipt.c.
 */
#include "services/receipt.h"
#include "services/acctoken.h"
#include "services/outmail.h"
#include "util/template.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum cmd_status receipt_queue_to(struct svc *s, struct txn *t,
                                 const char *to, const char *userid,
                                 const char *subject, const char *what)
{
	struct tvars v = { 0 };
	struct user u;
	char *err = NULL, *text, with[512];
	int rc = user_load(s->cfg->spool, userid, &u, &err);

	if (rc < 0)
		log_msg(LOG_ERR, "%s\n", err);
	free(err);
	if (rc != 0)
		return CMD_DONE;
	if (u.receipts_off || !to ||
	    user_find_address(&u, to) < 0) {
		user_free(&u);
		return CMD_DONE;
	}
	tvars_set(&v, "receipt", what);
	tvars_set(&v, "userid", u.userid);
	text = reply_template(s, "receipt.txt", &v);
	tvars_free(&v);
	if (!text) {
		user_free(&u);
		return CMD_TEMPFAIL;
	}
	acctoken_subject(s, &u, to, subject, with, sizeof with);
	reply_queue(s, t, to, with, text, NULL, 0, NULL);
	explicit_bzero(with, sizeof with);
	free(text);
	user_free(&u);
	return CMD_DONE;
}
