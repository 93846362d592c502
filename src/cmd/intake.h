/*
 * intake.h - finding the command words and the comment in a mail.
 */
#ifndef EPAM_INTAKE_H
#define EPAM_INTAKE_H

#define INTAKE_MAX_WORDS 64

struct intake {
	int argc;
	char *argv[INTAKE_MAX_WORDS];  /* malloc'ed words */
	char *comment;                 /* malloc'ed relayed comment, maybe "" */
};

/* Fill in from the decoded Subject (may be NULL) and body (UTF-8, LF):
 * the Subject's words when its first word is a command, else the first
 * non-empty body line above quoted text.  argc is 0 when there is none. */
void intake_find(const char *subject, const char *body, struct intake *in);

/* Split one line into whitespace-separated words (at most
 * INTAKE_MAX_WORDS; the rest is dropped). */
void intake_split_words(const char *line, struct intake *in);

void intake_free(struct intake *in);

#endif
