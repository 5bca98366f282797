"""vccd -- verified continuous collision detection, from Python.

The time of contact of two moving triangle meshes with a proof: [0, lo)
is contact-free, and a certified answer has a contact in [lo, hi]
(help(vccd.toc)).  A binding of libvccd (cffi, API mode); every query
releases the GIL.

    import vccd
    a = vccd.Mesh.load("bunny", center="centroid", radius=1)
    ma = vccd.Ltlrm(start_position=(-2, 0, 0), end_position=(0, 0, 0),
                    start_orientation=(1, 0, 0, 0),
                    end_orientation=(0.7071067811865476, 0.7071067811865476, 0, 0))
    mb = vccd.Ltlrm(o0=(2, 0, 0), v=(-2, 0, 0), omega=(0, 0, 0))
    r = vccd.toc(a, ma, a, mb)
    r.status, r.lo, r.hi                      # 'certified', ...

Meshes: vccd.Mesh.load(spec) (a file, a shape such as "box:1:1:1", a
bundled model such as "bunny") or vccd.Mesh(V, F) from numpy arrays.
Motions: one class per model of the library (vccd.MOTIONS), keyword
parameters from the model's table.  Queries: vccd.toc, vccd.distance,
vccd.toc_pair, vccd.toc_config (a `vccd toc` config file, as the command
line reads it), vccd.queries for N x 8 x 3 batches, and vccd.Scene for
one step of a whole scene (every vertex on a straight line, self-contact
included: Scene(V0, V1, F).toc()), and vccd.Bodies for a step of many
bodies, rigid and deforming mixed.  Errors: vccd.Error
(a ValueError) carrying the library's message.
"""
from vccd._common import Error, lib as _lib, cstr as _cstr
from vccd.config import Problem, toc_config
from vccd.batch import CERTIFIED, NONE, POSSIBLE, Batch, queries
from vccd.mesh import Mesh
from vccd.motion import MOTIONS, Motion
from vccd.query import Distance, Pair, Result, distance, toc, toc_pair
from vccd.scene import Scene, SceneResult
from vccd.bodies import Bodies, BodiesResult

__all__ = ["Error", "Mesh", "Motion", "MOTIONS", "toc", "distance", "toc_pair", "toc_config", "queries", "Result",
           "Distance", "Pair", "Problem", "Batch", "NONE", "CERTIFIED", "POSSIBLE", "Scene", "SceneResult", "Bodies",
           "BodiesResult"]

# One class per registered motion model: vccd.Ltlrm, vccd.VertexLinear, ...
for _c in MOTIONS.values():
    globals()[_c.__name__] = _c
    __all__.append(_c.__name__)
del _c

__version__ = _cstr(_lib.VCCD_VERSION_STRING)
