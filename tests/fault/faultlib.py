# SPDX-License-Identifier: GPL-3.0-or-later
"""What the fault-injection tests share: where the shim is, the
environment that preloads it, and the call counts of a clean run
(tests/fault/libfault.c)."""
import os

from harness import BIN

BUILD = os.path.dirname(os.path.dirname(os.path.abspath(BIN)))
SHIM = os.environ.get("EPAMSERV_LIBFAULT",
                      os.path.join(BUILD, "tests", "fault", "libfault.so"))
NOW = "2026-12-01T10:00:00Z"   # every run sees the same clock


def shim_env(**extra):
    """Variables that preload the shim (under AddressSanitizer too: the
    shim comes before the sanitizer runtime, and its allocations are not
    leaks to report), plus extra."""
    asan = os.environ.get("ASAN_OPTIONS", "")
    pre = os.environ.get("LD_PRELOAD", "")   # the syslog trap of make check
    env = {"LD_PRELOAD": SHIM + (":" + pre if pre else ""),
           "ASAN_OPTIONS": (asan + ":" if asan else "") +
           "verify_asan_link_order=0:detect_leaks=0"}
    env.update(extra)
    return env


def read_counts(path):
    """{call: count} from a FAULT_COUNT_FILE."""
    counts = {}
    with open(path) as f:
        for line in f:
            k, v = line.split()
            counts[k] = int(v)
    return counts
