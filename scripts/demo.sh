#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Install what is missing, build, and play two sample games by email
# through a fresh spool (./demo-spool): two players sign up and confirm
# their addresses by replying to the confirmation requests; bob asks for
# the compact text board (for his phone); alice challenges bob with a
# signed challenge, bob accepts, and they play: a capture, an illegal
# move refused, a move sent by replying to a board mail (the reply
# token), a crossing, a move that would lose at once refused until bob
# confirms it with a trailing !, and the result in words.  A short 8x8
# game follows (a resignation), then bob challenges the robot
# robot-novice, which accepts at once and answers his first move in the
# same run; then the standings, one table per game and board size.  No SMTP server is configured, so every reply waits in
# the spool's outbox; the demo prints the mails worth reading and saves
# the HTML part of bob's board mail at the crossing as ./demo-board.html
# (open it in a browser: round stones, the intruder ringed in red, the
# threat, and the answer links).
#
# A test runs the demo on a binary already built, writing only into its
# scratch directory: EPAMSERV_DEMO_BIN (that binary: nothing is installed
# or built), EPAMSERV_DEMO_DIR (where the spool, the record, the board
# and the site go; the top of the tree otherwise) and, when that binary
# is an installed one, EPAMSERV_DEMO_INSTALLED=1.
set -e
cd "$(dirname "$0")/.."
top=$(pwd)
if [ -n "$EPAMSERV_DEMO_BIN" ]; then
	EPAMSERV=$EPAMSERV_DEMO_BIN
else
	sh scripts/deps-debian.sh
	# One line for the build; its output goes to _build/build.log, whose
	# end is shown when it fails.
	mkdir -p _build
	echo "build: the program in _build (output in _build/build.log)"
	if [ ! -x _build/src/epamserv ]; then
		build='autoreconf -fi && cd _build &&
			../configure --enable-werror && make -j2'
	else
		build='cd _build && make -j2'
	fi
	if ! (eval "$build") >_build/build.log 2>&1; then
		tail -40 _build/build.log
		echo "build: failed (all of its output in _build/build.log)" >&2
		exit 1
	fi
	EPAMSERV="$top/_build/src/epamserv"
fi
out=${EPAMSERV_DEMO_DIR:-$top}
export EPAMSERV_SPOOL="$out/demo-spool"
# An installed binary (EPAMSERV_DEMO_INSTALLED=1 with EPAMSERV_DEMO_BIN,
# as scripts/deb-check.sh runs the Debian package's) uses the templates
# and catalogues installed with it; a built one, the source tree's.
if [ -z "${EPAMSERV_DEMO_INSTALLED:-}" ]; then
	export EPAMSERV_TEMPLATES="$top/templates"
fi
export EPAMSERV_FROM="epamserv@games.example"
export EPAMSERV_CONF=/dev/null
unset EPAMSERV_SMTP_URL
rm -rf "$EPAMSERV_SPOOL" "$EPAMSERV_SPOOL.mails" "$out/demo-board.html"

n=0
# mail FROM SUBJECT [BODY [HEADERS]]: write a .eml file and feed it to
# epamserv receive; HEADERS, lines ending in a newline, go after the Date.
mail() {
	n=$((n + 1))
	f="$EPAMSERV_SPOOL.mails/$(printf %02d $n).eml"
	mkdir -p "$EPAMSERV_SPOOL.mails"
	printf 'From: %s\nTo: epamserv@games.example\nSubject: %s\nMessage-ID: <demo%d@example.org>\nDate: Mon, 30 Nov 2026 06:%02d:00 +0000\n%s\n%s\n' \
		"$1" "$2" "$n" "$n" "${4:-}" "${3:-}" > "$f"
	printf '%-20s %s\n' "$1" "$2"
	"$EPAMSERV" receive < "$f" 2>/dev/null
}

# latest_to ADDRESS PREFIX FIELD: the subject (FIELD subject, unfolded)
# or the reply headers (FIELD headers: In-Reply-To naming it, References)
# of the latest mail epamserv queued for ADDRESS whose subject starts
# with PREFIX.
latest_to() {
	/usr/bin/python3 - "$EPAMSERV_SPOOL/outbox" "$1" "$2" "$3" <<'PY'
import email, email.policy, glob, os, sys
found = None
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.eml"))):
    head, rest = open(f, "rb").read().split(b"\r\n", 2)[1:]
    if sys.argv[2].encode() not in head:
        continue
    msg = email.message_from_bytes(rest, policy=email.policy.default)
    if str(msg["Subject"]).startswith(sys.argv[3]):
        found = msg
if found is None:
    print("")
elif sys.argv[4] == "subject":
    print(" ".join(str(found["Subject"]).split()))
else:
    mid = str(found["Message-ID"]).strip()
    refs = str(found["References"] or "").split()
    print("In-Reply-To: %s\nReferences: %s" % (mid, " ".join(refs + [mid])))
PY
}

# reply ADDRESS PREFIX BODY: reply to the latest mail to ADDRESS whose
# subject starts with PREFIX, as a player's mail program would: "Re: "
# and its subject, In-Reply-To and References naming it (a board mail's
# reply token is in its Message-ID), BODY on the first line.
reply() {
	mail "$1" "Re: $(latest_to "$1" "$2" subject)" "$3" \
		"$(latest_to "$1" "$2" headers)
"
}

# confirm ADDRESS: reply to the confirmation request epamserv queued for
# ADDRESS, keeping its subject, as the owner's mail program would.
confirm() {
	reply "$1" "confirm " "Yes, this is my address."
}

echo "== the mails sent to epamserv"
mail alice@example.org "signup alice Secret1"
confirm alice@example.org
mail bob@example.org "signup bob Secret2"
confirm bob@example.org
mail bob@example.org "set bob Secret2 board compact"
mail alice@example.org "epaminondas challenge alice bob by alice Secret1" "Good luck!"
mail bob@example.org "epaminondas accept 101 bob Secret2" "Thanks, you too."
mail alice@example.org "epaminondas move 101 alice Secret1 d2-e3#1"
mail bob@example.org "epaminondas move 101 bob Secret2 a11-a10#2"
mail alice@example.org "epaminondas move 101 alice Secret1 e1-e6#3" "A phalanx of three."
mail bob@example.org "epaminondas move 101 bob Secret2 a10-a9#4"
mail alice@example.org "epaminondas move 101 alice Secret1 e4-e9#5"
mail bob@example.org "epaminondas move 101 bob Secret2 e12-e9#6" "Can my two take your three?"
mail bob@example.org "epaminondas move 101 bob Secret2 a9-a8#6"
mail alice@example.org "epaminondas move 101 alice Secret1 e7xe11#7" "Three take two."
mail bob@example.org "epaminondas move 101 bob Secret2 a8-a7#8"
# alice answers her board mail with just the move: the reply token in
# the Message-ID her reply names stands for her userid and password.
reply alice@example.org "Epaminondas Board 101" "e9-e12"
mail bob@example.org "epaminondas move 101 bob Secret2 n11-n10#10"
mail bob@example.org "epaminondas move 101 bob Secret2 n11-n10#10!" "I give up."
mail alice@example.org "epaminondas challenge alice bob -size=8x8 by alice Secret1"
mail bob@example.org "epaminondas accept 102 bob Secret2"
mail alice@example.org "epaminondas move 102 alice Secret1 d1-d3#1"
mail bob@example.org "epaminondas move 102 bob Secret2 e8-e6#2"
mail alice@example.org "epaminondas move 102 alice Secret1 resign"
mail bob@example.org "epaminondas challenge bob robot-novice -size=8x8 by bob Secret2"
mail bob@example.org "epaminondas move 103 bob Secret2 d1-d3#1"
mail bob@example.org "epaminondas standings all"
# Both players let their comments be published; bob asks for the record
# of the first game, which comes attached.
mail alice@example.org "set alice Secret1 publish comments on"
mail bob@example.org "set bob Secret2 publish comments on"
mail bob@example.org "epaminondas record 101"

# text_of FILE [UNTIL]: the headers and the text/plain part of an outbox
# mail, decoded (the mail itself is MIME: quoted-printable, and an HTML
# alternative for board mails); with UNTIL, the text stops at that line.
text_of() {
	/usr/bin/python3 - "$1" "${2:-}" <<'PY'
import email, email.policy, sys
raw = open(sys.argv[1], "rb").read().split(b"\r\n", 2)[2]  # envelope lines
msg = email.message_from_bytes(raw, policy=email.policy.default)
for h in ("From", "To", "Subject"):
    print("%s: %s" % (h, msg[h]))
print()
text = msg.get_body(preferencelist=("plain",)).get_content()
if sys.argv[2]:
    text = text.split(sys.argv[2])[0]
print(text.rstrip())
PY
}

# mail_to ADDRESS TEXT: the latest outbox mail to ADDRESS whose text
# part (decoded) holds TEXT.
mail_to() {
	/usr/bin/python3 - "$EPAMSERV_SPOOL/outbox" "$1" "$2" <<'PY'
import email, email.policy, glob, os, sys
found = ""
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.eml"))):
    head, rest = open(f, "rb").read().split(b"\r\n", 2)[1:]
    if ("<%s>" % sys.argv[2]).encode() not in head:
        continue
    msg = email.message_from_bytes(rest, policy=email.policy.default)
    if sys.argv[3] in msg.get_body(preferencelist=("plain",)).get_content():
        found = f
print(found)
PY
}

echo
echo "== the error reply to the illegal move (e12-e9)"
text_of "$(grep -l "e12-e9 is not a legal move" "$EPAMSERV_SPOOL"/outbox/*.eml | head -1)" "Your mail:"
echo
echo "== the capture, in words (bob's board mail after move 7)"
text_of "$(mail_to bob@example.org "alice played e7xe11")" | grep "alice played e7xe11"
echo
echo "== bob's board mail after alice's crossing (her token reply e9-e12):"
echo "== the compact board he asked for, the threat, the moves that save him"
crossing=$(mail_to bob@example.org "alice played e9-e12")
text_of "$crossing"
echo
echo "== bob's n11-n10 would lose at once: refused until he adds a !"
text_of "$(mail_to bob@example.org "n11-n10 loses the game at once")" "How to write it:"
echo
echo "== the result, in words (alice's board mail)"
text_of "$(mail_to alice@example.org "alice wins, bob did not answer")" "Moves:"
echo
echo "== a game against a robot: robot-novice accepts bob's signed challenge"
echo "== at once and answers his move in the same run (his board mail)"
text_of "$(mail_to bob@example.org "robot-novice answered")" "Moves:"
echo
echo "== the standings: one table per game and board size"
text_of "$(mail_to bob@example.org "Epaminondas on the standard 14x12 board")"
# The HTML part of bob's board mail at the crossing, as a file to open.
/usr/bin/python3 - "$crossing" "$out/demo-board.html" <<'PY'
import email, email.policy, sys
raw = open(sys.argv[1], "rb").read().split(b"\r\n", 2)[2]
msg = email.message_from_bytes(raw, policy=email.policy.default)
with open(sys.argv[2], "w", encoding="utf-8") as f:
    f.write(msg.get_body(preferencelist=("html",)).get_content())
PY
# The record attached to bob's answer, as a file, read back by replay.
/usr/bin/python3 - "$(mail_to bob@example.org "the record of epaminondas board 101")" "$out/demo-record.txt" <<'PY'
import email, email.policy, sys
raw = open(sys.argv[1], "rb").read().split(b"\r\n", 2)[2]
msg = email.message_from_bytes(raw, policy=email.policy.default)
for part in msg.iter_attachments():
    open(sys.argv[2], "wb").write(part.get_content().encode()
                                  if isinstance(part.get_content(), str)
                                  else part.get_content())
PY
echo
echo "== the record of board 101 bob asked for (attached as $(basename "$out/demo-record.txt")),"
echo "== with the comments, since both publish them"
sed -n '1,30p' "$out/demo-record.txt"
echo
echo "== epamserv replay demo-record.txt: the record read back under the rules"
"$EPAMSERV" replay "$out/demo-record.txt" | tail -4
echo
echo "== epamserv web demo-site: the static web site of the spool"
"$EPAMSERV" web "$out/demo-site" && ls "$out/demo-site"
echo
echo "== $(ls "$EPAMSERV_SPOOL"/outbox/*.eml | wc -l) mails wait in $EPAMSERV_SPOOL/outbox ('epamserv outbox' shows them all)."
echo "== The HTML part of bob's board mail at the crossing is saved as"
echo "== $out/demo-board.html: open it in a browser (file://$out/demo-board.html)."
echo "== The record is $out/demo-record.txt; the web site is $out/demo-site"
echo "== (open file://$out/demo-site/index.html)."
