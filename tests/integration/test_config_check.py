#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 13, item 7: `epamserv config --check` verifies what can be
verified without sending mail (an absolute spool its owner can write,
the log file's directory, password files readable and mode 600 or
stricter, CA files readable, remind_days below forfeit_days, a warning
for a password in smtp_url); `config` names where each value came from
(default, FILE:LINE, the variable, the option) and `config -n` prints
only the values that differ from the defaults."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done


def origins(out):
    """{key: (value, origin)} of `epamserv config`'s output."""
    got = {}
    for line in out.splitlines():
        m = re.match(r"^(\w+) = (.*?) +# (.*)$", line)
        if m:
            got[m.group(1)] = (m.group(2), m.group(3))
    return got


env = Env(smtp=False)
try:
    os.makedirs(env.spool, 0o750)
    conf = os.path.join(env.root, "epamserv.conf")
    with open(conf, "w") as f:
        f.write("# a comment\nretry_days = 3\n\nrate_limit = 60\n")
    env.env["EPAMSERV_CONF"] = conf

    # -- where each value came from ------------------------------------
    rc, out, err = env.run("--from", "games@example.org", "config",
                           env={"EPAMSERV_RELAY_LIMIT": "50"})
    is_(rc, 0, "config exits 0")
    got = origins(out)
    is_(got.get("retry_days"), ("3", conf + ":2"),
        "a value from the file names the file and its line")
    is_(got.get("relay_limit"), ("50", "EPAMSERV_RELAY_LIMIT"),
        "a value from the environment names the variable")
    is_(got.get("from"), ("games@example.org", "--from"),
        "a value from an option names the option")
    is_(got.get("forfeit_days"), ("21", "default"), "a default says so")
    is_(got.get("spool"), (env.spool, "EPAMSERV_SPOOL"),
        "the spool from the harness's variable")
    ok(len(got) >= 35, "every key is printed with its origin", out)

    # -- config -n: only what differs from the defaults ----------------
    rc, out, err = env.run("config", "-n", env={"EPAMSERV_LOG": "stderr"})
    is_(rc, 0, "config -n exits 0")
    keys = set(origins(out))
    ok("retry_days" in keys and "log" in keys and "spool" in keys,
       "config -n prints the values set", out)
    ok("rate_limit" not in keys,
       "config -n leaves out a value set to its default", out)
    ok("forfeit_days" not in keys and "smtp_timeout" not in keys,
       "config -n leaves out the defaults", out)
    # What config prints reads back as a config file, the same settings.
    again = os.path.join(env.root, "again.conf")
    with open(again, "w") as f:
        f.write(out)
    rc, out2, err = env.run("config", "-n", env={"EPAMSERV_CONF": again,
                                                 "EPAMSERV_LOG": "stderr"})
    ok(rc == 0, "the printed settings load as a config file", err)
    is_({k: v for k, (v, _) in origins(out2).items()},
        {k: v for k, (v, _) in origins(out).items()},
        "and give the same values")

    # -- config --check -------------------------------------------------
    rc, out, err = env.run("config", "--check")
    ok(rc == 0, "config --check on a good setup exits 0", err)
    contains(out, "the configuration is valid", "and says so")

    def check(why, extra, want_rc, want_err):
        rc, out, err = env.run("config", "--check", env=extra)
        ok(rc == want_rc, "config --check: %s: exit %d" % (why, want_rc),
           "exit %d\n%s" % (rc, err))
        if want_err:
            contains(err, want_err, "config --check: %s: it says what" % why)

    # A key given twice in the file: the later one is used, and
    # config --check names both lines (issue 31 item 6).
    twice = os.path.join(env.root, "twice.conf")
    with open(twice, "w") as f:
        f.write("retry_days = 3\nrate_limit = 60\nretry_days = 4\n"
                "rate_limit = 50\n")
    rc, out, err = env.run("config", env={"EPAMSERV_CONF": twice})
    ok(rc == 0 and origins(out).get("retry_days") == ("4", twice + ":3"),
       "a key given twice: the later one is used", (rc, err))
    check("a key given twice", {"EPAMSERV_CONF": twice}, 78,
          "retry_days is given twice in %s, on line 1 and on line 3: the "
          "later one is used; keep one" % twice)
    check("a key given in the file and in the environment",
          {"EPAMSERV_RETRY_DAYS": "5"}, 0, None)
    check("a reminder after the forfeit", {"EPAMSERV_REMIND_DAYS": "21"}, 78,
          "remind_days (21) must be less than forfeit_days (21)")
    check("a relative spool", {"EPAMSERV_SPOOL": "spool"}, 78,
          "spool spool is not an absolute path")
    plain = os.path.join(env.root, "plain")
    open(plain, "w").close()
    check("a spool that is a file", {"EPAMSERV_SPOOL": plain}, 78,
          "spool %s is not a directory" % plain)
    check("a spool not made yet",
          {"EPAMSERV_SPOOL": os.path.join(env.root, "new")}, 0,
          "warning: spool %s does not exist yet"
          % os.path.join(env.root, "new"))
    ok(not os.path.exists(os.path.join(env.root, "new")),
       "config --check does not make the spool")
    if os.geteuid() != 0:
        ro = os.path.join(env.root, "ro")
        os.mkdir(ro, 0o550)
        check("a spool its owner cannot write", {"EPAMSERV_SPOOL": ro}, 78,
              "spool %s is not writable" % ro)
        os.chmod(ro, 0o750)
        check("a log file in a directory that cannot be written",
              {"EPAMSERV_LOG": "/proc/epamserv.log"}, 78,
              "log file /proc/epamserv.log cannot be made")
    pw = os.path.join(env.root, "smtp.pw")
    with open(pw, "w") as f:
        f.write("secret\n")
    os.chmod(pw, 0o644)
    check("a password file others can read",
          {"EPAMSERV_SMTP_PASSWORD_FILE": pw}, 78,
          "smtp_password_file %s must not be readable by group or others"
          % pw)
    os.chmod(pw, 0o600)
    check("a password file of mode 600", {"EPAMSERV_IMAP_PASSWORD_FILE": pw},
          0, None)
    check("a password file that is not there",
          {"EPAMSERV_IMAP_PASSWORD_FILE": pw + ".gone"}, 78,
          "cannot read imap_password_file %s.gone" % pw)
    check("a CA file that is not there",
          {"EPAMSERV_SMTP_CA_FILE": pw + ".ca"}, 78,
          "cannot read smtp_ca_file %s.ca" % pw)
    check("a password in smtp_url",
          {"EPAMSERV_SMTP_URL": "smtp://u:Pw-1234@127.0.0.1:25"}, 0,
          "warning: smtp_url holds a password: put it in smtp_password_file")
    rc, out, err = env.run("config", "--check", env={
        "EPAMSERV_SMTP_URL": "smtp://u:Pw-1234@127.0.0.1:25"})
    ok("Pw-1234" not in out + err, "the warning does not show the password")
    check("AUTH in clear text to another host",
          {"EPAMSERV_SMTP_URL": "smtp://mail.example.org",
           "EPAMSERV_SMTP_USER": "u"}, 78,
          "smtp_url smtp://mail.example.org: the SMTP AUTH password would go")
    # Issue 32: the default language needs its catalogue under
    # locale_dir, and a language name is all it may be.
    locales = os.path.join(env.root, "locale")
    os.makedirs(os.path.join(locales, "de", "LC_MESSAGES"))
    rc, out, err = env.run("config", "--check", env={
        "EPAMSERV_DEFAULT_LANGUAGE": "de", "EPAMSERV_LOCALEDIR": locales})
    # configure --disable-nls (make distcheck): only English, said so.
    nls = "built without NLS" not in err
    check("a default language without a catalogue",
          {"EPAMSERV_DEFAULT_LANGUAGE": "de", "EPAMSERV_LOCALEDIR": locales},
          78, "epamserv: default_language is de but %s holds no catalogue "
          "for it: strangers would read English" % locales if nls else
          "epamserv: default_language is de but this epamserv is built "
          "without NLS (configure --disable-nls): every mail is English")
    po = os.path.join(env.root, "de.po")
    with open(po, "w") as f:
        f.write('msgid ""\nmsgstr "Content-Type: text/plain; '
                'charset=UTF-8\\n"\n')
    subprocess.run(["msgfmt", "-o", os.path.join(
        locales, "de", "LC_MESSAGES", "epamserv.mo"), po], check=True)
    check("a default language with its catalogue",
          {"EPAMSERV_DEFAULT_LANGUAGE": "de", "EPAMSERV_LOCALEDIR": locales},
          0 if nls else 78, None)
    rc, out, err = env.run("config", "--check", env={
        "EPAMSERV_DEFAULT_LANGUAGE": "../de"})
    ok(rc == 78 and "default_language" in err,
       "a default language that is no language name is refused", err)
    rc, out, err = env.run("config", "--check", env={
        "EPAMSERV_LOCALEDIR": "po"})
    ok(rc == 78 and "locale_dir" in err,
       "a relative locale_dir is refused", err)
finally:
    done()
