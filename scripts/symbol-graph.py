#!/usr/bin/env python3
"""Public API surface and undocumented public symbols, from Swift symbol graphs.

    symbol-graph.py surface      [-m MODULE]... PATH...  # sorted lines: public declarations and conformances
    symbol-graph.py undocumented [-m MODULE]... PATH...  # public declarations without a doc comment; exit 1 if any

PATH is a *.symbols.json file or a directory of them (searched recursively): MODULE.symbols.json
and MODULE@OTHER.symbols.json (the module's extensions to OTHER's types). -m keeps only the named
modules (default: every graph found). Works with graphs from `swift package dump-symbol-graph`,
`swiftc -emit-symbol-graph` and the swift-docc-plugin, with or without extension block symbols.
Skipped: symbols the compiler synthesized (`::SYNTHESIZED::`: `!=` from Equatable, protocol
extension members) -- they follow from the conformances, which are listed; and the implicit
marker conformances (Copyable, Escapable, SendableMetatype), which vary between compilers.
Implicit declarations (no source location: an enum's init(rawValue:)) are listed in the surface
but need no doc comment. Graphs extracted at `public` level omit `_underscored`,
`@_documentation(visibility: internal)` and `@_spi` declarations; extract at `internal` level
(and --include-spi-symbols) to list them too: members of non-public types are dropped here.
"""
import glob
import json
import os
import sys

IMPLICIT = {"Swift.Copyable", "Swift.Escapable", "Swift.SendableMetatype"}
PUBLIC = {"public", "open"}


def graphs(paths, modules):
    files = []
    for p in paths:
        files += [p] if p.endswith(".json") else glob.glob(os.path.join(p, "**", "*.symbols.json"), recursive=True)
    seen = set()
    for path in sorted(files):
        label = os.path.basename(path)[: -len(".symbols.json")]  # MODULE or MODULE@OTHER
        if modules and label.split("@")[0] not in modules:
            continue
        if label in seen:
            sys.exit(f"symbol-graph.py: two graphs for {label}: pass one directory per build")
        seen.add(label)
        with open(path) as f:
            yield label, hide_nonpublic_members(json.load(f))


def declaration(fragments):
    """The declaration's text without internal parameter names (they are not API)."""
    out = []
    for i, frag in enumerate(fragments):
        if frag["kind"] == "internalParam":
            # "by d: Int" -> "by: Int"; a parameter with no argument label (a subscript's) -> "_".
            if i >= 2 and fragments[i - 1]["spelling"] == " " and fragments[i - 2]["kind"] == "externalParam":
                out.pop()
            else:
                out.append("_")
            continue
        out.append(frag["spelling"])
    return "".join(out)


def constraints(cs):
    ops = {"conformance": ":", "superclass": ":", "sameType": "=="}
    return ", ".join(f"{c['lhs']} {ops.get(c['kind'], c['kind'])} {c['rhs']}" for c in cs or [])


def availability(items):
    out = []
    for a in items or []:
        dom = a.get("domain", "*")
        for key in ("introduced", "deprecated", "obsoleted"):
            if key in a:
                v = a[key]
                out.append(f"{dom} {key} {v.get('major')}.{v.get('minor', 0)}.{v.get('patch', 0)}")
        if a.get("isUnconditionallyDeprecated"):
            out.append(f"{dom} deprecated")
        if a.get("isUnconditionallyUnavailable"):
            out.append(f"{dom} unavailable")
        if "renamed" in a:
            out.append(f"renamed {a['renamed']}")
        if "message" in a:
            out.append(f"message {a['message']!r}")
    return "; ".join(out)


def own(sym):
    return (sym["accessLevel"] in PUBLIC and "::SYNTHESIZED::" not in sym["identifier"]["precise"]
            and sym["kind"]["identifier"] != "swift.extension")


def hide_nonpublic_members(g):
    """In a graph extracted at `internal` level, a `public func` of an internal type says
    "public": drop symbols whose enclosing declaration (same graph) is not public."""
    access = {tuple(s["pathComponents"]): s["accessLevel"] for s in g["symbols"]
              if s["kind"]["identifier"] != "swift.extension" and "::SYNTHESIZED::" not in s["identifier"]["precise"]}
    def visible(s):
        path = tuple(s["pathComponents"])
        return all(access.get(path[:i], "public") in PUBLIC for i in range(1, len(path)))
    g["symbols"] = [s for s in g["symbols"] if visible(s)]
    return g


def surface(paths, modules):
    lines = set()
    for label, g in graphs(paths, modules):
        by_id = {s["identifier"]["precise"]: s for s in g["symbols"]}
        fallback = {r["target"]: r["targetFallback"].split(".", 1)[-1]
                    for r in g["relationships"] if "targetFallback" in r}
        extended = {r["source"]: r["target"] for r in g["relationships"] if r["kind"] == "extensionTo"}

        def name(usr):
            s = by_id.get(usr)
            if s is not None and own(s):
                return ".".join(s["pathComponents"])
            if s is not None and s["accessLevel"] not in PUBLIC:
                return None
            usr = extended.get(usr, usr)          # an extension block: the type it extends
            return fallback.get(usr) or (".".join(by_id[usr]["pathComponents"]) if usr in by_id else None)

        for s in g["symbols"]:
            if not own(s):
                continue
            line = (f"{label} | {'.'.join(s['pathComponents'])} | {s['kind']['identifier']} | "
                    f"{s['accessLevel']} {declaration(s['declarationFragments'])}")
            ext = s.get("swiftExtension", {}).get("constraints")
            if ext:
                line += f" | where {constraints(ext)}"
            avail = availability(s.get("availability"))
            if avail:
                line += f" | @available {avail}"
            if s.get("spi"):
                line += " | @_spi"
            lines.add(line)
        for r in g["relationships"]:
            if r["kind"] not in ("conformsTo", "inheritsFrom"):
                continue
            src = name(r["source"])
            target = r.get("targetFallback") or name(r["target"])
            if src is None or target is None or target in IMPLICIT:
                continue
            line = f"{label} | {src} | {r['kind']} | {target}"
            if r.get("swiftConstraints"):
                line += f" | where {constraints(r['swiftConstraints'])}"
            lines.add(line)
    for line in sorted(lines):
        print(line)
    return 0


def undocumented(paths, modules):
    missing = []
    for label, g in graphs(paths, modules):
        module = label.split("@")[0]
        for s in g["symbols"]:
            if not own(s) or "location" not in s:   # no location: implicit (init(rawValue:))
                continue
            doc = s.get("docComment")
            text = "".join(l["text"] for l in doc["lines"]).strip() if doc else ""
            # A doc comment inherited from another module (a protocol requirement's) does not count.
            if not text or doc.get("module", module) != module:
                loc = s["location"]
                path = os.path.relpath(loc["uri"].replace("file://", ""))
                line = loc["position"]["line"] + 1
                missing.append((path, line, f"{path}:{line}: undocumented public "
                                f"{s['kind']['displayName'].lower()} {label}.{'.'.join(s['pathComponents'])}"))
    for *_, message in sorted(missing):
        print(message)
    if missing:
        print(f"symbol-graph.py: {len(missing)} undocumented public symbol(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args[0] not in ("surface", "undocumented"):
        sys.exit(__doc__)
    command, args, modules = args[0], args[1:], set()
    while len(args) >= 2 and args[0] == "-m":
        modules.add(args[1])
        args = args[2:]
    if not args:
        sys.exit(__doc__)
    sys.exit((surface if command == "surface" else undocumented)(args, modules))
