// fcl_adapter.cc -- FCL's distance() for the bench comparison (see
// fcl_adapter.h).  FCL is C++, so this one file is too.
#include <memory>
#include <vector>

#include <fcl/fcl.h>

#include "config.h"
#include "fcl_adapter.h"

struct vccd_fcl_model {
    std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> bvh;
};

extern "C" vccd_fcl_model *
vccd_fcl_model_new(const vccd_mesh *m)
{
    try {
        std::vector<fcl::Vector3d> v(static_cast<size_t>(m->nv));
        std::vector<fcl::Triangle> t(static_cast<size_t>(m->nt));
        for (long i = 0; i < m->nv; i++)
            v[static_cast<size_t>(i)] = fcl::Vector3d(m->v[i][0], m->v[i][1], m->v[i][2]);
        for (long i = 0; i < m->nt; i++)
            t[static_cast<size_t>(i)] = fcl::Triangle(static_cast<size_t>(m->t[i][0]), static_cast<size_t>(m->t[i][1]),
                                                      static_cast<size_t>(m->t[i][2]));
        auto *f = new vccd_fcl_model;
        f->bvh = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
        f->bvh->beginModel();
        f->bvh->addSubModel(v, t);
        f->bvh->endModel();
        return f;
    } catch (...) {
        return nullptr;
    }
}

extern "C" void
vccd_fcl_model_free(vccd_fcl_model *f)
{
    delete f;
}

static fcl::Transform3d
transform(const double R[9], const double o[3])
{
    fcl::Transform3d tf = fcl::Transform3d::Identity();
    fcl::Matrix3d r;
    r << R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7], R[8];
    tf.linear() = r;
    tf.translation() = fcl::Vector3d(o[0], o[1], o[2]);
    return tf;
}

extern "C" double
vccd_fcl_distance(const vccd_fcl_model *a, const double Ra[9], const double oa[3], const vccd_fcl_model *b,
                  const double Rb[9], const double ob[3])
{
    try {
        fcl::CollisionObjectd A(a->bvh, transform(Ra, oa)), B(b->bvh, transform(Rb, ob));
        fcl::DistanceRequestd req;
        fcl::DistanceResultd res;
        fcl::distance(&A, &B, req, res);
        return res.min_distance;
    } catch (...) {
        return -1.0;
    }
}
