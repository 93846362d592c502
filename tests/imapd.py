#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A throw-away Dovecot IMAP server on a free loopback port, for the tests.

Everything lives in one fresh directory: the generated dovecot.conf (no
/etc/dovecot involved), a passwd-file with one user, the Maildir that is
the user's INBOX, Dovecot's base_dir, state_dir and log.  Plain text on
127.0.0.1, AUTH=PLAIN without TLS.  A refused login is answered without
Dovecot's brute-force penalty, so a good login right after it is not
delayed (auth_failure_delay = 0 and no anvil-auth-penalty listener).

As root (CI), Dovecot's own users run the login and internal processes
(dovenull, dovecot: Debian's package creates them) and the mail process
runs as nobody, since Dovecot refuses root for both; the directory is
made world-traversable and the Maildir belongs to nobody.  As any other
user, every process runs as that user.

As a module:   d = Dovecot("user", "password"); d.port; d.maildir; d.stop()
               (host="ADDR" listens on another local address)
From a shell:  python3 tests/imapd.py USER PASSWORD  (prints the port,
               runs until interrupted)
"""
import grp
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time


def dovecot_binary():
    for p in (shutil.which("dovecot"), "/usr/sbin/dovecot"):
        if p and os.access(p, os.X_OK):
            return p
    return None


def free_port(host="127.0.0.1"):
    s = socket.socket()
    s.bind((host, 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Dovecot:
    def __init__(self, user, password, root=None, host="127.0.0.1"):
        self.host = host
        self.binary = dovecot_binary()
        if not self.binary:
            raise RuntimeError("dovecot is not installed "
                               "(apt-get install dovecot-imapd)")
        self.root = root or tempfile.mkdtemp(prefix="epamserv-imapd-")
        self.user, self.password = user, password
        self.maildir = os.path.join(self.root, "Maildir")
        self.home = os.path.join(self.root, "home")
        for d in (self.home, os.path.join(self.root, "run"),
                  os.path.join(self.root, "state")):
            os.makedirs(d, exist_ok=True)
        for sub in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(self.maildir, sub), exist_ok=True)
        if os.geteuid() == 0:
            mail = pwd.getpwnam("nobody")
            self.uid = mail.pw_uid
            try:
                self.gid = grp.getgrnam("nogroup").gr_gid
            except KeyError:
                self.gid = mail.pw_gid
            internal, login = "dovecot", "dovenull"
            os.chmod(self.root, 0o755)
            for d in (self.maildir, self.home):
                self.chown_tree(d)
        else:
            self.uid, self.gid = os.getuid(), os.getgid()
            internal = login = pwd.getpwuid(self.uid).pw_name
        with open(os.path.join(self.root, "passwd"), "w") as f:
            f.write("%s:{PLAIN}%s::::::\n" % (user, password))
        os.chmod(os.path.join(self.root, "passwd"), 0o600)
        if os.geteuid() == 0:   # read by the auth process, as dovecot
            os.chown(os.path.join(self.root, "passwd"),
                     pwd.getpwnam(internal).pw_uid, -1)
        self.log = os.path.join(self.root, "dovecot.log")
        for attempt in range(5):
            self.port = free_port(self.host)
            self.conf = os.path.join(self.root, "dovecot.conf")
            with open(self.conf, "w") as f:
                f.write(self.config(internal, login))
            self.err = open(os.path.join(self.root, "dovecot.stderr"), "ab")
            self.proc = subprocess.Popen([self.binary, "-F", "-c", self.conf],
                                         stdout=self.err, stderr=self.err)
            if self.wait_ready():
                return
            self.stop(remove=False)
        raise RuntimeError("dovecot did not start: see %s" % self.log)

    def config(self, internal, login):
        r = self.root
        return "\n".join([
            "protocols = imap",
            "listen = %s" % self.host,
            "base_dir = %s/run" % r,
            "state_dir = %s/state" % r,
            "log_path = %s" % self.log,
            "info_log_path = %s" % self.log,
            "ssl = no",
            "disable_plaintext_auth = no",
            "auth_mechanisms = plain login",
            "auth_failure_delay = 0",
            "default_internal_user = %s" % internal,
            "default_login_user = %s" % login,
            "first_valid_uid = %d" % min(self.uid, 500),
            "first_valid_gid = %d" % min(self.gid, 500),
            "mail_location = maildir:%s" % self.maildir,
            "passdb {",
            "  driver = passwd-file",
            "  args = scheme=PLAIN %s/passwd" % r,
            "}",
            "userdb {",
            "  driver = static",
            "  args = uid=%d gid=%d home=%s" % (self.uid, self.gid, self.home),
            "}",
            "service imap-login {",
            "  chroot =",
            "  inet_listener imap {",
            "    address = %s" % self.host,
            "    port = %d" % self.port,
            "  }",
            "  inet_listener imaps {",
            "    port = 0",
            "  }",
            "}",
            "service anvil {",
            "  chroot =",
            # No authentication penalty: after a refused login Dovecot
            # (anvil) delays the next login from the same address by 2 s
            # and more (doubling to 15 s), and the tests' refused logins
            # are followed by good ones from 127.0.0.1 (Dovecot's wiki,
            # Authentication/Penalty: the listener of mode 0 turns it off).
            "  unix_listener anvil-auth-penalty {",
            "    mode = 0",
            "  }",
            "}",
            ""])

    def wait_ready(self):
        for _ in range(200):
            if self.proc.poll() is not None:
                return False
            try:
                s = socket.create_connection((self.host, self.port), 0.5)
                greeting = s.recv(200)
                s.close()
                if greeting.startswith(b"* OK"):
                    return True
            except OSError:
                pass
            time.sleep(0.05)
        return False

    def chown_tree(self, path):
        if os.geteuid() != 0:
            return
        os.chown(path, self.uid, self.gid)
        for dirpath, dirs, files in os.walk(path):
            for n in dirs + files:
                os.chown(os.path.join(dirpath, n), self.uid, self.gid)

    def deliver(self, data, name):
        """Put a mail into the Maildir's new/ as an MTA would."""
        tmp = os.path.join(self.maildir, "tmp", name)
        with open(tmp, "wb") as f:
            f.write(data)
        self.chown_tree(tmp)
        os.rename(tmp, os.path.join(self.maildir, "new", name))

    def stop(self, remove=True):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        self.err.close()
        if remove:
            shutil.rmtree(self.root, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: imapd.py USER PASSWORD")
    d = Dovecot(sys.argv[1], sys.argv[2])
    print("imap://127.0.0.1:%d/INBOX  (Maildir %s)" % (d.port, d.maildir))
    sys.stdout.flush()
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGINT, signal.SIGTERM])
    try:
        signal.sigwait([signal.SIGINT, signal.SIGTERM])
    finally:
        d.stop()
