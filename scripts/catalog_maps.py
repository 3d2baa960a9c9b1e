"""Hand-written mappings for build_catalog.py: GPU aliases, how cloud-prices.csv names map to
gpu-specs.csv ids, region slugs for offer ids, the conflict decisions of
cloud-billing-notes.md section 9, and Chinese names and notes for people (REGION_NAMES,
INSTANCE_NAMES, NOTE_SENTENCES_ZH, NOTE_PHRASES_ZH) and the English of the CSV's Chinese words
(NOTE_SENTENCES_EN, SOURCE_PHRASES_EN).
"""

# Extra names users type. gw::find_gpu returns the FIRST GPU whose alias matches exactly
# (letters and digits, case-folded), so an alias must belong to one GPU only; build_catalog.py
# checks that. Ambiguity ("A100", "V100", "H100", "H100 80GB") comes from the token search
# instead, which needs every variant to carry a name where the family is followed by a letter
# ("A100 PCIe 40GB"), never by a digit ("A100 40GB" squashes to "a10040gb", which hides "a100").
# Defaults chosen on purpose: "A100 40GB"/"A100 80GB" mean the SXM4 card (what AWS, GCP, Azure,
# Lambda and Colab rent; PCIe has the same FLOPS and bandwidth), "V100 16GB"/"V100 32GB" mean SXM2.
GPU_ALIASES = {
    "gtx-1080": ["1080"],
    "gtx-1080-ti": ["1080 Ti"],
    "rtx-2080-ti": ["2080 Ti"],
    "titan-rtx": [],
    "rtx-3060-12gb": ["3060", "RTX 3060"],
    "rtx-3070": ["3070"],
    "rtx-3080-10gb": ["3080", "RTX 3080", "3080 10GB"],
    "rtx-3080-ti": ["3080 Ti"],
    "rtx-3090": ["3090", "RTX 3090 24GB"],
    "rtx-3090-ti": ["3090 Ti"],
    "rtx-4060-ti-16gb": ["4060 Ti", "RTX 4060 Ti"],
    "rtx-4070": ["4070"],
    "rtx-4080": ["4080", "RTX 4080"],
    "rtx-4090": ["4090", "RTX 4090 24GB"],
    "rtx-5090": ["5090", "RTX 5090 32GB"],
    "rtx-a4000": ["A4000"],
    "rtx-a5000": ["A5000"],
    "rtx-a6000": ["A6000"],
    "rtx-6000-ada": ["RTX 6000 Ada", "6000 Ada"],
    "a10": ["A10 24GB"],
    "a10g": ["A10G 24GB"],
    "l20": ["L20 48GB"],
    "titan-v": ["Titan V", "TITAN V 12GB"],
    "h100-nvl-94gb": ["H100 NVL", "H100 NVL 94GB"],
    "b200-180gb": ["B200", "B200 180GB", "HGX B200"],
    "a40": ["A40 48GB"],
    "a16-per-gpu": ["A16"],
    "t4": ["Tesla T4", "T4 16GB"],
    "l4": ["L4 24GB"],
    "l40": ["L40 48GB"],
    "l40s": ["L40S 48GB"],
    "v100-pcie-16gb": ["V100 PCIe 16GB"],
    "v100-pcie-32gb": ["V100 PCIe 32GB"],
    "v100-sxm2-16gb": ["V100 SXM2 16GB", "V100 16GB", "V100-16G"],
    "v100-sxm2-32gb": ["V100 SXM2 32GB", "V100 32GB", "V100-32G"],
    "p100-pcie-16gb": ["P100", "P100 16GB"],
    "a100-40gb-pcie": ["A100 PCIe 40GB"],
    "a100-40gb-sxm4": ["A100 SXM4 40GB", "A100 40GB", "A100-40G"],
    "a100-80gb-pcie": ["A100 PCIe 80GB"],
    "a100-80gb-sxm4": ["A100 SXM4 80GB", "A100 80GB", "A100-80G"],
    "a800-80gb-sxm4": ["A800", "A800 80GB"],
    "a800-80gb-pcie": ["A800 PCIe 80GB", "A800 80GB PCIe"],
    "h100-pcie-80gb": ["H100 PCIe", "H100 80GB PCIe"],
    "h100-sxm5-80gb": ["H100 SXM", "H100 SXM5", "H100 80GB SXM"],
    "h800-sxm5-80gb": ["H800", "H800 80GB"],
    "h20": ["H20 96GB"],
    "h200-sxm-141gb": ["H200", "H200 141GB", "H200 SXM"],
    "mi250": ["MI250"],
    "mi300x": ["MI300X"],
}

# cloud-prices.csv `gpu` text -> catalog GPU id. None = not in gpu-specs.csv (row skipped).
# Display names where the reference's name carries English prose ("(China SKU)", "(per GPU; board = 4
# GPUs)"): a name shows on Chinese screens too, so it holds only product words, sizes and symbols. The facts
# stay in the GPU's notes. Parentheses are ignored when matching nvidia-smi names, and a family name must
# not be followed by a digit ("A16 16GB" would squash to "a1616gb" and hide "a16").
GPU_DISPLAY_NAMES = {
    "a16-per-gpu": "NVIDIA A16 (16GB)",
    "a800-80gb-sxm4": "NVIDIA A800 80GB SXM4",
    "a800-80gb-pcie": "NVIDIA A800 80GB PCIe",
    "h800-sxm5-80gb": "NVIDIA H800 SXM5 80GB",
    "h20": "NVIDIA H20",
    "mi250": "AMD Instinct MI250 (2×64GB)",
}

GPU_NAMES = {
    "RTX 2080 Ti": "rtx-2080-ti",
    # Featurize's 2021 table: the 12 GB RTX 3080 came out in 2022, so its 3080 is the 10 GB card.
    "RTX 3080": "rtx-3080-10gb",
    "GTX 1080 Ti": "gtx-1080-ti",
    "RTX A4000": "rtx-a4000", "RTX A4000 16GB": "rtx-a4000",
    "RTX 3080 Ti": "rtx-3080-ti",
    "RTX 3090": "rtx-3090", "RTX 3090 24GB": "rtx-3090",
    "RTX 4090": "rtx-4090", "RTX 4090 24GB": "rtx-4090",
    "RTX 5090": "rtx-5090", "RTX 5090 32GB": "rtx-5090",
    "RTX A5000 24GB": "rtx-a5000", "RTX A6000 48GB": "rtx-a6000", "RTX 6000 Ada 48GB": "rtx-6000-ada",
    "A800 80GB": "a800-80gb-sxm4", "H800 80GB": "h800-sxm5-80gb", "H20 96GB": "h20",
    "T4 16GB": "t4", "T4 15GB": "t4", "A10 24GB": "a10", "A10G 24GB": "a10g",
    "L4 24GB": "l4", "L4 22.5GB": "l4", "L40 48GB": "l40", "L40S 48GB": "l40s", "A40 48GB": "a40",
    "A100 40GB SXM": "a100-40gb-sxm4", "A100 40GB SXM4": "a100-40gb-sxm4",
    "A100 80GB SXM": "a100-80gb-sxm4", "A100 80GB PCIe": "a100-80gb-pcie",
    "H100 80GB SXM": "h100-sxm5-80gb", "H100 80GB PCIe": "h100-pcie-80gb",
    "H200 141GB": "h200-sxm-141gb", "P100 16GB": "p100-pcie-16gb",
    # Compshare's billing overview (2026-05-13): cards gpu-specs.csv lacks.
    "RTX 4090 48GB": None, "RTX 2080 8GB": None, "P40 24GB": None, "V100S 32GB": None,
    "RTX PRO 6000 96GB": None, "RTX PRO 6000 (G4) 96GB": None, "H100 NVL 94GB": "h100-nvl-94gb",
    "B200 180GB": "b200-180gb", "GH200 96GB": None, "Quadro RTX 6000 24GB": None,
    "Quadro P4000 8GB": None, "Quadro M4000 8GB": None, "none (无卡模式 CPU-only)": None,
}

# Rows whose GPU text does not say the form factor: (provider prefix, gpu text) -> (id, why, why in Chinese).
# These are assumptions from how the instance family is built, stated in each offer's notes.
VARIANTS = {
    ("AutoDL", "V100 32GB"): ("v100-sxm2-32gb", "AutoDL lists its V100 32GB as an SXM2 card (assumed; not in the reference).",
                              "AutoDL 的 V100 32GB 按 SXM2 卡处理（假设；参考资料中没有）。"),
    ("AutoDL", "A100 40GB"): ("a100-40gb-pcie", "Form factor not stated; PCIe assumed (same FLOPS and bandwidth as SXM4).",
                              "未注明板型；假设为 PCIe（FLOPS 和带宽与 SXM4 相同）。"),
    ("Alibaba", "V100 16GB"): ("v100-sxm2-16gb", "gn6v is Alibaba's NVLink V100 family, so SXM2 is assumed.",
                               "gn6v 是阿里云的 NVLink V100 规格族，因此假设为 SXM2。"),
    ("Alibaba", "V100 32GB"): ("v100-sxm2-32gb", "gn6e is Alibaba's NVLink V100 32GB family, so SXM2 is assumed.",
                               "gn6e 是阿里云的 NVLink V100 32GB 规格族，因此假设为 SXM2。"),
    ("Alibaba", "A100 40GB"): ("a100-40gb-sxm4", "gn7 is Alibaba's HGX A100 family, so SXM4 is assumed.",
                               "gn7 是阿里云的 HGX A100 规格族，因此假设为 SXM4。"),
    ("Alibaba", "A100 80GB"): ("a100-80gb-sxm4", "gn7e is Alibaba's HGX A100 80GB family, so SXM4 is assumed.",
                               "gn7e 是阿里云的 HGX A100 80GB 规格族，因此假设为 SXM4。"),
    ("Tencent", "V100 32GB"): ("v100-sxm2-32gb", "GN10X is Tencent's NVLink V100 family, so SXM2 is assumed.",
                               "GN10X 是腾讯云的 NVLink V100 规格族，因此假设为 SXM2。"),
    ("优云智算", "A100 80GB"): ("a100-80gb-pcie", "Form factor not stated; PCIe assumed (the slower card).",
                               "未注明板型；假设为 PCIe（较慢的那种卡）。"),
    ("AWS", "V100 16GB"): ("v100-sxm2-16gb", "p3 instances use NVLink V100 SXM2 cards (assumed from the family).",
                           "p3 实例使用 NVLink V100 SXM2 卡（根据规格族推断）。"),
    ("Google Cloud", "A100 40GB"): ("a100-40gb-sxm4", "A2 VMs are built on HGX A100 40GB SXM4 boards.",
                                    "A2 虚拟机基于 HGX A100 40GB SXM4 主板。"),
    ("Google Cloud", "A100 80GB"): ("a100-80gb-sxm4", "A2-ultra VMs are built on HGX A100 80GB SXM4 boards.",
                                    "A2-ultra 虚拟机基于 HGX A100 80GB SXM4 主板。"),
    ("Google Cloud", "H100 80GB"): ("h100-sxm5-80gb", "A3 VMs are built on HGX H100 SXM5 boards.",
                                    "A3 虚拟机基于 HGX H100 SXM5 主板。"),
    ("Google Cloud", "V100 16GB"): ("v100-sxm2-16gb", "GCP's V100 GPUs are the NVLink SXM2 cards (assumed).",
                                    "GCP 的 V100 GPU 是 NVLink SXM2 卡（假设）。"),
    ("Microsoft Azure", "V100 16GB"): ("v100-pcie-16gb", "NCv3 VMs carry V100 PCIe cards (assumed from the family).",
                                       "NCv3 虚拟机配备 V100 PCIe 卡（根据规格族推断）。"),
    ("Lambda", "V100 16GB"): ("v100-sxm2-16gb", "Lambda's 8x V100 machines are NVLink SXM2 servers (assumed).",
                              "Lambda 的 8 卡 V100 机器是 NVLink SXM2 服务器（假设）。"),
    ("Vast.ai", "V100 16GB"): ("v100-pcie-16gb", "Form factor not stated by the marketplace; PCIe assumed (the slower card).",
                               "市场未注明板型；假设为 PCIe（较慢的那种卡）。"),
    ("Paperspace", "V100 16GB"): ("v100-pcie-16gb", "Form factor not stated; PCIe assumed (the slower card).",
                                  "未注明板型；假设为 PCIe（较慢的那种卡）。"),
    ("Paperspace", "V100 32GB"): ("v100-pcie-32gb", "Form factor not stated; PCIe assumed (the slower card).",
                                  "未注明板型；假设为 PCIe（较慢的那种卡）。"),
    ("Paperspace", "A100 80GB"): ("a100-80gb-sxm4", "Form factor not stated; the 8-GPU machine is an HGX (SXM4) box, assumed for 1x too.",
                                  "未注明板型；8 卡机器是 HGX（SXM4）整机，单卡也按此假设。"),
    ("Paperspace", "H100 80GB"): ("h100-sxm5-80gb", "Form factor not stated; the 8-GPU machine is an HGX (SXM5) box, assumed for 1x too.",
                                  "未注明板型；8 卡机器是 HGX（SXM5）整机，单卡也按此假设。"),
    ("Google Colab", "A100 40GB"): ("a100-40gb-sxm4", "Colab's A100 40GB reports as A100-SXM4-40GB (assumed; not in the reference).",
                                    "Colab 的 A100 40GB 显示为 A100-SXM4-40GB（假设；参考资料中没有）。"),
    ("Google Colab", "A100 80GB"): ("a100-80gb-sxm4", "Form factor not stated; SXM4 assumed like Colab's 40GB card.",
                                    "未注明板型；与 Colab 的 40GB 卡一样假设为 SXM4。"),
}

# Rows skipped on purpose, matched by (provider prefix, gpu text, source prefix) -> reason.
SKIPS = {
    ("Vast.ai", "H100 80GB", "SCREENER"): "H100 form factor not stated (an average over SXM and PCIe offers); "
                                          "the SXM median from SILY (2026-10-19) is used instead.",
}

# Region text -> slug for offer ids.
REGION_SLUGS = {
    "CN (region/host dependent)": "cn", "CN": "cn", "CN (zone not stated)": "cn-list", "CN 华北二A / 上海二B": "cn", "CN (unspecified)": "cn",
    "ap-east-1 (Hong Kong)": "ap-east-1", "ap-northeast-1 (Tokyo)": "ap-northeast-1",
    "ap-southeast-1 (Singapore)": "ap-southeast-1", "unspecified (vantage default)": "default",
    "asia-east1 (Taiwan)": "asia-east1", "asia-northeast1 (Tokyo)": "asia-northeast1",
    "asia-southeast1 (Singapore)": "asia-southeast1", "Americas (us-central1 etc.)": "us-central1",
    "US/global (region per availability)": "us",
    "Community Cloud (global hosts)": "community", "Secure Cloud (RunPod DCs)": "secure",
    "lowest tier (usually Community)": "lowest",
    "Spain/Texas hosts": "es-tx", "Germany host": "de", "CA/NL/TW hosts": "ca-nl-tw", "CZ/TH/US hosts": "cz-th-us",
    "Hungary host": "hu", "Belgium host": "be", "Oregon host": "us-or",
    "marketplace (verified offers)": "market-verified", "marketplace (verified)": "market-verified",
    "marketplace": "market", "marketplace (P2P)": "market",
    "East Coast (NY2)": "ny2", "global (needs Google access)": "global",
}

# Names shown to people for the reference's region and instance-type text (offer ids keep using the raw
# text above). A str is the Chinese name (English stays the reference's text); a tuple (en, zh) also
# replaces English text that carries Chinese. Cloud region codes ("us-east-1", "cn-hangzhou") and
# instance names ("g4dn.xlarge", "Pod") are identifiers, the same in both languages, and stay out.
# build_catalog.py refuses a descriptive text (one with a space or a bracket) that has no entry here.
REGION_NAMES = {
    "CN": "中国", "CN (region/host dependent)": "中国（随地区/主机而定）", "CN (unspecified)": "中国（未注明）",
    "CN 华北二A / 上海二B": ("CN North 2A / Shanghai 2B", "中国 华北二A / 上海二B"),
    "CN (zone not stated)": "中国（未注明可用区）",
    "ap-east-1 (Hong Kong)": "ap-east-1（中国香港）", "ap-northeast-1 (Tokyo)": "ap-northeast-1（东京）",
    "ap-southeast-1 (Singapore)": "ap-southeast-1（新加坡）", "asia-east1 (Taiwan)": "asia-east1（中国台湾）",
    "asia-northeast1 (Tokyo)": "asia-northeast1（东京）", "asia-southeast1 (Singapore)": "asia-southeast1（新加坡）",
    "Americas (us-central1 etc.)": "美洲（us-central1 等）", "unspecified (vantage default)": "未注明（Vantage 默认）",
    "US/global (region per availability)": "美国/全球（地区视可用情况而定）",
    "Community Cloud (global hosts)": "社区云（全球主机）", "Secure Cloud (RunPod DCs)": "安全云（RunPod 自有机房）",
    "lowest tier (usually Community)": "最低档（通常为社区云）",
    "Spain/Texas hosts": "西班牙/美国得州主机", "Germany host": "德国主机", "CA/NL/TW hosts": "加拿大/荷兰/中国台湾主机",
    "CZ/TH/US hosts": "捷克/泰国/美国主机", "Hungary host": "匈牙利主机", "Belgium host": "比利时主机",
    "Oregon host": "美国俄勒冈州主机",
    "marketplace": "市场", "marketplace (P2P)": "市场（个人出租）", "marketplace (verified offers)": "市场（已认证报价）",
    "marketplace (verified)": "市场（已认证）", "East Coast (NY2)": "美国东海岸（NY2）",
    "global (needs Google access)": "全球（需能访问 Google）",
}
# "8x A100 40GB SXM" and "n1-standard-4 + 1x T4 16GB" read "8 张 A100 40GB SXM" by a rule in build_catalog.py.
INSTANCE_NAMES = {
    "container instance": "容器实例", "single-card instance": "单卡实例",
    "container instance (按量)": ("container instance (pay-as-you-go)", "容器实例（按量）"),
    "VM (系统镜像) 14 vCPU/32GB": ("VM (system image) 14 vCPU/32GB", "虚拟机（系统镜像）14 vCPU/32GB"),
    "VM 16 vCPU/64GB": "虚拟机 16 vCPU/64GB",
    "1x offer (marketplace)": "单卡报价（市场）", "2x offer (marketplace)": "双卡报价（市场）",
    "1x offer median": "单卡报价中位数", "median per GPU": "每卡价格中位数", "typical": "典型报价",
    "Pod, Community": "社区云 Pod", "Pod, Secure": "安全云 Pod", "Colab runtime": "Colab 运行时",
    "GPU T4 x2 notebook": "GPU T4 x2 笔记本",
}
# Appended to the down-clocked RTX 3090's instance type.
DOWNCLOCKED_SUFFIX = (", down-clocked host", "，降频主机")

# cloud-prices.csv provider text -> catalog provider id.
PROVIDER_IDS = {
    "AutoDL": "autodl", "恒源云 Gpushare": "gpushare", "矩池云 Matpool": "matpool", "Featurize": "featurize",
    "OpenBayes": "openbayes", "优云智算 Compshare (UCloud)": "compshare", "Alibaba Cloud ECS": "aliyun",
    "Tencent Cloud CVM": "tencent", "AWS EC2": "aws", "Google Cloud Compute Engine": "gcp",
    "Microsoft Azure": "azure", "Lambda Cloud": "lambda", "RunPod": "runpod", "Vast.ai": "vast",
    "Paperspace (DigitalOcean)": "paperspace", "Google Colab": "colab", "智星云 Zhixingyun": "zhixingyun",
    "Kaggle": "kaggle",
}

# Container platforms that list a per-card price: build_catalog.py adds their 2-, 4- and 8-card sizes at that
# price times the cards (MULTI_CARD_NOTE says so in each offer).
MULTI_CARD_PROVIDERS = ("AutoDL", "恒源云 Gpushare", "矩池云 Matpool", "Featurize", "OpenBayes", "智星云 Zhixingyun")
MULTI_CARD_COUNTS = (2, 4, 8)
MULTI_CARD_NOTE = ("Multi-card size derived from the per-card list price (price x cards); not every host has "
                   "this many free cards.")

# Newer prices from cloud-billing-notes.md section 9 (and CSV notes) that replace a row's price:
# (provider, region, gpu text, on-demand as in the CSV) -> (new price, date, source, note, note in Chinese).
NEWER_PRICES = {
    ("RunPod", "Secure Cloud (RunPod DCs)", "H100 80GB SXM", "3.49"):
        (3.99, "2026-11-09", "DR: datareceipts/data-receipts 109-gpu-pricing/vendors.json",
         "Conflict (notes section 9): $3.29 (PRIVUM 2026-08-19), $3.49 (SILY 2026-09-25), $3.99 (DR 2026-11-09); newest used.",
         "来源冲突（说明第 9 节）：$3.29（PRIVUM 2026-08-19）、$3.49（SILY 2026-09-25）、$3.99（DR 2026-11-09）；采用最新价格。"),
    ("RunPod", "Secure Cloud (RunPod DCs)", "A100 80GB SXM", "1.59"):
        (1.79, "2026-11-09", "DR: datareceipts/data-receipts 109-gpu-pricing/vendors.json",
         "Conflict (notes section 9): $1.39-1.59 in Aug-Sep, $1.79 on 2026-11-09 (DR); newest used.",
         "来源冲突（说明第 9 节）：8-9 月为 $1.39-1.59，2026-11-09 为 $1.79（DR）；采用最新价格。"),
    ("RunPod", "Secure Cloud (RunPod DCs)", "A100 80GB PCIe", "1.59"):
        (1.79, "2026-11-09", "DR: datareceipts/data-receipts 109-gpu-pricing/vendors.json",
         "Conflict (notes section 9): $1.59 (SILY 2026-09-25), $1.79 on 2026-11-09 (DR); newest used.",
         "来源冲突（说明第 9 节）：$1.59（SILY 2026-09-25），2026-11-09 为 $1.79（DR）；采用最新价格。"),
}

# Undated snapshots still need a date. Where a dated source confirms the same price, that date
# is used; otherwise the skypilot-catalog vintage below (its AWS P-series rows carry list prices
# from before AWS's mid-2025 P4/P5 price cut, so the snapshot is older than mid-2025; the other
# skypilot snapshots are assumed to be of the same vintage).
UNDATED_SNAPSHOT_DATE = "2025-05"
CONFIRMED_UNDATED = {
    ("Microsoft Azure", "Standard_NC24ads_A100_v4"): "2026-11-09",
    ("Microsoft Azure", "Standard_ND96asr_v4"): "2026-11-09",
    ("Microsoft Azure", "Standard_NC40ads_H100_v5"): "2026-11-09",
    ("Microsoft Azure", "Standard_ND96isr_H100_v5"): "2026-11-09",
}

# Prices the reference states in notes rather than as their own row.
EXTRA_ROWS = [
    {"provider": "Lambda Cloud", "region": "US/global (region per availability)", "gpu": "A100 40GB SXM",
     "gpu_count": "1", "instance_type": "1x A100 40GB SXM", "on_demand_price": "1.99", "currency": "USD",
     "unit": "per GPU-hour", "spot_price_or_discount": "no spot tier", "source": "SILY / DR (noted on the "
     "8x A100 40GB row of cloud-prices.csv)", "source_date": "2026-09-25",
     "notes": "From the CSV note 'silybench/DR: 1x A100 40GB also $1.99'."},
    {"provider": "Vast.ai", "region": "marketplace (P2P)", "gpu": "RTX 4090 24GB", "gpu_count": "1",
     "instance_type": "typical", "on_demand_price": "~0.35", "currency": "USD", "unit": "per GPU-hour",
     "spot_price_or_discount": "", "source": "PABLO: 0xPabloLI/inside-china-ai docs/research/cloud-gpu-options.md",
     "source_date": "2026-08", "notes": "From the CSV note 'PABLO also: RTX 4090 ~$0.35/h'."},
    # Kaggle's free GPU notebook (cloud-billing-notes.md section 5). Its P100 tier was retired on 2026-09-15,
    # so only the T4 x2 tier is an offer.
    {"provider": "Kaggle", "region": "global (needs Google access)", "gpu": "T4 16GB", "gpu_count": "2",
     "instance_type": "GPU T4 x2 notebook", "on_demand_price": "0", "currency": "USD",
     "unit": "per instance-hour", "spot_price_or_discount": "no spot tier",
     "source": "PABLO (cloud-billing-notes.md section 5, Kaggle free: T4x2 or P100, 30 GPU-hours/week)",
     "source_date": "2026-08-18",
     "notes": "Free, within a weekly GPU quota of 30 h and 12 h per session. The P100 tier was retired on "
              "2026-09-15, so it is not an offer."},
]

# GCP "GPU only" rows: the GPU is attached to an N1 host whose price is added (notes section 1).
GCP_HOST = {"name": "n1-standard-4", "price": 0.189999, "date": "2026-07-30",
            "source": "GCP-CYC (Cyclenerd pricing.yml, us-central1)"}
GCP_GPU_ONLY_DATE = "2026-01"  # the per-GPU constants are dated only "2026"; earliest month used


# Offer notes in Chinese. build_catalog.py splits every free-text note (a cloud-prices.csv `notes` cell, an
# EXTRA_ROWS note) into sentences (split_sentences: a break after '.', '!' or '?' and a space, not after 'e.g.')
# and looks each one up here, so a sentence a provider repeats on every row is translated once. It refuses to
# build when a sentence has no entry. Numbers, units, product names, dates and source abbreviations (PABLO,
# GOV, HAW, RGT, DR, SILY ...) stay as in English; the facts are the same, nothing added or dropped.
NOTE_SENTENCES_ZH = {
    MULTI_CARD_NOTE: "多卡规格按单卡标价乘以卡数推算；并非每台主机都有这么多空闲卡。",
    "GPU count from the instance name (vCPUs divided by the c-number, Alibaba's naming).":
        "GPU 数量由实例名推算（vCPU 数除以 c 后的数字，阿里云的命名规则）。",
    "The price table names one card type per regular instance without a count; one card per instance is "
    "assumed.": "价格表只写了每种常规机型的显卡型号，没有写卡数；这里假定每个实例一张卡。",
    "A table of 2021: check the current price.": "这是 2021 年的价格表：请核实当前价格。",
    "The billing overview lists the list price of single-card instances; multi-card and other configurations are "
    "priced in the console only, and the vCPU and memory of the single-card configuration are not stated.":
        "计费概览只列出单卡实例的原价；多卡和其他配置的价格只在控制台显示，单卡配置的 vCPU 和内存也未注明。",
    "Preemptible (spot) instances cost 70% of this price (announcement of 2026-03).":
        "抢占式（竞价）实例按此价格的 7 折计费（2026-03 公告）。",
    "Quoted as the platform's list price in a comparison table; not tested by the source.":
        "来自对比表中的平台标价；来源未实测。",
    # China platforms (AutoDL, 恒源云, 矩池云, Featurize, OpenBayes, Compshare)
    "Free, within a weekly GPU quota of 30 h and 12 h per session.":
        "免费，但每周 GPU 配额 30 小时，每次会话最长 12 小时。",
    "The P100 tier was retired on 2026-09-15, so it is not an offer.": "P100 档已于 2026-09-15 下线，因此不作为报价。",
    "11GB VRAM.": "显存 11GB。",
    "12GB VRAM.": "显存 12GB。",
    "16GB VRAM.": "显存 16GB。",
    "24GB VRAM.": "显存 24GB。",
    "32GB VRAM.": "显存 32GB。",
    "80GB VRAM.": "显存 80GB。",
    "Free data disk ~50GB per instance; paid data-disk expansion keeps billing while shut down.":
        "每个实例免费数据盘约 50GB；付费扩容的数据盘在关机期间仍持续计费。",
    "Prices vary by region/host.": "价格随地区/主机而异。",
    "Provider notes its 3090 images need CUDA 11.x.": "平台说明其 3090 镜像需要 CUDA 11.x。",
    "Reference price shown on autodl.com per GOV doc.": "据 GOV 文档，为 autodl.com 上显示的参考价。",
    "Range as stated.": "区间按来源所述。",
    "Another undated doc (id 63447688362) says ~¥2.0/h with new-user discount.":
        "另一份未注明日期的文档（id 63447688362）称新用户折扣后约 ¥2.0/小时。",
    "Undated doc (id 63447688362) says ~¥1.90/h.": "一份未注明日期的文档（id 63447688362）称约 ¥1.90/小时。",
    "Stopped instance auto-released after 10 days; /hy-tmp cleared 24h after stop (RGT, verified 2026-06).":
        "关机的实例 10 天后自动释放；/hy-tmp 在关机 24 小时后清空（RGT，2026-06 核实）。",
    "Free netdisk 5GB (RGT).": "免费网盘 5GB（RGT）。",
    "Student/academic discounts advertised (listing id 55351425745), amount not read.":
        "宣传有学生/学术优惠（页面 id 55351425745），未读取到具体额度。",
    "30GB free cloud storage (RGT, verified 2026-06).": "免费云存储 30GB（RGT，2026-06 核实）。",
    "Everything outside work/ and /cloud is wiped when the instance is returned.":
        "实例归还时，work/ 和 /cloud 以外的内容全部清除。",
    "Listed in PABLO comparison table only (not in its main table).": "仅见于 PABLO 的对比表（不在其主表中）。",
    "Normal price range; promo price as stated.": "正常价格区间；促销价按来源所述。",
    "Not in the brief's list but a common student option.": "不在项目说明的列表中，但是学生常用的选择。",
    "¥2.13/h variant with 64GB RAM.": "另有 64GB 内存的版本，¥2.13/小时。",
    "100GB system disk free; private images 30GB free then ¥0.008/GB/day; .edu.cn email gives 95%.":
        "系统盘 100GB 免费；私有镜像 30GB 内免费，超出部分 ¥0.008/GB/天；用 .edu.cn 邮箱可享 95% 价格。",
    # Alibaba Cloud, Tencent Cloud
    "Currency not stated in file; CNY inferred from magnitudes and HAW cross-check.":
        "文件未注明币种；根据数值量级并与 HAW 交叉核对，推断为人民币。",
    "4 vCPU/15GiB.": "配置 4 vCPU/15GiB。",
    "T4 per karpenter GPU table (marked 'out of stock' there).": "T4 数据取自 karpenter 的 GPU 表（该表中标为“缺货”）。",
    "HAW also lists V100 ~¥26.46/h.": "HAW 还列出 V100 约 ¥26.46/小时。",
    "HAW lists A10 ~¥12.71/h (different source/size).": "HAW 列出 A10 约 ¥12.71/小时（来源/规格不同）。",
    "Family gn7 = A100 (brief); c12g1.3xlarge is the 1-GPU size.": "gn7 规格族 = A100（项目说明）；c12g1.3xlarge 是单卡规格。",
    "HAW: 'gn7e A100 80GB ¥34.74/hr (China list)' matches.": "与 HAW 的“gn7e A100 80GB ¥34.74/小时（中国区标价）”一致。",
    "LOW CONFIDENCE estimate, not an official price.": "低可信度估算，并非官方价格。",
    "LOW CONFIDENCE estimate.": "低可信度估算。",
    "GN7.2XLARGE32 = 8 vCPU/32GB/1xT4.": "GN7.2XLARGE32 = 8 vCPU/32GB/1 张 T4。",
    # AWS, Google Cloud, Azure
    "= $2.7447/GPU-h.": "折合每 GPU 每小时 $2.7447。",
    "Reflects AWS P4/P5 price cut.": "已反映 AWS P4/P5 降价。",
    "= $3.4309/GPU-h.": "折合每 GPU 每小时 $3.4309。",
    "SKY-AWS older list: $40.96575.": "SKY-AWS 的旧标价：$40.96575。",
    "Consistent with p3.8xlarge = 4 x 3.06.": "与 p3.8xlarge = 4 x 3.06 一致。",
    "g5 not listed for ap-southeast-1/ap-east-1 in this snapshot.": "该快照中 ap-southeast-1/ap-east-1 没有 g5。",
    "g6.xlarge row not read.": "未读取到 g6.xlarge 这一行。",
    "Instance price incl. vCPU+RAM+GPU (+bundled local SSD for a2-ultra/a3).":
        "实例价格包含 vCPU、内存和 GPU（a2-ultra/a3 另含捆绑的本地 SSD）。",
    "4 vCPU/16GB.": "配置 4 vCPU/16GB。",
    "12 vCPU/85GB.": "配置 12 vCPU/85GB。",
    "375GB local SSD included.": "含 375GB 本地 SSD。",
    "silybench (2026-09-26) from billing catalog: $10.9791 on-demand-equivalent / $6.571 spot; "
    "1g/2g/4g shapes are Spot/Flex-start only.":
        "silybench（2026-09-26）取自计费目录：按量等价 $10.9791 / 竞价 $6.571；1g/2g/4g 规格仅提供竞价（Spot）和 Flex-start。",
    "Add host VM: n1-standard-4 $0.189999/h (spot $0.06701), n1-standard-8 $0.379998/h, us-central1 "
    "(GCP-CYC 2026-07-30).":
        "需另加主机虚拟机：n1-standard-4 $0.189999/小时（竞价 $0.06701），n1-standard-8 $0.379998/小时，"
        "us-central1（GCP-CYC 2026-07-30）。",
    "e.g. T4 + n1-standard-4 ~ $0.54/h (derived).": "例如 T4 + n1-standard-4 约 $0.54/小时（推算）。",
    "4 vCPU/28GB.": "配置 4 vCPU/28GB。",
    "4 vCPU/32GB.": "配置 4 vCPU/32GB。",
    "4 vCPU/16GiB.": "配置 4 vCPU/16GiB。",
    "westus2 same price (spot 0.061595); southcentralus/westus 0.631.":
        "westus2 同价（竞价 0.061595）；southcentralus/westus 为 0.631。",
    "= $4.777/GPU-h.": "折合每 GPU 每小时 $4.777。",
    "SKY-AZ older value 14.692.": "SKY-AZ 的旧数值为 14.692。",
    "SKY-AZ older value 7.346 (spot 0.888866).": "SKY-AZ 的旧数值为 7.346（竞价 0.888866）。",
    "DR (2026-11-09) confirms $3.673.": "DR（2026-11-09）确认为 $3.673。",
    "DR (2026-11-09) confirms 6.98.": "DR（2026-11-09）确认为 6.98。",
    "DR: $12.29/GPU-h.": "DR：每 GPU 每小时 $12.29。",
    "Snapshot lists GPU count 12 (catalog glitch); 8 per DR and Azure docs.":
        "快照中 GPU 数量为 12（目录错误）；据 DR 和 Azure 文档应为 8。",
    "DR: $3.3996/GPU-h (= 27.197/8).": "DR：每 GPU 每小时 $3.3996（= 27.197/8）。",
    # Lambda, RunPod, Vast.ai, Paperspace, Colab
    "Prices exclude tax; no egress fees.": "价格不含税；不收出流量费用。",
    "26 vCPU/225GiB.": "配置 26 vCPU/225GiB。",
    "silybench/DR: 1x A100 40GB also $1.99.": "silybench/DR：单卡 A100 40GB 同样为 $1.99。",
    "From the CSV note 'silybench/DR: 1x A100 40GB also $1.99'.": "来自 CSV 备注“silybench/DR：单卡 A100 40GB 同样为 $1.99”。",
    "'Starting at' price (cheapest of Community/Secure).": "“起价”（社区云和安全云中较便宜者）。",
    "DR (2026-11-09) reads Secure H100 SXM 3.99, A100 SXM/PCIe 1.79.":
        "DR（2026-11-09）的数据为：安全云 H100 SXM 3.99，A100 SXM/PCIe 1.79。",
    "Marketplace: single offers, prices move daily.": "市场：单个报价，价格每天变动。",
    "Median moved +49.8% in one day.": "中位数一天内变动 +49.8%。",
    "Median of 4 verified 1x offers; on 2026-10-07 median of 3 offers was 6.1489.":
        "4 个已认证单卡报价的中位数；2026-10-07 时 3 个报价的中位数为 6.1489。",
    "PABLO also: RTX 4090 ~$0.35/h.": "PABLO 另列：RTX 4090 约 $0.35/小时。",
    "From the CSV note 'PABLO also: RTX 4090 ~$0.35/h'.": "来自 CSV 备注“PABLO 另列：RTX 4090 约 $0.35/小时”。",
    "Core machines.": "Core 机型。",
    "Free /storage 5GB, overage $0.29/GB-month (RGT).": "/storage 免费 5GB，超出部分 $0.29/GB/月（RGT）。",
    "= $6.88/GPU-h.": "折合每 GPU 每小时 $6.88。",
    "= 1.19 CU/h at $9.99 per 100 CU.": "折合每小时 1.19 CU，按每 100 CU $9.99 计。",
    "= 1.71 CU/h at $9.99 per 100 CU.": "折合每小时 1.71 CU，按每 100 CU $9.99 计。",
    "= 5.4 CU/h at $9.99 per 100 CU.": "折合每小时 5.4 CU，按每 100 CU $9.99 计。",
    "= 7.52 CU/h at $9.99 per 100 CU.": "折合每小时 7.52 CU，按每 100 CU $9.99 计。",
    "Plans: Pro $9.99/mo (100 CU), Pro+ $49.99/mo (500 CU), Pay-As-You-Go $9.99 per 100 CU.":
        "套餐：Pro $9.99/月（100 CU），Pro+ $49.99/月（500 CU），按量付费每 100 CU $9.99。",
    "GPU type not guaranteed.": "不保证 GPU 型号。",
}

# cloud-prices.csv note sentences that carry Chinese words -> the same sentence in plain English (the English
# page's font has no CJK glyphs). build_catalog.py replaces them before the NOTE_SENTENCES_ZH lookup, which is
# keyed by the English rewrite, and refuses any Chinese character left in English text.
NOTE_SENTENCES_EN = {
    "Everything outside work/ and /cloud wiped on 实例归还.":
        "Everything outside work/ and /cloud is wiped when the instance is returned.",
}

# Chinese titles in the reference's source citations (cloud-prices.csv `source`, gpu-specs.csv `sources`) ->
# English, replaced wherever they occur in a citation.
SOURCE_PHRASES_EN = {
    "'费用参考' estimates": "'cost reference' estimates",
}

# Free text the script quotes inside a templated sentence ("Source date as given: ...", "Not spot: ..."):
# the raw source_date or spot cell -> Chinese. Text made only of dates and numbers needs no entry.
NOTE_PHRASES_ZH = {
    "2024-10 (generated 2024-10-10; file last changed 2024-12-30)": "2024-10（生成于 2024-10-10；文件最后修改于 2024-12-30）",
    "2026 (repo constants)": "2026（仓库中的常量）",
    "2026-03 / doc 2026-08-18": "2026-03 / 文档 2026-08-18",
    "2026-04-29 (snapshot late-2025/early-2026)": "2026-04-29（快照为 2025 年底/2026 年初）",
    "2026-07-30 (generated)": "2026-07-30（生成日期）",
    "2026-08 (scraped 2026-08-13/18; GOV 2026-08-19)": "2026-08（抓取于 2026-08-13/18；GOV 2026-08-19）",
    "2026-08-18 (HAW: late-2025/early-2026)": "2026-08-18（HAW：2025 年底/2026 年初）",
    "2026-09-20 (silybench same values 2026-09-25)": "2026-09-20（silybench 2026-09-25 的数值相同）",
    "undated": "未注明",
    "undated (2025-26 repo)": "未注明（2025-26 年的仓库）",
    "undated snapshot": "未注明日期的快照",
    "undated snapshot (P-series at pre-mid-2025 list)": "未注明日期的快照（P 系列为 2025 年年中之前的标价）",
    "promo as low as ¥1.15/h": "促销价低至 ¥1.15/小时",
}
