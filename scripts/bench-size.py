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
not an exact share of the gzipped file (compression works across areas). "LZMA cost" is closer to what the
page ships (index.wasm.lzma): the packed file's size minus its size with that area's bytes zeroed, i.e. what
the area adds to the download given everything else. It is also given for a few groups that cut across
areas (the field tables, std::function, the test hook), as the size decisions cite them.
"""
import argparse
import gzip
import lzma
import os
import re
import subprocess
import sys

import wasm_bytes
from wasm_bytes import leb


def sections(buf):
    """(id, payload, whole size) of each section."""
    try:
        for sid, start, end, begin in wasm_bytes.sections(buf):
            yield sid, buf[start:end], end - begin
    except ValueError:
        sys.exit("bench-size: not a wasm file")


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


def code_spans(buf):
    """(offset, size) of every function body in the whole file, in the code section's order."""
    for sid, payload, whole in sections(buf):
        if sid == 10:
            start = buf.find(payload)
            n, i = leb(payload, 0)
            out = []
            for _ in range(n):
                size, j = leb(payload, i)
                out.append((start + j, size))
                i = j + size
            return out
    return []


def lzma_size(b):
    """As scripts/build-web-split.py packs index.wasm: xz --format=lzma --lzma1=preset=9e,pb=0."""
    return len(lzma.compress(bytes(b), format=lzma.FORMAT_ALONE,
                             filters=[{"id": lzma.FILTER_LZMA1, "preset": 9 | lzma.PRESET_EXTREME, "pb": 0}]))


# Groups across areas that size decisions cite (issue 20): demangled-name patterns.
GROUPS = [
    ("field tables (gw::*_fields)", r"^gw::(\w+_fields\(\)|input_detail::|\(anonymous namespace\)::\w+_fields)"),
    ("std::function machinery", r"std::__2::__function::"),
    ("test hook (gw_snapshot)", r"^(gw_snapshot|gw::app::snapshot|gw::platform::.*snapshot)"),
]


def data_bytes(payload):
    n, i = leb(payload, 0)
    out = bytearray()
    for _ in range(n):
        flags, i = leb(payload, i)
        if flags == 2:
            _, i = leb(payload, i)
        if flags in (0, 2):  # active: an init expression (i32.const N or global.get N), then 0x0b
            i += 1  # the opcode; its operand is a LEB that may itself hold a 0x0b byte
            _, i = leb(payload, i)
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
    bytes from data segments (memory packing), so the runs between them are looked for one by one, without
    the zeros at their ends (a segment may start after them: the Latin font begins with 00 01 00 00)."""
    pieces = [p.strip(b"\0") for p in re.split(b"\0{8,}", blob) if p.strip(b"\0")]
    if not pieces or any(data.find(p) < 0 for p in pieces):
        return b""
    return b"".join(pieces)


def unescape(name):
    """Emscripten's symbol map writes characters outside [A-Za-z0-9_$.] as \\XX (hex)."""
    return re.sub(r"\\([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), name)


def gz(b):
    return len(gzip.compress(b, 9)) if b else 0


def split_table(folder, names, imported, kb):
    """Code by area in the two halves wasm-split wrote. Its symbol maps name each function by its index among
    the whole wasm's defined functions, which the whole wasm's map names."""
    halves = []
    for half in ("primary", "deferred"):
        path = os.path.join(folder, half + ".wasm")
        if not (os.path.isfile(path) and os.path.isfile(path + ".symbols")):
            print("(no split in %s)" % folder)
            return
        buf = open(path, "rb").read()
        own = {}
        with open(path + ".symbols", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                idx, _, name = line.rstrip("\n").partition(":")
                if idx.isdigit():
                    own[int(idx)] = name
        imp = 0
        bodies = []
        for sid, payload, _ in sections(buf):
            if sid == 2:
                imp = count_imported_functions(payload)
            if sid == 10:
                bodies = code_bodies(payload)
        orig = [own.get(imp + k, "") for k in range(len(bodies))]
        pretty = demangle([names.get(imported + int(o), "") if o.isdigit() else "" for o in orig])
        per = {a: 0 for a in AREAS + ["split glue"]}
        for k, body in enumerate(bodies):
            per[area(pretty[k]) if pretty[k] else ("runtime" if orig[k].isdigit() else "split glue")] += len(body)
        halves.append((half, len(buf), lzma_size(buf), per))
    print("-- the split (scripts/build-web-split.py): the primary is index.wasm.lzma, the deferred half is fetched"
          " on first use")
    print("%-34s %11s %11s" % ("", "primary", "deferred"))
    print("%-34s %11s %11s" % ("whole file, raw", kb(halves[0][1]), kb(halves[1][1])))
    print("%-34s %11s %11s" % ("whole file, LZMA", kb(halves[0][2]), kb(halves[1][2])))
    for a in AREAS + ["split glue"]:
        if a == "split glue" and not (halves[0][3][a] or halves[1][3][a]):
            continue
        print("%-34s %11s %11s" % ("code: " + a, kb(halves[0][3][a]), kb(halves[1][3][a])))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wasm", required=True)
    ap.add_argument("--symbols", required=True, help="Emscripten's --emit-symbol-map output")
    ap.add_argument("--data", help="the data/ folder, to find its files in the data section")
    ap.add_argument("--font", help="the compiled-in Latin font (build/fonts/latin.ttf)")
    ap.add_argument("--top", type=int, default=12, help="also list the N largest functions")
    ap.add_argument("--no-lzma", action="store_true", help="skip the LZMA cost column (about 20 s)")
    ap.add_argument("--split", help="scripts/build-web-split.py's folder (BUILD/split): code by area in each half")
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
                whole = open(os.path.join(args.data, f), "rb").read()
                blob = embedded(data, whole)
                if blob:
                    found.append(("data/" + f, blob, whole))
    if args.font and os.path.isfile(args.font):
        whole = open(args.font, "rb").read()
        blob = embedded(data, whole)
        if blob:
            found.append(("Latin font", blob, whole))
    for _, blob, _ in found:
        rest -= len(blob)

    total = len(buf)
    total_gz = gz(buf)
    kb = lambda n: "%8.1f KB" % (n / 1024.0)
    pct = lambda n: "%5.1f%%" % (100.0 * n / total if total else 0)
    print("== index.wasm by source area: %s raw, %s gzipped" % (kb(total).strip(), kb(total_gz).strip()))
    spans = code_spans(buf)
    packed = 0 if args.no_lzma else lzma_size(buf)

    def cost(zero_spans):
        """LZMA bytes the spans add: the packed size minus the packed size with them zeroed."""
        if args.no_lzma:
            return None
        b = bytearray(buf)
        for off, size in zero_spans:
            b[off:off + size] = bytes(size)
        return packed - lzma_size(b)

    lz = lambda c: "" if c is None else kb(c)
    if packed:
        print("   index.wasm.lzma: %s" % kb(packed).strip())
    print("%-34s %11s %6s %12s %11s %6s" % ("area", "raw", "share", "gzip alone", "LZMA cost", "funcs"))
    counts = {a: 0 for a in AREAS}
    for _, a, _ in biggest:
        counts[a] += 1
    code_total = 0
    for a in AREAS:
        code_total += len(per[a])
        mine = [spans[k] for k in range(len(spans)) if (area(pretty[k]) if pretty[k] else "runtime") == a]
        print("%-34s %11s %6s %12s %11s %6d" % ("code: " + a, kb(len(per[a])), pct(len(per[a])),
                                                kb(gz(bytes(per[a]))), lz(cost(mine)), counts[a]))
    for name, blob, whole in found:
        where = []
        for piece in [p.strip(b"\0") for p in re.split(b"\0{8,}", whole) if p.strip(b"\0")]:
            at = buf.find(piece)
            if at >= 0:
                where.append((at, len(piece)))
        print("%-34s %11s %6s %12s %11s" % ("data: " + name, kb(len(blob)), pct(len(blob)), kb(gz(blob)),
                                            lz(cost(where))))
    print("%-34s %11s %6s" % ("data: other (strings, tables)", kb(rest), pct(rest)))
    rest_sections = sum(other.values())
    print("%-34s %11s %6s   %s" % ("wasm structure", kb(rest_sections), pct(rest_sections),
                                  ", ".join("%s %d" % (k, v) for k, v in sorted(other.items()))))
    for label, pattern in GROUPS:
        mine = [k for k in range(len(spans)) if re.search(pattern, pretty[k] or "")]
        raw = sum(spans[k][1] for k in mine)
        print("%-34s %11s %6s %12s %11s %6d" % ("  of which " + label, kb(raw), pct(raw), "",
                                                lz(cost([spans[k] for k in mine])), len(mine)))
    unnamed = sum(1 for m in mangled if not m)
    if unnamed:
        print("(%d functions had no name in the symbol map: counted as runtime)" % unnamed)
    if args.split:
        split_table(args.split, names, imported, kb)
    if args.top:
        print("-- the %d largest functions" % args.top)
        for size, a, name in sorted(biggest, reverse=True)[:args.top]:
            print("%8d  %-8s %s" % (size, a, name[:110]))


if __name__ == "__main__":
    main()
