#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Budgets that strangers cannot spend for everyone (issue 29, item 5).

Attack tests; each part failed on the code before it:
- 40 forged signups from one network (the client our MTA wrote in the
  Received field) spend only that network's share of confirmation
  requests, so a newcomer's signup from elsewhere is still answered; with
  the server's budget spent by many networks, a network new in the hour
  is still answered from the reserve;
- a stranger's words that could carry a link (a URL in a command) never
  reach an address that did not write to us: not the Reply-To or From he
  names, not a player whose From he forges, not in a "multiple" answer,
  not cut short or lower-cased;
- once a stranger's reply budget is spent, his listing command is not run
  at all: it reads no board (the count a listing logs), and a "multiple"
  of them neither; signup and confirm still work."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail, to, body_of

T0 = 1796000000


def received(ip, n=0):
    """The Received field our MTA (Postfix) writes for client ip."""
    return ("from mx%d.sender.example (mx%d.sender.example [%s]) "
            "by games.example (Postfix) with ESMTP id 4Q%d\r\n"
            "\tfor <epamserv@games.example>; Mon, 30 Nov 2026 06:00:00 +0000"
            % (n, n, ip, n))


def maildir(env, name):
    md = os.path.join(env.root, name)
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    return md


def put(md, i, mail):
    """Mail number i into md's new/, arriving at T0 + i."""
    p = os.path.join(md, "new", "%d.M%d.test" % (T0 + i, i))
    with open(p, "wb") as f:
        f.write(mail)
    os.utime(p, (T0 + i, T0 + i))


def words_of(msgs):
    """Subject and text of each message, in one string."""
    return "\n".join("%s\n%s" % (m["Subject"], body_of(m)) for m in msgs)


env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101)
    env.new_messages()

    # ---- 1. 40 forged signups from one network ----
    md = maildir(env, "Maildir")
    for i in range(40):
        put(md, i, make_mail(
            "victim%d@forged%d.example" % (i, i),
            "signup fake%d Pw12345 a%d@x.example b%d@x.example c%d@x.example"
            % (i, i, i, i),
            headers={"Received": received("203.0.113.%d" % (i + 1), i)}))
    put(md, 100, make_mail("newcomer@home.example", "signup newbie Secret12",
                           headers={"Received": received("198.51.100.7")}))
    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "a batch of 40 forged signups and a newcomer's finishes")
    msgs = env.new_messages()
    forged = [m for m in msgs if any(a.endswith("@x.example")
                                     for a in m.envelope_to)]
    ok(len(forged) <= 5, "one network gets at most its share of "
       "confirmation requests (stranger_source_limit, 5)",
       "%d requests went to the forged addresses" % len(forged))
    is_(len(env.confirm_requests("newcomer@home.example", msgs)), 1,
        "the newcomer's signup from another network is answered")

    # The server's budget spent by many networks: a network new in the
    # hour is still answered from the reserve, a spent one is not.
    lim = {"EPAMSERV_STRANGER_REPLY_LIMIT": "10",
           "EPAMSERV_STRANGER_SOURCE_LIMIT": "2",
           "EPAMSERV_NOW": str(T0 + 7200)}
    for net in range(5):
        for k in range(2):
            env.receive(make_mail(
                "v%d.%d@forged.example" % (net, k),
                "signup f%d%d Pw12345" % (net, k),
                headers={"Received": received("192.0.%d.%d" % (net + 10, k + 1))}),
                env=lim)
    is_(len([m for m in env.new_messages()
             if str(m["Subject"]).startswith("confirm ")]), 10,
        "five networks spend the server's budget of 10, two requests each")
    env.receive(make_mail("late@forged.example", "signup late1 Pw12345",
                          headers={"Received": received("192.0.10.77")}),
                env=lim)
    is_(len(env.confirm_requests("late@forged.example", env.new_messages())), 0,
        "a network that spent its share gets no more")
    env.receive(make_mail("second@home.example", "signup second Secret12",
                          headers={"Received": received("2001:db8:7:1::5")}),
                env=lim)
    is_(len(env.confirm_requests("second@home.example", env.new_messages())), 1,
        "a network new in the hour is answered from the reserve")

    # ---- 2. a stranger's words never reach a third address ----
    URL = "http://evil.example/buy-now"
    LONG = "https://evil.example/" + "x" * 300
    third = []
    cases = [
        ("mallory@evil.example", {"Reply-To": "victim@third.example"},
         "epaminondas games %s" % URL, "", "victim@third.example",
         "an error to the Reply-To he names"),
        ("victim2@third.example", {}, "signup bobby Pw12345 %s" % URL, "",
         "victim2@third.example", "an error to the From he forged"),
        ("mallory@evil.example", {"Reply-To": "victim3@third.example"},
         "help %s" % LONG, "", "victim3@third.example",
         "a word the error cuts short"),
        ("victim4@third.example", {}, "signup %s Pw12345" % URL.upper(), "",
         "victim4@third.example", "a word the error lower-cases"),
        ("mallory@evil.example", {"Reply-To": "victim5@third.example"},
         "multiple", "list %s\nepaminondas show %s\nhelp\n" % (URL, URL),
         "victim5@third.example", "a multiple mail's answers"),
        ("alice@example.org", {}, "epaminondas games %s" % URL, "",
         "alice@example.org", "an error to a player whose From he forged"),
        ("victim7@third.example", {}, "signup bobby Pw12345 evil.example.", "",
         "victim7@third.example", "a host name that ends a sentence"),
        ("victim8@third.example", {}, "signup bobby Pw12345 %s:" % URL, "",
         "victim8@third.example", "a URL with a colon after it"),
    ]
    for n, (sender, headers, subject, body, victim, name) in enumerate(cases):
        h = dict(headers)
        h["Received"] = received("198.18.%d.1" % n)
        rc, err = env.receive(make_mail(sender, subject, body, headers=h))
        got = to(env.new_messages(), victim)
        third += got
        ok(len(got) == 1 and "evil.example" not in words_of(got).lower(),
           "%s: answered, without the URL" % name, words_of(got)[:2000])
        contains(words_of(got), "[...]", "%s: the word is masked" % name)
    contains(words_of(third), "is not a mail address I can send to",
             "the error still says what was wrong")
    many = " ".join("http://e%d.evil.example/" % i for i in range(300))
    rc, err = env.receive(make_mail(
        "mallory@evil.example", "list " + many, many + "\n",
        headers={"Reply-To": "victim6@third.example",
                 "Received": received("198.18.9.1")}))
    is_(len(to(env.new_messages(), "victim6@third.example")), 0,
        "a mail with more such words than are checked gets no reply")
    contains(err, "more words than are checked", "the log says why")

    # A confirmation request carries nothing the signer chose but the
    # userid (no dot, no slash: it names no host).
    rc, err = env.receive(make_mail(
        "mallory@evil.example", "signup carol Pw12345 third@victim.example",
        "Please visit %s\n" % URL,
        headers={"Received": received("198.19.0.1")}))
    req = to(env.new_messages(), "third@victim.example")
    ok(len(req) == 1 and "evil.example" not in words_of(req)
       and "Please visit" not in words_of(req),
       "a confirmation request holds none of the signup's body",
       words_of(req))

    # ---- 3. after the budget, a stranger's mail is not run ----
    # A listing logs how many game files it read (show.c, LOG_DEBUG).
    READ = "the list of alice's boards of epaminondas read"
    lim = {"EPAMSERV_STRANGER_SOURCE_LIMIT": "2",
           "EPAMSERV_NOW": str(T0 + 3 * 7200)}
    src = received("192.0.2.9")

    def stranger(subject, body="", who="eve@evil.example"):
        return env.receive(make_mail(who, subject, body,
                                     headers={"Received": src}), env=lim)

    rc, err = stranger("epaminondas games alice all")
    contains(err, READ, "within the budget, a stranger's listing reads the "
             "boards")
    rc, err = stranger("help")
    is_(len(to(env.new_messages(), "eve@evil.example")), 2,
        "the two replies of the source's share went out")
    rc, err = stranger("epaminondas games alice all")
    is_(rc, 0, "after the budget, a stranger's listing is done with")
    ok(READ not in err, "without reading the boards", err)
    contains(err, "outcome=dropped", "its log line says it was dropped")
    contains(err, "budget of replies to strangers is spent: not read",
             "and why")
    rc, err = stranger("multiple", "epaminondas games alice all\n"
                       "epaminondas show alice all\nlist\n")
    ok(READ not in err and "outcome=dropped" in err,
       "nor a multiple mail of listings", err)
    is_(len(to(env.new_messages(), "eve@evil.example")), 0,
        "nothing is sent to the stranger")
    rc, err = stranger("signup evenew Pw12345", who="eve2@evil.example")
    msgs = env.new_messages()
    is_(len(env.confirm_requests("eve2@evil.example", msgs)), 1,
        "a signup still gets its request (a budget of its own)")
    # The reply quotes the request, as mail programs do: the address
    # proved itself, and its welcome is not masked.
    quote = "".join("> " + l + "\n" for l in body_of(
        to(msgs, "eve2@evil.example")[-1]).splitlines()) if msgs else ""
    rc, err = env.receive(make_mail(
        "eve2@evil.example", "Re: " + (env.confirm_requests(
            "eve2@evil.example", msgs) or ["confirm evenew"])[-1],
        "yes\n\n" + quote, headers={"Received": src}), env=lim)
    contains(env.user_file("evenew"), "eve2@evil.example",
             "and its confirmation is carried out")
    contains(words_of(to(env.new_messages(), "eve2@evil.example")),
             "Mail for you goes to eve2@evil.example",
             "its welcome names the address, though the reply quoted it")
finally:
    env.close()
done()
