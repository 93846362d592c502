# SPDX-License-Identifier: GPL-3.0-or-later
# po: the catalogue of the words a person reads (issue 31 item 3).
#
# `make update-po` extracts every string marked _(), N_() or ngettext()
# (src/util/i18n.h) from the .c and .h files of src/ into
# po/epamserv.pot in the build tree, sorted by file, and merges it into
# each language of po/LINGUAS (po/LANG.po in the source tree).  `make`
# compiles each language (msgfmt --check) into the build tree as
# po/LANG/LC_MESSAGES/epamserv.mo, where the tests find them (the
# setting locale_dir; tests/integration/harness.py points it there: the
# program itself never looks into the build tree), and `make install`
# installs them as LOCALEDIR/LANG/LC_MESSAGES/epamserv.mo.  po/linguas.h
# tells the program the languages of po/LINGUAS, for config --check.
#
# This is the whole of it, in place of gettext's po/Makefile.in.in: that
# one wants a recursive build (SUBDIRS = po) and autopoint at autoreconf
# time, and this build is non-recursive.  The file list is
# po/POTFILES.in, as gettext's tools expect: every .c and .h of src/,
# checked against the tree by test_potfiles (so it cannot drift).  The
# .pot is generated, so it is not in git (nor in the tarball: update-po
# makes it from the tarball's sources).

# make distcheck builds and tests the other way, with the marks compiled
# out (make check already covers --enable-nls).
AM_DISTCHECK_CONFIGURE_FLAGS = --disable-nls
EXTRA_DIST += po/LINGUAS po/POTFILES.in
BUILT_SOURCES += po/linguas.h
CLEANFILES += po/linguas.h

# Where update-po writes the template; a test may point it elsewhere.
potfile = po/$(PACKAGE).pot
XGETTEXT_OPTIONS = --language=C --from-code=UTF-8 \
	--keyword=_ --keyword=N_ --keyword=ngettext:1,2 \
	--keyword=headline_sayn:2,3 \
	--keyword=errlang_nsnprintf:3,4 --flag=errlang_nsnprintf:3:c-format \
	--flag=errlang_nsnprintf:4:c-format --flag=errlang_snprintf:3:c-format \
	--flag=errlang_asprintf:1:c-format \
	--add-comments=TRANSLATORS: --sort-by-file --force-po \
	--package-name='$(PACKAGE)' --package-version='$(VERSION)' \
	--msgid-bugs-address='$(PACKAGE_BUGREPORT)'
po_languages = `sed -n -e 's/^ *\([a-z][^ ]*\).*/\1/p' '$(srcdir)/po/LINGUAS'`

# update-pot writes the template alone (what the tests run: they must
# not touch the source tree); update-po also merges it into each language.
update-pot:
	@$(MKDIR_P) po
	$(XGETTEXT) $(XGETTEXT_OPTIONS) --directory='$(srcdir)' \
	  --files-from='$(srcdir)/po/POTFILES.in' --output='$(potfile)'

update-po: update-pot
	@for lang in $(po_languages); do \
	  echo " $(MSGMERGE) --update $(srcdir)/po/$$lang.po $(potfile)"; \
	  $(MSGMERGE) --quiet --update --backup=none \
	    '$(srcdir)/po/'$$lang.po '$(potfile)' || exit 1; \
	done

po/linguas.h: $(srcdir)/po/LINGUAS
	@$(MKDIR_P) po
	$(AM_V_GEN)langs=$(po_languages); \
	printf '/* generated from po/LINGUAS */\n#define EPAMSERV_LINGUAS "%s"\n' \
	  "`echo $$langs`" > $@-t && mv $@-t $@

# Each catalogue compiled again when its .po changes (a stamp per
# language would need the list in make's own syntax; msgfmt is quick).
all-local: po-catalogues
po-catalogues: $(srcdir)/po/LINGUAS
	@for lang in $(po_languages); do \
	  mo=po/$$lang/LC_MESSAGES/$(PACKAGE).mo; \
	  if test ! -f "$$mo" || test '$(srcdir)/po/'$$lang.po -nt "$$mo"; then \
	    echo " $(MSGFMT) po/$$lang.po > $$mo"; \
	    $(MKDIR_P) po/$$lang/LC_MESSAGES && \
	    $(MSGFMT) --check -o "$$mo" '$(srcdir)/po/'$$lang.po || exit 1; \
	  fi; \
	done

install-data-local: po-catalogues
	@for lang in $(po_languages); do \
	  dir='$(DESTDIR)$(localedir)/'$$lang/LC_MESSAGES; \
	  echo " $(INSTALL_DATA) po/$$lang/LC_MESSAGES/$(PACKAGE).mo $$dir"; \
	  $(MKDIR_P) "$$dir" && \
	  $(INSTALL_DATA) po/$$lang/LC_MESSAGES/$(PACKAGE).mo \
	    "$$dir/$(PACKAGE).mo" || exit 1; \
	done

uninstall-local:
	@for lang in $(po_languages); do \
	  rm -f '$(DESTDIR)$(localedir)/'$$lang/LC_MESSAGES/$(PACKAGE).mo; \
	done

# The catalogues of po/LINGUAS go into the tarball with it.
dist-hook: dist-po
dist-po:
	@for lang in $(po_languages); do \
	  cp -p '$(srcdir)/po/'$$lang.po '$(distdir)/po/' || exit 1; \
	done

clean-local: clean-po
clean-po:
	@for lang in $(po_languages); do \
	  rm -f po/$$lang/LC_MESSAGES/$(PACKAGE).mo; \
	done

CLEANFILES += po/$(PACKAGE).pot
.PHONY: update-pot update-po po-catalogues dist-po clean-po
