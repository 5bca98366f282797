#!/bin/sh
# t-install.sh -- what a user gets from `make install`: installed into a
# temporary DESTDIR, the headers, libvccd and vccd.pc build two examples
# with `pkg-config --cflags --libs vccd` alone (the custom motion needs
# the vccd/plugin/ headers), and they run against the installed library
# (LD_LIBRARY_PATH, the rpath-free way a packaged library is found);
# the Python package imports from where it was installed.  The build
# tree's own files are not changed (libtool relinks the Python module
# into the DESTDIR only).
. "${srcdir:-.}/tests/cli/common.sh"

if ! command -v pkg-config >/dev/null 2>&1; then
    echo "SKIP: no pkg-config"
    exit 77
fi
# a --disable-shared build (the sanitizer pass) installs no shared
# library for a user's program to load
if [ ! -f lib/.libs/libvccd.so ]; then
    echo "SKIP: no shared libvccd in this build"
    exit 77
fi
if [ -z "${vccd_libdir:-}" ]; then
    echo "FAIL: run through make check (it passes the install directories)"
    exit 1
fi
root="$tmp/root"
${MAKE:-make} install DESTDIR="$root" >"$tmp/install.log" 2>&1
check "make install DESTDIR=..." test $? -eq 0 || tail -20 "$tmp/install.log"
lib="$root$vccd_libdir"
pc="$lib/pkgconfig"
check "vccd.pc installed" test -f "$pc/vccd.pc"
check "vccd.h installed" test -f "$root$vccd_includedir/vccd.h"
check "the plugin headers installed" test -f "$root$vccd_includedir/vccd/plugin/motion_impl.h"
# no internal header is installed (the public boundary, issue 27)
for h in heap.h grow.h rng.h feature_impl.h; do
    check "internal $h not installed" test ! -e "$root$vccd_includedir/vccd/$h"
done
# pkg-config with the prefix moved under DESTDIR (vccd.pc's paths are
# relative to ${prefix})
flags=$(PKG_CONFIG_PATH="$pc" pkg-config --define-variable=prefix="$root$vccd_prefix" --cflags --libs vccd)
check "pkg-config --cflags --libs vccd" test -n "$flags"
for ex in distance custom-motion; do
    # shellcheck disable=SC2086
    ${CC:-cc} -std=c11 -o "$tmp/$ex" "$srcdir/examples/$ex.c" -I"$srcdir/examples" $flags -lm \
        >"$tmp/cc.log" 2>&1
    check "cc $ex.c \$(pkg-config --cflags --libs vccd)" test $? -eq 0 || cat "$tmp/cc.log"
    expect 0 "$ex against the installed library" -- env LD_LIBRARY_PATH="$lib" "$tmp/$ex"
    # and it is the installed library it runs on
    check "$ex: linked to the installed libvccd" \
        sh -c "LD_LIBRARY_PATH='$lib' ldd '$tmp/$ex' | grep -q '$lib/libvccd.so'"
done
if [ -n "${vccd_python:-}" ] && [ -n "${vccd_pyexecdir:-}" ]; then
    expect 0 "import vccd from the installed package" -- env LD_LIBRARY_PATH="$lib" \
        PYTHONPATH="$root$vccd_pyexecdir" PYTHONDONTWRITEBYTECODE=1 "$vccd_python" -c \
        "import vccd, sys; assert vccd.__file__.startswith('$root'), vccd.__file__; print(vccd.__version__)"
fi
finish
