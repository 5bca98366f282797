"""cli.py -- `python3 -m vccd COMMAND`: the package's command line."""
import sys

import vccd

USAGE = """usage: python3 -m vccd COMMAND [ARGS]

commands:
  bench [toc] [queries] [--repeat N] [--queries DIR] [--cli PATH]
             what the Python layer costs over the library (vccd.bench)
  models     the motion models and their parameters
  version    print the version of the package and of libvccd
"""


def models():
    for name, cls in vccd.MOTIONS.items():
        print("%s (vccd.%s): %s" % (name, cls.__name__, cls.summary))
        for s in cls.signatures:
            print("  %s(%s)" % (cls.__name__, ", ".join(p.key if p.default is None else "%s=%s" % (p.key, p.default)
                                                        for p in s.params)))
    return 0


def main(argv):
    if not argv or argv[0] in ("-h", "--help", "help"):
        sys.stdout.write(USAGE)
        return 0 if argv else 2
    cmd, args = argv[0], argv[1:]
    try:
        if cmd == "bench":
            from vccd import bench
            return bench.main(args)
        if cmd == "models":
            return models()
        if cmd in ("version", "--version"):
            print("vccd %s (python package and libvccd)" % vccd.__version__)
            return 0
    except vccd.Error as err:
        # one line, as the command line's messages
        sys.stderr.write("vccd: %s\n" % err)
        return 2
    sys.stderr.write("vccd: unknown command '%s' (python3 -m vccd --help)\n" % cmd)
    return 2
