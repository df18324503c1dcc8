#!/usr/bin/env python3
"""What the team's answers on a repository set become, one round, fast.

    python3 scripts/repo-answers.py MEMDOOR_BINARY SET_DIR OUT_DIR [--rounds N]

For each repository of SET_DIR (the assets/repos format): a fresh git copy
of its repo/, then `memdoor solve --repo COPY --test CMD --json --rounds N
--max-tokens 512 TASK` (the default team: five coder-0.5b agents), its
events kept in OUT_DIR/NAME.jsonl. Then, from the events: each agent's
answer, whether it became a patch, whether it was asked again (and why)
and whether the second answer became one; the tokens; and three grades
by the private tests (hidden/ laid over the tree with the patch, the test
command run in bubblewrap without network): the team's answer, agent 0's
first patch (single) and any answer's patch (oracle). A session whose
events are already in OUT_DIR is not run again (delete the file to).

`memdoor bench --repos SET_DIR` measures the same and the sample-and-select
arm beside it, at about twice the time: this is the quick look at how many
answers become patches (docs/benchmarks.md says which figures came from
which). Standard library, git and bwrap only.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

GIT = ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.invalid"]


def fresh_copy(case):
    work = Path(tempfile.mkdtemp(prefix="repo-answers-"))
    shutil.copytree(case / "repo", work, dirs_exist_ok=True)
    subprocess.run([*GIT, "init", "-q"], cwd=work, check=True)
    subprocess.run([*GIT, "add", "-A"], cwd=work, check=True)
    subprocess.run([*GIT, "commit", "-qm", "init"], cwd=work, check=True)
    return work


def solve(binary, case, out, rounds):
    events = out / f"{case.name}.jsonl"
    if events.exists():
        return None
    meta = tomllib.loads((case / "meta.toml").read_text())
    work = fresh_copy(case)
    started = time.monotonic()
    with open(events, "w") as stdout, open(out / f"{case.name}.err", "w") as stderr:
        subprocess.run([binary, "solve", "--repo", str(work), "--test", meta["test"], "--json", "--rounds",
                        str(rounds), "--max-tokens", "512", (case / "task.md").read_text()],
                       stdout=stdout, stderr=stderr)
    shutil.rmtree(work, ignore_errors=True)
    return time.monotonic() - started


def grade(case, diff, target, cache):
    """Whether `diff` makes the private tests pass (in bwrap, no network)."""
    if not diff:
        return False
    if (case.name, diff) in cache:
        return cache[(case.name, diff)]
    meta = tomllib.loads((case / "meta.toml").read_text())
    work = Path(tempfile.mkdtemp(prefix="repo-grade-"))
    shutil.copytree(case / "repo", work, dirs_exist_ok=True)
    subprocess.run(["git", "init", "-q"], cwd=work)
    ok = subprocess.run(["git", "apply", "-"], cwd=work, input=diff.encode(), capture_output=True).returncode == 0
    if ok:
        shutil.copytree(case / "hidden", work, dirs_exist_ok=True)
        cmd = ["bwrap", "--ro-bind", "/", "/", "--tmpfs", "/tmp", "--bind", str(work), str(work),
               "--bind", str(target), str(target), "--dev", "/dev", "--proc", "/proc", "--unshare-net",
               "--die-with-parent", "--chdir", str(work), "env", f"CARGO_TARGET_DIR={target}",
               "PATH=/usr/bin:/bin:" + os.environ.get("PATH", ""), "sh", "-c", meta["test"]]
        try:
            ok = subprocess.run(cmd, capture_output=True, timeout=300).returncode == 0
        except subprocess.TimeoutExpired:
            ok = False
    shutil.rmtree(work, ignore_errors=True)
    cache[(case.name, diff)] = ok
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("set", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    target = Path(tempfile.mkdtemp(prefix="repo-grade-target-"))
    cases = sorted(p for p in args.set.iterdir() if (p / "meta.toml").is_file())
    walls = {}
    for case in cases:
        wall = solve(args.binary, case, args.out, args.rounds)
        if wall is not None:
            walls[case.name] = wall
            print(f"{case.name}: {wall:.1f} s", file=sys.stderr)
    total, cache = collections.Counter(), {}
    for case in cases:
        drafts, answer = [], None
        for line in (args.out / f"{case.name}.jsonl").read_text().splitlines():
            try:
                e = json.loads(line)
            except ValueError:
                continue
            if e.get("event") == "AgentDone":
                drafts.append((e["round"], e["agent"], e["draft"]))
            elif e.get("event") == "Consensus":
                answer = e.get("answer")
        first = next((d for r, a, d in drafts if r == 1 and a == 0), None)
        row = collections.Counter(
            repos=1,
            answers=len(drafts),
            patched=sum(1 for *_, d in drafts if d.get("code")),
            asked_again=sum(1 for *_, d in drafts if d.get("reasked")),
            asked_again_patched=sum(1 for *_, d in drafts if d.get("reasked") and d.get("code")),
            tokens=sum(d["usage"]["completion_tokens"] for *_, d in drafts),
            team=grade(case, answer, target, cache),
            single=grade(case, first.get("code") if first else None, target, cache),
            oracle=any(grade(case, d.get("code"), target, cache) for *_, d in drafts),
        )
        for *_, d in drafts:
            if d.get("reasked"):
                row[f"asked_again_{d['reasked']}"] += 1
                row[f"asked_again_{d['reasked']}_patched"] += int(bool(d.get("code")))
        total.update(row)
        print(case.name, json.dumps(dict(row)))
    shutil.rmtree(target, ignore_errors=True)
    if walls:
        total["wall_s"] = round(sum(walls.values()))
    print("total", json.dumps(dict(total)))


if __name__ == "__main__":
    main()
