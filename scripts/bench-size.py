#!/usr/bin/python3
"""Where index.wasm's bytes go: code by source area and static data, as a table (issue 20 item 1).

  scripts/bench-size.py --wasm SITE/index.wasm --symbols BUILD/index.js.symbols [--data DIR] [--font TTF]

Function sizes are read from the wasm itself (each body's size in the code section, exact), named by
Emscripten's symbol map (--emit-symbol-map: "index:name", the function index space, imports first) and
demangled with c++filt (binutils). A function is put in one area by its demangled name:
  JSON     anything instantiated from nlohmann::json (its name mentions nlohmann)
  engine   gw:: (src/engine, the instance checker's gw::diagnose too)
  app      gw::app:: (src/app)
  platform gw::platform::, main and the gw_* entry points (src/platform)
  ImGui    ImGui::, Im* types, the stb_* parts and the backends
  libc++   std:: and the C++ ABI (templates instantiated for our types count here)
  runtime  the rest: libc, the allocator, compiler-rt, Emscripten's glue
After LTO, code inlined into a function counts for the function it landed in. The data section is split
into the data/*.json files found in it, the Latin font, and the rest (strings, tables, vtables).
"gzip alone" compresses each area's bytes by themselves: a guide to what dropping that area would save,
not an exact share of the gzipped file (compression works across areas).
"""
import argparse
import gzip
import os
import re
import subprocess
import sys


def leb(buf, i):
    result = shift = 0
    while True:
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result, i


def sections(buf):
    if buf[:4] != b"\0asm":
        sys.exit("bench-size: not a wasm file")
    i = 8
    while i < len(buf):
        sid = buf[i]
        size, j = leb(buf, i + 1)
        yield sid, buf[j:j + size], j + size - i
        i = j + size


def count_imported_functions(payload):
    n, i = leb(payload, 0)
    funcs = 0
    for _ in range(n):
        for _ in range(2):  # module, field
            ln, i = leb(payload, i)
            i += ln
        kind = payload[i]
        i += 1
        if kind == 0:  # function: type index
            _, i = leb(payload, i)
            funcs += 1
        elif kind == 1:  # table: reftype + limits
            i += 1
            flags, i = leb(payload, i)
            _, i = leb(payload, i)
            if flags & 1:
                _, i = leb(payload, i)
        elif kind == 2:  # memory: limits
            flags, i = leb(payload, i)
            _, i = leb(payload, i)
            if flags & 1:
                _, i = leb(payload, i)
        elif kind == 3:  # global: valtype + mut
            i += 2
        else:
            sys.exit("bench-size: unknown import kind %d" % kind)
    return funcs


def code_bodies(payload):
    n, i = leb(payload, 0)
    out = []
    for _ in range(n):
        size, j = leb(payload, i)
        out.append(payload[j:j + size])
        i = j + size
    return out


def data_bytes(payload):
    n, i = leb(payload, 0)
    out = bytearray()
    for _ in range(n):
        flags, i = leb(payload, i)
        if flags == 2:
            _, i = leb(payload, i)
        if flags in (0, 2):  # active: an init expression ending in 0x0b
            while payload[i] != 0x0B:
                i += 1
            i += 1
        size, i = leb(payload, i)
        out += payload[i:i + size]
        i += size
    return bytes(out)


def demangle(names):
    if not names:
        return []
    try:
        p = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True, check=True)
        out = p.stdout.split("\n")
        if len(out) >= len(names):
            return out[:len(names)]
    except (OSError, subprocess.CalledProcessError):
        pass
    return list(names)


def qualified(name):
    """The function's own qualified name: before its argument list, without a return type."""
    depth = 0
    cut = len(name)
    for k, c in enumerate(name):
        if c in "<":
            depth += 1
        elif c in ">":
            depth -= 1
        elif c == "(" and depth == 0 and k > 0:
            cut = k
            break
    head = name[:cut]
    depth = 0
    start = 0
    for k, c in enumerate(head):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == " " and depth == 0 and not head[k + 1:].startswith("("):
            start = k + 1
    return head[start:] if not head[start:].startswith("operator") else head


AREAS = ["engine", "app", "platform", "ImGui", "JSON", "libc++", "runtime"]


def area(name):
    if "nlohmann" in name:
        return "JSON"
    q = qualified(name)
    if q.startswith("gw::app::"):
        return "app"
    if q.startswith("gw::platform::") or q in ("main", "__original_main") or re.match(r"^(gw_|__wrap_)", q):
        return "platform"
    if q.startswith("gw::"):
        return "engine"
    if re.match(r"^(ImGui|Im[A-Z]|ImStb|stb|STB|(anonymous namespace)::Im|glfw|ImGui_Impl)", q) or "ImGui" in q:
        return "ImGui"
    if re.match(r"^(std::|__cxxabiv1|__cxa_|operator new|operator delete|vtable|typeinfo|__gxx|"
                r"void std::|__cxx_global)", q):
        return "libc++"
    return "runtime"


def embedded(data, blob):
    """The bytes of `blob` the data section holds, or 0 if it is not there. wasm-opt drops long runs of zero
    bytes from data segments (memory packing), so the runs between them are looked for one by one."""
    pieces = [p for p in re.split(b"\0{8,}", blob) if p]
    if not pieces or any(data.find(p) < 0 for p in pieces):
        return b""
    return b"".join(pieces)


def unescape(name):
    """Emscripten's symbol map writes characters outside [A-Za-z0-9_$.] as \\XX (hex)."""
    return re.sub(r"\\([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), name)


def gz(b):
    return len(gzip.compress(b, 9)) if b else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wasm", required=True)
    ap.add_argument("--symbols", required=True, help="Emscripten's --emit-symbol-map output")
    ap.add_argument("--data", help="the data/ folder, to find its files in the data section")
    ap.add_argument("--font", help="the compiled-in Latin font (build/fonts/latin.ttf)")
    ap.add_argument("--top", type=int, default=12, help="also list the N largest functions")
    args = ap.parse_args()

    buf = open(args.wasm, "rb").read()
    names = {}
    with open(args.symbols, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            idx, _, name = line.rstrip("\n").partition(":")
            if idx.isdigit():
                names[int(idx)] = unescape(name)
    imported = 0
    bodies = []
    data = b""
    other = {}
    section_names = {0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
                     7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "data count"}
    for sid, payload, whole in sections(buf):
        if sid == 2:
            imported = count_imported_functions(payload)
        if sid == 10:
            bodies = code_bodies(payload)
        elif sid == 11:
            data = data_bytes(payload)
        else:
            key = section_names.get(sid, str(sid))
            other[key] = other.get(key, 0) + whole

    mangled = [names.get(imported + k, "") for k in range(len(bodies))]
    pretty = demangle(mangled)
    per = {a: bytearray() for a in AREAS}
    biggest = []
    for k, body in enumerate(bodies):
        a = area(pretty[k]) if pretty[k] else "runtime"
        per[a] += body
        biggest.append((len(body), a, pretty[k] or "#%d" % (imported + k)))

    # The data section: embedded data/*.json, the Latin font, the rest.
    found = []
    rest = len(data)
    if args.data and os.path.isdir(args.data):
        for f in sorted(os.listdir(args.data)):
            if f.endswith(".json"):
                blob = embedded(data, open(os.path.join(args.data, f), "rb").read())
                if blob:
                    found.append(("data/" + f, blob))
    if args.font and os.path.isfile(args.font):
        blob = embedded(data, open(args.font, "rb").read())
        if blob:
            found.append(("Latin font", blob))
    for _, blob in found:
        rest -= len(blob)

    total = len(buf)
    total_gz = gz(buf)
    kb = lambda n: "%8.1f KB" % (n / 1024.0)
    pct = lambda n: "%5.1f%%" % (100.0 * n / total if total else 0)
    print("== index.wasm by source area: %s raw, %s gzipped" % (kb(total).strip(), kb(total_gz).strip()))
    print("%-34s %11s %6s %12s %6s" % ("area", "raw", "share", "gzip alone", "funcs"))
    counts = {a: 0 for a in AREAS}
    for _, a, _ in biggest:
        counts[a] += 1
    code_total = 0
    for a in AREAS:
        code_total += len(per[a])
        print("%-34s %11s %6s %12s %6d" % ("code: " + a, kb(len(per[a])), pct(len(per[a])), kb(gz(bytes(per[a]))),
                                          counts[a]))
    for name, blob in found:
        print("%-34s %11s %6s %12s" % ("data: " + name, kb(len(blob)), pct(len(blob)), kb(gz(blob))))
    print("%-34s %11s %6s" % ("data: other (strings, tables)", kb(rest), pct(rest)))
    rest_sections = sum(other.values())
    print("%-34s %11s %6s   %s" % ("wasm structure", kb(rest_sections), pct(rest_sections),
                                  ", ".join("%s %d" % (k, v) for k, v in sorted(other.items()))))
    unnamed = sum(1 for m in mangled if not m)
    if unnamed:
        print("(%d functions had no name in the symbol map: counted as runtime)" % unnamed)
    if args.top:
        print("-- the %d largest functions" % args.top)
        for size, a, name in sorted(biggest, reverse=True)[:args.top]:
            print("%8d  %-8s %s" % (size, a, name[:110]))


if __name__ == "__main__":
    main()
