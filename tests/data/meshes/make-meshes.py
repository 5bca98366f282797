#!/usr/bin/env python3
"""Write the binary PLY test meshes and the .gz copies (see README.md)."""
import gzip, struct

V = [(0.5 * (i & 1), 0.1 * (i >> 1 & 1), 3.0 * (i >> 2 & 1)) for i in range(8)]
Q = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]

def le():
    h = ("ply\nformat binary_little_endian 1.0\ncomment test box\n"
         "element vertex 8\nproperty uchar flag\nproperty double x\nproperty float y\nproperty double z\n"
         "element face 6\nproperty list uchar uint vertex_indices\nend_header\n").encode()
    b = b"".join(struct.pack("<Bdfd", i, *v) for i, v in enumerate(V))
    b += b"".join(struct.pack("<B4I", 4, *q) for q in Q)
    return h + b

def be():
    h = ("ply\nformat binary_big_endian 1.0\n"
         "element vertex 8\nproperty float64 x\nproperty float32 y\nproperty float64 z\n"
         "element face 6\nproperty list int16 int32 vertex_index\nproperty int material\nend_header\n").encode()
    b = b"".join(struct.pack(">dfd", *v) for v in V)
    b += b"".join(struct.pack(">h4ii", 4, *q, 7) for q in Q)
    return h + b

def gz(data, name):
    with open(name, "wb") as f:
        f.write(gzip.compress(data, 9, mtime=0))

open("box-le.ply", "wb").write(le())
open("box-be.ply", "wb").write(be())
gz(be(), "box-be.ply.gz")
gz(open("box.obj", "rb").read(), "box.obj.gz")
