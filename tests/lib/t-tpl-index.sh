#!/bin/sh
# t-tpl-index.sh -- the template index of di.h, ui.h and mi.h (issue 28
# item 4) stays true.  The templates make their names by pasting (tpl.h),
# so that grep finds no definition of vccd_di_mul: each backend header
# carries an index of the names made for it, by template.  This test
# rebuilds that index from the templates' definitions (a line of a
# definition or prototype at file scope that names VCCD_TPL_FN(f) or
# IVD_FN(f)) and compares it with the header's, then checks that every
# vccd_<backend>_ symbol libvccd.so exports is named in a header of
# lib/vccd/, by an index or by a declaration.
#
#   t-tpl-index.sh              the test (from the build directory)
#   t-tpl-index.sh --print di   print di.h's index as it should read
set -u
: "${srcdir:=.}"

templates() {
    case $1 in
    di | ui) echo lib/vccd/ivd_ops.h lib/di/ivd_trig.h ;;
    esac
    echo lib/vccd/geom_impl.h lib/vccd/plugin/elem_impl.h lib/vccd/plugin/kin_impl.h \
        lib/vccd/feature_impl.h lib/feature/piece_impl.h
}

# The names template $1 makes for backend $2.
names() {
    grep -E '^([A-Za-z_][^(]*[ *])?(VCCD_TPL_FN|IVD_FN)\([a-z0-9_]+\)\(' "$srcdir/$1" | grep -v '^#' |
        sed -E 's/^([^(]*[ *])?(VCCD_TPL_FN|IVD_FN)\(([a-z0-9_]+)\)\(.*/\3/' | sort -u | sed "s/^/vccd_$2_/"
}

# The index block of backend $1, as it should read.
index() {
    echo "/* Template index: vccd_$1's names made by the templates (tpl.h), by"
    echo "   template (tests/lib/t-tpl-index.sh --print $1 writes it)."
    for t in $(templates "$1"); do
        n=$(names "$t" "$1" | tr '\n' ' ')
        test -n "$n" || continue
        echo "   ${t#lib/}:"
        echo "$n" | fold -s -w 71 | sed -e 's/ *$//' -e 's/^/     /'
    done
    echo "   (end of the index) */"
}

if [ "${1:-}" = --print ]; then
    index "$2"
    exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/t-tpl-index.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
for b in di ui mi; do
    h=$srcdir/lib/vccd/$b.h
    index "$b" >"$tmp/want"
    sed -n '/^\/\* Template index:/,/(end of the index) \*\//p' "$h" >"$tmp/have"
    if ! diff -u "$tmp/have" "$tmp/want" >"$tmp/diff"; then
        echo "FAIL: the template index of lib/vccd/$b.h is stale (t-tpl-index.sh --print $b):"
        sed 's/^/    /' "$tmp/diff" | head -n 40
        fail=1
    fi
    so=lib/.libs/libvccd.so
    if [ -f "$so" ] && command -v nm >/dev/null 2>&1; then
        for s in $(nm -D --defined-only "$so" | awk '{print $3}' | grep "^vccd_${b}_"); do
            grep -qw "$s" "$h" "$srcdir"/lib/vccd/*.h "$srcdir"/lib/vccd/plugin/*.h ||
                { echo "FAIL: libvccd.so exports $s, which no header of lib/vccd/ names"; fail=1; }
        done
    fi
done
test $fail = 0 && echo "PASS: the template indexes of di.h, ui.h and mi.h"
exit $fail
