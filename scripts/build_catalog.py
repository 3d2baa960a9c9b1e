#!/usr/bin/python3
"""Build data/catalog.json and data/catalog-notes.json from the reference facts.

    /usr/bin/python3 scripts/build_catalog.py [REFERENCE_DIR] [--out data/catalog.json] [--check]
    /usr/bin/python3 scripts/build_catalog.py --check-fields build/gpuwise   # keys agree with the engine's

REFERENCE_DIR defaults to ../shared/reference next to the repository. It reads gpu-specs.csv and
cloud-prices.csv there; provider rules (billing, disks, egress, spot, programmes) come from
cloud-billing-notes.md by hand, in scripts/catalog_facts.py, and the name mappings, conflict
decisions and the Chinese of the CSV's free-text notes are in scripts/catalog_maps.py. Every offer
note is bilingual: the build stops when a note sentence has no Chinese. English text (every `en` and every
`source` string) has no Chinese characters: the English page's font has no CJK glyphs, so the build stops on one
(catalog_maps.NOTE_SENTENCES_EN and SOURCE_PHRASES_EN put the reference's Chinese words into English). Standard
library only. Prose the engine never computes with (PROSE below: citations and notes) goes to
catalog-notes.json beside --out, keyed by id, so the web page can fetch it when first shown; every check runs on the
whole catalog before the split. The output is deterministic, so a rerun with unchanged inputs leaves the file unchanged; --check exits 1
if the file is out of date.
"""
import argparse
import csv
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_facts as facts  # noqa: E402
import catalog_maps as maps  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

SCHEMA_VERSION = 1
CATALOG_VERSION = "2026.12.8"  # bump the last number for every regenerated catalog in a month
USD_CNY = 6.75
USD_CNY_DATE = "2026-08-18"  # PABLO, "实时汇率, 2026-08-18 查询" (billing notes section 7)

# Fields moved out of catalog.json into catalog-notes.json: prose nothing computes with, the fields the engine's
# tables mark `prose` (src/engine/catalog_fields.cpp; --check-fields compares). The web page fetches the notes
# when they are first shown (src/app/panel_catalog.cpp): offers' notes and providers' billing and session notes
# are row notes, shown when a row is opened; programmes' notes are the credits list's tooltips; the rest is the
# catalog tab's. An offer's derate_note stays: it is a row warning, shown with the ranking.
# "providers/access" and "providers/programs" are inside a provider's entry: {"access": {...}, "programs":
# {"<programme id>": {...}}}.
PROSE = {
    "gpus": ("source", "notes"),
    "providers": ("billing_note", "spot_note", "session_note", "source"),
    "providers/access": ("data_location", "notes", "source"),
    "providers/programs": ("qualifies", "covers", "notes", "source"),
    "offers": ("source", "notes", "interconnect_source"),
    "unpriced": ("reason",),
}
NOTES_FILE = "catalog-notes.json"

DATE_RE = re.compile(r"\d{4}-\d{2}(?:-\d{2})?")


def num(text):
    """A CSV cell as int or float; None when empty or "none" (a unit the GPU lacks: see not_supported)."""
    text = (text or "").strip()
    if not text or text.lower() == "none":
        return None
    value = float(text)
    return int(value) if value.is_integer() else value


def valid_date(token):
    parts = [int(p) for p in token.split("-")]
    return 1 <= parts[1] <= 12 and (len(parts) == 2 or 1 <= parts[2] <= 31)


def parse_date(raw):
    """First YYYY-MM(-DD) in the text, refined to a day when the same month appears with one."""
    tokens = [t for t in DATE_RE.findall(raw or "") if valid_date(t)]
    if not tokens or (raw or "").startswith("undated"):
        return None
    first = tokens[0]
    if len(first) == 7:
        for t in tokens[1:]:
            if len(t) == 10 and t.startswith(first):
                return t
    return first


def slug(text):
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9]+", "-", text.lower())).strip("-")


def sentence_join(parts):
    return " ".join(p.strip() for p in parts if p and p.strip())


# ---------------------------------------------------------------- bilingual notes
# An offer's notes are a list of parts. A part is either free text in English (a CSV `notes` cell, a
# VARIANTS reason): it is split into sentences and each is looked up in catalog_maps.NOTE_SENTENCES_ZH;
# or a pair (en, zh) that the script wrote from a template, with the same numbers in both (a template that
# quotes free text, such as a raw source date, adds that text as a third item: zh is None when
# catalog_maps.NOTE_PHRASES_ZH lacks it).
ABBREVIATIONS = ("e.g.", "i.e.", "incl.", "etc.", "vs.", "approx.")
SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][)'\"])\s+")


PROSE_IN_NAME_RE = re.compile(r"\(([^)]*)\)")


def gpu_display_name(row):
    """The reference's name, or its replacement in GPU_DISPLAY_NAMES; a bracket of English words (not
    sizes, symbols or product names like 'AWS G5') is refused, since names show on Chinese screens."""
    name = maps.GPU_DISPLAY_NAMES.get(row["id"], row["gpu"])
    for inner in PROSE_IN_NAME_RE.findall(name):
        if re.search(r"[a-z]{3,}|\bSKU\b|;", inner):
            sys.exit(f"build_catalog: GPU {row['id']}: the name '{name}' has English words in brackets; "
                     "give it a display name in catalog_maps.GPU_DISPLAY_NAMES")
    return name


def split_sentences(text):
    """English free text -> sentences: a break after '.', '!' or '?' (or one followed by ')' or a quote) and
    whitespace, except after an abbreviation ('e.g. T4'). Deterministic, so a sentence repeated across a
    provider's rows is one entry in NOTE_SENTENCES_ZH."""
    out = []
    for piece in SENTENCE_END_RE.split(text.strip()):
        if out and out[-1].lower().endswith(ABBREVIATIONS):
            out[-1] += " " + piece
        elif piece:
            out.append(piece)
    return out


def zh_join(sentences):
    """Chinese sentences end in full-width punctuation and follow each other without a space."""
    out = ""
    for s in (s.strip() for s in sentences if s and s.strip()):
        if out and not re.search(r"[\u3000-\u303f\uff00-\uffef]$", out):
            out += " "
        out += s
    return out


def phrase_zh(text):
    """A free-text fragment put into a template (a raw source date, a promo text): the same in Chinese when it
    is only dates and numbers, else from catalog_maps.NOTE_PHRASES_ZH (None when missing)."""
    if re.fullmatch(r"[\d\s/.\-]*", text):
        return text
    return maps.NOTE_PHRASES_ZH.get(text)


def english_text(text):
    """A CSV free-text note with its Chinese words put into English: each sentence found in
    catalog_maps.NOTE_SENTENCES_EN is replaced by its English rewrite (the Chinese is then looked up under the
    rewrite)."""
    for sentence in split_sentences(text):
        if sentence in maps.NOTE_SENTENCES_EN:
            text = text.replace(sentence, maps.NOTE_SENTENCES_EN[sentence])
    return text


def english_source(text):
    """A source citation from the reference with its Chinese titles in English (catalog_maps.SOURCE_PHRASES_EN)."""
    for zh, en in maps.SOURCE_PHRASES_EN.items():
        text = text.replace(zh, en)
    return text


def bilingual_notes(parts, owner, missing):
    """{"en", "zh"} from note parts; an English sentence or quoted phrase without Chinese goes to `missing`
    as (text, owner)."""
    en, zh = [], []
    for part in parts:
        if not part:
            continue
        if isinstance(part, tuple):
            if part[1] is None:  # a template's quoted free text (third item) has no NOTE_PHRASES_ZH entry
                missing.append((part[2] if len(part) > 2 else part[0], owner))
            en.append(part[0])
            zh.append(part[1])
            continue
        part = english_text(part)
        en.append(part)
        for sentence in split_sentences(part):
            if sentence not in maps.NOTE_SENTENCES_ZH:
                missing.append((sentence, owner))
            zh.append(maps.NOTE_SENTENCES_ZH.get(sentence))
    if not sentence_join(en):
        return None
    return {"en": sentence_join(en), "zh": zh_join(zh)}


# ---------------------------------------------------------------- GPUs
def build_gpu(row):
    pcie = row["pcie"].strip()
    m = re.match(r"(\d)\.0(?:\s*x(\d+))?", pcie)
    nvlink = row["nvlink_or_fabric"].strip()
    ecc_raw = row["ecc"].strip()
    ecc = None
    if ecc_raw:
        ecc = ecc_raw.lower().startswith("yes")
    extra = [
        f"Chip: {row['chip']}." if row["chip"] else "",
        f"Form factor: {row['form_factor']}." if row["form_factor"] else "",
        f"Memory bus: {row['memory_bus_bits']}-bit." if row["memory_bus_bits"] else "",
        f"Tensor core generation: {row['tensor_core_gen']}." if row["tensor_core_gen"] else "",
        f"ECC: {ecc_raw}." if ecc_raw and ecc_raw.lower() not in ("yes", "no") else "",
        f"Confidence: {row['confidence']}." if row["confidence"] else "",
        f"Derived cells: {row['derived_cells']}." if row["derived_cells"] else "",
        not_supported(row),
    ]
    gpu = {
        "id": row["id"], "name": gpu_display_name(row), "aliases": maps.GPU_ALIASES.get(row["id"], []),
        "vendor": row["vendor"], "segment": row["segment"], "architecture": row["architecture"],
        "release_year": num(row["release_year"]), "vram_gib": num(row["vram_gb"]),
        "memory_type": row["memory_type"], "memory_bandwidth_gbs": num(row["memory_bandwidth_gbs"]),
        "boost_clock_mhz": num(row["boost_clock_mhz"]), "cuda_cores": num(row["cuda_cores_or_shaders"]),
        "tensor_cores": num(row["tensor_cores"]), "fp32_tflops": num(row["fp32_tflops"]),
        "fp16_tensor_fp16acc_tflops": num(row["fp16_tensor_dense_fp16acc_tflops"]),
        "fp16_tensor_fp32acc_tflops": num(row["fp16_tensor_dense_fp32acc_tflops"]),
        "bf16_tensor_tflops": num(row["bf16_tensor_dense_tflops"]),
        "tf32_tensor_tflops": num(row["tf32_tensor_dense_tflops"]),
        "fp8_tensor_tflops": num(row["fp8_tensor_dense_tflops"]),
        "fp64_tflops": num(row["fp64_tflops"]), "fp64_tensor_tflops": num(row["fp64_tensor_tflops"]),
        "int8_tensor_tops": num(row["int8_tensor_dense_tops"]), "tdp_w": num(row["tdp_w"]),
        "pcie": pcie, "pcie_gen": int(m.group(1)) if m else None,
        "pcie_lanes": int(m.group(2)) if m and m.group(2) else None,
        "nvlink": nvlink, "has_nvlink": "nvlink" in nvlink.lower() and not nvlink.lower().startswith("none"),
        "ecc": ecc, "nvenc": row["nvenc"], "nvdec": row.get("nvdec", "").strip(),
        "compute_capability": row["compute_capability"],
        "source": english_source(row["sources"]), "notes": sentence_join([row["notes"]] + extra),
    }
    gpu = {k: v for k, v in gpu.items() if v is not None and v != ""}
    lacks, unknown = spec_states(row, gpu)
    if lacks:
        gpu["not_supported"] = lacks
    if unknown:
        gpu["unknown"] = unknown
    # The lists go right after the codec facts, where the loader's field table has them.
    order = list(gpu)
    for k in ("not_supported", "unknown", "compute_capability", "source", "notes"):
        if k in order:
            order.remove(k)
            order.append(k)
    return {k: gpu[k] for k in order}


# Every figure a GPU states (src/engine/gpu_specs.cpp, gpu_spec_keys): catalog key -> CSV column. Each ends up a
# value, in "not_supported" (the GPU lacks the unit) or in "unknown" (no source gave it); never silently absent.
SPEC_COLUMNS = {
    "fp32_tflops": "fp32_tflops", "tf32_tensor_tflops": "tf32_tensor_dense_tflops",
    "fp16_tensor_fp16acc_tflops": "fp16_tensor_dense_fp16acc_tflops",
    "fp16_tensor_fp32acc_tflops": "fp16_tensor_dense_fp32acc_tflops",
    "bf16_tensor_tflops": "bf16_tensor_dense_tflops", "fp8_tensor_tflops": "fp8_tensor_dense_tflops",
    "int8_tensor_tops": "int8_tensor_dense_tops", "fp64_tflops": "fp64_tflops",
    "fp64_tensor_tflops": "fp64_tensor_tflops", "memory_bandwidth_gbs": "memory_bandwidth_gbs", "tdp_w": "tdp_w",
    "nvenc": "nvenc", "nvdec": "nvdec", "ecc": "ecc", "pcie": "pcie", "nvlink": "nvlink_or_fabric",
}
TENSOR_KEYS = ("tf32_tensor_tflops", "fp16_tensor_fp16acc_tflops", "fp16_tensor_fp32acc_tflops",
               "bf16_tensor_tflops", "fp8_tensor_tflops", "int8_tensor_tops", "fp64_tensor_tflops")
# Units an architecture lacks, from NVIDIA's architecture whitepapers: Volta's tensor cores multiply FP16 only
# (Tesla V100 whitepaper); Turing adds INT8/INT4 (Turing whitepaper); TF32, BF16 and FP64 tensor arrive with
# Ampere's A100 (A100 whitepaper) and FP8 with Hopper and Ada (H100 and Ada whitepapers), so no Ampere part has
# FP8. FP64 tensor cores are on GA100/GH100/GB100 only: NVIDIA's datasheet tables list FP64 Tensor Core as "-"
# for every GA10x, AD10x and GB20x part (lamonoai/gpumap nvidia/GPU.md, commit 8d5e174, which tabulates them:
# A10, A40, RTX A-series, L4, L40(S), RTX 6000 Ada, GeForce 30/40/50), so compute capability 8.6, 8.9 and 12.0
# lack it.
NO_FP64_TENSOR_CC = ("8.6", "8.9", "12.0")
ARCH_LACKS = {
    "Kepler": TENSOR_KEYS, "Maxwell": TENSOR_KEYS, "Pascal": TENSOR_KEYS,
    "Volta": ("tf32_tensor_tflops", "bf16_tensor_tflops", "fp8_tensor_tflops", "int8_tensor_tops",
              "fp64_tensor_tflops"),
    "Turing": ("tf32_tensor_tflops", "bf16_tensor_tflops", "fp8_tensor_tflops", "fp64_tensor_tflops"),
    "Ampere": ("fp8_tensor_tflops",),
}


def spec_states(row, gpu):
    """(not supported, unknown) spec keys of a GPU row: a cell reading "none" (or text starting with it, as
    "none (GH100)" for NVENC), a GPU without tensor cores, or its architecture's missing units (ARCH_LACKS) is
    not supported; any other figure without a value is unknown."""
    arch = row["architecture"].split(" (")[0].strip()
    no_tensor = num(row.get("tensor_cores", "")) == 0 and (row.get("tensor_cores") or "").strip() != ""
    lacks, unknown = [], []
    for key, col in SPEC_COLUMNS.items():
        cell = (row.get(col) or "").strip().lower()
        if cell == "none" or cell.startswith("none ") or cell.startswith("none("):
            lacks.append(key)
        elif key in gpu:
            continue
        elif ((no_tensor and key in TENSOR_KEYS) or key in ARCH_LACKS.get(arch, ()) or
              (key == "fp64_tensor_tflops" and row["compute_capability"].strip() in NO_FP64_TENSOR_CC)):
            lacks.append(key)
        else:
            unknown.append(key)
    return lacks, unknown


NOT_SUPPORTED = {"bf16_tensor_dense_tflops": "BF16 tensor", "tf32_tensor_dense_tflops": "TF32 tensor",
                 "fp8_tensor_dense_tflops": "FP8 tensor", "int8_tensor_dense_tops": "INT8 tensor",
                 "fp64_tensor_tflops": "FP64 tensor"}


def not_supported(row):
    """A cell reading "none" is a unit the GPU lacks (no FP8 on Ampere), which is not the same as a blank
    (unknown): the figure stays absent, and the notes say it is not supported."""
    lacks = [name for col, name in NOT_SUPPORTED.items() if row.get(col, "").strip().lower() == "none"]
    return f"Not supported on this GPU: {', '.join(lacks)}." if lacks else ""


def extra_gpus():
    """GPUs the shared reference lacks that the instance checker meets (laptop parts, newer and older
    cards): scripts/catalog-sources/gpu-specs-extra.csv, the reference's columns plus source_date. A laptop
    part has segment "laptop": it is never rented, so recommendations skip it."""
    out = []
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "catalog-sources", "gpu-specs-extra.csv"), encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if not r.get("sources", "").strip() or not r.get("source_date", "").strip():
                sys.exit(f"gpu-specs-extra.csv: {r['id']} has no source or source_date")
            gpu = build_gpu(r)
            gpu["source"] = f"{gpu['source']} (read {r['source_date']})"
            out.append(gpu)
    return out


# ---------------------------------------------------------------- offers
def map_gpu(row):
    for (prov, name), (gpu_id, why, why_zh) in maps.VARIANTS.items():
        if row["provider"].startswith(prov) and row["gpu"] == name:
            return gpu_id, (why, why_zh)
    if row["gpu"] not in maps.GPU_NAMES:
        return None, f"GPU name '{row['gpu']}' is not in catalog_maps.GPU_NAMES"
    gpu_id = maps.GPU_NAMES[row["gpu"]]
    return gpu_id, None if gpu_id else f"{row['gpu']} is not in gpu-specs.csv"


CARDS_RE = re.compile(r"\b(\d+)x (?=\S)")  # "8x A100 40GB SXM"


def bilingual(text, names):
    """An offer's region or instance type: the text itself when it is an identifier ("us-east-1",
    "g4dn.xlarge"), else {"en", "zh"} from catalog_maps (or "8x A100" -> "8 张 A100")."""
    name = names.get(text)
    if name is None and CARDS_RE.search(text):
        name = CARDS_RE.sub(r"\1 张 ", text)
    if name is None:
        if re.search(r"[\s()（）]", text):
            sys.exit(f"'{text}' needs a Chinese name in catalog_maps.REGION_NAMES or INSTANCE_NAMES")
        return text
    en, zh = name if isinstance(name, tuple) else (text, name)
    return {"en": en, "zh": zh}


def parse_price(text):
    """(value, low, high, is_estimate) from '1.32', '1.3-1.8' or '~5'."""
    text = text.strip()
    if text.startswith("~"):
        return float(text[1:]), None, None, True
    m = re.fullmatch(r"([\d.]+)-([\d.]+)", text)
    if m:
        low, high = float(m.group(1)), float(m.group(2))
        return (low + high) / 2, low, high, True
    return float(text), None, None, False


def parse_spot(row, on_demand, factor):
    """(spot per whole offer or None, note as (en, zh) or None). factor converts a per-GPU figure to the whole
    offer."""
    text = row["spot_price_or_discount"].strip()
    m = re.match(r"spot ([\d.]+)(?:-([\d.]+))?", text)
    if m:
        if m.group(2):
            low, high = float(m.group(1)), float(m.group(2))
            return (low + high) / 2 * factor, (f"Spot ranges {low}-{high} across zones; the midpoint is used.",
                                                f"各可用区竞价价格在 {low}-{high} 之间，取中间值。")
        return float(m.group(1)) * factor, None
    m = re.match(r"抢占式 ¥([\d.]+)", text)
    if m:
        return float(m.group(1)) * factor, None
    if row["provider"] == "RunPod" and "50% below" in text:
        return on_demand * 0.5, ("Spot derived: RunPod's stated ~50% interruptible discount, not a listed price.",
                                 "竞价价格为推算值：按 RunPod 声称的可中断实例约 50% 折扣计算，并非标价。")
    if row["provider"].startswith("Tencent"):
        return on_demand * 0.2, ("Spot derived: Tencent spot instances cost 'about 20% of list' (third-party, "
                                 "low confidence).",
                                 "竞价价格为推算值：竞价实例“约为原价的 20%”（第三方说法，可信度低）。")
    if "listed spot = on-demand" in text:
        return None, ("The snapshot lists spot equal to on-demand, so no spot price is recorded.",
                      "该快照中竞价价格与按量价格相同，因此不记录竞价价格。")
    return None, None


def offer_date(row, parsed):
    """(date, note as (en, zh) or None)."""
    if parsed:
        return parsed, None
    key = (row["provider"], row["instance_type"])
    if key in maps.CONFIRMED_UNDATED:
        date = maps.CONFIRMED_UNDATED[key]
        return date, (f"Source snapshot is undated; DR confirms this price on {date}.",
                      f"来源快照未注明日期；DR 在 {date} 确认了这一价格。")
    if row["source"].startswith("TENC-EST"):
        return "2025-01", ("Estimate is undated (repo active 2025-26); dated to its earliest possible month.",
                           "该估算未注明日期（仓库活跃于 2025-26 年）；按最早可能的月份记日期。")
    d = maps.UNDATED_SNAPSHOT_DATE
    return d, (f"Source is an undated snapshot; dated {d} as the skypilot-catalog vintage "
               "(its AWS P-series rows predate the mid-2025 price cut). Treat as old.",
               f"来源是未注明日期的快照；按 skypilot-catalog 的版本时间记为 {d}"
               "（其中 AWS P 系列价格早于 2025 年年中的降价）。应视为旧价格。")


def build_offer(row, skipped):
    provider_id = maps.PROVIDER_IDS[row["provider"]]
    for (prov, name, src), why in maps.SKIPS.items():
        if row["provider"].startswith(prov) and row["gpu"] == name and row["source"].startswith(src):
            skipped.append((row, why))
            return None
    count = int(row["gpu_count"])
    if count < 1:
        skipped.append((row, "CPU-only row (no GPU); its price is kept in the provider's billing note"))
        return None
    gpu_id, why = map_gpu(row)
    if gpu_id is None:
        skipped.append((row, why))
        return None
    notes = [row.get("notes", ""), why]  # parts for bilingual_notes
    if row.get("_multi"):
        notes.append(maps.MULTI_CARD_NOTE)
    unit = row["unit"]
    value, low, high, estimate = parse_price(row["on_demand_price"])
    factor = count if unit.startswith("per GPU-hour") and "GPU only" not in unit else 1
    if factor > 1:
        notes.append((f"Listed per GPU-hour ({row['on_demand_price']} x {count} GPUs for the whole offer).",
                      f"按每 GPU 每小时标价（整个报价为 {row['on_demand_price']} x {count} 张 GPU）。"))
    if low is not None:
        notes.append((f"The source gives a range {row['on_demand_price']}; the midpoint is used.",
                      f"来源给出的是区间 {row['on_demand_price']}；取中间值。"))
    elif estimate:
        notes.append((f"The source gives an estimate ({row['on_demand_price']}).",
                      f"来源给出的是估算值（{row['on_demand_price']}）。"))
    source, parsed = english_source(row["source"]), parse_date(row["source_date"])
    instance = row["instance_type"]
    if "GPU only" in unit:
        h = maps.GCP_HOST
        notes.append((f"Derived: GPU ${value} + {h['name']} host ${h['price']} ({h['source']}, {h['date']}). "
                      "GPU constants are dated only '2026'.",
                      f"推算值：GPU ${value} + {h['name']} 主机 ${h['price']}（{h['source']}，{h['date']}）。"
                      "GPU 单价常量只注明了“2026”年。"))
        value = value + h["price"]
        instance = f"{h['name']} + 1x {row['gpu']}"
        parsed = maps.GCP_GPU_ONLY_DATE
        source = f"{source}; {h['source']}"
    newer = maps.NEWER_PRICES.get((row["provider"], row["region"], row["gpu"], row["on_demand_price"]))
    if newer:
        value, parsed, source = newer[0], newer[1], f"{newer[2]} (replaces {english_source(row['source'])})"
        notes.append((newer[3], newer[4]))
    date, date_note = offer_date(row, parsed)
    if row["source_date"] and row["source_date"] != date and not newer:
        raw_zh = phrase_zh(row["source_date"])
        notes.append((f"Source date as given: {row['source_date']}.",
                      f"来源所注日期：{raw_zh}。" if raw_zh is not None else None, row["source_date"]))
    notes.append(date_note)
    currency = row["currency"].split()[0]
    if "inferred" in row["currency"]:
        notes.append(("Currency inferred as CNY (the source file gives bare numbers).",
                      "币种推断为人民币（来源文件只给出数字）。"))
    on_demand = value * factor
    spot, spot_note = parse_spot(row, on_demand, factor)
    notes.append(spot_note)
    if "promo" in row["spot_price_or_discount"]:
        promo_zh = phrase_zh(row["spot_price_or_discount"])
        notes.append((f"Not spot: {row['spot_price_or_discount']}.",
                      f"并非竞价：{promo_zh}。" if promo_zh is not None else None, row["spot_price_or_discount"]))
    offer = {
        "provider": provider_id, "region": bilingual(row["region"], maps.REGION_NAMES), "gpu": gpu_id,
        "gpu_count": count, "instance_type": bilingual(instance, maps.INSTANCE_NAMES), "currency": currency, "on_demand_per_hour": round(on_demand, 6),
        "on_demand_low_per_hour": round(low * factor, 6) if low is not None else None,
        "on_demand_high_per_hour": round(high * factor, 6) if high is not None else None,
        "spot_per_hour": round(spot, 6) if spot is not None else None,
        "price_is_estimate": True if estimate else None, "price_date": date, "source": source,
        "_notes": notes,
        "_key": (provider_id, maps.REGION_SLUGS.get(row["region"], slug(row["region"])), gpu_id, count, instance),
        "_spot_listed": spot is not None and not (spot_note and spot_note[0].startswith("Spot derived")),
    }
    return offer


def multi_card_rows(rows):
    """2-, 4- and 8-card sizes of the container platforms that list a per-card price (catalog_maps)."""
    out = []
    for r in rows:
        if (r["provider"] in maps.MULTI_CARD_PROVIDERS and r["unit"].startswith("per GPU-hour")
                and r["gpu_count"] == "1" and not r["gpu"].startswith("none")):
            for n in maps.MULTI_CARD_COUNTS:
                c = dict(r)
                c["gpu_count"] = str(n)
                c["_multi"] = True
                out.append(c)
    return out


PERIODS = ("day", "week", "month")


def attach_packages(offers):
    """Prepaid packages (包日/包周/包月: issue 16 item 2) from scripts/catalog-sources/cn-packages.csv, one row per
    offer and period, matched to the offer by provider, region, GPU, card count and instance type as the price rows
    name them. A row without a source or date, with an unknown period, a currency other than the offer's, or that
    matches no offer or one offer twice stops the build: a package is never attached by a guess."""
    by_key = {o["_key"]: o for o in offers}
    with open(os.path.join(HERE, "catalog-sources", "cn-packages.csv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        what = f"cn-packages.csv: {r['provider']} {r['gpu']} x{r['gpu_count']} {r['period']}"
        d = r["source_date"].strip()
        if not r["source"].strip() or not re.fullmatch(r"\d{4}-\d{2}(-\d{2})?", d) or not valid_date(d):
            sys.exit(f"{what}: no source or source_date")
        if r["period"] not in PERIODS:
            sys.exit(f"{what}: period must be one of {PERIODS}")
        gpu_id, _ = map_gpu(r)
        key = (maps.PROVIDER_IDS.get(r["provider"]), maps.REGION_SLUGS.get(r["region"], slug(r["region"])), gpu_id,
               int(r["gpu_count"]), r["instance_type"])
        offer = by_key.get(key)
        if offer is None:
            sys.exit(f"{what}: no offer has this provider, region, GPU, count and instance type")
        if r["currency"] != offer["currency"]:
            sys.exit(f"{what}: currency {r['currency']} differs from the offer's {offer['currency']}")
        packages = offer.setdefault("packages", [])
        if any(k["period"] == r["period"] for k in packages):
            sys.exit(f"{what}: the offer already has a {r['period']} package")
        packages.append({"period": r["period"], "price": num(r["price"]), "price_date": d,
                         "source": english_source(r["source"].strip())})
    for o in offers:
        if o.get("packages"):
            o["packages"].sort(key=lambda k: PERIODS.index(k["period"]))
    return len(rows)


STALE_MONTHS = 6


def months_of(date):
    y, m = int(date[:4]), int(date[5:7])
    return y * 12 + m - 1


def stale_note(offer, catalog_date):
    """A visible mark on a price more than STALE_MONTHS older than the catalog (issue 16, item 5)."""
    age = months_of(catalog_date) - months_of(offer["price_date"])
    if age <= STALE_MONTHS:
        return None
    return (f"Stale: this price is from {offer['price_date']}, {age} months before the catalog date; check the "
            "current price before relying on it.",
            f"价格较旧：该价格来自 {offer['price_date']}，比目录日期早 {age} 个月；使用前请核实当前价格。")


def drop_superseded(offers):
    """Same provider, region, GPU, count and instance type: keep the newest (notes section 9)."""
    newest, superseded = {}, []
    for o in offers:
        k = o["_key"]
        if k in newest:
            old = newest[k]
            keep, drop = (o, old) if o["price_date"] > old["price_date"] else (old, o)
            newest[k] = keep
            superseded.append((drop, keep))
        else:
            newest[k] = o
    kept = [o for o in offers if newest[o["_key"]] is o]
    return kept, superseded


def assign_ids(offers):
    base = {}
    for o in offers:
        p, region, gpu, count, _ = o["_key"]
        base.setdefault(f"{p}-{region}-{gpu}-x{count}", []).append(o)
    for stem, group in base.items():
        for o in group:
            o["id"] = stem if len(group) == 1 else f"{stem}-{slug(o['_key'][4])}"


def downclocked_3090(offers):
    """The source article's down-clocked cloud RTX 3090: the same rental, about 15% slower."""
    base = next(o for o in offers if o["id"] == "autodl-cn-rtx-3090-x1")
    o = {k: v for k, v in base.items() if not k.startswith("_")}
    o.update({
        "id": "autodl-cn-rtx-3090-downclocked-x1",
        "instance_type": {"en": base["instance_type"]["en"] + maps.DOWNCLOCKED_SUFFIX[0],
                          "zh": base["instance_type"]["zh"] + maps.DOWNCLOCKED_SUFFIX[1]},
        "derate": 0.85,
        "derate_note": {
            "en": "Some cloud RTX 3090s are down-clocked, with about 15% lower FP32 than the desktop card "
                  "(source article, section 2). The article's AutoDL case found a card at a 1095 MHz core "
                  "clock running at half speed until support moved the instance.",
            "zh": "部分云平台的 3090 是降频版，FP32 性能比桌面版低约 15%（原文第 2 节）。原文中 AutoDL 的案例是核心频率"
                  "只有 1095MHz 的 3090，性能只有预期一半，联系客服换实例后恢复。"},
        "source": base["source"] + "; source article (the Chinese guide to choosing cloud GPUs for graduate "
                                   "students, sections 2 and 5, undated)",
        "notes": {"en": "Same price as the regular AutoDL RTX 3090: platforms do not price the down-clocked "
                        "hosts differently. Use it to see the cost of landing on one.",
                  "zh": "与普通 AutoDL RTX 3090 同价：平台不会给降频主机另定价格。可用它估算分到降频卡时的花费。"},
    })
    return o


# ---------------------------------------------------------------- providers
def build_providers(offers):
    out = []
    access = provider_facts()
    sessions = session_limits()
    if set(sessions) - {p["id"] for p in facts.PROVIDERS}:
        sys.exit(f"session-limits.csv names providers the catalog lacks: {sorted(set(sessions))}")
    unknown = set(access) - {p["id"] for p in facts.PROVIDERS}
    if unknown:
        sys.exit(f"provider-facts.csv names providers the catalog lacks: {sorted(unknown)}")
    for p in facts.PROVIDERS:
        p = dict(p)
        p.update(access.get(p["id"], {}))
        if p.get("spot_discount_fraction") == "derive":
            ds = [1 - o["spot_per_hour"] / o["on_demand_per_hour"] for o in offers
                  if o["provider"] == p["id"] and o.get("_spot_listed")]
            p["spot_discount_fraction"] = round(statistics.median(ds), 2) if ds else None
        if p["id"] == "vast":
            p["ingress_free"] = False  # host-priced bandwidth is billed in and out
        if p["id"] == "lambda":
            p["ingress_free"] = True
        order = ["id", "name", "currency", "market", "granularity", "min_billed_seconds", "bills_from_creation",
                 "billing_note", "disk_running_per_gb_month", "disk_stopped_per_gb_month", "free_disk_gb",
                 "egress_per_gb", "egress_free_gb_per_month", "ingress_free", "internal_network_free", "has_spot",
                 "spot_discount_fraction", "spot_notice_seconds", "spot_interruptions_per_hour", "spot_note",
                 "programs", "access", "no_gpu_per_hour", "session_limited", "session_max_hours",
                 "session_idle_minutes", "session_weekly_gpu_hours", "session_gpu_guaranteed", "session_note",
                 "source", "source_date"]
        p.update(sessions.get(p["id"], {}))
        assert set(p) <= set(order), set(p) - set(order)
        p["programs"] = [build_program(pr) for pr in p["programs"]]
        out.append({k: p[k] for k in order if p.get(k) is not None})
    return out


ACCESS_FLAGS = ["alipay", "wechat", "unionpay", "card", "crypto", "usd_only", "mainland_reachable", "real_name",
                "invoice_general", "invoice_special"]


def provider_facts():
    """What decides whether a student can rent at all, per provider (issue 16 item 3):
    scripts/catalog-sources/provider-facts.csv. yes/no/blank: a blank cell is unknown, never a guessed no."""
    out = {}
    with open(os.path.join(HERE, "catalog-sources", "provider-facts.csv"), encoding="utf-8") as f:
        for r in csv.DictReader(f):
            d = r["source_date"].strip()
            if not r["source"].strip() or not re.fullmatch(r"\d{4}-\d{2}(-\d{2})?", d) or not valid_date(d):
                sys.exit(f"provider-facts.csv: {r['provider']} has no source or source_date")
            a = {}
            for k in ACCESS_FLAGS:
                v = r[k].strip()
                if v not in ("", "yes", "no"):
                    sys.exit(f"provider-facts.csv: {r['provider']}.{k} must be yes, no or blank (got {v!r})")
                if v:
                    a[k] = v == "yes"
            if r["min_topup"].strip():
                a["min_topup"] = num(r["min_topup"])
            for k in ("data_location", "notes"):
                if r[k + "_en"].strip():
                    a[k] = {"en": r[k + "_en"].strip(), "zh": r[k + "_zh"].strip()}
            a["source"] = r["source"].strip()
            a["source_date"] = r["source_date"].strip()
            extra = {"access": a}
            if r["no_gpu_per_hour"].strip():
                extra["no_gpu_per_hour"] = num(r["no_gpu_per_hour"])
            out[r["provider"]] = extra
    return out


INTERCONNECT_KEYS = ["intra_node", "intra_node_gbs", "inter_node", "inter_node_gbps_per_gpu", "max_nodes",
                     "interconnect_source", "interconnect_date"]


def interconnects(offer_ids):
    """Offers' links inside and between nodes (issue 18 item 4): scripts/catalog-sources/interconnect.csv, by
    offer id. An offer without a row has no sourced network between machines, so it is never a cluster."""
    out = {}
    with open(os.path.join(HERE, "catalog-sources", "interconnect.csv"), encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["offer"] not in offer_ids:
                sys.exit(f"interconnect.csv: no offer {r['offer']}")
            if not r["source"].strip() or not valid_date(r["source_date"].strip()):
                sys.exit(f"interconnect.csv: {r['offer']} has no source or source_date")
            x = {"intra_node": r["intra_node"].strip(), "inter_node": r["inter_node"].strip(),
                 "interconnect_source": r["source"].strip(), "interconnect_date": r["source_date"].strip()}
            for k in ("intra_node_gbs", "inter_node_gbps_per_gpu", "max_nodes"):
                if r[k].strip():
                    x[k] = num(r[k])
            out[r["offer"]] = {k: v for k, v in x.items() if v != ""}
    return out


def session_limits():
    """Notebook platforms' session limits (issue 18 item 2): scripts/catalog-sources/session-limits.csv.
    A blank cell is unknown; the citation goes into the note, as the provider's own source is its prices'."""
    out = {}
    with open(os.path.join(HERE, "catalog-sources", "session-limits.csv"), encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if not r["source"].strip() or not valid_date(r["source_date"].strip()):
                sys.exit(f"session-limits.csv: {r['provider']} has no source or source_date")
            s = {"session_limited": True}
            for k in ("max_hours", "idle_minutes", "weekly_gpu_hours"):
                if r[k].strip():
                    s["session_" + k] = num(r[k])
            g = r["gpu_guaranteed"].strip()
            if g not in ("", "yes", "no"):
                sys.exit(f"session-limits.csv: {r['provider']}.gpu_guaranteed must be yes, no or blank")
            if g:
                s["session_gpu_guaranteed"] = g == "yes"
            src = f" Source: {r['source'].strip()}, {r['source_date'].strip()}."
            s["session_note"] = {"en": r["note_en"].strip() + src, "zh": r["note_zh"].strip() + "来源：" +
                                 r["source"].strip() + "，" + r["source_date"].strip() + "。"}
            out[r["provider"]] = s
    return out


def build_program(pr):
    pr = dict(pr)
    if pr["id"] not in facts.PROGRAM_RULES:
        sys.exit(f"programme {pr['id']}: no entry in PROGRAM_RULES (who qualifies, what it covers)")
    for k, v in facts.PROGRAM_RULES[pr["id"]].items():
        if k == "source_date" and pr.get("source_date"):
            continue
        pr[k] = v
    pr.setdefault("stackable", False)
    pr.setdefault("applies_to_spot", True)
    pr.setdefault("applies_to_gpu", True)
    pr.setdefault("needs_student", False)
    pr.setdefault("new_users_only", False)
    order = ["id", "kind", "name", "discount_fraction", "amount", "currency", "min_spend", "cap", "expiry_days",
             "expires", "stackable", "applies_to_gpu", "applies_to_spot", "needs_student", "new_users_only",
             "qualifies", "covers", "notes", "source", "source_date"]
    assert set(pr) <= set(order), set(pr) - set(order)
    return {k: pr[k] for k in order if pr.get(k) is not None}


def build_unpriced(providers, offers):
    """Platforms a student would look for that have no offer here, or offers for one card type only (facts.
    LINEUP_INCOMPLETE), each with the reason (issue 16, item 1)."""
    priced = {o["provider"] for o in offers}
    out = []
    for u in facts.UNPRICED:
        assert u["id"] not in priced, f"{u['id']} has offers now: drop it from UNPRICED"
        out.append({k: u[k] for k in ("id", "name", "reason", "checked")})
    # A Chinese platform priced for one card type only says why the rest of its line-up is missing.
    cards = {}
    for o in offers:
        cards.setdefault(o["provider"], set()).add(o["gpu"])
    partial = {u["id"] for u in facts.LINEUP_INCOMPLETE}
    for u in facts.LINEUP_INCOMPLETE:
        assert u["id"] in priced, f"{u['id']} has no offers: it belongs in UNPRICED"
        assert u["reason"]["en"].startswith("Line-up incomplete"), u["id"]
        out.append({k: u[k] for k in ("id", "name", "reason", "checked")})
    listed = {u["id"] for u in out}
    for p in providers:
        if p["id"] not in priced and p["id"] not in listed:
            sys.exit(f"provider {p['id']} has no offers and no UNPRICED entry saying why")
        if p["market"] == "cn" and len(cards.get(p["id"], ())) == 1 and p["id"] not in partial:
            sys.exit(f"provider {p['id']} is priced for one card type only and has no LINEUP_INCOMPLETE entry")
    return out


# ---------------------------------------------------------------- checks and main
def squash(s):
    return "".join(c for c in s.lower() if c.isalnum())


def check_aliases(gpus):
    """An alias must not equal (letters and digits only) any other GPU's id, name or alias."""
    owner = {}
    for g in gpus:
        names = {squash(g["id"]), squash(g["name"])} | {squash(a) for a in g.get("aliases", [])}
        for n in names:
            if n in owner and owner[n] != g["id"]:
                sys.exit(f"alias clash: '{n}' is used by {owner[n]} and {g['id']}")
            owner[n] = g["id"]


def check_text_has_zh(node, path=""):
    """Every Text ({"en": ...}) in the catalog has Chinese too: a Chinese screen must not show English."""
    if isinstance(node, dict):
        if "en" in node and set(node) <= {"en", "zh"}:
            if node["en"] and not node.get("zh"):
                sys.exit(f"{path}: '{node['en']}' has no Chinese (zh)")
            return
        for k, v in node.items():
            check_text_has_zh(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            check_text_has_zh(v, f"{path}/{i}")


CJK_RE = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")  # CJK punctuation, kana, ideographs, full-width


def check_english_has_no_cjk(node, path=""):
    """No Chinese in English text (a Text's `en`, a `source` citation): the English page loads a Latin-only font,
    so a CJK character there renders as a box, and it mixes languages. A provider's Chinese term goes in `zh`."""
    if isinstance(node, dict):
        if "en" in node and set(node) <= {"en", "zh"}:
            if isinstance(node["en"], str) and CJK_RE.search(node["en"]):
                sys.exit(f"{path}/en: '{node['en']}' has Chinese characters in English text (put the Chinese "
                         "term in zh and plain English in en)")
            return
        for k, v in node.items():
            if k == "source" and isinstance(v, str) and CJK_RE.search(v):
                sys.exit(f"{path}/source: '{v}' has Chinese characters (translate the title into English; "
                         "from the reference CSV, through catalog_maps.SOURCE_PHRASES_EN)")
            check_english_has_no_cjk(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            check_english_has_no_cjk(v, f"{path}/{i}")


def build(ref_dir):
    with open(os.path.join(ref_dir, "gpu-specs.csv"), encoding="utf-8") as f:
        gpus = [build_gpu(r) for r in csv.DictReader(f)]
    # A row of gpu-specs-extra.csv with a reference id replaces that row (a corrected or completed figure,
    # with its own source); the others are GPUs the reference lacks.
    extra = extra_gpus()
    fixed = {g["id"]: g for g in extra}
    gpus = [fixed.pop(g["id"], g) for g in gpus] + [g for g in extra if g["id"] in fixed]
    check_aliases(gpus)
    with open(os.path.join(ref_dir, "cloud-prices.csv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    # Facts found for this repository beyond the shared reference (each row with its source and date).
    with open(os.path.join(HERE, "catalog-sources", "cn-prices.csv"), encoding="utf-8") as f:
        rows += list(csv.DictReader(f))
    for r in rows:
        if not r.get("source", "").strip() or not r.get("source_date", "").strip():
            sys.exit(f"price row without source or date: {r['provider']} {r['gpu']} x{r['gpu_count']}")
    rows += multi_card_rows(rows + maps.EXTRA_ROWS)
    skipped = []
    offers = [o for o in (build_offer(r, skipped) for r in rows + maps.EXTRA_ROWS) if o]
    offers, superseded = drop_superseded(offers)
    assign_ids(offers)
    attach_packages(offers)
    newest = max([o["price_date"] for o in offers if len(o["price_date"]) == 10] +
                 [p["source_date"] for p in facts.PROVIDERS if len(p["source_date"]) == 10])
    missing = []
    for o in offers:
        o["_notes"].append(stale_note(o, newest))
        o["notes"] = bilingual_notes(o["_notes"], o["id"], missing)
    if missing:
        for text, offer in missing:
            print(f"offer {offer}: note text without Chinese: '{text}'", file=sys.stderr)
        sys.exit(f"{len(missing)} offer note text(s) without Chinese: add each sentence to "
                 "catalog_maps.NOTE_SENTENCES_ZH (a raw source date or promo text to NOTE_PHRASES_ZH; a templated "
                 "sentence gets its Chinese next to the English in build_catalog.py)")
    offers.append(downclocked_3090(offers))
    rank = {p["id"]: i for i, p in enumerate(facts.PROVIDERS)}
    offers.sort(key=lambda o: rank[o["provider"]])  # stable: CSV order within a provider
    providers = build_providers(offers)
    ids = [o["id"] for o in offers]
    assert len(ids) == len(set(ids)), "duplicate offer ids"
    order = ["id", "provider", "region", "gpu", "gpu_count", "instance_type", "currency", "on_demand_per_hour",
             "on_demand_low_per_hour", "on_demand_high_per_hour", "spot_per_hour", "price_is_estimate", "derate",
             "derate_note", "price_date", "source", "notes", "packages"]
    links = interconnects({o["id"] for o in offers})
    for o in offers:
        o.update(links.get(o["id"], {}))
    order = order[:order.index("price_date") + 1] + INTERCONNECT_KEYS + order[order.index("price_date") + 1:]
    clean = [{k: o[k] for k in order if o.get(k) is not None} for o in offers]
    dates = [o["price_date"] for o in clean] + [p["source_date"] for p in providers]
    catalog = {
        "schema_version": SCHEMA_VERSION, "catalog_version": CATALOG_VERSION,
        "catalog_date": max(d for d in dates if len(d) == 10), "usd_cny": USD_CNY, "usd_cny_date": USD_CNY_DATE,
        "gpus": gpus, "providers": providers, "offers": clean, "unpriced": build_unpriced(providers, clean),
    }
    check_text_has_zh(catalog)
    check_english_has_no_cjk(catalog)
    return catalog, rows, skipped, superseded


def split_prose(catalog):
    """The core catalog (naming its notes file) and the notes: {section: {id: {field: value}}}."""
    core = {}
    for k, v in catalog.items():
        core[k] = v
        if k == "usd_cny_date":
            core["notes_file"] = NOTES_FILE
    notes = {"schema_version": SCHEMA_VERSION, "catalog_version": catalog["catalog_version"]}

    def split(item, section):
        return ({k: v for k, v in item.items() if k not in PROSE[section]},
                {k: v for k, v in item.items() if k in PROSE[section]})

    for section in ("gpus", "providers", "offers", "unpriced"):
        core[section], notes[section] = [], {}
        for item in catalog[section]:
            kept, moved = split(item, section)
            if "access" in kept:
                kept["access"], access = split(kept["access"], "providers/access")
                if access:
                    moved["access"] = access
            if "programs" in kept:
                pairs = [split(g, "providers/programs") for g in kept["programs"]]
                kept["programs"] = [g for g, _ in pairs]
                programs = {g["id"]: m for g, m in pairs if m}
                if programs:
                    moved["programs"] = programs
            core[section].append(kept)
            if moved:
                notes[section][item["id"]] = moved
    return core, notes


def dump(obj):
    return json.dumps(obj, ensure_ascii=False, indent=2) + "\n"


# ---------------------------------------------------------------- the Guide's student table
GUIDE_KINDS = ("student_discount", "member_discount", "credit")


def guide_student_rows(catalog):
    """data/guide.json's student table, one row per student programme or credit of the catalog, with the same
    rule and the same citation (issue 16: the Guide and the catalog agree)."""
    rows = []
    for p in catalog["providers"]:
        for g in p["programs"]:
            if not (g["needs_student"] or g["kind"] in GUIDE_KINDS):
                continue
            if g.get("discount_fraction"):
                amount = (f"{round(g['discount_fraction'] * 100)}% off", f"减 {round(g['discount_fraction'] * 100)}%")
            elif g.get("amount"):
                sym = "$" if g["currency"] == "USD" else "¥"
                amount = (f"{sym}{g['amount']:g}", f"{sym}{g['amount']:g}")
            else:
                amount = ("Amount not published, so not counted", "金额未公开，不计入")
            rows.append([
                g["name"],
                {"en": f"{amount[0]}. Who: {g['qualifies']['en']} Covers: {g['covers']['en']}",
                 "zh": f"{amount[1]}。对象：{g['qualifies']['zh']}适用：{g['covers']['zh']}"},
                {"en": f"{g['source']}, {g['source_date']}", "zh": f"来源：{g['source']}，日期 {g['source_date']}"},
            ])
    return rows


def guide_unpriced_rows(catalog):
    """data/guide.json's table of platforms without offers, one row per catalog "unpriced" entry with its reason
    (issue 16: every platform has offers or a recorded reason, shown to the user)."""
    return [[u["name"], u["reason"], u["checked"]] for u in catalog["unpriced"]]


GUIDE_TABLES = (("student_offers", guide_student_rows), ("unpriced_platforms", guide_unpriced_rows))


def guide_text(guide_path, catalog):
    """guide.json with only the generated tables' rows replaced, the rest of the file byte for byte."""
    with open(guide_path, encoding="utf-8") as f:
        text = f.read()
    for table_id, rows_of in GUIDE_TABLES:
        start = text.index(f'"id": "{table_id}"')
        rows_at = text.index('"rows": [', start)
        end = text.index('\n          ],\n', rows_at)
        body = ",\n".join("            " + json.dumps(r, ensure_ascii=False) for r in rows_of(catalog))
        text = text[:rows_at] + '"rows": [\n' + body + text[end:]
    return text


# ---------------------------------------------------------------- the engine's field list
# Keys of the engine's catalog field list (`gpuwise catalog fields`, src/engine/catalog_fields.cpp) that this
# script never writes, each with why. --check-fields fails on a key the output has and the list lacks (the
# engine would refuse the catalog), on a listed key the output never has that is not named here (a field the
# engine reads and this script forgot), and on a name here that the output does have.
NOT_WRITTEN = {
    "providers": {"internal_network_free": "no source names a provider that bills internal traffic (default: free)"},
    "offers": {"max_nodes": "no source states a largest cluster for an offer (interconnect.csv writes it when "
                           "one does; unset means any count the card-count field allows)"},
    "providers/programs": {"cap": "no programme in catalog_facts.py publishes a per-order cap",
                           "expires": "no programme in catalog_facts.py publishes its end date"},
}


def output_keys(core, notes):
    """{section: keys} of a built catalog: the core file with its notes file's fields put back."""
    keys = {"": set(core)}

    def add(section, items):
        for item in items:
            keys.setdefault(section, set()).update(item)
            for k, v in item.items():
                if isinstance(v, list) and v and isinstance(v[0], dict):
                    add(f"{section}/{k}", v)
                elif isinstance(v, dict) and k == "access":
                    keys.setdefault(f"{section}/{k}", set()).update(v)

    for section in ("gpus", "providers", "offers", "unpriced"):
        add(section, core.get(section, []))
    for section, by_id in notes.items():
        if isinstance(by_id, dict):
            for fields in by_id.values():
                for k, v in fields.items():
                    if section == "providers" and k == "access":
                        keys.setdefault("providers/access", set()).update(v)
                    elif section == "providers" and k == "programs":
                        for g in v.values():
                            keys.setdefault("providers/programs", set()).update(g)
                    else:
                        keys.setdefault(section, set()).add(k)
    return keys


def check_fields(gpuwise, out_path):
    """Compares the keys of the catalog this script wrote (out_path and its notes file) with the engine's list."""
    import subprocess
    listing = json.loads(subprocess.run([gpuwise, "catalog", "fields", "--format", "json"], check=True,
                                        capture_output=True, text=True).stdout)
    listed = {}
    for f in listing:
        listed.setdefault(f["section"], set()).add(f["key"])
    # PROSE above and the engine's `prose` marks: the same fields, or the page and the notes reader disagree.
    prose_listed = {(f["section"], f["key"]) for f in listing if f.get("prose") == "yes"}
    prose_here = {(section, k) for section, keys in PROSE.items() for k in keys}
    with open(out_path, encoding="utf-8") as f:
        core = json.load(f)
    with open(os.path.join(os.path.dirname(out_path), NOTES_FILE), encoding="utf-8") as f:
        notes = json.load(f)
    written = output_keys(core, notes)
    errors = [f"{s or 'top level'}: '{k}' is marked prose in the engine but not in PROSE"
              for s, k in sorted(prose_listed - prose_here)]
    errors += [f"{s}: '{k}' is in PROSE but not marked prose in the engine" for s, k in sorted(prose_here - prose_listed)]
    for section in sorted(set(listed) | set(written)):
        have, want = written.get(section, set()), listed.get(section, set())
        skip = NOT_WRITTEN.get(section, {})
        where = section or "top level"
        errors += [f"{where}: '{k}' is written but not in the engine's field list" for k in sorted(have - want)]
        errors += [f"{where}: '{k}' is in the engine's field list but never written (add it, or to NOT_WRITTEN)"
                   for k in sorted(want - have - set(skip))]
        errors += [f"{where}: '{k}' is in NOT_WRITTEN but is written" for k in sorted(set(skip) & have)]
        errors += [f"{where}: '{k}' is in NOT_WRITTEN but not in the engine's field list"
                   for k in sorted(set(skip) - want)]
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        sys.exit(f"{len(errors)} difference(s) between scripts/build_catalog.py and the engine's catalog fields")
    print(f"{sum(map(len, written.values()))} keys written, "
          f"{sum(len(v) for v in NOT_WRITTEN.values())} listed keys not written: agree with the engine")


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reference", nargs="?", default=os.path.join(repo, "..", "shared", "reference"))
    ap.add_argument("--out", default=os.path.join(repo, "data", "catalog.json"))
    ap.add_argument("--check", action="store_true", help="exit 1 if --out differs from a fresh build")
    ap.add_argument("--check-fields", metavar="GPUWISE",
                    help="only compare the keys of --out and its notes file with `GPUWISE catalog fields`")
    args = ap.parse_args()
    if args.check_fields:
        return check_fields(args.check_fields, args.out)
    catalog, rows, skipped, superseded = build(args.reference)
    core, notes = split_prose(catalog)
    notes_out = os.path.join(os.path.dirname(args.out), NOTES_FILE)
    outputs = [(args.out, dump(core)), (notes_out, dump(notes))]
    guide_path = os.path.join(os.path.dirname(args.out), "guide.json")
    if os.path.exists(guide_path):
        outputs.append((guide_path, guide_text(guide_path, catalog)))

    print(f"GPUs: {len(catalog['gpus'])} "
          f"({sum(g['vendor'] == 'NVIDIA' for g in catalog['gpus'])} NVIDIA, "
          f"{sum(g['vendor'] == 'AMD' for g in catalog['gpus'])} AMD)")
    print(f"Providers: {len(catalog['providers'])}, programmes: "
          f"{sum(len(p['programs']) for p in catalog['providers'])}")
    print(f"Price rows: {len(rows)} in cloud-prices.csv + {len(maps.EXTRA_ROWS)} from notes; "
          f"offers: {len(catalog['offers'])} (incl. 1 down-clocked variant)")
    for p in catalog["providers"]:
        n = sum(o["provider"] == p["id"] for o in catalog["offers"])
        print(f"  {p['id']:<11} {n:>3} offers  spot discount {p.get('spot_discount_fraction', '-')}")
    print(f"Skipped rows: {len(skipped)}")
    for row, why in skipped:
        print(f"  {row['provider']} | {row['region']} | {row['gpu']} x{row['gpu_count']}: {why}")
    print(f"Superseded rows: {len(superseded)}")
    for drop, keep in superseded:
        print(f"  {drop['_key'][0]} {drop['_key'][2]} x{drop['_key'][3]} {drop['on_demand_per_hour']} "
              f"({drop['price_date']}) -> {keep['on_demand_per_hour']} ({keep['price_date']}, {keep['id']})")

    if args.check:
        for path, text in outputs:
            try:
                with open(path, encoding="utf-8") as f:
                    current = f.read()
            except FileNotFoundError:
                current = None
            if current != text:
                sys.exit(f"{path} is out of date: rerun scripts/build_catalog.py")
            print(f"{path} is up to date")
        return
    for path, text in outputs:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"Wrote {path}")


if __name__ == "__main__":
    main()
