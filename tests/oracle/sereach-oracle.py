# SPDX-License-Identifier: GPL-2.0-or-later
#
# sereach-oracle.py - the oracle side of sereach-oracle.sh: the queries of
# sedta and seinfoflow 4.4.1, answered by the setools classes those two
# scripts drive (DomainTransitionAnalysis, InfoFlowAnalysis), with the
# policy loaded and each graph built once for many queries instead of once
# a query (seinfoflow rebuilds a 1.1-million-edge graph in ~30 s every
# time). Run it with /usr/bin/python3, whose setools is Debian's.
#
#   python3 sereach-oracle.py pick POLICY        candidate names (see below)
#   python3 sereach-oracle.py run JOBS OUTDIR    answer the queries in JOBS
#
# JOBS: one query a line, tab-separated:
#   ID KIND POLICY MAP MODE SOURCE TARGET N MINWEIGHT BOOLS EXCLUDES
# KIND dta or flow; MODE out, in (sedta -r / InfoFlowAnalysis.infoflows(
# out=False), which is seinfoflow 4.4.3's -r), S (-S), A (-A N), rS and rA
# (sedta -r with a target); MAP, TARGET, BOOLS ("-" none, "default" or
# seinfoflow's "a:true,b:false") and EXCLUDES (comma-separated) may be "-".
# OUTDIR/ID gets one line a result: "a -> b" for a transition or flow
# out/in, the steps of a path joined by " | ", sorted; or one line
# "ERROR: message" when setools raised.
#
# pick prints "dta-source NAME" for each domain with a transition out,
# "dta-target NAME" for each domain with one in, "type NAME" for each type.
#
# Both analysis classes mutate their master graph (an excluded entrypoint
# is deleted from it, a disabled conditional rule removed from it: the
# reference's sections 1.1.2 and 1.2.3), so after such a query the graph is
# built again before the next.
import os
import sys

import setools


def steps_line(path):
    return " | ".join(f"{st.source} -> {st.target}" for st in path)


def run_query(a, kind, mode, src, tgt, n):
    out = []
    if mode == "out" or mode == "in":
        if kind == "dta":
            for st in a.transitions(src):
                out.append(f"{st.source} -> {st.target}")
        else:
            for st in a.infoflows(src, out=(mode == "out")):
                out.append(f"{st.source} -> {st.target}")
    elif mode in ("S", "rS"):
        for p in a.all_shortest_paths(src, tgt):
            out.append(steps_line(p))
    else:
        for p in a.all_paths(src, tgt, n):
            out.append(steps_line(p))
    return sorted(out)


def main():
    if sys.argv[1] == "pick":
        p = setools.SELinuxPolicy(sys.argv[2])
        a = setools.DomainTransitionAnalysis(p)
        a._build_subgraph()
        for s, t in a.subG.edges():
            print(f"dta-source {s}")
            print(f"dta-target {t}")
        for t in p.types():
            print(f"type {t}")
        return 0
    jobs, outdir = sys.argv[2], sys.argv[3]
    queries = []
    with open(jobs) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 11:
                queries.append(fields)
    # group so that one policy, map and graph serve many queries; queries
    # that mutate the master graph come last in their group
    def mutates(q):
        return (q[1] == "dta" and q[10] != "-") or (q[1] == "flow" and q[9] != "-")

    queries.sort(key=lambda q: (q[2], q[1], q[3], mutates(q), q[9], q[8], q[4].startswith("r")))
    policies = {}
    maps = {}
    analyses = {}
    for qid, kind, policy, pmap, mode, src, tgt, n, minw, bools, excl in queries:
        if policy not in policies:
            policies.clear()
            analyses.clear()
            policies[policy] = setools.SELinuxPolicy(policy)
        p = policies[policy]
        key = (kind, pmap)
        try:
            if key not in analyses:
                if kind == "dta":
                    analyses[key] = setools.DomainTransitionAnalysis(p)
                else:
                    if pmap not in maps:
                        maps[pmap] = setools.PermissionMap(None if pmap == "-" else pmap)
                    analyses[key] = setools.InfoFlowAnalysis(p, maps[pmap], min_weight=1)
            a = analyses[key]
            exclude = [] if excl == "-" else excl.split(",")
            if kind == "dta":
                rev = mode.startswith("r") or mode == "in"
                if a.reverse != rev:
                    a.reverse = rev
                if [str(t) for t in a.exclude] != exclude:
                    a.exclude = exclude
                res = run_query(a, kind, mode.lstrip("r"), src, tgt, int(n))
                if exclude:
                    a.rebuildgraph = True
                    a.rebuildsubgraph = True
            else:
                if a.min_weight != int(minw):
                    a.min_weight = int(minw)
                if [str(t) for t in a.exclude] != exclude:
                    a.exclude = exclude
                if bools == "-":
                    b = None
                elif bools == "default":
                    b = {}
                else:
                    b = {}
                    for kv in bools.split(","):
                        k, v = kv.split(":")
                        b[k] = v.lower() == "true"
                # a graph that disabled rules were taken out of serves
                # again only the same boolean state (the removal is
                # idempotent); any other needs the graph built anew
                mutated = getattr(a, "sekit_mutated", None)
                if mutated is not None and mutated != bools:
                    a.rebuildgraph = True
                    a.sekit_mutated = None
                if a.booleans != b or a.rebuildgraph:
                    a.booleans = b
                    a.rebuildsubgraph = True
                res = run_query(a, kind, mode, src, tgt, int(n))
                if b is not None:
                    a.sekit_mutated = bools
        except Exception as err:  # setools' own errors, as the scripts print them
            res = [f"ERROR: {err}"]
        tmp = os.path.join(outdir, qid + ".tmp")
        with open(tmp, "w") as f:
            for line in res:
                print(line, file=f)
        os.rename(tmp, os.path.join(outdir, qid))
    return 0


if __name__ == "__main__":
    sys.exit(main())
