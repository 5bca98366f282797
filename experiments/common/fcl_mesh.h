// fcl_mesh.h -- a vccd mesh as FCL's BVHModel<BV> (FCL's own copy of the
// vertices and triangles), for the FCL comparisons of `vccd bench mesh`
// and `vccd run`.  C++ (FCL is); throws what FCL or std throws.
#ifndef VCCD_FCL_MESH_H
#define VCCD_FCL_MESH_H

#include <memory>
#include <vector>

#include <fcl/fcl.h>

#include "vccd/mesh.h"

template <typename BV>
std::shared_ptr<fcl::BVHModel<BV>>
vccd_fcl_mesh_model(const vccd_mesh *m)
{
    std::vector<fcl::Vector3d> v(static_cast<size_t>(m->nv));
    std::vector<fcl::Triangle> t(static_cast<size_t>(m->nt));
    for (long i = 0; i < m->nv; i++)
        v[static_cast<size_t>(i)] = fcl::Vector3d(m->v[i][0], m->v[i][1], m->v[i][2]);
    for (long i = 0; i < m->nt; i++)
        t[static_cast<size_t>(i)] = fcl::Triangle(static_cast<size_t>(m->t[i][0]), static_cast<size_t>(m->t[i][1]),
                                                  static_cast<size_t>(m->t[i][2]));
    auto h = std::make_shared<fcl::BVHModel<BV>>();
    h->beginModel();
    h->addSubModel(v, t);
    h->endModel();
    return h;
}

#endif
