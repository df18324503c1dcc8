#!/usr/bin/env python3
"""The crate's import graph, file by file (tests/terminal/layering.rs runs it).

Prints files that import each other and top-level modules that import each
other; exits 1 when there is any of them. (The core of plain types,
`domain`, is a crate of its own, crates/memdoor-core: the compiler keeps it
importing nothing.) Reads `use crate::…`, `use
super::…` and inline `crate::…` paths; test modules are left out."""
import os, re, sys, itertools
root = sys.argv[1] if len(sys.argv) > 1 else 'src'
files = {}
for d, _, fs in os.walk(root):
    for f in fs:
        if f.endswith('.rs') and f != 'tests.rs' and not f.endswith('_tests.rs'):
            p = os.path.join(d, f)
            rel = os.path.relpath(p, root)[:-3]
            parts = rel.split('/')
            if parts[-1] in ('mod', 'lib', 'main'):
                parts = parts[:-1]
            files[tuple(parts)] = p
mods = set(files)
def resolve(path):
    # longest prefix that is a file module
    for i in range(len(path), -1, -1):
        if tuple(path[:i]) in mods:
            return tuple(path[:i])
    return None
edges = {}
for m, p in files.items():
    src = open(p).read()
    # strip cfg(test) mod tests blocks roughly: ignore lines after '#[cfg(test)]' at top level
    cut = src.find('#[cfg(test)]\nmod tests')
    if cut >= 0: src = src[:cut]
    src = re.sub(r'//[^\n]*', '', src)
    deps = set()
    is_dir_mod = p.endswith('mod.rs') or p.endswith('lib.rs') or p.endswith('main.rs')
    for mt in re.finditer(r'\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+)', src):
        segs = mt.group(2).strip(':').split('::')
        if mt.group(1) == 'crate':
            base = []
        else:
            base = list(m[:-1])
            while segs and segs[0] == 'super':
                segs = segs[1:]; base = base[:-1]
        r = resolve(base + segs)
        if r is not None and r != m and r != ():
            deps.add(r)
    # use crate::x::{a, b::c}
    for mt in re.finditer(r'use\s+((?:crate|super)::[a-z_:]*)\{([^}]*)\}', src):
        segs0 = mt.group(1).strip(':').split('::')
        if segs0[0] == 'crate': base = segs0[1:]
        else:
            base = list(m[:-1]); segs0 = segs0[1:]
            while segs0 and segs0[0] == 'super': segs0 = segs0[1:]; base = base[:-1]
            base = base + segs0
        for item in mt.group(2).split(','):
            item = item.strip().split(' as ')[0]
            r = resolve(base + [s for s in item.split('::') if s])
            if r and r != m: deps.add(r)
    edges[m] = deps
def name(m): return '/'.join(m) or 'crate'
def ancestor(a, b):  # a is ancestor module of b
    return len(a) < len(b) and b[:len(a)] == a
mutual = set()
for a in edges:
    for b in edges[a]:
        if a in edges.get(b, ()) and not ancestor(a, b) and not ancestor(b, a):
            mutual.add(tuple(sorted((name(a), name(b)))))
print('mutual imports (files):')
for a, b in sorted(mutual): print('  ', a, '<->', b)
# top-level layer cycles
top = {}
for a, ds in edges.items():
    if not a: continue
    for b in ds:
        if b and a[0] != b[0]:
            top.setdefault(a[0], set()).add(b[0])
print('top-level module deps:')
for k in sorted(top): print('  ', k, '->', ' '.join(sorted(top[k])))
print('top-level mutual:')
bad = len(mutual)
for a in sorted(top):
    for b in sorted(top[a]):
        if a < b and a in top.get(b, ()):
            why1 = [name(x)+'->'+name(y) for x in edges for y in edges[x] if x and y and x[0]==a and y[0]==b]
            why2 = [name(x)+'->'+name(y) for x in edges for y in edges[x] if x and y and x[0]==b and y[0]==a]
            print('  ', a, '<->', b, '|', ' '.join(why2[:6]))
            bad += 1
sys.exit(1 if bad else 0)
