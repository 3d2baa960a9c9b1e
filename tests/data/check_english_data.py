#!/usr/bin/python3
"""The English-only data copies (scripts/build-web-data.py, english_only) lose nothing an English reader sees.

  tests/data/check_english_data.py --gpuwise build/gpuwise

Builds the site's data into a scratch folder, then for every file the manifest lists as english_only (and
every kept catalog):
- the copy is the whole file with only Chinese prose taken out: every other value is there, unchanged;
- names and titles (what the search boxes match) keep their Chinese;
- the copy is smaller;
and the CLI, reading today's catalog and its notes either way, prints the same English recommendation,
catalog listings and notes. Exit 1 with what differs.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CJK = re.compile("[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")
failures = []


def fail(msg):
    failures.append(msg)


def compare(full, en, path, kept_zh):
    """Walks both documents; the only difference allowed is a Text's "zh" removed outside kept_zh."""
    if isinstance(full, dict):
        if not isinstance(en, dict):
            return fail("%s: an object became %s" % (path, type(en).__name__))
        for k, v in full.items():
            if k not in en:
                if k == "zh" and isinstance(full.get("en"), str) and path.rsplit("/", 1)[-1] not in kept_zh:
                    continue
                fail("%s/%s: missing from the English copy" % (path, k))
            else:
                compare(v, en[k], "%s/%s" % (path, k), kept_zh)
        for k in en:
            if k not in full:
                fail("%s/%s: only in the English copy" % (path, k))
    elif isinstance(full, list):
        if not isinstance(en, list) or len(en) != len(full):
            return fail("%s: the list changed length" % path)
        for i, (a, b) in enumerate(zip(full, en)):
            compare(a, b, "%s/%d" % (path, i), kept_zh)
    elif full != en:
        fail("%s: %r became %r" % (path, full, en))


def cjk_outside_names(doc, path, kept_zh, out):
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k == "zh" and path.rsplit("/", 1)[-1] in kept_zh:
                continue
            cjk_outside_names(v, "%s/%s" % (path, k), kept_zh, out)
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            cjk_outside_names(v, "%s/%d" % (path, i), kept_zh, out)
    elif isinstance(doc, str) and CJK.search(doc):
        out.append(path)


def cli(gpuwise, folder, catalog, args):
    r = subprocess.run([gpuwise, "--lang", "en", "--catalog", os.path.join(folder, catalog)] + args,
                       capture_output=True, text=True, env=dict(os.environ, GPUWISE_TODAY="2026-12-04"))
    return r.returncode, r.stdout, r.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gpuwise", required=True)
    args = ap.parse_args()
    # What the search boxes match in both languages (src/app/panel_catalog_offers.cpp, panel_job.cpp).
    kept_zh = {"name", "region", "instance_type", "title"}

    work = tempfile.mkdtemp(prefix="gw-english-data-")
    try:
        site = os.path.join(work, "site")
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "build-web-data.py"), "--data",
                        os.path.join(ROOT, "data"), "--site", site, "--prune"], check=True)
        with open(os.path.join(site, "data.json"), encoding="utf-8") as fh:
            m = json.load(fh)
        en = m.get("english_only") or {}
        suffix = en.get("suffix")
        if suffix != ".en" or "catalog.json" not in en.get("files", []) or "presets.json" not in en.get("files", []):
            fail("data.json: english_only must name the suffix and the first load's files, got %r" % en)
            suffix = ".en"
        names = [m["files"][k] for k in en.get("files", [])]
        names += ["catalogs/catalog-%s.json" % v for v in m["catalogs"]]
        for name in sorted(set(names)):
            english = name[:-5] + suffix + ".json"
            docs = []
            for n in (name, english):
                p = os.path.join(site, n)
                if not os.path.exists(p) or not os.path.exists(p + m["packed"]):
                    fail("%s: missing, or its packed copy is" % n)
                    break
                with open(p, encoding="utf-8") as fh:
                    docs.append(json.load(fh))
            if len(docs) != 2:
                continue
            compare(docs[0], docs[1], name, kept_zh)
            left = []
            cjk_outside_names(docs[1], english, kept_zh, left)
            if left:
                fail("%s: Chinese left outside names: %s" % (english, ", ".join(left[:5])))
            if os.path.getsize(os.path.join(site, english + m["packed"])) >= os.path.getsize(
                    os.path.join(site, name + m["packed"])):
                fail("%s: not smaller than %s" % (english + m["packed"], name + m["packed"]))

        # The CLI on today's catalog and its notes, whole and English only: the same English everywhere.
        today = m["files"]["catalog.json"]
        notes = m["files"]["catalog-notes.json"]
        outputs = {}
        for kind, sfx in (("whole", ""), ("english", suffix)):
            folder = os.path.join(work, kind)
            os.makedirs(folder)
            shutil.copy(os.path.join(site, today[:-5] + sfx + ".json"), os.path.join(folder, "catalog.json"))
            # The catalog names its notes file "catalog-notes.json", read from beside it.
            shutil.copy(os.path.join(site, notes[:-5] + sfx + ".json"), os.path.join(folder, "catalog-notes.json"))
            runs = []
            for a in (["recommend", "--preset", "qlora-7b", "--budget", "300", "--deadline", "48h", "--explain"],
                      ["recommend", "--preset", "bert-base-finetune", "--currency", "CNY", "--format", "json"],
                      ["catalog", "providers"], ["catalog", "offers", "--format", "csv"], ["catalog", "gpus"]):
                runs.append((a, cli(args.gpuwise, folder, "catalog.json", a)))
            outputs[kind] = runs
        for (a, whole), (_, english) in zip(outputs["whole"], outputs["english"]):
            if whole[0] != 0 and a[0] != "recommend":
                fail("gpuwise %s failed on the whole catalog: %s" % (" ".join(a), whole[2][:300]))
            if whole != english:
                fail("gpuwise --lang en %s differs between the whole and the English-only catalog" % " ".join(a))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for f in failures[:40]:
        print("check_english_data: " + f)
    if failures:
        print("check_english_data: %d problems" % len(failures))
        return 1
    print("check_english_data: %d files and their English-only copies agree" % len(set(names)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
