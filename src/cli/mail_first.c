/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * mail_first.c - mail first, robots after (issue 35 item 2): the
 * delivery at the end of a receive or a batch.
 *
 * Before, a run let the robots think (robot_run, up to robot_budget_ms
 * and one search more) and then delivered the outbox once: every reply
 * of the run waited for every robot.  With 20 robot games among 100
 * mails, the replies of the other 80 games reached the relay 8.5 s
 * after the batch began.  Now the run delivers twice:
 *
 *   1. what the run's mails queued, at once: every reply, and the
 *      board mails of every game against a person;
 *   2. the robots think, in robot_queue.h's order, within the run's
 *      budget and the engine's hour and shares, as before;
 *   3. what the robots queued: their answers, and the held board mails
 *      released because the budget was spent.
 *
 * "In time" is what it was: a human's board mail against a robot is
 * held back (not queued at all: robot_note keeps it in the robot's
 * note) when the robot may think in this run, which robot_note decides
 * when the move is saved, before any robot of the run has thought; so
 * in a batch every such mail is held unless the engine's hour or a
 * share is spent (that mail is queued, and goes in the first delivery
 * with the sentence saying the robot answers later).  The first
 * delivery leaves out exactly the held mails; the robots begin right
 * after it with the whole of robot_budget_ms, and each one that plays
 * sends one board mail with both moves.  A held mail whose robot does
 * not get to think in this run (the budget spent by the robots before
 * it) is released with "answers soon" and goes in the second delivery,
 * as before; holding every robot game's mail until its robot has had
 * its chance was chosen over guessing beforehand which searches will
 * fit the budget, which a level's node bound on a loaded machine does
 * not tell (BENCHMARKS.md, issue 30).
 *
 * The first delivery is made only when robot moves wait (a note in
 * SPOOL/robot), and the second only when the robots queued mail: a run
 * without robot moves delivers once, as before.  When the first found
 * the relay down (SPOOL/runs/relay), the second is not tried: it would
 * wait for the same relay again, and the mail stays queued for the next
 * run or flush.
 */
#include "cli/cli.h"
#include "services/outmail.h"
#include "services/robot.h"
#include "util/util.h"

/* deliver's two flavours: heard (batch) and unheard (receive). */
static void deliver_now(const struct config *cfg, int heard)
{
	if (heard)
		cli_deliver_quietly(cfg);
	else
		cli_deliver_unheard(cfg);
}

void cli_mail_first(const struct config *cfg, int heard)
{
	unsigned long queued;
	time_t first_at = 0;
	int first = 0;

	if (*cfg->smtp_url && cfg->nrobots > 0 && robot_waiting(cfg) > 0) {
		first_at = util_now();
		deliver_now(cfg, heard);
		first = 1;
	}
	queued = reply_queued_total();
	robot_run(cfg);
	if (first && (reply_queued_total() == queued ||
	              cli_relay_down_since(cfg, first_at)))
		return;
	deliver_now(cfg, heard);
}
