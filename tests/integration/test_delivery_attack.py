#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Attack on delivery (issue 12, item 5): a relay that answers one
recipient's RCPT with 421 (Postfix access(5) maps may, and then hang up)
must not hold back every other mail.  Such a mail is backed off like one
whose connection was lost while it was sent, and the run ends; the next
run sends the others.  On branch i12 the 421 counted as "relay down":
no back-off, tried first on every run, so no mail after it ever left."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, Server, ok, is_, done

T0 = 1796000000
POISON = "poison@trap.example"
OTHER = ["alice@example.org", "bob@example.org"]

env = Env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    for i, addr in enumerate([POISON] + OTHER):
        env.signup(addr, addr.split("@")[0], "pw%d" % i)
    for m in env.outbox_messages():
        os.unlink(m.path)
    for addr in [POISON] + OTHER:
        env.mail(addr, "help")
    queued = [m.envelope_to[0] for m in env.outbox_messages()]
    is_(queued, [POISON] + OTHER, "the mail to the refused recipient is "
        "first in the queue")

    root = os.path.join(env.root, "relay")
    os.makedirs(root)
    srv = Server(root, extra=["--fail-rcpt", POISON + "=421"])
    try:
        url = {"EPAMSERV_SMTP_URL": srv.url}
        for i in range(3):
            env.run("flush", env=dict(url, EPAMSERV_NOW=str(T0 + 60 * i)))
        got = sorted(a for m in srv.messages() for a in m.envelope_to)
        is_(got, OTHER, "after three flushes the other mails went out")
        left = [m.envelope_to[0] for m in env.outbox_messages()]
        is_(left, [POISON], "the refused one stays queued, backed off")
    finally:
        srv.stop()
finally:
    env.close()
done()
