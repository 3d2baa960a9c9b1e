#!/usr/bin/python3
"""Splits index.wasm in two (issue 20): what the first answer runs, and the rest, fetched when first called.

  scripts/build-web-split.py --build BUILD_DIR --site SITE_DIR

wasm-split (binaryen) instruments BUILD/index.wasm; tests/browser/split-profile.mjs loads the page with it
in Debian's chromium (English and Chinese, each then reloaded) and reads back which functions ran.
wasm-split then cuts the wasm along that profile into
  SITE/index.wasm.lzma                  the functions that ran: everything the first frame and first
                                        answer need, all the data, and a placeholder for each other function
  SITE/index.deferred-HASH.wasm.lzma    the other functions (other tabs and panels, Chinese, calculators...)
both LZMA-packed like before. The primary ships twice (strip_chinese below): index.zh.wasm.lzma whole, for a
page that starts in Chinese, and index.wasm.lzma with its Chinese sentences zeroed, for the others. The
primary names its deferred half in a custom section ("gw.deferred"), so a
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
import re
import shutil
import subprocess
import sys

import wasm_bytes
from wasm_bytes import leb as read_leb

FEATURES = ["--enable-mutable-globals", "--enable-bulk-memory", "--enable-sign-ext", "--enable-nontrapping-float-to-int"]


def pack(src, dst, preset):
    with open(src, "rb") as fh:
        data = fh.read()
    tmp = dst + ".tmp"
    # pb=0 as build-web-data.py packs (LZMA_FILTERS there): 1.1 KB less primary than -9e's pb=2 on 12-05.
    filters = [{"id": lzma.FILTER_LZMA1, "preset": preset, "pb": 0}]
    packed = bytearray(lzma.compress(data, format=lzma.FORMAT_ALONE, filters=filters))
    # The unpacked size in the header (Python writes "unknown", and ends the stream with a marker instead):
    # web/shell.js unpacks the primary as it downloads, into a buffer of this size. The marker stays after
    # it; a decoder stops at the size first.
    packed[5:13] = len(data).to_bytes(8, "little")
    with open(tmp, "wb") as fh:
        fh.write(packed)
    os.replace(tmp, dst)


def leb(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


# First, after the module's header: web/unpack.js reads the deferred half's name from the first bytes it
# unpacks, and looks the half up in the cache while it unpacks the rest.
def add_custom_section(path, name, payload):
    body = leb(len(name)) + name.encode() + payload
    with open(path, "rb") as fh:
        module = fh.read()
    if module[:8] != b"\0asm\x01\0\0\0":
        sys.exit("build-web-split: %s is not a wasm module" % path)
    with open(path, "wb") as fh:
        fh.write(module[:8] + b"\0" + leb(len(body)) + body + module[8:])


# Chinese sentences in the primary's data (issue 20: ~18 KB of the English first load). An English page never
# shows them: they are drawn only in Chinese, with the CJK font. So index.wasm.lzma has them zeroed (an empty
# C string; Text::in() then falls back to English), and a page switched to Chinese reloads with the whole
# primary (web/shell.js, src/platform/web/web.cpp). Zeroed: each NUL-ended UTF-8 run of an active data
# segment with Chinese characters besides the language button's 中文, that is a sentence or a long label
# (CJK punctuation, or 4+ Chinese characters). Kept: short words, which the engine may read in English too
# (the input parsers' units: 天, 小时, 元, 万...). The linker may share such a word with the end of a sentence
# (tail merging), so a sentence ending in a short Chinese literal of the sources keeps that ending: only the
# bytes before it are zeroed.
CJK = re.compile("[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
CJK_PUNCT = re.compile("[\u3000-\u303f\uff01-\uff1f\u2018-\u201d\u2026]")


def is_sentence(text):
    chinese = CJK.findall(text)
    if not set(chinese) - set("中文"):
        return False
    return bool(CJK_PUNCT.search(text)) or len(chinese) >= 4


def data_segments(b):
    """(start, end) of each active data segment's bytes in the module b."""
    for sid, i, end, _ in wasm_bytes.sections(b):
        if sid != 11:
            continue
        count, j = read_leb(b, i)
        for _ in range(count):
            flag, j = read_leb(b, j)
            if flag == 0:  # active, memory 0, offset expression i32.const ... end
                if b[j] != 0x41:
                    raise ValueError("data segment offset is not an i32.const")
                _, j = read_leb(b, j + 1)
                if b[j] != 0x0B:
                    raise ValueError("data segment offset expression is longer than one i32.const")
                j += 1
            elif flag != 1:  # 1: passive (bulk memory's memory.init), not ours: left alone
                raise ValueError("data segment kind %d" % flag)
            n, j = read_leb(b, j)
            if flag == 0:
                yield j, j + n
            j += n


def short_words(root):
    """Every string literal in src/ with Chinese in it that is not a sentence (over-approximated: safe)."""
    words = set()
    for path in glob.glob(os.path.join(root, "src", "**", "*.[ch]pp"), recursive=True):
        with open(path, encoding="utf-8") as fh:
            for lit in re.findall(r'"((?:[^"\\\n]|\\.)*)"', fh.read()):
                lit = re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), lit)
                if CJK.search(lit) and not is_sentence(lit):
                    words.add(lit)
    return words


def strip_chinese(src, dst, words):
    """Writes src with its Chinese sentences zeroed to dst; returns (strings, bytes) zeroed."""
    with open(src, "rb") as fh:
        b = bytearray(fh.read())
    strings = zeroed = 0
    for start, end in data_segments(b):
        for m in re.finditer(rb"[^\x00]+", bytes(b[start:end])):
            try:
                text = m.group().decode("utf-8")
            except UnicodeDecodeError:
                continue  # not a string
            if not is_sentence(text):
                continue
            # The longest ending that is a short word of the sources (the linker may have shared it) stays.
            keep = next((k for k in range(1, len(text)) if text[k:] in words), len(text))
            cut = len(text[:keep].encode("utf-8"))
            b[start + m.start():start + m.start() + cut] = bytes(cut)
            strings += 1
            zeroed += cut
    with open(dst, "wb") as fh:
        fh.write(b)
    return strings, zeroed


def run(cmd, **kw):
    subprocess.run(cmd, check=True, **kw)


def ship_primary(primary, site, work, root):
    """SITE/index.zh.wasm.lzma: the primary whole; SITE/index.wasm.lzma: with its Chinese sentences zeroed."""
    pack(primary, os.path.join(site, "index.zh.wasm.lzma"), 9 | lzma.PRESET_EXTREME)
    english = os.path.join(work, "primary-en.wasm")
    os.makedirs(work, exist_ok=True)
    try:
        strings, zeroed = strip_chinese(primary, english, short_words(root))
    except (OSError, ValueError, IndexError) as e:
        print("build-web-split: WARNING: Chinese kept in index.wasm.lzma (%s)" % e, file=sys.stderr)
        english = primary
        strings = zeroed = 0
    pack(english, os.path.join(site, "index.wasm.lzma"), 9 | lzma.PRESET_EXTREME)
    print("build-web-split: %d Chinese sentences (%d bytes) zeroed in index.wasm.lzma: %d bytes, %d whole" % (
        strings, zeroed, os.path.getsize(os.path.join(site, "index.wasm.lzma")),
        os.path.getsize(os.path.join(site, "index.zh.wasm.lzma"))))


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
        shutil.copyfile(os.path.join(psite, "index.wasm.lzma"), os.path.join(psite, "index.zh.wasm.lzma"))
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
        ship_primary(wasm, args.site, work, args.root)
        return
    with open(deferred, "rb") as fh:
        name = "index.deferred-%s.wasm.lzma" % hashlib.sha256(fh.read()).hexdigest()[:10]
    add_custom_section(primary, "gw.deferred", name.encode())
    pack(deferred, os.path.join(args.site, name), 9 | lzma.PRESET_EXTREME)
    ship_primary(primary, args.site, work, args.root)
    shutil.rmtree(psite, ignore_errors=True)
    print("build-web-split: index.wasm.lzma %d bytes, %s %d bytes" % (
        os.path.getsize(os.path.join(args.site, "index.wasm.lzma")), name, os.path.getsize(os.path.join(args.site, name))))


if __name__ == "__main__":
    main()
