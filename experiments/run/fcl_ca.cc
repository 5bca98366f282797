// fcl_ca.cc -- FCL's conservative advancement for `vccd run` (see
// fcl_ca.h).  FCL is C++, so this one file is too.
#include <limits>
#include <memory>
#include <vector>

#include <fcl/fcl.h>
#include <fcl/narrowphase/detail/conservative_advancement_func_matrix.h>
#include <fcl/narrowphase/detail/traversal/distance/mesh_conservative_advancement_traversal_node.h>

#include "config.h"
#include "fcl_ca.h"
#include "fcl_mesh.h"

struct vccd_fcl_ca_model {
    std::shared_ptr<fcl::BVHModel<fcl::RSSd>> rss;
    std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> obbrss;
};

extern "C" vccd_fcl_ca_model *
vccd_fcl_ca_model_new(const vccd_mesh *m)
{
    try {
        auto rss = vccd_fcl_mesh_model<fcl::RSSd>(m);
        auto obbrss = vccd_fcl_mesh_model<fcl::OBBRSSd>(m);
        auto *f = new vccd_fcl_ca_model;
        f->rss = rss;
        f->obbrss = obbrss;
        return f;
    } catch (...) {
        return nullptr;
    }
}

extern "C" void
vccd_fcl_ca_model_free(vccd_fcl_ca_model *f)
{
    delete f;
}

// The (R1, T1, R2, T2, O) constructor: the (tf1, tf2) ones leave the
// reference point or the velocities unset (FCL issue #638).
typedef fcl::InterpMotion<double> interp;

static fcl::Matrix3d
rotation(const double q[4])
{
    return fcl::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
}

// Conservative advancement written here on FCL's pieces: at the current
// poses the RSS traversal node both finds the distance and, from the two
// motions' bounds on how fast any point of a node can close that
// distance, the largest time step that cannot make the meshes meet; the
// clock moves by that step until the step is under the node's time
// tolerance (contact) or past t = 1 (none).  The t = 0 test is done on
// the OBBRSS copies, for which FCL has an oriented collision node, so
// nothing is rebuilt per query.
static int
ca_rss_fast(double *toc, const vccd_fcl_ca_model *a, interp &ma, const vccd_fcl_ca_model *b,
            interp &mb)
{
    fcl::Transform3d pa, pb;
    ma.getCurrentTransform(pa);
    mb.getCurrentTransform(pb);
    {
        fcl::CollisionRequestd req;
        fcl::CollisionResultd res;
        const fcl::CollisionGeometryd *ga = a->obbrss.get(), *gb = b->obbrss.get();
        if (fcl::collide<double>(ga, pa, gb, pb, req, res) > 0) {
            *toc = 0.0;
            return 1;
        }
    }
    fcl::detail::MeshConservativeAdvancementTraversalNodeRSS<double> node;
    // const models pick the RSS node's own initialize (the generic one,
    // for non-const models, would refit the trees)
    const fcl::BVHModel<fcl::RSSd> &ra = *a->rss, &rb = *b->rss;
    fcl::detail::initialize(node, ra, pa, rb, pb);
    node.motion1 = &ma;
    node.motion2 = &mb;
    for (;;) {
        ma.getCurrentTransform(pa);
        mb.getCurrentTransform(pb);
        fcl::Transform3d rel = pa.inverse(Eigen::Isometry) * pb;     // b in a's frame
        node.R = rel.linear();
        node.T = rel.translation();
        node.delta_t = 1.0;
        node.min_distance = std::numeric_limits<double>::max();
        fcl::detail::distanceRecurse(&node, 0, 0, nullptr);
        if (node.delta_t <= node.t_err)
            break;                          // the step is below FCL's tolerance: contact
        node.toc += node.delta_t;
        if (node.toc > 1.0) {
            node.toc = 1.0;
            break;
        }
        ma.integrate(node.toc);
        mb.integrate(node.toc);
    }
    *toc = node.toc;
    return node.toc < 1.0;
}

extern "C" int
vccd_fcl_ca_toc(double *toc, int kind, const vccd_fcl_ca_model *a, const vccd_fcl_ca_frame *fa,
                const vccd_fcl_ca_model *b, const vccd_fcl_ca_frame *fb)
{
    try {
        interp ma(rotation(fa->q0), fcl::Vector3d(fa->p[0], fa->p[1], fa->p[2]), rotation(fa->q1),
                  fcl::Vector3d::Zero(), fcl::Vector3d::Zero());
        interp mb(rotation(fb->q0), fcl::Vector3d(fb->p[0], fb->p[1], fb->p[2]), rotation(fb->q1),
                  fcl::Vector3d::Zero(), fcl::Vector3d::Zero());
        ma.integrate(0.0);      // motions keep their time: start each query at 0
        mb.integrate(0.0);
        if (kind == VCCD_FCL_CA) {
            fcl::ContinuousCollisionRequestd req;
            fcl::ContinuousCollisionResultd res;
            req.ccd_solver_type = fcl::CCDC_CONSERVATIVE_ADVANCEMENT;
            fcl::continuousCollide(a->rss.get(), &ma, b->rss.get(), &mb, req, res);
            *toc = res.is_collide ? res.time_of_contact : 1.0;
            return res.is_collide ? 1 : 0;
        }
        if (kind == VCCD_FCL_CA_RSS) {
            fcl::CollisionRequestd req;
            fcl::CollisionResultd res;
            double t = 1.0;
            bool hit = fcl::detail::conservativeAdvancementMeshOriented<
                fcl::RSSd, fcl::detail::MeshConservativeAdvancementTraversalNodeRSS<double>>(
                *a->rss, &ma, *b->rss, &mb, req, res, t);
            *toc = t;
            return hit ? 1 : 0;
        }
        return ca_rss_fast(toc, a, ma, b, mb);
    } catch (...) {
        return -1;
    }
}
