#!/usr/bin/python3
"""Writes the page's data files beside index.html: a data deploy (issue 20 items 2 and 3).

  scripts/build-web-data.py --data data --site build/web-release/site

The web page's wasm holds code only; its data is fetched (src/platform/web/web.cpp, web/shell.js):
  data.json                        the manifest, always fetched from the network first (web/sw.js), so a
                                   page cached before a price update finds the new files after a reload
  catalogs/catalog-VERSION.json    every kept catalog: data/catalog.json (today's) and data/catalogs/*.json
                                   (released earlier, kept so an old share link replays its prices)
  NAME-HASH.json                   presets, guide, catalog notes, model library...: the other data/*.json
                                   the page reads, named by their content, so a cached copy is never stale
The catalogs, the presets and the catalog notes also come without their Chinese prose (NAME.en.json,
english_only below): an English page cannot show Chinese (its wasm has no Chinese sentences either,
scripts/build-web-split.py) and switching it to Chinese reloads the page, so its first load skips about 8 KB.
Names and titles keep both languages: the search boxes match either. Every file is minified JSON, and beside
it the same bytes LZMA-packed (NAME.json.lzma, xz's "alone" format at -9e, like index.wasm.lzma): 16% fewer
bytes than gzip -9 for the catalog and presets of the first load (scripts/bench). The manifest's "packed" is
the suffix of those copies (".lzma"): web/shell.js fetches and unpacks them, and pages built before the
packing keep reading the plain files. Running this again on a deployed site with new data/*.json is a price
update without a rebuild: files of earlier deploys are left for pages that still have their manifest.
The build runs it for the site it assembles (cmake/web.cmake) with --prune, which removes the content-named
files that the manifest no longer names, so the service worker's precache list stays exact.
"""
import argparse
import hashlib
import json
import lzma
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import resolve_presets  # noqa: E402

# data/*.json the page never reads: the CUDA driver table belongs to the checker module (compiled in there).
NOT_SERVED = {"cuda-drivers.json"}
# Besides the catalogs, these ship English only too (english_only): the presets are part of the first load
# (web/shell.js), the catalog notes of the first opened row or catalog tab.
ENGLISH_FILES = {"presets.json", "catalog-notes.json"}
VERSION_RE = re.compile(r"^[0-9A-Za-z][0-9A-Za-z._-]{0,39}$")


def compact(path):
    with open(path, encoding="utf-8") as fh:
        doc = json.load(fh)
    return doc, minified(doc)


def write_if_changed(path, data):
    if os.path.exists(path):
        with open(path, "rb") as fh:
            if fh.read() == data:
                return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


# xz --format=lzma --lzma1=preset=9e,pb=0: the "alone" format web/shell.js unpacks (end marker, size not
# stored). pb=0 (no position bits: JSON and wasm are byte streams, not aligned words) packs the 12-05 catalog
# 0.5% and the primary wasm 0.4% smaller than -9e's pb=2; web/shell.js reads lc/lp/pb from the header.
LZMA_FILTERS = [{"id": lzma.FILTER_LZMA1, "preset": 9 | lzma.PRESET_EXTREME, "pb": 0}]


def packed(data):
    return lzma.compress(data, format=lzma.FORMAT_ALONE, filters=LZMA_FILTERS)


def write_both(site, name, data, packs):
    """Writes the plain file and its packed copy; records the copy's name in `packs` under the plain name."""
    write_if_changed(os.path.join(site, name), data)
    write_if_changed(os.path.join(site, name + ".lzma"), packed(data))
    packs[name] = name + ".lzma"


# Text ({"en": ..., "zh": ...}) under these keys keeps its Chinese in the English copies: provider, programme
# and preset names, regions and instance types are what the catalog's and the job's search boxes match.
SEARCHED_TEXT = {"name", "region", "instance_type", "title"}
ENGLISH_SUFFIX = ".en"


def english_only(doc, key=None):
    """doc without the Chinese of each Text outside SEARCHED_TEXT. The engine reads a Text without "zh" as
    English only (catalog_read.hpp, workload_json.cpp), which is all an English page shows."""
    if isinstance(doc, dict):
        if key not in SEARCHED_TEXT and set(doc) == {"en", "zh"} and isinstance(doc["en"], str):
            return {"en": doc["en"]}
        return {k: english_only(v, k) for k, v in doc.items()}
    if isinstance(doc, list):
        return [english_only(v, key) for v in doc]
    return doc


def english_name(name):
    """catalogs/catalog-2026.12.7.json -> catalogs/catalog-2026.12.7.en.json"""
    return name[:-len(".json")] + ENGLISH_SUFFIX + ".json"


def minified(doc):
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write_with_english(site, name, blob, packs):
    write_both(site, name, blob, packs)
    write_both(site, english_name(name), minified(english_only(json.loads(blob))), packs)


def catalog_version(doc, where):
    v = doc.get("catalog_version") if isinstance(doc, dict) else None
    if not isinstance(v, str) or not VERSION_RE.match(v):
        sys.exit("build-web-data: %s has no usable catalog_version" % where)
    return v


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="the data/ folder")
    ap.add_argument("--site", required=True, help="the site folder (index.html's)")
    ap.add_argument("--prune", action="store_true", help="remove content-named files the manifest no longer names")
    args = ap.parse_args()

    files = {}
    packs = {}  # plain file -> its LZMA copy
    # Today's catalog and every kept one, under catalogs/ by version.
    current_doc, current = compact(os.path.join(args.data, "catalog.json"))
    version = catalog_version(current_doc, "data/catalog.json")
    kept = {version: current}
    kept_dir = os.path.join(args.data, "catalogs")
    if os.path.isdir(kept_dir):
        for f in sorted(os.listdir(kept_dir)):
            if not f.endswith(".json"):
                continue
            doc, blob = compact(os.path.join(kept_dir, f))
            v = catalog_version(doc, "data/catalogs/" + f)
            if f != "catalog-%s.json" % v:
                sys.exit("build-web-data: data/catalogs/%s holds catalog %s: name it catalog-%s.json" % (f, v, v))
            kept.setdefault(v, blob)  # today's data/catalog.json wins over a kept copy of its version
    for v, blob in kept.items():
        write_with_english(args.site, "catalogs/catalog-%s.json" % v, blob, packs)
    files["catalog.json"] = "catalogs/catalog-%s.json" % version

    # The rest, named by content.
    for f in sorted(os.listdir(args.data)):
        if not f.endswith(".json") or f == "catalog.json" or f in NOT_SERVED:
            continue
        if f == "presets.json":
            # Presets name library models: served with those models' shapes laid in (resolve_presets.py),
            # so the first load needs no models.json.
            blob = minified(json.loads(resolve_presets.resolved_text(args.data)))
        else:
            _, blob = compact(os.path.join(args.data, f))
        name = "%s-%s.json" % (f[:-5], hashlib.sha256(blob).hexdigest()[:10])
        (write_with_english if f in ENGLISH_FILES else write_both)(args.site, name, blob, packs)
        files[f] = name

    manifest = {
        "catalog_version": version,
        "catalog_date": current_doc.get("catalog_date", ""),
        "files": files,
        # Every file above and every kept catalog also exists with this suffix, LZMA-packed.
        "packed": ".lzma",
        # These files and every kept catalog also exist with the suffix before ".json", English only
        # (english_only): what a page without Chinese text fetches (web/shell.js).
        "english_only": {"suffix": ENGLISH_SUFFIX, "files": sorted(ENGLISH_FILES | {"catalog.json"})},
        # Newest first: the versions an old link may name.
        "catalogs": sorted(kept, reverse=True),
    }
    write_if_changed(os.path.join(args.site, "data.json"),
                     json.dumps(manifest, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))

    if args.prune:
        named = set(files.values()) | set(packs) | set(packs.values())
        stems = tuple(f[:-5] + "-" for f in files if f != "catalog.json")
        for f in os.listdir(args.site):
            if f.startswith(stems) and f not in named and re.search(r"-[0-9a-f]{10}(\.en)?\.json(\.lzma)?$", f):
                os.remove(os.path.join(args.site, f))
        # Plain-named copies written by earlier builds (before the data moved out of the wasm).
        for f in files:
            if f != "catalog.json" and os.path.exists(os.path.join(args.site, f)):
                os.remove(os.path.join(args.site, f))


if __name__ == "__main__":
    main()
