#!/usr/bin/env python3
"""Writes a large, realistic-looking .navrules module for the checker benchmark.

    gen-checker-bench.py SCREENS EDGES OUT [--navigators N] [--hooked 0.2] [--seed S]

Screens push random other screens (cycles included); a fraction of the screens carry hooks,
mostly the safe recipes (disable in viewDidAppear / re-enable in viewWillDisappear, delegate
set and restored, bar and title writes) and a few of the traps navrc reports.
"""
import argparse
import random

SAFE_HOOKS = [
    ["on viewDidAppear { popGesture disabled }", "on viewWillDisappear { popGesture enabled }"],
    ["on viewDidAppear { popGestureDelegate guarded }", "on viewWillDisappear { popGestureDelegate system }"],
    ["on viewWillAppear { navigationBar hidden }"],
    ["on viewWillAppear { titleStyle Accent }"],
    ["on viewDidLoad { titleStyle { color systemBlue } }"],
    ["on viewWillDisappear { navigationBar visible }"],
]
TRAPS = [
    ["on viewWillAppear { popGesture disabled }", "on viewWillDisappear { popGesture enabled }"],
    ["on viewDidAppear { popGesture disabled }"],
    ["on viewDidAppear { popGestureDelegate self }"],
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("screens", type=int)
    parser.add_argument("edges", type=int)
    parser.add_argument("out")
    parser.add_argument("--navigators", type=int, default=1)
    parser.add_argument("--hooked", type=float, default=0.2)
    parser.add_argument("--traps", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n = args.screens
    pushes = [set() for _ in range(n)]
    # A spanning chain keeps every screen reachable; the rest of the edges are random.
    for i in range(1, n):
        pushes[rng.randrange(i)].add(i)
    added = n - 1
    while added < args.edges:
        a, b = rng.randrange(n), rng.randrange(n)
        if b not in pushes[a]:
            pushes[a].add(b)
            added += 1
    out = ["style Accent { color #7B2FF7; font system 17 semibold }", ""]
    for k in range(args.navigators):
        root = 0 if k == 0 else rng.randrange(n)
        out.append(f"navigator N{k} {{ root S{root}; titleStyle Accent; backDebounce 300ms }}")
    out.append("")
    for i in range(n):
        body = []
        if pushes[i]:
            body.append("push " + ", ".join(f"S{j}" for j in sorted(pushes[i])))
        r = rng.random()
        if r < 0.05:
            body.append('back confirm "Discard changes?" leave "Discard" stay "Keep"')
        elif r < 0.08:
            body.append("back intercept")
        if rng.random() < 0.05:
            body.append("navigationBar hidden")
            body.append("popGesture forced")
        if rng.random() < args.hooked:
            pool = TRAPS if rng.random() < args.traps / args.hooked else SAFE_HOOKS
            body.extend(rng.choice(pool))
        out.append(f"screen S{i} {{")
        out.extend("    " + line for line in body)
        out.append("}")
    with open(args.out, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
