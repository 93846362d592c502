/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_quoting.c - the writer's own text of a mail (src/pipeline/quoting.h,
 * issue 30 item 2) and the command intake reads from it
 * (src/pipeline/intake.h): each mail program's way of quoting, and lines
 * that only look like its forms.
 */
#include <stdlib.h>
#include <string.h>

#include "pipeline/intake.h"
#include "pipeline/quoting.h"
#include "tap.h"

/* The own text of body, as one static string ("" for none). */
static const char *own(const char *body)
{
	static char out[1024];
	char *t = quoting_own_text(body);

	snprintf(out, sizeof out, "%s", t);
	free(t);
	return out;
}

/* The words of the command intake finds in body under a board mail's
 * subject, joined by blanks, and its comment in *comment (static). */
static const char *command(const char *body, const char **comment)
{
	static char out[256], com[1024];
	struct intake in;
	int i;

	intake_find("Re: Epaminondas Board 101 bob [#abcdefgh23456789]", body,
	            &in);
	out[0] = '\0';
	for (i = 0; i < in.argc; i++) {
		strncat(out, i ? " " : "", sizeof out - strlen(out) - 1);
		strncat(out, in.argv[i], sizeof out - strlen(out) - 1);
	}
	snprintf(com, sizeof com, "%s", in.comment ? in.comment : "");
	*comment = com;
	intake_free(&in);
	return out;
}

/* Issue 32 item 6: the lines German, French and Spanish mail clients
 * write (their own text, as Apple Mail, Gmail, Outlook, Thunderbird
 * and the phones' mail programs emit it), each with its own text kept
 * around it. */
static void test_languages(void)
{
	/* footers: skipped, as each client writes it under "e3-e7" */
	static const char *const footers[][2] = {
		{ "Gesendet von Outlook f\xc3\xbcr Android<https://aka.ms/ghei36>",
		  "German Outlook for Android" },
		{ "Gesendet von Outlook f\xc3\xbcr iOS", "German Outlook for iOS" },
		{ "Holen Sie sich Outlook f\xc3\xbcr iOS<https://aka.ms/o0ukef>",
		  "German Outlook ('get Outlook')" },
		{ "Gesendet von Mail f\xc3\xbcr Windows", "German Windows Mail" },
		{ "Von meinem Samsung Galaxy Smartphone gesendet.",
		  "German Samsung (with its full stop)" },
		{ "Von meinem iPhone gesendet", "German iPhone" },
		{ "Envoy\xc3\xa9 depuis mon appareil Galaxy", "French Samsung" },
		{ "Envoy\xc3\xa9 \xc3\xa0 partir de Outlook pour Android",
		  "French Outlook for Android" },
		{ "Envoy\xc3\xa9 \xc3\xa0 partir de Courrier pour Windows",
		  "French Windows Mail" },
		{ "Obtenir Outlook pour iOS<https://aka.ms/o0ukef>",
		  "French Outlook ('get Outlook')" },
		{ "Envoy\xc3\xa9 de mon iPhone", "French iPhone" },
		{ "Enviado desde Outlook para Android", "Spanish Outlook for Android" },
		{ "Enviado desde Correo para Windows", "Spanish Windows Mail" },
		{ "Obtener Outlook para iOS<https://aka.ms/o0ukef>",
		  "Spanish Outlook ('get Outlook')" },
		{ "Enviado desde mi iPhone", "Spanish iPhone" },
	};
	char body[256], name[128];
	size_t i;

	for (i = 0; i < sizeof footers / sizeof footers[0]; i++) {
		snprintf(body, sizeof body, "e3-e7\n\n%s\n", footers[i][0]);
		snprintf(name, sizeof name, "the footer of %s", footers[i][1]);
		is_str(own(body), "e3-e7\n", "%s", name);
	}
	is_str(own("Sch\xc3\xb6n!\n\nGesendet von Outlook f\xc3\xbcr Android\n"),
	       "Sch\xc3\xb6n!\n", "a footer under words with an umlaut");
	is_str(own("Gesendet von Alice, danke\nVon wegen gesendet!\n"),
	       "Gesendet von Alice, danke\nVon wegen gesendet!\n",
	       "lines that only start or end like a German footer are text");

	/* attributions */
	is_str(own("Le dim. 6 d\xc3\xa9" "c. 2026 \xc3\xa0 10:12, epamserv <"
	           "epamserv@games.example> a\n\xc3\xa9" "crit :\n\n> q\n\n"
	           "e3-e7\n"), "e3-e7\n",
	       "a French attribution folded inside its verb (Gmail)");
	/* with no quote under it: only the verb tells the original */
	is_str(own("Merci\n\nLe dim. 6 d\xc3\xa9" "c. 2026 \xc3\xa0 10:12, bob "
	           "<b@x> a \xc3\xa9" "crit\xe2\x80\xaf:\nb11-b10\n"), "Merci\n",
	       "a French attribution with a narrow no-break space before its "
	       "colon (Gmail) starts an unquoted original");
	is_str(own("Merci\n\nLe 06/12/2026 \xc3\xa0 10:12, bob a \xc3\xa9" "crit"
	           "\xc2\xa0:\nb11-b10\n"), "Merci\n",
	       "so does one with a no-break space before its colon");
	is_str(own("Am 5. Dezember 2026 um 10:12 schrieb Alice "
	           "<alice@example.org>:\n\n> q\n\ne3-e7\n"), "e3-e7\n",
	       "the German attribution of german-terms.md (Apple Mail)");
	is_str(own("Am 06.12.26 um 10:12 schrieb bob:\n> q\n\ne3-e7\n"),
	       "e3-e7\n", "a German attribution (Thunderbird)");
	is_str(own("El dom, 6 dic 2026 a las 10:12, epamserv (<\n"
	           "epamserv@games.example>) escribi\xc3\xb3:\n\n> q\n\n"
	           "e3-e7\n"), "e3-e7\n",
	       "a Spanish attribution folded after its opener (Gmail)");
	is_str(own("El 6 dic 2026, a las 10:12, bob <b@x> escribi\xc3\xb3:\n"
	           "\n> q\n\n\xc2\xa1Gracias!\n"), "\xc2\xa1Gracias!\n",
	       "a Spanish attribution (Apple Mail)");
	is_str(own("Le plateau a\n\xc3\xa9t\xc3\xa9 \xc3\xa9" "crit :\ne3-e7\n"),
	       "Le plateau a\n\xc3\xa9t\xc3\xa9 \xc3\xa9" "crit :\ne3-e7\n",
	       "two lines that only look like a folded French attribution "
	       "are text");

	/* separators and Outlook's header blocks: nothing after them */
	is_str(own("e3-e7\n\n-----Message d'origine-----\nDe : epamserv\n"
	           "b11-b10\n"), "e3-e7\n", "French Outlook's separator");
	is_str(own("e3-e7\n\n-----Mensaje original-----\nDe: epamserv\n"
	           "b11-b10\n"), "e3-e7\n", "Spanish Outlook's separator");
	is_str(own("e3-e7\n\nVon: epamserv <e@x>\nGesendet: Sonntag, 6. Dezember "
	           "2026 10:12\nAn: bob@x\nBetreff: AW: x\n\nresign\n"),
	       "e3-e7\n", "German Outlook's header block");
	is_str(own("e3-e7\n\nDe : epamserv <e@x>\nEnvoy\xc3\xa9 : dimanche 6 "
	           "d\xc3\xa9" "cembre 2026 10:12\n\xc3\x80 : bob@x\nObjet : RE: x\n"
	           "\nresign\n"), "e3-e7\n", "French Outlook's header block");
	is_str(own("e3-e7\n\nDe: epamserv <e@x>\nEnviado: domingo, 6 de "
	           "diciembre de 2026 10:12\nPara: bob@x\nAsunto: RE: x\n\n"
	           "resign\n"), "e3-e7\n", "Spanish Outlook's header block");
}

static void test_shapes(void)
{
	const char *c;

	is_str(own("e3-e7\n\nOn Sun, 6 Dec 2026, bob wrote:\n> e5-e6\n"),
	       "e3-e7\n", "top-posted: the text above the quote");
	is_str(own("On Sun, 6 Dec 2026, bob wrote:\n\n> e5-e6\n>\n\ne3-e7\n"),
	       "e3-e7\n", "bottom-posted: the text below the quote");
	is_str(own("> a\n\ne3-e7\n\n> b\n>> c\n\nnice\n-- \nsig\n"),
	       "e3-e7\n\nnice\n", "between quoted blocks, joined by one blank "
	       "line, the signature cut");
	is_str(own("On Sun, Dec 6, 2026 at 10:00 AM bob <\nbob@x.example> "
	           "wrote:\n\n> q\n\ne3-e7\n"), "e3-e7\n",
	       "an attribution folded over two lines (Gmail)");
	is_str(own("Am So., 6. Dez. 2026 um 10:00 Uhr schrieb bob "
	           "<bob@x.example>:\n> q\n\nDanke!\n\nVon meinem iPhone "
	           "gesendet\n"), "Danke!\n",
	       "German attribution with the address after the verb, iPhone "
	       "footer");
	is_str(own("* bob <bob@x.example> [2026-12-06 10:00]:\n> q\ne3-e7\n"),
	       "e3-e7\n", "any line ending in ':' above quoted lines");
	is_str(own("e3-e7\n\n-----Original Message-----\nFrom: x\n\nb11-b10\n"),
	       "e3-e7\n", "Outlook: nothing after the separator");
	is_str(own("e3-e7\n________________________________\nFrom: x\nb11-b10\n"),
	       "e3-e7\n", "Outlook's rule of underscores");
	is_str(own("e3-e7\n\nOn Sun, bob wrote:\nb11-b10 unquoted\n"), "e3-e7\n",
	       "an attribution with no quoted lines after it starts an "
	       "unquoted original");
	is_str(own("| b11-b10\n| more\n\ne3-e7\n"), "e3-e7\n",
	       "a bar quote is skipped");
	is_str(own("  > b11-b10\ne3-e7\n"), "e3-e7\n",
	       "an indented quote is skipped");
	is_str(own("Wrote it down:\ne3-e7\n"), "Wrote it down:\ne3-e7\n",
	       "a colon line with no quote after it is text");
	is_str(own("Sent from my iPhone\n"), "", "a footer alone: no text");
	is_str(own("On second thought\ne3-e7\n"), "On second thought\ne3-e7\n",
	       "an opener without an attribution's end is text");
	is_str(own("----- not a rule\ne3-e7\n"), "----- not a rule\ne3-e7\n",
	       "five dashes without a closing run are text");
	is_str(own("Am So., 6. Dez. 2026 um 10:00 Uhr schrieb epamserv <\n"
	           "epamserv@games.example>:\n\n> q\n\ne3-e7\n"), "e3-e7\n",
	       "a German attribution folded after its verb (Gmail)");
	is_str(own("Le dim. 6 d\xc3\xa9" "c. 2026 \xc3\xa0 10:00, bob <b@x> a "
	           "\xc3\xa9" "crit :\n> q\nMerci\n"), "Merci\n",
	       "a French attribution");
	is_str(own("e3-e7\n\n-----Urspr\xc3\xbc" "ngliche Nachricht-----\n"
	           "Von: epamserv\nb11-b10\n"), "e3-e7\n",
	       "Outlook in German: nothing after its separator");
	is_str(own("Tack!\n\nFr\xc3\xa5n: epamserv <e@x>\nSkickat: s\xc3\xb6ndag\n"
	           "\nbob writes:\nresign\n"), "Tack!\n",
	       "Outlook in Swedish: nothing after its header block");
	is_str(own("Dzi\xc4\x99ki\n\nOd: epamserv <e@x>\nTemat: x\n\nresign\n"),
	       "Dzi\xc4\x99ki\n", "Outlook in Polish: nothing after its header "
	       "block");
	is_str(own("e3-e7\n\nGet Outlook for iOS\n\n> q\n"), "e3-e7\n",
	       "Outlook's phone footer");
	is_str(own("e3-e7\n---------- Forwarded message ---------\nb11-b10\n"),
	       "e3-e7\n", "any '----- words -----' rule");
	is_str(own("e3-e7\n-- \nbob\n\nOn Sun, bob wrote:\n> q\n"), "e3-e7\n",
	       "a signature above the quote");
	is_str(own(NULL), "", "no body: no text");
	test_languages();
	/* s-nail's default: "NAME <ADDR> wrote:" and the original indented
	 * by a tab (indentprefix), the writer's text below. */
	is_str(own("epamserv <e@games.example> wrote:\n\n\tEpaminondas board "
	           "101\n\t\n\t  epaminondas resign 101 bob PASSWORD\n\n"
	           "d11-d10\n\nYour turn.\n"), "d11-d10\n\nYour turn.\n",
	       "s-nail's tab quote is skipped, the text below it read");
	/* A quote wrapped again by the replying client: the tail of a long
	 * quoted line (the other player's chat) left unquoted under it. */
	is_str(own("On Sun, epamserv wrote:\n> bob writes:\n> I think you are "
	           "lost here, honestly the position is hopeless. So\nresign\n"
	           ">\n\na2-a1\n"), "a2-a1\n",
	       "a wrapped quote's unquoted tail is not the writer's");
	is_str(own("> I think you are lost here, honestly the position is "
	           "hopeless, no\ndoubt about it at all, my friend, the game is "
	           "yours to lose now\nresign\n\na2-a1\n"), "a2-a1\n",
	       "nor are the lines right under that tail");
	is_str(own("> Your move.\ne3-e7\n"), "e3-e7\n",
	       "a line right under a short quoted line is the writer's");
	is_str(own("> I think you are lost here, honestly the position is "
	           "hopeless. So\ne3-e7\n"), "",
	       "a move right under a long quoted line reads as its tail: "
	       "refused, never played");
	is_str(own("> I think you are lost here, honestly the position is "
	           "hopeless. So\n\ne3-e7\n"), "e3-e7\n",
	       "a blank line above the move makes it the writer's");

	is_str(command("On Sun, 6 Dec 2026, epamserv wrote:\n> Epaminondas "
	               "board 101\n>   epaminondas claim 101 alice PASSWORD\n\n"
	               "e3-e7\n\nGood luck.\n", &c), "e3-e7",
	       "intake: the move below the quote is the command");
	is_str(c, "Good luck.", "intake: the rest of the own text is the "
	       "comment");
	is_str(command("> e3-e7\n>   epaminondas claim 101 alice PASSWORD\n",
	               &c), "", "intake: a quoted command is never the command");
	is_str(c, "", "intake: nor a comment");
	is_str(command("Thanks\n\n> q\n\nMore below.\n-- \nbob\n", &c),
	       "Thanks", "intake: the first own line is the command");
	is_str(c, "More below.", "intake: the text below the quote is the "
	       "comment, without the signature");
}

int main(void)
{
	test_shapes();
	return tap_done();
}
