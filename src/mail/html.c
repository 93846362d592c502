/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * html.c - HTML-to-text for mail that has no text part, with libxml2.
 *
 * Some phone clients send HTML only.  All we need from such a mail is its
 * lines of text (a command, a comment, quoted text to ignore).  libxml2's
 * HTML parser (in recovery mode, no network) turns the untrusted markup
 * into a tree the way a browser would, entities decoded; we then walk the
 * tree and write text: the elements that break lines in a browser break
 * lines here, whitespace collapses as in a browser, <blockquote> becomes
 * "> " quoting so that the command reader can skip quoted text, and
 * script, style and head are dropped.  The walk is bounded in depth
 * (libxml2 itself refuses trees deeper than 256 levels).
 *
 * libxml2 is loaded by the first HTML-only mail a process reads
 * (util/dynlib.h), not linked: with the ICU it pulls in, its loading cost
 * every `receive` a sixth of its instructions (issue 35).
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "config.h"		/* EPAMSERV_XML2_SONAME */
#include "mailpriv.h"
#include "util/dynlib.h"
#include "util/log.h"

#define HTML_MAX_DEPTH 300

struct html_out {
	struct mbuf b;
	int quote;        /* <blockquote> depth */
	int at_bol;       /* nothing written on this line yet */
	int space;        /* a space is pending before the next word */
	int newlines;     /* line breaks written in a row */
};

static void out_newline(struct html_out *o)
{
	if (o->newlines >= 2)
		return;
	mbuf_addc(&o->b, '\n');
	o->newlines++;
	o->at_bol = 1;
	o->space = 0;
}

/* A block boundary: end the current line unless it is empty. */
static void out_break(struct html_out *o)
{
	if (!o->at_bol)
		out_newline(o);
}

static void out_begin_char(struct html_out *o)
{
	int i;

	if (o->at_bol) {
		for (i = 0; i < o->quote; i++)
			mbuf_adds(&o->b, "> ");
		o->at_bol = 0;
	} else if (o->space) {
		mbuf_addc(&o->b, ' ');
	}
	o->space = 0;
	o->newlines = 0;
}

static void out_text(struct html_out *o, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			o->space = !o->at_bol;
			continue;
		}
		/* A no-break space (&nbsp;, U+00A0 in UTF-8) is a space here:
		 * "games&nbsp;erin" must read as two words. */
		if ((unsigned char)s[i] == 0xC2 && i + 1 < n &&
		    (unsigned char)s[i + 1] == 0xA0) {
			o->space = !o->at_bol;
			i++;
			continue;
		}
		out_begin_char(o);
		mbuf_addc(&o->b, s[i]);
	}
}

static int name_is(const char *name, size_t len, const char *want)
{
	return strlen(want) == len && strncasecmp(name, want, len) == 0;
}

static int is_block(const char *name, size_t len)
{
	static const char *const blocks[] = {
		"p", "div", "tr", "li", "ul", "ol", "table", "h1", "h2", "h3",
		"h4", "h5", "h6", "pre", "hr", "dd", "dt", "dl", "center",
		"section", "article", "header", "footer", "title",
	};
	size_t i;

	for (i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
		if (name_is(name, len, blocks[i]))
			return 1;
	return 0;
}

static void apply_tag(struct html_out *o, const char *name, size_t len,
                      int closing)
{
	if (name_is(name, len, "br")) {
		if (o->at_bol && o->newlines == 0)
			out_begin_char(o);   /* an empty quoted line */
		out_newline(o);
	} else if (name_is(name, len, "blockquote")) {
		out_break(o);
		if (closing && o->quote > 0)
			o->quote--;
		else if (!closing && o->quote < 32)
			o->quote++;
	} else if (is_block(name, len)) {
		out_break(o);
	} else if (name_is(name, len, "td") || name_is(name, len, "th")) {
		o->space = !o->at_bol;
	}
}

/* Write the text of node and its siblings' subtrees. */
static void walk(struct html_out *o, xmlNode *node, int depth)
{
	for (; node != NULL; node = node->next) {
		const char *name = (const char *)node->name;
		size_t len;

		if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) {
			if (node->content != NULL)
				out_text(o, (const char *)node->content,
				         strlen((const char *)node->content));
			continue;
		}
		if (node->type != XML_ELEMENT_NODE || name == NULL)
			continue;
		len = strlen(name);
		if (name_is(name, len, "script") || name_is(name, len, "style") ||
		    name_is(name, len, "head"))
			continue;
		apply_tag(o, name, len, 0);
		if (depth < HTML_MAX_DEPTH)
			walk(o, node->children, depth + 1);
		if (!name_is(name, len, "br"))  /* a void element: no end tag */
			apply_tag(o, name, len, 1);
	}
}

/* The functions of libxml2 used here, with their types in its headers. */
static struct {
	__typeof__(htmlReadMemory) *read_memory;
	__typeof__(xmlDocGetRootElement) *root_element;
	__typeof__(xmlFreeDoc) *free_doc;
} X;

/* Load libxml2 once: 0, or -1 (logged once) when it cannot be. */
static int xml_load(void)
{
	static int state;  /* 0 not tried, 1 loaded, -1 failed */
	const struct dynlib_sym syms[] = {
		{ "htmlReadMemory", &X.read_memory },
		{ "xmlDocGetRootElement", &X.root_element },
		{ "xmlFreeDoc", &X.free_doc },
	};
	char *err = NULL;

	if (state == 0) {
		state = dynlib_load(EPAMSERV_XML2_SONAME, syms,
		                    sizeof syms / sizeof syms[0], &err) == 0 ? 1 : -1;
		if (state < 0)
			log_msg(LOG_ERR, "mail: %s; an HTML-only mail cannot be "
			        "read until it can be loaded\n", err);
		free(err);
	}
	return state > 0 ? 0 : -1;
}

char *html_to_text(const char *html, size_t len)
{
	struct html_out o = { MBUF_INIT, 0, 1, 0, 1 };
	htmlDocPtr doc;
	char *text;

	if (xml_load() < 0)
		return NULL;
	if (len > INT_MAX)
		len = INT_MAX;
	doc = X.read_memory(html, (int)len, NULL, "UTF-8",
	                     HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
	                     HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	if (doc != NULL) {
		walk(&o, X.root_element(doc), 0);
		X.free_doc(doc);
	}
	text = mbuf_take(&o.b);
	if (text != NULL) {
		size_t n = strlen(text);

		while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == ' '))
			n--;
		text[n] = '\0';
	}
	return text;
}
