# motions-h.awk -- write vccd/motions.h, the typed constructors of every
# motion model, from the parameter tables of the model files (and of
# vccd/plugin/rigid.h, whose shared tables they use).  Makefile.am runs it over
# rigid.h and $(MOTION_SOURCES).  The tables are the X-macros of
# vccd/plugin/motion_impl.h:
#     #define NAME(P, V)  P(key, KIND, count, default, "doc") ... OTHER(P, V) ...
#     #define MODEL_SIGNATURES(S)  S(model, tail, NAME, "doc") ...
# one logical line each (backslash continuations).  The C preprocessor
# expands the same rows into the tables and the definitions, and the
# model files include this header, so a prototype that does not match
# its definition stops the build; anything this script cannot read stops
# it too (exit 1), rather than leaving a constructor out.

function fail(msg) {
    printf "motions-h.awk: %s: %s\n", FILENAME, msg > "/dev/stderr"
    failed = 1
    exit 1
}

# tokens of s into tok[1..ntok]: identifiers and numbers, string
# literals (quotes kept), and ( ) ,
function tokenize(s,    i, c, j, n) {
    ntok = 0
    n = length(s)
    i = 1
    while (i <= n) {
        c = substr(s, i, 1)
        if (c ~ /[ \t]/) { i++; continue }
        if (c ~ /[A-Za-z0-9_]/) {
            j = i
            while (j <= n && substr(s, j, 1) ~ /[A-Za-z0-9_]/) j++
            tok[++ntok] = substr(s, i, j - i)
            i = j
            continue
        }
        if (c == "\"") {
            j = i + 1
            while (j <= n && substr(s, j, 1) != "\"") {
                if (substr(s, j, 1) == "\\") j++
                j++
            }
            if (j > n) fail("unterminated string")
            tok[++ntok] = substr(s, i, j - i + 1)
            i = j + 1
            continue
        }
        if (c == "(" || c == ")" || c == ",") { tok[++ntok] = c; i++; continue }
        fail("unexpected '" c "' in a parameter table")
    }
}

function expect(t) {
    if (tok[pos] != t) fail("expected '" t "', got '" tok[pos] "'")
    pos++
}

# a string: one or more adjacent literals, joined, quotes kept
function string_arg(    s) {
    if (substr(tok[pos], 1, 1) != "\"") fail("expected a string, got '" tok[pos] "'")
    s = substr(tok[pos], 1, length(tok[pos]) - 1)
    pos++
    while (substr(tok[pos], 1, 1) == "\"") {
        s = s substr(tok[pos], 2, length(tok[pos]) - 2)
        pos++
    }
    return s "\""
}

# the body of a table NAME(P, V): rows into table[NAME, i]
function parse_table(name,    kind, row, r) {
    ntab[name] = 0
    while (pos <= ntok) {
        kind = tok[pos++]
        expect("(")
        if (kind == "P" || kind == "V") {
            row = kind
            row = row SUBSEP tok[pos++]; expect(",")            # key
            row = row SUBSEP tok[pos++]; expect(",")            # KIND
            row = row SUBSEP tok[pos++]; expect(",")            # count
            if (tok[pos] == "NULL") { row = row SUBSEP "NULL"; pos++ }
            else row = row SUBSEP string_arg()
            expect(",")
            row = row SUBSEP string_arg()                       # doc
            expect(")")
            table[name, ++ntab[name]] = row
        } else {
            # another table's rows
            expect("P"); expect(","); expect("V"); expect(")")
            if (!(kind in ntab)) fail("table " kind " used before it is defined")
            for (r = 1; r <= ntab[kind]; r++)
                table[name, ++ntab[name]] = table[kind, r]
        }
    }
}

function parse_signatures(    m, t, p, d) {
    while (pos <= ntok) {
        expect("S"); expect("(")
        m = tok[pos++]; expect(",")
        t = tok[pos++]; expect(",")
        p = tok[pos++]; expect(",")
        d = string_arg()
        expect(")")
        if (!(p in ntab)) fail("signature " m "_" t ": no table " p)
        nsig++
        sig_model[nsig] = m; sig_tail[nsig] = t; sig_table[nsig] = p; sig_doc[nsig] = d
    }
}

function unquote(s) { return substr(s, 2, length(s) - 2) }

# print "vccd_motion *NAME(ARGS);" wrapped at 110 columns under the "("
function proto(name, nargs, args,    head, line, i, ind, a) {
    head = "vccd_motion *" name "("
    ind = sprintf("%" length(head) "s", "")
    line = head
    for (i = 1; i <= nargs; i++) {
        a = args[i] (i < nargs ? "," : ");")
        if (line != head && length(line) + 1 + length(a) > 110) {
            print line
            line = ind a
        } else
            line = line (line == head ? "" : " ") a
    }
    print line
}

function emit(k,    name, nrow, r, f, pv, n, dargs, sargs, nd, kind, cnt, def, desc) {
    name = "vccd_motion_" sig_model[k] "_" sig_tail[k]
    nrow = ntab[sig_table[k]]
    pv = 0
    nd = 0
    printf "/* %s: %s.\n", name, unquote(sig_doc[k])
    for (r = 1; r <= nrow; r++) {
        split(table[sig_table[k], r], f, SUBSEP)
        kind = f[3]; cnt = f[4]; def = f[5]
        if (f[1] == "V") pv = 1
        if (kind == "INTEGER") { desc = "integer"; dargs[++nd] = "long " f[2] }
        else {
            desc = kind == "UNIT_QUAT" ? "unit quaternion" : kind == "DIRECTION" ? "direction, " cnt " numbers" \
                 : cnt == 1 ? "1 number" : cnt " numbers"
            if (f[1] == "V") dargs[++nd] = "const double *" f[2]
            else if (cnt == 1) dargs[++nd] = "double " f[2]
            else dargs[++nd] = "const double " f[2] "[" cnt "]"
        }
        if (f[1] == "V") desc = desc " per vertex (n x " cnt ")"
        if (def != "NULL") desc = desc ", default " def
        printf "     %-17s %s: %s\n", f[2], desc, unquote(f[6])
        sargs[r] = "const char *" f[2]
    }
    n = nrow
    if (pv) {
        dargs[++nd] = "int n"; sargs[++n] = "int n"
        printf "     %-17s %s\n", "n", "the number of vertices (the rows of each per-vertex array)"
    }
    dargs[++nd] = "mpfr_prec_t prec"; dargs[++nd] = "vccd_error *e"
    sargs[++n] = "mpfr_prec_t prec"; sargs[++n] = "vccd_error *e"
    print "   */"
    proto(name, nd, dargs)
    proto(name "_str", n, sargs)
    print ""
}

# logical lines: join backslash continuations
{
    line = $0
    while (line ~ /\\$/) {
        if ((getline nxt) <= 0) break
        line = substr(line, 1, length(line) - 1) " " nxt
    }
    if (line ~ /^#define [A-Za-z0-9_]+\(P, V\)/) {
        name = line
        sub(/^#define /, "", name)
        sub(/\(.*/, "", name)
        body = line
        sub(/^#define [A-Za-z0-9_]+\(P, V\)/, "", body)
        tokenize(body)
        pos = 1
        parse_table(name)
    } else if (line ~ /^#define [A-Za-z0-9_]+_SIGNATURES\(S\)/) {
        body = line
        sub(/^#define [A-Za-z0-9_]+_SIGNATURES\(S\)/, "", body)
        tokenize(body)
        pos = 1
        parse_signatures()
    }
}

END {
    if (failed)
        exit 1
    if (nsig == 0) {
        print "motions-h.awk: no signatures found" > "/dev/stderr"
        exit 1
    }
    print "/* motions.h -- the typed constructors of every motion model: generated"
    print "   by lib/motion/motions-h.awk from the parameter tables of the model"
    print "   files in motions/ and of vccd/plugin/rigid.h (edit those, not this file)."
    print ""
    print "   Each returns a new motion (vccd_motion_free), or NULL with e set"
    print "   (\"vccd_motion_NAME_new: [type] key: what is wrong\") as vccd_motion_new"
    print "   (motion.h) does, whose rules they follow: parameters at precision"
    print "   prec; doubles taken exactly, the same parameters as a config holding"
    print "   their exact decimals; a NULL pointer for an optional key gives its"
    print "   default, for a required one an error; NaN, infinities, a non-unit"
    print "   quaternion and whatever the model's parser refuses are errors.  The"
    print "   _str twins take decimal text (config syntax: decimals, rationals P/Q,"
    print "   blank or comma separated), keeping exact decimal semantics. */"
    print "#ifndef VCCD_MOTIONS_H"
    print "#define VCCD_MOTIONS_H"
    print ""
    print "#include \"vccd/motion.h\""
    print "#include \"vccd/export.h\""
    print ""
    print "VCCD_BEGIN_DECLS"
    print ""
    for (k = 1; k <= nsig; k++)
        emit(k)
    print "VCCD_END_DECLS"
    print ""
    print "#endif"
}
