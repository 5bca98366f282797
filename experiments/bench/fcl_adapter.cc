// fcl_adapter.cc -- FCL's distance() for the bench comparison (see
// fcl_adapter.h).  FCL is C++, so this one file is too.
#include <memory>
#include <vector>

#include <fcl/fcl.h>

#include "config.h"
#include "fcl_adapter.h"
#include "fcl_mesh.h"

struct vccd_fcl_model {
    std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> bvh;
};

extern "C" vccd_fcl_model *
vccd_fcl_model_new(const vccd_mesh *m)
{
    try {
        auto h = vccd_fcl_mesh_model<fcl::OBBRSSd>(m);
        auto *f = new vccd_fcl_model;
        f->bvh = h;
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
