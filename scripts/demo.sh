#!/bin/sh
# Install what is missing, build, and play a sample game by email through
# a fresh spool (./demo-spool): two players sign up and confirm their
# addresses by replying to the confirmation requests, one challenges the
# other with a signed challenge, the other accepts, and they play.  No SMTP server is configured, so every
# reply waits in the spool's outbox; the demo ends by printing the last
# board mail.
set -e
cd "$(dirname "$0")/.."
top=$(pwd)
sh scripts/deps-debian.sh
if [ ! -x _build/src/epamserv ]; then
	autoreconf -fi
	mkdir -p _build
	(cd _build && ../configure --enable-werror >/dev/null && make -j2 >/dev/null)
else
	(cd _build && make -j2 >/dev/null)
fi
EPAMSERV="$top/_build/src/epamserv"
export EPAMSERV_SPOOL="$top/demo-spool"
export EPAMSERV_TEMPLATES="$top/templates"
export EPAMSERV_FROM="epamserv@games.example"
export EPAMSERV_CONF=/dev/null
unset EPAMSERV_SMTP_URL
rm -rf "$EPAMSERV_SPOOL"

n=0
# mail FROM SUBJECT [BODY]: write a .eml file and feed it to epamserv receive.
mail() {
	n=$((n + 1))
	f="$EPAMSERV_SPOOL.mails/$(printf %02d $n).eml"
	mkdir -p "$EPAMSERV_SPOOL.mails"
	printf 'From: %s\nTo: epamserv@games.example\nSubject: %s\nMessage-ID: <demo%d@example.org>\nDate: Mon, 30 Nov 2026 06:%02d:00 +0000\n\n%s\n' \
		"$1" "$2" "$n" "$n" "${3:-}" > "$f"
	printf '%-20s %s\n' "$1" "$2"
	"$EPAMSERV" receive < "$f" 2>/dev/null
}

# confirm ADDRESS: reply to the confirmation request epamserv queued for
# ADDRESS, keeping its subject, as the owner's mail program would.
confirm() {
	subject=$(/usr/bin/python3 - "$EPAMSERV_SPOOL/outbox" "$1" <<'PY'
import email, email.policy, glob, os, sys
found = ""
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.eml"))):
    head, rest = open(f, "rb").read().split(b"\r\n", 2)[1:]
    if sys.argv[2].encode() not in head:
        continue
    msg = email.message_from_bytes(rest, policy=email.policy.default)
    if str(msg["Subject"]).startswith("confirm "):
        found = " ".join(str(msg["Subject"]).split())
print(found)
PY
)
	mail "$1" "Re: $subject" "Yes, this is my address."
}

echo "== the mails sent to epamserv"
mail alice@example.org "signup alice Secret1"
confirm alice@example.org
mail bob@example.org "signup bob Secret2"
confirm bob@example.org
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
mail alice@example.org "epaminondas move 101 alice Secret1 e9-e12#9" "Crossed!"
mail bob@example.org "epaminondas move 101 bob Secret2 g12xe12#10" "Not so fast."
mail alice@example.org "epaminondas move 101 alice Secret1 n2-n3#11"
mail bob@example.org "epaminondas move 101 bob Secret2 n11-n10#12"

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

echo
echo "== the error reply to the illegal move (e12-e9)"
text_of "$(grep -l "e12-e9 is not a legal move" "$EPAMSERV_SPOOL"/outbox/*.eml | head -1)" "Your mail:"
echo
echo "== $(ls "$EPAMSERV_SPOOL"/outbox/*.eml | wc -l) mails wait in $EPAMSERV_SPOOL/outbox ('epamserv outbox' shows them all); the last board mail:"
text_of "$(ls "$EPAMSERV_SPOOL"/outbox/*.eml | tail -1)"
