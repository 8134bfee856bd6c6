#!/usr/bin/env python3
"""Independent port of the f64 constructions of docs/spec/offset.md (X11-X14).

Python floats are IEEE-754 doubles, math.sqrt is correctly rounded and nothing is
fused, so this script gives the same bits as a conforming port. The engine's tests pin
values printed by this script (run it: `python3 docs/spec/offset_constructions.py`).
"""
import math
import struct


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def step_cos_sin(sides):
    # 4-gon step: c = 0, s = 1; each halving c' = sqrt((1 + c) / 2), s' = s / (2 c').
    c, s, n = 0.0, 1.0, 4
    while n < sides:
        c2 = math.sqrt((1.0 + c) / 2.0)
        s = s / (2.0 * c2)
        c = c2
        n *= 2
    return c, s


def choose_sides(r, tol):
    m = 8
    while m < 256:
        c, _ = step_cos_sin(2 * m)
        if r / c - r <= tol:
            return m
        m *= 2
    return 256


def tangent_half_side(r, m):
    c, s = step_cos_sin(2 * m)
    return r * (s / c)


def circumscribed(r, m):
    c, s = step_cos_sin(m)
    v = (r, tangent_half_side(r, m))
    out = []
    for _ in range(m):
        out.append(v)
        x, y = v
        v = (x * c - y * s, x * s + y * c)
    return out


def quadrant(r, h, circ, q, lam):
    w = [(r, lam * h)]
    for j in range(1, q - 1):
        x, y = circ[j]
        w.append((lam * x, lam * y))
    w.append((lam * h, r))
    return w


def area(r, w):
    pts = [(0.0, 0.0), (r, 0.0)] + w + [(0.0, r)]
    s = 0.0
    for i in range(len(pts)):
        xi, yi = pts[i]
        xj, yj = pts[(i + 1) % len(pts)]
        s = s + (xi * yj - xj * yi)
    return s / 2.0


def equal_area_scale(r, m):
    circ = circumscribed(r, m)
    h = tangent_half_side(r, m)
    q = m // 4
    target = math.pi * r * r / 4.0
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2.0
        if area(r, quadrant(r, h, circ, q, mid)) < target:
            lo = mid
        else:
            hi = mid
    return hi


def equal_area_ring(r, m):
    q = m // 4
    lam = equal_area_scale(r, m)
    ring = quadrant(r, tangent_half_side(r, m), circumscribed(r, m), q, lam)
    for j in range(q, m):
        x, y = ring[j - q]
        ring.append((-y, x))
    return ring


def rnd(v):
    return (round(v[0]), round(v[1]))  # Python's round() is half-to-even


if __name__ == "__main__":
    print("step table (sides, cos bits, sin bits):")
    n = 4
    while n <= 512:
        c, s = step_cos_sin(n)
        print(f"    ({n}, 0x{bits(c):016x}, 0x{bits(s):016x}),")
        n *= 2
    print("lambda bits for r = 1000.0 (m, bits):")
    for m in [8, 16, 32, 64, 128, 256]:
        print(f"    ({m}, 0x{bits(equal_area_scale(1000.0, m)):016x}),")
    print("choose_sides (r, tol, m):")
    for r, tol in [(1.0, 1.0), (12.0, 1.0), (13.0, 1.0), (16.0, 1.0), (100.0, 1.0),
                   (1000.0, 1.0), (10000.0, 1.0), (1e6, 1.0), (65536.0, 512.0),
                   (65536.0, 16384.0), (6.5536e4 * 3, 1.0), (1e9, 1.0)]:
        print(f"    ({r!r}, {tol!r}, {choose_sides(r, tol)}),")
    print("rounded equal-area ring r = 16, m = 16:")
    print("   ", [rnd(v) for v in equal_area_ring(16.0, 16)])
    print("rounded equal-area ring r = 100, m = 32:")
    print("   ", [rnd(v) for v in equal_area_ring(100.0, 32)])
    print("rounded circumscribed r = 16, m = 16:")
    print("   ", [rnd(v) for v in circumscribed(16.0, 16)])
