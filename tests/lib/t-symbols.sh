#!/bin/sh
# t-symbols.sh -- libvccd's public boundary (issue 27 section 2): the
# shared library exports exactly what its installed headers declare.
#
# The headers are installed into a temporary DESTDIR by the same make
# targets as `make install`, so the check reads the installed set, not
# the source tree: each installed header must compile alone against that
# directory (an #include of an uninstalled header fails here), and the
# declarations come from the preprocessed text of those files only, so
# names made by macros (vccd_di_sin from ivd_ops.h's IVD_FN) count.
# Then both directions:
#   - a symbol of `nm -D --defined-only libvccd.so` that no installed
#     header declares is a leak (an internal helper made public);
#   - a function or extern variable declared in an installed header
#     that libvccd.so does not export is a broken promise (a missing
#     VCCD_BEGIN_DECLS, or a declaration of nothing).
# Static and inline functions, typedefs and macros are not symbols and
# are skipped.  Skips (77) without a shared library (the --disable-shared
# sanitizer pass of make check-sanitize) or without nm.
set -u

so=lib/.libs/libvccd.so
test -f "$so" || { echo "SKIP: no shared library ($so): built with --disable-shared"; exit 77; }
command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }
: "${MAKE:=make}"
: "${CC:=cc}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/t-symbols.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM

# only the header targets of `make install`: no library is relinked
$MAKE -s install-includeHEADERS install-nodist_vccdincludeHEADERS \
    install-vccdincludeHEADERS install-vccdpluginHEADERS DESTDIR="$tmp/root" >"$tmp/install.log" 2>&1 || {
    cat "$tmp/install.log"; echo "FAIL: installing the headers"; exit 1; }
top=$(find "$tmp/root" -name vccd.h -type f | head -n 1)
test -n "$top" || { echo "FAIL: vccd.h was not installed"; exit 1; }
inc=$(dirname "$top")
test -d "$inc/vccd/plugin" || { echo "FAIL: no vccd/plugin/ installed"; exit 1; }

fail=0
# Every header with an include guard stands alone; the templates
# (backend_*.h, *_impl.h, ivd_ops.h, motion_instantiate.h) are meant to be
# included by those, with macros set, and are read through them.
: >"$tmp/all.c"
for h in "$inc"/vccd.h "$inc"/vccd/*.h "$inc"/vccd/plugin/*.h; do
    rel=${h#"$inc"/}
    grep -q '^#define VCCD_[A-Z0-9_]*_H$' "$h" || continue
    echo "#include <$rel>" >"$tmp/one.c"
    if ! $CC -std=c11 -fsyntax-only -I"$inc" "$tmp/one.c" >"$tmp/one.log" 2>&1; then
        echo "FAIL: installed <$rel> does not compile alone against the installed headers:"
        sed 's/^/    /' "$tmp/one.log" | head -n 20
        fail=1
    fi
    echo "#include <$rel>" >>"$tmp/all.c"
done
$CC -std=c11 -E -I"$inc" "$tmp/all.c" >"$tmp/all.i" 2>"$tmp/cpp.log" || {
    cat "$tmp/cpp.log"; echo "FAIL: preprocessing the installed headers"; exit 1; }

# The text that came from the installed files, then its file-scope
# declarations: brace bodies dropped (struct members, inline function
# bodies), __attribute__((...)) removed, one declaration per line.
awk -v inc="$inc/" '
/^# [0-9]+ "/ { f = $3; gsub(/"/, "", f); keep = (index(f, inc) == 1); next }
/^#/ { next }
keep { print }
' "$tmp/all.i" | awk '
{ text = text " " $0 }
END {
    n = length(text); depth = 0; out = ""
    for (i = 1; i <= n; i++) {
        c = substr(text, i, 1)
        if (depth == 0 && substr(text, i, 13) == "__attribute__") {
            i += 13; p = 0
            for (; i <= n; i++) {
                c = substr(text, i, 1)
                if (c == "(") p++
                else if (c == ")") { p--; if (p == 0) break }
            }
            continue
        }
        if (c == "{") { depth++; continue }
        if (c == "}") { depth--; if (depth == 0) out = out ";"; continue }
        if (depth == 0) out = out c
    }
    m = split(out, decl, ";")
    for (k = 1; k <= m; k++) {
        d = decl[k]
        gsub(/[ \t]+/, " ", d)
        if (d ~ /(^|[^A-Za-z0-9_])(typedef|static|inline)([^A-Za-z0-9_]|$)/) continue
        if (match(d, /[A-Za-z_][A-Za-z0-9_]* ?\(/)) {
            name = substr(d, RSTART, RLENGTH); sub(/ ?\($/, "", name)
        } else if (d ~ /(^|[^A-Za-z0-9_])extern /) {
            name = d; sub(/[^A-Za-z0-9_]*$/, "", name); sub(/.*[^A-Za-z0-9_]/, "", name)
        } else continue
        if (name ~ /^vccd_/) print name
    }
}' | sort -u >"$tmp/declared"

nm -D --defined-only "$so" | awk 'NF >= 3 { print $3 }' | sed 's/@.*//' | sort -u >"$tmp/exported"

nd=$(wc -l <"$tmp/declared"); ne=$(wc -l <"$tmp/exported")
test "$nd" -gt 100 || { echo "FAIL: only $nd declarations read from the installed headers"; fail=1; }

comm -23 "$tmp/exported" "$tmp/declared" >"$tmp/leaks"
if test -s "$tmp/leaks"; then
    echo "FAIL: exported by libvccd.so but declared in no installed header (hide them, or make them public API):"
    sed 's/^/    /' "$tmp/leaks"
    fail=1
fi
comm -13 "$tmp/exported" "$tmp/declared" >"$tmp/missing"
if test -s "$tmp/missing"; then
    echo "FAIL: declared in an installed header but not exported by libvccd.so:"
    sed 's/^/    /' "$tmp/missing"
    fail=1
fi
echo "exported $ne, declared in the installed headers $nd"
exit $fail
