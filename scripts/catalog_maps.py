"""Hand-written mappings for build_catalog.py: GPU aliases, how cloud-prices.csv names map to
gpu-specs.csv ids, region slugs for offer ids, and the conflict decisions of
cloud-billing-notes.md section 9.
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
    "h100-pcie-80gb": ["H100 PCIe", "H100 80GB PCIe"],
    "h100-sxm5-80gb": ["H100 SXM", "H100 SXM5", "H100 80GB SXM"],
    "h800-sxm5-80gb": ["H800", "H800 80GB"],
    "h20": ["H20 96GB"],
    "h200-sxm-141gb": ["H200", "H200 141GB", "H200 SXM"],
    "mi250": ["MI250"],
    "mi300x": ["MI300X"],
}

# cloud-prices.csv `gpu` text -> catalog GPU id. None = not in gpu-specs.csv (row skipped).
GPU_NAMES = {
    "RTX 2080 Ti": "rtx-2080-ti",
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
    "RTX PRO 6000 96GB": None, "RTX PRO 6000 (G4) 96GB": None, "H100 NVL 94GB": None,
    "B200 180GB": None, "GH200 96GB": None, "Quadro RTX 6000 24GB": None,
    "Quadro P4000 8GB": None, "Quadro M4000 8GB": None, "none (无卡模式 CPU-only)": None,
}

# Rows whose GPU text does not say the form factor: (provider prefix, gpu text) -> (id, why).
# These are assumptions from how the instance family is built, stated in each offer's notes.
VARIANTS = {
    ("AutoDL", "V100 32GB"): ("v100-sxm2-32gb", "AutoDL lists its V100 32GB as an SXM2 card (assumed; not in the reference)."),
    ("AutoDL", "A100 40GB"): ("a100-40gb-pcie", "Form factor not stated; PCIe assumed (same FLOPS and bandwidth as SXM4)."),
    ("Alibaba", "V100 16GB"): ("v100-sxm2-16gb", "gn6v is Alibaba's NVLink V100 family, so SXM2 is assumed."),
    ("Alibaba", "A100 40GB"): ("a100-40gb-sxm4", "gn7 is Alibaba's HGX A100 family, so SXM4 is assumed."),
    ("Alibaba", "A100 80GB"): ("a100-80gb-sxm4", "gn7e is Alibaba's HGX A100 80GB family, so SXM4 is assumed."),
    ("Tencent", "V100 32GB"): ("v100-sxm2-32gb", "GN10X is Tencent's NVLink V100 family, so SXM2 is assumed."),
    ("AWS", "V100 16GB"): ("v100-sxm2-16gb", "p3 instances use NVLink V100 SXM2 cards (assumed from the family)."),
    ("Google Cloud", "A100 40GB"): ("a100-40gb-sxm4", "A2 VMs are built on HGX A100 40GB SXM4 boards."),
    ("Google Cloud", "A100 80GB"): ("a100-80gb-sxm4", "A2-ultra VMs are built on HGX A100 80GB SXM4 boards."),
    ("Google Cloud", "H100 80GB"): ("h100-sxm5-80gb", "A3 VMs are built on HGX H100 SXM5 boards."),
    ("Google Cloud", "V100 16GB"): ("v100-sxm2-16gb", "GCP's V100 GPUs are the NVLink SXM2 cards (assumed)."),
    ("Microsoft Azure", "V100 16GB"): ("v100-pcie-16gb", "NCv3 VMs carry V100 PCIe cards (assumed from the family)."),
    ("Lambda", "V100 16GB"): ("v100-sxm2-16gb", "Lambda's 8x V100 machines are NVLink SXM2 servers (assumed)."),
    ("Vast.ai", "V100 16GB"): ("v100-pcie-16gb", "Form factor not stated by the marketplace; PCIe assumed (the slower card)."),
    ("Paperspace", "V100 16GB"): ("v100-pcie-16gb", "Form factor not stated; PCIe assumed (the slower card)."),
    ("Paperspace", "V100 32GB"): ("v100-pcie-32gb", "Form factor not stated; PCIe assumed (the slower card)."),
    ("Paperspace", "A100 80GB"): ("a100-80gb-sxm4", "Form factor not stated; the 8-GPU machine is an HGX (SXM4) box, assumed for 1x too."),
    ("Paperspace", "H100 80GB"): ("h100-sxm5-80gb", "Form factor not stated; the 8-GPU machine is an HGX (SXM5) box, assumed for 1x too."),
    ("Google Colab", "A100 40GB"): ("a100-40gb-sxm4", "Colab's A100 40GB reports as A100-SXM4-40GB (assumed; not in the reference)."),
    ("Google Colab", "A100 80GB"): ("a100-80gb-sxm4", "Form factor not stated; SXM4 assumed like Colab's 40GB card."),
}

# Rows skipped on purpose, matched by (provider prefix, gpu text, source prefix) -> reason.
SKIPS = {
    ("Vast.ai", "H100 80GB", "SCREENER"): "H100 form factor not stated (an average over SXM and PCIe offers); "
                                          "the SXM median from SILY (2026-10-19) is used instead.",
}

# Region text -> slug for offer ids.
REGION_SLUGS = {
    "CN (region/host dependent)": "cn", "CN": "cn", "CN 华北二A / 上海二B": "cn", "CN (unspecified)": "cn",
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
    "container instance": "容器实例",
    "container instance (按量)": ("container instance (pay-as-you-go)", "容器实例（按量）"),
    "VM (系统镜像) 14 vCPU/32GB": ("VM (system image) 14 vCPU/32GB", "虚拟机（系统镜像）14 vCPU/32GB"),
    "VM 16 vCPU/64GB": "虚拟机 16 vCPU/64GB",
    "1x offer (marketplace)": "单卡报价（市场）", "2x offer (marketplace)": "双卡报价（市场）",
    "1x offer median": "单卡报价中位数", "median per GPU": "每卡价格中位数", "typical": "典型报价",
    "Pod, Community": "社区云 Pod", "Pod, Secure": "安全云 Pod", "Colab runtime": "Colab 运行时",
}
# Appended to the down-clocked RTX 3090's instance type.
DOWNCLOCKED_SUFFIX = (", down-clocked host", "，降频主机")

# cloud-prices.csv provider text -> catalog provider id.
PROVIDER_IDS = {
    "AutoDL": "autodl", "恒源云 Gpushare": "gpushare", "矩池云 Matpool": "matpool", "Featurize": "featurize",
    "OpenBayes": "openbayes", "优云智算 Compshare (UCloud)": "compshare", "Alibaba Cloud ECS": "aliyun",
    "Tencent Cloud CVM": "tencent", "AWS EC2": "aws", "Google Cloud Compute Engine": "gcp",
    "Microsoft Azure": "azure", "Lambda Cloud": "lambda", "RunPod": "runpod", "Vast.ai": "vast",
    "Paperspace (DigitalOcean)": "paperspace", "Google Colab": "colab",
}

# Newer prices from cloud-billing-notes.md section 9 (and CSV notes) that replace a row's price:
# (provider, region, gpu text, on-demand as in the CSV) -> (new price, date, source, note).
NEWER_PRICES = {
    ("RunPod", "Secure Cloud (RunPod DCs)", "H100 80GB SXM", "3.49"):
        (3.99, "2026-11-09", "DR: datareceipts/data-receipts 109-gpu-pricing/vendors.json",
         "Conflict (notes section 9): $3.29 (PRIVUM 2026-08-19), $3.49 (SILY 2026-09-25), $3.99 (DR 2026-11-09); newest used."),
    ("RunPod", "Secure Cloud (RunPod DCs)", "A100 80GB SXM", "1.59"):
        (1.79, "2026-11-09", "DR: datareceipts/data-receipts 109-gpu-pricing/vendors.json",
         "Conflict (notes section 9): $1.39-1.59 in Aug-Sep, $1.79 on 2026-11-09 (DR); newest used."),
    ("RunPod", "Secure Cloud (RunPod DCs)", "A100 80GB PCIe", "1.59"):
        (1.79, "2026-11-09", "DR: datareceipts/data-receipts 109-gpu-pricing/vendors.json",
         "Conflict (notes section 9): $1.59 (SILY 2026-09-25), $1.79 on 2026-11-09 (DR); newest used."),
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
]

# GCP "GPU only" rows: the GPU is attached to an N1 host whose price is added (notes section 1).
GCP_HOST = {"name": "n1-standard-4", "price": 0.189999, "date": "2026-07-30",
            "source": "GCP-CYC (Cyclenerd pricing.yml, us-central1)"}
GCP_GPU_ONLY_DATE = "2026-01"  # the per-GPU constants are dated only "2026"; earliest month used
