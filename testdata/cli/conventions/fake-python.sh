#!/bin/sh
# fake-python.sh KIND — run in an empty folder: builds a fake Python there
# for the tests of the default include folder (analyzer/frontend/pyinclude.c).
#
# Every kind has src/a.c and src/b.c, which parse cleanly only when the
# Python.h they get defines OL_FAKE_PYTHON as the -DEXPECTED they are
# given, and bin/python3-config, which answers -I<this folder>/config-inc
# (whose Python.h says 1) and appends a line to ./probes each time it runs.
#   script  bin/python3 is a script: the tool must run python3-config
#   binary  bin/python3 -> prefix/bin/python3.11, a compiled program (a
#           copy of true), whose prefix/include/python3.11 says 2
#   pyenv   shims/python3 is a pyenv shim for PYENV_ROOT=./pyenv, whose
#           global version (pyenv/version) is 9.9: bin/python3 ->
#           python3.99 and headers saying 3; bin/python3 is a script
set -eu
kind=$1 here=$(pwd)
true_bin=/bin/true
[ -x "$true_bin" ] || true_bin=/usr/bin/true
mkdir -p src bin config-inc
for f in a b; do
	cat > src/$f.c <<C
#include <Python.h>
#if OL_FAKE_PYTHON != EXPECTED
#error "not the expected Python.h"
#endif
int $f(void) { return OL_FAKE_PYTHON; }
C
done
echo '#define OL_FAKE_PYTHON 1' > config-inc/Python.h
cat > bin/python3-config <<S
#!/bin/sh
echo probed >> "$here/probes"
echo "-I$here/config-inc"
S
chmod +x bin/python3-config
case $kind in
script)
	printf '#!/bin/sh\nexit 1\n' > bin/python3
	chmod +x bin/python3 ;;
binary)
	mkdir -p prefix/bin prefix/include/python3.11
	cp "$true_bin" prefix/bin/python3.11
	ln -s ../prefix/bin/python3.11 bin/python3
	echo '#define OL_FAKE_PYTHON 2' > prefix/include/python3.11/Python.h ;;
pyenv)
	mkdir -p shims pyenv/versions/9.9/bin pyenv/versions/9.9/include/python3.99
	cp "$true_bin" pyenv/versions/9.9/bin/python3.99
	ln -s python3.99 pyenv/versions/9.9/bin/python3
	echo '#define OL_FAKE_PYTHON 3' > pyenv/versions/9.9/include/python3.99/Python.h
	cat > shims/python3 <<S
#!/usr/bin/env bash
set -e
export PYENV_ROOT="$here/pyenv"
exec "$here/pyenv/libexec/pyenv" exec "\${0##*/}" "\$@"
S
	chmod +x shims/python3
	printf '#!/bin/sh\nexit 1\n' > bin/python3
	chmod +x bin/python3
	echo 9.9 > pyenv/version ;;
*)
	echo "fake-python.sh: unknown kind '$kind'" >&2
	exit 2 ;;
esac
