#!/usr/bin/python3
"""Presets as tasks over library models (issue 15 item 2): writes the presets the programs read.

  scripts/resolve_presets.py --data data --out build/x/generated/data/presets.json

data/presets.json names a library model in a preset's workload ("model": "llama-2-7b") and holds only the
task's fields (mode, batch, seq, precision, data...). The model's shape lives in one place, data/models.json:
this step lays the model's "workload" block under the task's fields and writes the result, which the native
build embeds (CMakeLists.txt, cmake/embed_data.cmake) and the web page is served (scripts/build-web-data.py),
so the page's first load carries only the shapes its presets use, never the whole library.
The model's id joins the preset's "models" names (tests/unit/test_models_presets.cpp finds it there and
checks every preset's shape against its model's).

A preset may not restate a key its model sets (the shape would live in two places), except the task's own
settings among them: image size, sampling steps, guidance, audio length, and the per-sample activation
figure of a CNN or diffusion model, which is stated for one mode (training or inference buffers). A model the library lacks, or a
restated key, stops the build naming the preset's JSON path.
"""
import argparse
import json
import os
import sys

# Keys of a model's block a task may set to its own value (a job at another resolution or step count, or
# the inference buffers of a model whose block states its training activations).
TASK_KEYS = {"image_px", "per_sample_px", "sampling_steps", "cfg", "audio_seconds", "frames",
             "activation_mib_per_sample"}


def resolve(presets_doc, models_doc):
    """Returns (resolved presets document, list of problems)."""
    models = {m.get("id"): m for m in models_doc.get("models", []) if isinstance(m, dict)}
    problems = []
    out = json.loads(json.dumps(presets_doc))
    for i, p in enumerate(out.get("presets", [])):
        w = p.get("workload") if isinstance(p, dict) else None
        if not isinstance(w, dict) or "model" not in w:
            continue
        where = "presets[%d].workload" % i
        mid = w["model"]
        m = models.get(mid)
        if not isinstance(mid, str) or m is None or not isinstance(m.get("workload"), dict):
            problems.append("%s.model: no model %r in data/models.json" % (where, mid))
            continue
        shape = m["workload"]
        for k, v in w.items():
            if k in shape and k not in TASK_KEYS:
                problems.append("%s.%s: the model %s sets it (%s); the preset holds only the task's fields"
                                % (where, k, mid, json.dumps(shape[k])))
        merged = dict(shape)
        merged.update({k: v for k, v in w.items() if k != "model"})
        p["workload"] = merged
        names = p.setdefault("models", [])
        if mid not in names:
            names.append(mid)
    return out, problems


def resolved_text(data_dir):
    with open(os.path.join(data_dir, "presets.json"), encoding="utf-8") as fh:
        presets = json.load(fh)
    with open(os.path.join(data_dir, "models.json"), encoding="utf-8") as fh:
        models = json.load(fh)
    doc, problems = resolve(presets, models)
    if problems:
        sys.exit("resolve_presets: data/presets.json:\n  " + "\n  ".join(problems))
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="the data/ folder")
    ap.add_argument("--out", required=True, help="the resolved presets.json to write")
    args = ap.parse_args()
    text = resolved_text(args.data).encode("utf-8")
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    tmp = args.out + ".tmp"
    with open(tmp, "wb") as fh:
        fh.write(text)
    os.replace(tmp, args.out)


if __name__ == "__main__":
    main()
