#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 31 item 2: the configuration keys live in one table (config_keys[]
in src/util/conf.c).  `epamserv config` prints every key of it, in its
order; epamserv.conf(5) describes each key with its variable, and the
example configuration (examples/epamserv.conf) shows each one; the
global options of `epamserv --help` are the table's option column."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, SRCDIR, ok, is_, done


def read(*path):
    with open(os.path.join(SRCDIR, *path)) as f:
        return f.read()


# The table: K_TYPE(key, ENV, ...) lines, and the one written out whole.
src = read("src", "util", "conf.c")
body = src[src.index("} config_keys[] = {"):src.index("_Static_assert")]
table = [(k, "EPAMSERV_" + e) for k, e in
         re.findall(r"^\tK_[A-Z]+\((\w+), ([A-Z_]+),", body, re.M)]
table += re.findall(r'^\t\{ "(\w+)", "(EPAMSERV_\w+)"', body, re.M)
order = [k for k in re.findall(r'^\tK_[A-Z]+\((\w+),|^\t\{ "(\w+)", "EPAMSERV',
                               body, re.M)]
order = [a or b for a, b in order]
ok(len(table) == len(order) >= 65 and len(set(order)) == len(order),
   "the table has its keys once each", order)
n = re.search(r"#define CONFIG_NKEYS (\d+)", read("src", "util", "conf.h"))
is_(len(table), int(n.group(1)), "CONFIG_NKEYS counts them")

# `epamserv config` with nothing set: every key of the table, in order.
env = {k: v for k, v in os.environ.items() if not k.startswith("EPAMSERV_")}
p = subprocess.run([BIN, "--config", "/dev/null", "config"], env=env,
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
printed = re.findall(r"^(\w+) = ", p.stdout.decode(), re.M)
is_(printed, order, "epamserv config prints the table's keys in its order")

# The manual: one ".BR key (ENV)" entry per key, the same variable.
man = read("man", "epamserv.conf.5")
entries = re.findall(r'^\.BR (\w+) " \((EPAMSERV_\w+)\)"', man, re.M)
is_(sorted(set(entries) - set(table)), [],
    "epamserv.conf(5) describes no key or variable the table lacks")
is_(sorted(set(table) - set(entries)), [],
    "epamserv.conf(5) describes every key of the table with its variable")
is_(len(entries), len(set(entries)), "and each once")

# The example: each key once, set or commented out.
example = read("examples", "epamserv.conf")
shown = re.findall(r"^#?(\w+) =", example, re.M)
keys = set(order)
is_(sorted(set(shown) - keys), [], "the example shows no unknown key")
is_(sorted(keys - set(shown)), [], "the example shows every key")

# The global options: the option column, each in the usage.
p = subprocess.run([BIN, "--help"], env=env, stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE)
usage = p.stdout.decode()
opts = re.findall(r'"(--[a-z-]+)"', body)
is_(sorted(opts), ["--from", "--smtp-url", "--spool", "--templates"],
    "the table's options are the four global ones")
for o in opts:
    ok(re.search(r"\[%s [A-Z]+\]" % o, usage), "epamserv --help shows %s" % o,
       usage)
done()
