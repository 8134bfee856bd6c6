// One whole Recast navmesh build from walkable cells, behind a C entry point for the
// `recast_peers` benchmark (compiled by bench/build.rs when RECAST_SRC is set).
//
// Input: an n × n cell map (row-major, nonzero = walkable), each walkable cell given to
// Recast as two floor triangles at height 0. Settings as issue 15 fixes them: cs = the
// cell size, ch = 0.1, walkableRadius in voxels, walkableClimb 0, the simplification
// error, minRegionArea 0, no ledge or low-height filter, no detail mesh.
#include "Recast.h"
#include <vector>

struct B2dRecastOutput {
  int polygons;
  int vertices;
  double area;   // of the polygon mesh, in public units (x and z scaled by cs)
  int status;    // 0 ok, else the step that failed (1 heightfield ... 7 polygon mesh)
};

// The triangle soup of the walkable cells, made once per map (not timed). Each cell's
// two triangles are inset by cs / 1024 so that rasterization gives exactly that cell's
// column: Recast clips triangles to voxel columns, and an edge lying on a column boundary
// is left to its clipping rules.
struct B2dSoup {
  std::vector<float> verts;
  std::vector<int> tris;
  std::vector<unsigned char> areas;
};

extern "C" void* b2d_recast_soup(const unsigned char* cells, int n, float cs) {
  B2dSoup* soup = new B2dSoup();
  const float e = cs / 1024.0f;
  for (int y = 0; y < n; ++y) {
    for (int x = 0; x < n; ++x) {
      if (!cells[y * n + x]) continue;
      const int base = (int)(soup->verts.size() / 3);
      const float x0 = x * cs + e, x1 = (x + 1) * cs - e, z0 = y * cs + e, z1 = (y + 1) * cs - e;
      const float quad[12] = {x0, 0, z0, x0, 0, z1, x1, 0, z1, x1, 0, z0};
      soup->verts.insert(soup->verts.end(), quad, quad + 12);
      // Counter-clockwise seen from +y (Recast's up): normals point up.
      const int t[6] = {base, base + 1, base + 2, base, base + 2, base + 3};
      soup->tris.insert(soup->tris.end(), t, t + 6);
      soup->areas.push_back(RC_WALKABLE_AREA);
      soup->areas.push_back(RC_WALKABLE_AREA);
    }
  }
  return soup;
}

extern "C" void b2d_recast_free_soup(void* soup) { delete static_cast<B2dSoup*>(soup); }

extern "C" B2dRecastOutput b2d_recast_build(const void* soup_ptr, int n, float cs, float ch,
                                            int walkable_radius, int max_verts_per_poly,
                                            float max_error, int merge_region_area) {
  const B2dSoup& soup = *static_cast<const B2dSoup*>(soup_ptr);
  B2dRecastOutput out = {0, 0, 0.0, 0};
  rcContext ctx(false);
  const float bmin[3] = {0, -1, 0};
  const float bmax[3] = {n * cs, 1, n * cs};
  const int walkable_height = 10, walkable_climb = 0;
  rcHeightfield* hf = rcAllocHeightfield();
  rcCompactHeightfield* chf = rcAllocCompactHeightfield();
  rcContourSet* cset = rcAllocContourSet();
  rcPolyMesh* mesh = rcAllocPolyMesh();
  const int ntris = (int)(soup.tris.size() / 3), nverts = (int)(soup.verts.size() / 3);
  if (!rcCreateHeightfield(&ctx, *hf, n, n, bmin, bmax, cs, ch)) out.status = 1;
  else if (!rcRasterizeTriangles(&ctx, soup.verts.data(), nverts, soup.tris.data(),
                                 soup.areas.data(), ntris, *hf, walkable_climb)) out.status = 2;
  else if (!rcBuildCompactHeightfield(&ctx, walkable_height, walkable_climb, *hf, *chf)) out.status = 3;
  else if (!rcErodeWalkableArea(&ctx, walkable_radius, *chf)) out.status = 4;
  else if (!rcBuildDistanceField(&ctx, *chf)) out.status = 5;
  else if (!rcBuildRegions(&ctx, *chf, 0, 0, merge_region_area)) out.status = 5;
  else if (!rcBuildContours(&ctx, *chf, max_error, 0, *cset, RC_CONTOUR_TESS_WALL_EDGES)) out.status = 6;
  else if (!rcBuildPolyMesh(&ctx, *cset, max_verts_per_poly, *mesh)) out.status = 7;
  else {
    out.polygons = mesh->npolys;
    out.vertices = mesh->nverts;
    const int nvp = mesh->nvp;
    double area2 = 0;
    for (int i = 0; i < mesh->npolys; ++i) {
      const unsigned short* p = &mesh->polys[i * 2 * nvp];
      int k = 0;
      while (k < nvp && p[k] != RC_MESH_NULL_IDX) ++k;
      for (int j = 0; j < k; ++j) {
        const unsigned short* a = &mesh->verts[p[j] * 3];
        const unsigned short* b = &mesh->verts[p[(j + 1) % k] * 3];
        area2 += (double)a[0] * b[2] - (double)b[0] * a[2];
      }
    }
    // Recast's polygons wind clockwise in (x, z); the sign says nothing here.
    out.area = (area2 < 0 ? -area2 : area2) / 2.0 * cs * cs;
  }
  rcFreePolyMesh(mesh);
  rcFreeContourSet(cset);
  rcFreeCompactHeightfield(chf);
  rcFreeHeightField(hf);
  return out;
}
