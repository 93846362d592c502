#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The queue operations (issue 13, item 1): `admin outbox hold`,
`release`, `requeue`, `delete` and `show` with IDs, ALL, --to
ADDRESS|@DOMAIN or IDs on standard input, and `flush --to`, against
tests/smtpd.py: a held mail is never sent, a release sends it again, a
flush --to sends only the mails it names, delete ALL empties the queue
and every change is in the admin log."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, contains, done


def listing(env):
    """{recipient: (id, state)} from `epamserv outbox`."""
    rc, out, err = env.run("outbox")
    rows = {}
    for line in out.splitlines():
        w = line.split()
        rows[w[6].strip("<>")] = (w[0], w[1])
    return rows


def sent_to(srv):
    return sorted(a for m in srv.messages() for a in m.envelope_to)


env = Env(smtp=False)
try:
    ADDRS = ["a@x.example", "b@x.example", "c@y.example", "d@y.example"]
    for addr in ADDRS:
        env.mail(addr, "help")
    is_(sorted(listing(env)), ADDRS, "one reply queued for each sender")

    rc, out, err = env.run("admin", "outbox", "hold", "--to", "@Y.example")
    is_(rc, 0, "hold --to @DOMAIN exits 0")
    contains(out, "hold: 2 mails", "it says how many mails it held")
    rows = listing(env)
    is_([rows[a][1] for a in ADDRS], ["queued", "queued", "held", "held"],
        "the two mails to y.example are listed as held")

    os.makedirs(os.path.join(env.root, "srv"))
    srv = Server(os.path.join(env.root, "srv"))
    try:
        url = {"EPAMSERV_SMTP_URL": srv.url}
        rc, out, err = env.run("flush", "--all", env=url)
        is_(rc, 0, "flush exits 0: held mail is not deferred mail")
        is_(sent_to(srv), ADDRS[:2], "flush --all sends no held mail")
        contains(err, "2 on hold", "the run counts the held mails")

        rc, out, err = env.run("admin", "outbox", "release", "ALL")
        is_(rc, 0, "release ALL exits 0")
        rows = listing(env)
        is_([rows[a][1] for a in ADDRS[2:]], ["queued", "queued"],
            "both are queued again")

        rc, out, err = env.run("flush", "--to", "C@y.example", env=url)
        is_(rc, 0, "flush --to ADDRESS exits 0")
        is_(sent_to(srv), ADDRS[:3], "flush --to sends only the mail to that "
            "address (any case)")
        rc, out, err = env.run("flush", "--to", "not an address", env=url)
        is_(rc, 64, "flush --to with no address is a usage error")
    finally:
        srv.stop()

    rows = listing(env)
    did = rows["d@y.example"][0]
    rc, out, err = env.run("admin", "outbox", "show", did)
    is_(rc, 0, "show ID exits 0")
    contains(out, "Envelope-To: <d@y.example>", "show prints the envelope")
    contains(out, "tries: 0", "and the state")
    contains(out, "Subject:", "and the message's header")
    contains(out, "*** text (decoded) ***", "then its text, decoded")
    contains(out, "signup USERID PASSWORD", "the help text itself")
    ok("\r" not in out, "with LF line ends")
    rc, out, err = env.run("admin", "outbox", "show", "--raw", did)
    is_(rc, 0, "show --raw exits 0")
    contains(out, "Content-Transfer-Encoding:", "show --raw prints the file "
             "as stored")

    # A mail a delivery run is sending (it holds the file's flock from
    # before MAIL FROM to after its removal) cannot be put on hold: the
    # run is past the check, so "held" would be a lie.
    import fcntl
    fd = os.open(os.path.join(env.spool, did), os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        rc, out, err = env.run("admin", "outbox", "hold", did)
    finally:
        os.close(fd)
    ok(rc != 0, "hold of a mail being sent fails", (rc, out, err))
    contains(err, "a delivery run is sending it; try again", "and says why")
    ok(not os.path.exists(os.path.join(env.spool, did + ".hold")),
       "and leaves no hold marker")

    rc, out, err = env.run("admin", "outbox", "hold", "-",
                           stdin=("%s queued 1 2 3\n" % did).encode())
    is_(rc, 0, "hold - reads IDs (the first word of each line) from stdin")
    is_(listing(env)["d@y.example"][1], "held", "the mail is held")

    rc, out, err = env.run("admin", "outbox", "delete", "ALL")
    is_(rc, 64, "delete without --reason is refused")
    is_(len(listing(env)), 1, "and deletes nothing")
    rc, out, err = env.run("admin", "outbox", "delete", "../users/x.eml",
                           "--reason", "x")
    is_(rc, 64, "a path is no mail ID")
    rc, out, err = env.run("admin", "outbox", "delete", "ALL", "--reason",
                           "spam run")
    is_(rc, 0, "delete ALL exits 0")
    is_(listing(env), {}, "the queue is empty")
    is_([n for n in os.listdir(os.path.join(env.spool, "outbox"))
         if not n.startswith(".")], [], "no .hold or .retry record is left")
    with open(os.path.join(env.spool, "admin.log")) as f:
        log = f.read()
    contains(log, "%s: delete" % did, "the admin log names each deleted mail")
    contains(log, "spam run", "with the reason")
    contains(log, ": hold", "holds are logged too")
finally:
    env.close()
done()
