# src/pipeline (issue 31): the mail pipeline -- intake, authentication
# scan, tokens in replies, the incoming log, held mail, dispatch and
# delivery reports.  Each file appends its line below.
