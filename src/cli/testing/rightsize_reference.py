"""slopack's and krr's CPU requests recomputed from docs/rightsize.md, in NumPy, for the tests.

Written from the documentation's rule ("slopack's requests, exactly"; krr's `simple`), not from
the engine's code, and reading the data itself: a Prometheus query_range answer (cores, divided
by the cores of a machine) or a PlanetLab CSV (a row per VM, percent of a machine, times the task
size). Every pod must have a sample at every instant (both histories the tests give do).

Input (one JSON object on stdin): format ("prom-json" or "planetlab"), file, cores or scale,
groups ({workload: [pod ids]}, or null: each pod its own workload), learned ([start, end) instant
indices), capacity, target, lambda (the scale the replay chose: taken from the command's JSON),
min_request. Output (JSON on stdout): per workload {"slopack": request, "krr": request or null},
in machine units.
"""

import json
import sys

import numpy as np
from scipy.stats import norm


def read_prom_json(path, cores):
    with open(path) as f:
        answer = json.load(f)
    return {
        s["metric"]["pod"]: np.array([float(v) for _, v in s["values"]]) / cores
        for s in answer["data"]["result"]
    }


def read_planetlab(path, scale):
    rows = {}
    with open(path) as f:
        f.readline()
        for line in f:
            fields = line.rstrip("\n").split(",")
            rows[fields[1]] = np.array([float(x) for x in fields[2:]]) / 100 * scale
    return rows


def slopack(usage, groups, learned, capacity, target, lam, min_request):
    a, b = learned
    total = sum(x[a:b] for x in usage.values())
    names = list(groups)
    count = np.zeros(len(names))
    mean = np.zeros(len(names))
    var = np.zeros(len(names))
    cov = np.zeros(len(names))
    oversized = np.zeros(len(names), dtype=bool)
    for w, name in enumerate(names):
        for pod in groups[name]:
            x = usage[pod][a:b]
            n = len(x)
            count[w] += n
            mean[w] += n * x.mean()
            var[w] += n * np.mean((x - x.mean()) ** 2)
            cov[w] += n * np.mean((x - x.mean()) * (total - total.mean()))
            oversized[w] |= np.mean(x > capacity) > target
    mean, var, cov = mean / count, var / count, cov / count
    weight = count / count.sum()
    running = max(2.0, count.sum() / (b - a))
    z = norm.ppf(1 - target)
    request = np.minimum(capacity, mean + lam * z * np.sqrt(var))
    for _ in range(4):
        k = min(running, max(1.0, capacity / max(np.sum(weight * request), 1e-12)))
        rho = (k - 1) / (running - 1)
        share = var + rho * np.maximum(0.0, cov - var)
        sigma_node = np.sqrt(max(0.0, k * np.sum(weight * share)))
        kappa = share / sigma_node if sigma_node > 0 else np.zeros_like(share)
        request = np.minimum(capacity, np.maximum(mean, mean + lam * z * kappa))
    request = np.maximum(request, min_request)
    request[oversized] = capacity
    return dict(zip(names, request.tolist()))


def krr(usage, groups, learned, min_request):
    a, b = learned
    out = {}
    for name, pods in groups.items():
        if sum(len(usage[p][a:b]) for p in pods) < 100:
            out[name] = None
            continue
        p95 = max(np.percentile(usage[p][a:b], 95) for p in pods)
        out[name] = max(float(p95), min_request)
    return out


def main():
    c = json.load(sys.stdin)
    if c["format"] == "prom-json":
        usage = read_prom_json(c["file"], c["cores"])
    else:
        usage = read_planetlab(c["file"], c["scale"])
    lengths = {len(x) for x in usage.values()}
    if len(lengths) != 1:
        sys.exit(f"pods of unequal lengths {sorted(lengths)}: every pod needs every instant")
    groups = c["groups"] or {pod: [pod] for pod in usage}
    learned = tuple(c["learned"])
    ours = slopack(usage, groups, learned, c["capacity"], c["target"], c["lambda"], c["min_request"])
    theirs = krr(usage, groups, learned, c["min_request"])
    json.dump({name: {"slopack": ours[name], "krr": theirs[name]} for name in groups}, sys.stdout)


main()
