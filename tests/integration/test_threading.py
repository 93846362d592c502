#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 30 item 3: one conversation per game in every mail client.

Every mail about one board to a player keeps the game's one subject
("Epaminondas Board 101 (alice v bob)": no reply token, no player to move
in it), and Message-ID, In-Reply-To and References chain them: every
mail's References starts with the board's root <epaminondas.101@DOMAIN>,
and a mail that answers the player's reply names, after the root, the
mail of ours he answered and his reply (In-Reply-To: his reply).  The
reply token moved from the subject into our Message-ID
(epamserv.DIGEST.N.KIND.GAME.BOARD.TOKEN.TAG@DOMAIN, src/services/threadid.h),
which a reply names in In-Reply-To and References.

The clients' published threading rules, and the header each relies on
(addresses found with the search tool; where no rule of the vendor's own
was found, the page that documents the behaviour is cited and said so):

- Gmail threads a message into a conversation when its subject matches
  and its References / In-Reply-To name a message of the thread (Google's
  own rule for messages it files, developers.google.com/gmail/api/guides/
  threads, was not found by the search tool; GitLab's report of Gmail's
  behaviour: https://gitlab.com/gitlab-org/gitlab-foss/-/issues/60081,
  "Gmail ... now depend[s] on In-Reply-To to group the messages").
  Relies on: Subject (identical, "Re:" aside) and In-Reply-To/References
  naming the common root.  Checked here: identical subjects, root first
  in References, In-Reply-To the root (or the player's own reply).
- Outlook / Exchange: "Conversations View ... under a common subject":
  http://www.microsofttraining.net/article-1462-how-use-conversations-settings-outlook-2010.html
  ("if the original subject heading in the message is changed ...
  Outlook will not add the message to the original conversation"); the
  Thread-Index (PR_CONVERSATION_INDEX) that Outlook writes itself is
  described at https://devgem.io/posts/how-outlook-group-emails-using-show-as-conversation-setting
  (no Microsoft page was found by the search tool).  Mail without
  Thread-Index is grouped by Thread-Topic/subject.  Relies on: Subject.
- Apple Mail "groups messages that are part of the same conversation
  (or thread)": https://support.apple.com/es-es/guide/mail/aside/glosb3aaec22/16.0/mac/15.0
  (Apple does not publish the rule itself; GitLab's change for Mail.app,
  https://gitlab.com/gitlab-org/gitlab-foss/merge_requests/142, sends
  In-Reply-To with References and a subject that stays the thread's).
  Relies on: References/In-Reply-To and the subject.
- Thunderbird threads by "Common reference in the References header",
  then In-Reply-To; with mail.strict_threading (the default since 3.0)
  never by subject: http://kb.mozillazine.org/index.php?title=Stop_threading_by_subject&oldid=46614&printable=yes
  and https://wiki.mozilla.org/index.php?diff=prev&oldid=166371&title=MailNews%3AMessage_Threading
  ("If two messages ... refer to message id X and X no longer exists,
  Thunderbird will thread them together").  Relies on: References (the
  common root).
- mutt threads by References and In-Reply-To (JWZ's algorithm) and,
  unless $strict_threads is set, also joins thread roots with the same
  subject: the third-party description at
  https://docs.rs/rmut-core/2.6.3/rmut_core/thread/index.html (mutt's
  own manual page for $strict_threads was not found by the search
  tool).  Relies on: References/In-Reply-To; the identical subject
  covers $strict_threads unset.

Then: a reply naming our Message-ID in In-Reply-To plays (20 plies, all
by replies); a replayed old reply is refused; a forged Message-ID of our
form (a made-up token) is refused; the old subject token "[#TOKEN]"
still plays; a chat, an error reply and the mail after a reply to an
error keep the subject, and their Message-IDs say what kind of mail they
are."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, to
from harness import body_of as raw_body_of

A, B = "alice@example.org", "bob@example.org"
ROOT = re.compile(r"^<epaminondas\.101@[^>]+>$")
SUBJECT = "Epaminondas Board 101 (alice v bob)"


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n") if msg else ""


def refs(m):
    return str(m["References"] or "").split()


def moves_played():
    return len(re.findall(r"^move: ", env.game_file(101), re.M))


env = Env()
mails = {A: [], B: []}   # every mail to each player, in order


def collect():
    new = env.new_messages()
    for m in new:
        for r in m.envelope_to:
            mails.setdefault(r, []).append(m)
    return by_recipient(new)


try:
    env.players("alice", "bob")
    env.new_messages()
    env.start_game("alice", "bob", 101)
    collect()
    ok(moves_played() == 0 and "result: active" in env.game_file(101),
       "the game is on", env.game_file(101))

    # 20 plies, every one a reply to the latest mail to the player to
    # move, naming it in In-Reply-To and References.
    white = ["%s2-%s3" % (f, f) for f in "abcdefghij"]
    black = ["%s11-%s10" % (f, f) for f in "abcdefghij"]
    answered = []          # (player, our mail answered, our next mail)
    for ply in range(20):
        who = A if ply % 2 == 0 else B
        move = white[ply // 2] if who == A else black[ply // 2]
        last = mails[who][-1]
        rc, err = harness.reply(env, who, last, move)
        got = collect()
        if moves_played() != ply + 1:
            ok(False, "ply %d (%s) by a reply naming our Message-ID is "
               "played" % (ply + 1, move), err + body_of(got.get(who, [None])[0]))
            break
        answered.append((who, last, got[who][0] if who in got else None))
    is_(moves_played(), 20, "20 plies played, each by a reply")

    for who in (A, B):
        subs = set(str(m["Subject"]) for m in mails[who])
        ok(subs == {SUBJECT}, "every mail about board 101 to %s has the "
           "one subject %r" % (who, SUBJECT), sorted(subs))
        bad = [m["Message-ID"] for m in mails[who]
               if not refs(m) or not ROOT.match(refs(m)[0])]
        ok(not bad and len(mails[who]) >= 11, "every mail to %s starts its "
           "References with the board's root" % who, bad)
        irt = [str(m["In-Reply-To"]) for m in mails[who]]
        ok(all(ROOT.match(i) or not i.startswith("<epamserv.") for i in irt),
           "In-Reply-To names the root or the player's own mail", irt)
    broken = [(w, str(prev["Message-ID"])) for w, prev, nxt in answered
              if nxt is None or str(prev["Message-ID"]) not in refs(nxt)
              or refs(nxt)[-1] != str(nxt["In-Reply-To"])]
    ok(not broken and len(answered) == 20, "each mail answering a move "
       "names the mail the player answered, then his reply", broken[:3])
    ok(all(harness.token_of(m) and "[#" not in str(m["Subject"])
           for m in mails[A][-3:]), "the token is in the Message-ID, not the "
       "subject", [str(m["Message-ID"]) for m in mails[A][-3:]])

    # A replayed old reply: alice's reply to a mail from before the last
    # move (a legal move now) is refused, and nothing changes.
    old = mails[A][-3]
    text, msgs, err = harness.refused_reply(env, A, old, "k2-k3",
                                            "no longer) valid",
                                            "a replayed old reply")
    is_(moves_played(), 20, "the replayed reply played nothing")

    # A forged Message-ID of our form: a made-up token.
    forged = dict(old.items())
    fake = "<epamserv.0123456789abcdef.0.board.epaminondas.101." \
           "abcdefghijklmnop.abcdefghijklm@games.example>"
    before = env.snapshot()
    rc, err = env.mail(A, "Re: " + SUBJECT, "k2-k3",
                       headers={"In-Reply-To": fake, "References": fake})
    msgs = env.new_messages()
    ok(len(msgs) == 1 and "no longer) valid" in body_of(msgs[0]),
       "a forged Message-ID is refused", body_of(msgs[0]) if msgs else err)
    ok(env.snapshot() == before, "the forged reply changed nothing")

    # bob's valid token in a Message-ID of another board: refused too.
    tb = harness.token_of(mails[B][-1])
    other = "<epamserv.0123456789abcdef.0.board.epaminondas.102.%s." \
            "abcdefghijklm@games.example>" % tb
    before = env.snapshot()
    rc, err = env.mail(B, "Re: " + SUBJECT, "k11-k10",
                       headers={"In-Reply-To": other})
    msgs = env.new_messages()
    ok(len(msgs) == 1 and env.snapshot() == before,
       "a token moved into another board's Message-ID is refused",
       body_of(msgs[0]) if msgs else err)

    # The old subject token (a mail from before the upgrade) still plays.
    ta = harness.token_of(mails[A][-1])
    rc, err = env.mail(A, "Re: Epaminondas Board 101 alice [#%s]" % ta,
                       "k2-k3")
    collect()
    is_(moves_played(), 21, "a reply with the old subject token still plays")

    # A reply whose subject was made a whole command is that command.
    rc, err = env.mail(B, "epaminondas move 101 bob b l11-l10", "",
                       headers=harness.reply_headers(mails[B][-1]))
    collect()
    is_(moves_played(), 22, "a reply whose subject is a whole command "
        "plays it")
    harness.reply(env, A, mails[A][-1], "m2-m3")
    collect()
    is_(moves_played(), 23, "alice's reply to the board mail after it plays")

    # A chat to bob keeps the subject; its Message-ID says "chat", and
    # bob's reply to it is relayed as chat.
    env.mail(A, "epaminondas chat 101 alice a", "Nice opening.")
    got = collect()
    chat = got.get(B, [None])[0]
    ok(chat is not None and str(chat["Subject"]) == SUBJECT and
       harness.kind_of(chat) == "chat", "a chat mail keeps the game's "
       "subject and names its kind", chat and (chat["Subject"],
                                               chat["Message-ID"]))
    harness.reply(env, B, chat, "Thank you, alice.")
    got = collect()
    contains(body_of(got.get(A, [None])[0]), "Thank you, alice.",
             "a reply to a chat (In-Reply-To) is relayed as chat")

    # An error reply keeps the subject, carries the token in its
    # Message-ID, and a reply to it plays.
    board_mail = ([m for m in mails[B] if harness.kind_of(m) == "board"] or
                  mails[B])[-1]
    rc, err = harness.reply(env, B, board_mail, "e11-e5")
    got = collect()
    e = got.get(B, [None])[0]
    ok(e is not None and str(e["Subject"]) == SUBJECT and
       harness.kind_of(e) == "error" and harness.token_of(e),
       "an error reply keeps the subject and carries a token in its "
       "Message-ID", e and (e["Subject"], e["Message-ID"]))
    if e is not None:
        harness.reply(env, B, e, "k11-k10")
    got = collect()
    is_(moves_played(), 24, "a reply to the error reply plays")
    ok(B in got and str(got[B][0]["Subject"]) == SUBJECT and
       e is not None and str(e["Message-ID"]) in refs(got[B][0]),
       "the board mail after it names the error reply it answered",
       got.get(B) and refs(got[B][0]))
finally:
    env.close()
done()
