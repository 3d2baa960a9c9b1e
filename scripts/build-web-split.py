#!/usr/bin/python3
"""Splits index.wasm in two (issue 20): what the first answer runs, and the rest, fetched when first called.

  scripts/build-web-split.py --build BUILD_DIR --site SITE_DIR

wasm-split (binaryen) instruments BUILD/index.wasm; tests/browser/split-profile.mjs loads the page with it
in Debian's chromium (English and Chinese, each then reloaded) and reads back which functions ran.
wasm-split then cuts the wasm along that profile into
  SITE/index.wasm.lzma                  the functions that ran: everything the first frame and first
                                        answer need, all the data, and a placeholder for each other function
  SITE/index.deferred-HASH.wasm.lzma    the other functions (other tabs and panels, Chinese, calculators...)
both LZMA-packed like before. The primary names its deferred half in a custom section ("gw.deferred"), so a
page never pairs it with another build's half. web/shell.js instantiates the deferred half on the first
call of a placeholder (from the service worker's cache when it has it, else fetched synchronously); the
service worker precaches it, so it is part of the offline copy, not of the first load. A link naming a
library model needs it at once: the shell fetches it beside the primary then (8 KB less in every other
first load than profiling that link too).
When the profile cannot be taken (no chromium, no playwright-core), the unsplit wasm is shipped and a
warning printed: the page works the same, only bigger.
"""
import argparse
import glob
import hashlib
import lzma
import os
import shutil
import subprocess
import sys

FEATURES = ["--enable-mutable-globals", "--enable-bulk-memory", "--enable-sign-ext", "--enable-nontrapping-float-to-int"]


def pack(src, dst, preset):
    with open(src, "rb") as fh:
        data = fh.read()
    tmp = dst + ".tmp"
    # pb=0 as build-web-data.py packs (LZMA_FILTERS there): 1.1 KB less primary than -9e's pb=2 on 12-05.
    filters = [{"id": lzma.FILTER_LZMA1, "preset": preset, "pb": 0}]
    with open(tmp, "wb") as fh:
        fh.write(lzma.compress(data, format=lzma.FORMAT_ALONE, filters=filters))
    os.replace(tmp, dst)


def leb(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def add_custom_section(path, name, payload):
    body = leb(len(name)) + name.encode() + payload
    with open(path, "ab") as fh:
        fh.write(b"\0" + leb(len(body)) + body)


def run(cmd, **kw):
    subprocess.run(cmd, check=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", required=True, help="the build folder (index.wasm)")
    ap.add_argument("--site", required=True, help="the assembled site")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = ap.parse_args()
    wasm = os.path.join(args.build, "index.wasm")
    work = os.path.join(args.build, "split")
    for old in glob.glob(os.path.join(args.site, "index.deferred-*.wasm.lzma")):
        os.remove(old)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    try:
        # The page with the instrumented wasm, in a copy of the site (no service worker involved).
        psite = os.path.join(work, "site")
        shutil.copytree(args.site, psite)
        instr = os.path.join(work, "instrumented.wasm")
        run(["wasm-split", "--instrument", wasm, "-o", instr] + FEATURES)
        pack(instr, os.path.join(psite, "index.wasm.lzma"), 0)
        env = dict(os.environ, NODE_PATH="/usr/share/nodejs")
        prof = os.path.join(work, "profile")
        run(["node", os.path.join(args.root, "tests/browser/split-profile.mjs"), "--site", psite, "--out", prof],
            env=env, timeout=600)
        profiles = sorted(glob.glob(prof + "*"))
        if len(profiles) > 1:
            run(["wasm-split", "--merge-profiles"] + profiles + ["-o", prof + ".all"])
            prof = prof + ".all"
        primary = os.path.join(work, "primary.wasm")
        deferred = os.path.join(work, "deferred.wasm")
        run(["wasm-split", wasm, "--profile=" + prof, "-o1", primary, "-o2", deferred, "--export-prefix=%",
             "--placeholder-namespace=placeholder", "--import-namespace=primary", "--symbolmap", "--placeholdermap"] + FEATURES)
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        print("build-web-split: WARNING: no split (%s); the site ships the whole wasm" % e, file=sys.stderr)
        shutil.rmtree(work, ignore_errors=True)
        # The site may hold an earlier run's primary: put the whole wasm back.
        pack(wasm, os.path.join(args.site, "index.wasm.lzma"), 9 | lzma.PRESET_EXTREME)
        return
    with open(deferred, "rb") as fh:
        name = "index.deferred-%s.wasm.lzma" % hashlib.sha256(fh.read()).hexdigest()[:10]
    add_custom_section(primary, "gw.deferred", name.encode())
    pack(deferred, os.path.join(args.site, name), 9 | lzma.PRESET_EXTREME)
    pack(primary, os.path.join(args.site, "index.wasm.lzma"), 9 | lzma.PRESET_EXTREME)
    shutil.rmtree(psite, ignore_errors=True)
    print("build-web-split: index.wasm.lzma %d bytes, %s %d bytes" % (
        os.path.getsize(os.path.join(args.site, "index.wasm.lzma")), name, os.path.getsize(os.path.join(args.site, name))))


if __name__ == "__main__":
    main()
