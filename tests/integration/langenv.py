#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 32: what the language tests share: a small German catalogue
compiled into a test's scratch directory (the German catalogue of po/ is
not relied on), runs with an empty environment as an MTA's pipe gives
them, and whether the program translates at all."""
import os
import subprocess
import sys


def po_string(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"').replace(
        "\n", "\\n")


def catalogue(root, german, plural=None):
    """root/locale/de/LC_MESSAGES/epamserv.mo made from german (msgid:
    msgstr) and plural ((one, many): (one, many) in German); returns
    root/locale."""
    locale = os.path.join(root, "locale")
    d = os.path.join(locale, "de", "LC_MESSAGES")
    os.makedirs(d)
    po = os.path.join(root, "de.po")
    with open(po, "w", encoding="utf-8") as f:
        f.write('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8'
                '\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n"\n')
        for msgid, msgstr in german.items():
            f.write("\n#, c-format\nmsgid %s\nmsgstr %s\n"
                    % (po_string(msgid), po_string(msgstr)))
        for (one, many), (de1, den) in (plural or {}).items():
            f.write("\n#, c-format\nmsgid %s\nmsgid_plural %s\n"
                    "msgstr[0] %s\nmsgstr[1] %s\n"
                    % (po_string(one), po_string(many), po_string(de1),
                       po_string(den)))
    subprocess.run(["msgfmt", "--check-format", "-o",
                    os.path.join(d, "epamserv.mo"), po], check=True)
    return locale


def pipe_env(env, locale, templates=None):
    """env's runs as an MTA's pipe gives them: nothing but epamserv's
    settings (and the test machinery's preload and sanitizer options)."""
    keep = ("LD_PRELOAD", "SYSLOG_TRAP_FILE", "ASAN_OPTIONS",
            "UBSAN_OPTIONS")
    env.env = {k: v for k, v in env.env.items()
               if k.startswith("EPAMSERV_") or k in keep}
    env.env["EPAMSERV_LOCALEDIR"] = locale
    if templates:
        env.env["EPAMSERV_TEMPLATES"] = templates


def nls(env):
    """Whether the program translates at all (configure --disable-nls,
    as make distcheck builds it, compiles gettext out)."""
    rc, out, err = env.run("nosuch", env={"LANGUAGE": "de"}, quiet=True)
    return "unbekannter Befehl" in err


def skip_all(env, why):
    """Skip the whole test for why: env closed (its SMTP server stopped,
    or the TAP driver would wait for it), a plan of 0 printed, and the
    process ended at once (no done(), no second plan line)."""
    env.close()
    print("1..0 # SKIP " + why)
    sys.stdout.flush()
    os._exit(0)


NO_NLS = "built without NLS (configure --disable-nls)"
