// One whole Recast navmesh build from walkable cells, behind a C entry point for the
// `recast_peers` benchmark, and a Detour navmesh and path query on it for `path_queries`
// (compiled by bench/build.rs when RECAST_SRC is set).
//
// Input: an n × n cell map (row-major, nonzero = walkable), each walkable cell given to
// Recast as two floor triangles at height 0. Settings as issue 15 fixes them: cs = the
// cell size, ch = 0.1, walkableRadius in voxels, walkableClimb 0, the simplification
// error, minRegionArea 0, no ledge or low-height filter, no detail mesh.
#include "Recast.h"
#include <cstring>
#include <vector>
#ifdef B2D_DETOUR
#include "DetourNavMesh.h"
#include "DetourNavMeshBuilder.h"
#include "DetourNavMeshQuery.h"
#endif

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

// The settings of one build (`recast::Settings` on the Rust side): the map's side n,
// cs, ch, walkableRadius (voxels), vertices a polygon, maxSimplificationError,
// mergeRegionArea.
struct B2dRecastSettings {
  int n;
  float cs;
  float ch;
  int walkable_radius;
  int max_verts_per_poly;
  float max_error;
  int merge_region_area;
};

// Recast's steps from the soup to a polygon mesh; `out.status` names the step that
// failed (the mesh is then freed and null).
static rcPolyMesh* build_poly_mesh(const B2dSoup& soup, const B2dRecastSettings& settings,
                                   B2dRecastOutput& out) {
  const int n = settings.n, walkable_radius = settings.walkable_radius;
  const float cs = settings.cs, ch = settings.ch;
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
  else if (!rcBuildRegions(&ctx, *chf, 0, 0, settings.merge_region_area)) out.status = 5;
  else if (!rcBuildContours(&ctx, *chf, settings.max_error, 0, *cset, RC_CONTOUR_TESS_WALL_EDGES)) out.status = 6;
  else if (!rcBuildPolyMesh(&ctx, *cset, settings.max_verts_per_poly, *mesh)) out.status = 7;
  rcFreeContourSet(cset);
  rcFreeCompactHeightfield(chf);
  rcFreeHeightField(hf);
  if (out.status != 0) {
    rcFreePolyMesh(mesh);
    return nullptr;
  }
  return mesh;
}

extern "C" B2dRecastOutput b2d_recast_build(const void* soup_ptr,
                                            const B2dRecastSettings* settings) {
  const B2dSoup& soup = *static_cast<const B2dSoup*>(soup_ptr);
  const float cs = settings->cs;
  B2dRecastOutput out = {0, 0, 0.0, 0};
  rcPolyMesh* mesh = build_poly_mesh(soup, *settings, out);
  if (mesh) {
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
    rcFreePolyMesh(mesh);
  }
  return out;
}

#ifdef B2D_DETOUR
// A Detour navmesh (one tile, no detail mesh, every polygon flag 1) and a query object
// on the polygon mesh of b2d_recast_build, for the `path_queries` benchmark.
struct B2dDetour {
  dtNavMesh* nav = nullptr;
  dtNavMeshQuery* query = nullptr;
  dtQueryFilter filter;
  std::vector<dtPolyRef> corridor = std::vector<dtPolyRef>(1 << 16);
  int polygons = 0;
};

extern "C" void b2d_detour_free(void* handle) {
  B2dDetour* d = static_cast<B2dDetour*>(handle);
  if (!d) return;
  dtFreeNavMeshQuery(d->query);
  dtFreeNavMesh(d->nav);
  delete d;
}

// Null when Recast or Detour fails (status: Recast's step, or 8 Detour's data, 9 its init).
extern "C" void* b2d_detour_new(const void* soup_ptr, const B2dRecastSettings* settings,
                                int* status) {
  const B2dSoup& soup = *static_cast<const B2dSoup*>(soup_ptr);
  const float cs = settings->cs, ch = settings->ch;
  const int walkable_radius = settings->walkable_radius;
  B2dRecastOutput out = {0, 0, 0.0, 0};
  rcPolyMesh* mesh = build_poly_mesh(soup, *settings, out);
  *status = out.status;
  if (!mesh) return nullptr;
  std::vector<unsigned short> flags(mesh->npolys, 1);
  dtNavMeshCreateParams params;
  std::memset(&params, 0, sizeof(params));
  params.verts = mesh->verts;
  params.vertCount = mesh->nverts;
  params.polys = mesh->polys;
  params.polyAreas = mesh->areas;
  params.polyFlags = flags.data();
  params.polyCount = mesh->npolys;
  params.nvp = mesh->nvp;
  params.walkableHeight = 10 * ch;
  params.walkableRadius = walkable_radius * cs;
  params.walkableClimb = 0;
  rcVcopy(params.bmin, mesh->bmin);
  rcVcopy(params.bmax, mesh->bmax);
  params.cs = cs;
  params.ch = ch;
  params.buildBvTree = true;
  unsigned char* data = nullptr;
  int size = 0;
  B2dDetour* d = new B2dDetour();
  d->polygons = mesh->npolys;
  const bool made = dtCreateNavMeshData(&params, &data, &size);
  rcFreePolyMesh(mesh);
  if (!made) {
    *status = 8;
    delete d;
    return nullptr;
  }
  d->nav = dtAllocNavMesh();
  d->query = dtAllocNavMeshQuery();
  if (dtStatusFailed(d->nav->init(data, size, DT_TILE_FREE_DATA)) ||
      dtStatusFailed(d->query->init(d->nav, 65535))) {
    *status = 9;
    b2d_detour_free(d);
    return nullptr;
  }
  return d;
}

// A straight path from (sx, sy) to (ex, ey) (the map's x and y; Detour's x and z):
// its corner count (the corners in `points`, x y pairs); 0 when either end has no
// polygon within `reach`, -2 when the corridor does not reach the goal's polygon (they
// are not connected), -1 on a failure.
extern "C" int b2d_detour_path(void* handle, float sx, float sy, float ex, float ey, float reach,
                               float* points, int max_points) {
  B2dDetour* d = static_cast<B2dDetour*>(handle);
  const float start[3] = {sx, 0, sy}, end[3] = {ex, 0, ey}, extent[3] = {reach, 1, reach};
  dtPolyRef from = 0, to = 0;
  float from_at[3], to_at[3];
  if (dtStatusFailed(d->query->findNearestPoly(start, extent, &d->filter, &from, from_at)) ||
      dtStatusFailed(d->query->findNearestPoly(end, extent, &d->filter, &to, to_at)))
    return -1;
  if (!from || !to) return 0;
  int count = 0;
  const dtStatus found = d->query->findPath(from, to, from_at, to_at, &d->filter, d->corridor.data(),
                                            &count, (int)d->corridor.size());
  if (dtStatusFailed(found)) return -1;
  if (count == 0 || d->corridor[count - 1] != to) return -2;
  std::vector<float> corners(3 * max_points);
  int corner_count = 0;
  if (dtStatusFailed(d->query->findStraightPath(from_at, to_at, d->corridor.data(), count,
                                                corners.data(), nullptr, nullptr, &corner_count,
                                                max_points, 0)))
    return -1;
  for (int i = 0; i < corner_count; ++i) {
    points[2 * i] = corners[3 * i];
    points[2 * i + 1] = corners[3 * i + 2];
  }
  return corner_count;
}
#endif
