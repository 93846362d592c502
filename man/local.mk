# SPDX-License-Identifier: GPL-3.0-or-later
# man: manual pages
dist_man_MANS += man/epamserv.1
dist_man_MANS += man/epamserv.conf.5 man/epamserv-rules.7
