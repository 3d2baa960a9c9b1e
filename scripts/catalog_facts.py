"""Provider-level facts for data/catalog.json, read by hand from
../shared/reference/cloud-billing-notes.md (section numbers below refer to that file) and the
source article. Every entry names its source and date. A fact the reference did not find is left
out (None) and the note says so; it is never written as 0.

Assumptions the reference does not cover (granularity where it was "not read", spot interruption
rates) are written here on purpose and labelled as assumptions in the text the user sees.
"""


def T(en, zh=""):
    return {"en": en, "zh": zh}


# Spot interruption rates: the reference has no measured rate, so these are stated assumptions.
HYPERSCALER_RATE = 0.04
HYPERSCALER_RATE_NOTE = T(
    "Interruption rate 0.04/h (about one per day of GPU spot time) is an ASSUMPTION, not a measurement: "
    "Thunder Compute's blog (May 2025) reads AWS Spot Instance Advisor bands of 5-20% per month for "
    "A100/H100 instance families and says that above 10% you should expect at least one cut-off in a "
    "day-long run. Override it when you know better.",
    "中断率 0.04 次/小时（约每天一次）是假设值而非实测：Thunder Compute 博客（2025-05）引用 AWS Spot "
    "Instance Advisor，A100/H100 机型月中断率 5-20%，并称超过 10% 时一天的训练预计至少被打断一次。"
    "如有更准确的数据请自行覆盖。")
MARKET_RATE = 0.1
MARKET_RATE_NOTE = T(
    "Interruption rate 0.1/h (about one per 10 hours) is an ASSUMPTION: marketplace interruptible "
    "instances are pre-empted whenever a higher bid or an on-demand renter arrives, and no measured "
    "rate was found.",
    "中断率 0.1 次/小时（约每 10 小时一次）是假设值：市场型可中断实例在出现更高出价或按需租用时即被抢占，"
    "未找到实测数据。")

NOT_READ_GRANULARITY = (
    "Billing granularity was not found in the reference, so hourly rounding is assumed (the "
    "conservative choice).")
NOT_READ_GRANULARITY_ZH = "参考资料未写明计费粒度，这里保守地按小时取整。"

CN_EGRESS = "No per-GB egress fee inside China (HF and GitHub need a mirror or proxy)."

# Each provider: the Provider struct's fields. spot_discount_fraction = "derive" means the
# builder takes the median discount of this provider's offers that carry an absolute spot price.
PROVIDERS = [
    {
        "id": "autodl", "name": T("AutoDL", "AutoDL"), "currency": "CNY", "market": "cn",
        "granularity": "second", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Billed per second from power-on to power-off whether or not the GPU is busy, so setup and "
            "debugging count. Compute stops at power-off, but a paid data-disk expansion keeps billing "
            "daily. A continuously stopped instance is released after 15 days, deleting / and the data disk. "
            "No-GPU boot mode costs ¥0.1/h for uploads and environment setup. Minimum top-up ¥10. "
            "Disk price is the member reference price ¥0.0066/GB/day x 30 (derived). " + CN_EGRESS,
            "从开机到关机按秒计费，无论 GPU 是否在用，配环境和调试也计费。关机后停止计算计费，但付费扩容的数据盘"
            "仍按天计费。连续关机 15 天后实例被释放，系统盘和数据盘一并删除。无卡模式 ¥0.1/小时，适合上传数据、"
            "配环境。最低充值 ¥10。磁盘单价按会员参考价 ¥0.0066/GB/天 x 30 天推算。国内流量不按 GB 收费。"),
        "disk_running_per_gb_month": 0.198, "disk_stopped_per_gb_month": 0.198, "free_disk_gb": 50,
        "egress_per_gb": 0, "egress_free_gb_per_month": 0,
        "has_spot": False, "spot_note": T("No spot tier.", "无竞价实例。"),
        "programs": [
            {"id": "autodl-member", "kind": "member_discount",
             "name": T("AutoDL member price (student verification)", "AutoDL 会员价（学生认证）"),
             "discount_fraction": 0.05, "needs_student": True, "stackable": False,
             "notes": T("Member price is 95% of list (PABLO price table). Student verification gives member "
                        "pricing only, no free GPU credit. One README claims student verification gives "
                        "30-50% off; low confidence, not used.",
                        "会员价为原价的 95%。学生认证只给会员价，没有免费 GPU 额度。有 README 称学生认证 5-7 折，"
                        "可信度低，未采用。"),
             "source": "PABLO (0xPabloLI/inside-china-ai cloud-gpu-options.md); COMPSHARE doc",
             "source_date": "2026-08-18"},
            {"id": "autodl-new-user-voucher", "kind": "coupon",
             "name": T("AutoDL new-user voucher", "AutoDL 新用户代金券"),
             "new_users_only": True, "stackable": False,
             "notes": T("Advertised (new-user credit, vouchers for new users) but the amount was not found in the "
                        "reference; no amount is assumed.", "有宣传，但参考资料未查到金额，不计入。"),
             "source": "id 55351425745; SURV 2026-08 survey", "source_date": "2026-08"},
        ],
        "source": "PABLO (AutoDL price page scrape); GOV (experiment governance and remote GPU execution plan "
                  "v0.1, in Chinese); grenbel/autodl-autogpu README; RGT autodl.md",
        "source_date": "2026-08-19",
    },
    {
        "id": "gpushare", "name": T("Gpushare", "恒源云"), "currency": "CNY", "market": "cn",
        "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Billing starts at power-on; power-off stops compute billing. " + NOT_READ_GRANULARITY +
            " A stopped pay-as-you-go instance is released after 10 days; /hy-tmp is cleared 24 h after stop. "
            "/hy-nas costs ¥0.0007/GB-hour (x 720 h = ¥0.504/GB-month, derived). " + CN_EGRESS,
            "开机起计费，关机停止计算计费。" + NOT_READ_GRANULARITY_ZH + "按量实例关机 10 天后释放，/hy-tmp 关机 24 "
            "小时后清空。/hy-nas ¥0.0007/GB/小时（按 720 小时折合 ¥0.504/GB/月）。国内流量不按 GB 收费。"),
        "disk_running_per_gb_month": 0.504, "disk_stopped_per_gb_month": 0.504, "free_disk_gb": 20,
        "egress_per_gb": 0, "egress_free_gb_per_month": 0,
        "has_spot": False, "spot_note": T("No spot tier (on-demand only).", "无竞价实例（仅按量）。"),
        "programs": [
            {"id": "gpushare-new-user", "kind": "coupon", "name": T("Gpushare new-user offer", "恒源云新人优惠"),
             "new_users_only": True,
             "notes": T("A new-user offer is advertised; the amount was not found in the reference.",
                        "有新人优惠，金额未查到。"),
             "source": "id 63447688362 (undated doc)"},
        ],
        "source": "RGT china.md (verified gpushare docs 2026-06); SURV 2026-08 survey",
        "source_date": "2026-08",
    },
    {
        "id": "matpool", "name": T("Matpool", "矩池云"), "currency": "CNY", "market": "cn",
        "granularity": "minute", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Billed per minute from start (2023 listing); stop-and-release ends billing. The /mnt netdisk "
            "persists (5 GB free); its price per GB was not found. " + CN_EGRESS,
            "开机起按分钟计费（2023 年资料），停止并释放后结束计费。/mnt 网盘保留，免费 5 GB，超出单价未查到。"
            "国内流量不按 GB 收费。"),
        "free_disk_gb": 5, "egress_per_gb": 0, "egress_free_gb_per_month": 0,
        "has_spot": False, "spot_note": T("No spot tier (on-demand only).", "无竞价实例（仅按量）。"),
        "programs": [
            {"id": "matpool-academic", "kind": "student_discount",
             "name": T("Matpool student/academic discount", "矩池云学生/学术优惠"), "needs_student": True,
             "notes": T("Advertised; the discount was not found in the reference, so none is applied.",
                        "有宣传，折扣未查到，不计入。"),
             "source": "listing id 55351425745"},
        ],
        "source": "RGT; metacode0602 listing (2023); SURV 2026-08 survey", "source_date": "2026-08",
    },
    {
        "id": "featurize", "name": T("Featurize", "Featurize"), "currency": "CNY", "market": "cn",
        "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Billing starts at rent; returning the instance ends it. " + NOT_READ_GRANULARITY +
            " Only work/ and /cloud persist (30 GB free); everything else is wiped at once on return. " + CN_EGRESS,
            "租用起计费，实例归还结束计费。" + NOT_READ_GRANULARITY_ZH + "只有 work/ 和 /cloud 保留（免费 30 GB），"
            "其余内容归还时立即清除。国内流量不按 GB 收费。"),
        "free_disk_gb": 30, "egress_per_gb": 0, "egress_free_gb_per_month": 0,
        "has_spot": False, "spot_note": T("No spot tier (on-demand only).", "无竞价实例（仅按量）。"),
        "programs": [],
        "source": "RGT (verified featurize.cn 2026-06); HAW history.md", "source_date": "2026-06",
    },
    {
        "id": "openbayes", "name": T("OpenBayes", "OpenBayes"), "currency": "CNY", "market": "cn",
        "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            NOT_READ_GRANULARITY + " Billing start, disk and egress rules were not found in the "
            "reference; billing from start is assumed.",
            NOT_READ_GRANULARITY_ZH + "计费起点、磁盘和流量规则均未查到，假设开机起计费。"),
        "has_spot": False,
        "spot_note": T("No spot tier found; a promotional price as low as ¥1.15/h was advertised.",
                       "未见竞价实例；曾有低至 ¥1.15/小时的促销价。"),
        "programs": [],
        "source": "HAW history.md (openbayes.com/pricing, segmentfault, bilibili)", "source_date": "2026-04-29",
    },
    {
        "id": "compshare", "name": T("Compshare (UCloud)", "优云智算"), "currency": "CNY", "market": "cn",
        "granularity": "second", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Pay-as-you-go is billed per second from power-on and settled every hour. No charge while shut down: "
            "CPU, GPU and RAM stop billing, but cloud disks and images keep billing. Day and month packages are "
            "prepaid and renew automatically; a package released early refunds the rest after charging the time "
            "used at 1.25x (day) or 1.5x (month) its share of the package price. Every instance has a 100 GB "
            "system disk free; more disk costs ¥0.0005/GB/hour (x 720 h = ¥0.36/GB-month, derived; ¥0.3/GB/month "
            "prepaid); private images 30 GB "
            "free, then ¥0.008/GB/day. A pay-as-you-go instance shut down for 7 days in a row is reclaimed. "
            + CN_EGRESS,
            "按量付费从开机起按秒计费、每小时结算。关机不收费：CPU、GPU、内存停止计费，云盘和镜像继续计费。包日、包月为"
            "预付费并自动续费；提前释放时，已用时长按包日价格份额的 1.25 倍（包月 1.5 倍）扣除后退还余额。每个实例免费 "
            "100 GB 系统盘；扩容或数据盘 ¥0.0005/GB/小时（按 720 小时折合 ¥0.36/GB/月；包月 ¥0.3/GB/月）；私有镜像 30 GB 内免费，超出 ¥0.008/GB/天。"
            "按量实例连续关机 7 天后被回收。国内流量不按 GB 收费。"),
        "disk_running_per_gb_month": 0.36, "disk_stopped_per_gb_month": 0.36,
        "free_disk_gb": 100, "egress_per_gb": 0, "egress_free_gb_per_month": 0,
        "has_spot": True, "spot_discount_fraction": 0.3,
        "spot_interruptions_per_hour": HYPERSCALER_RATE,
        "spot_note": T(
            "Preemptible instances (since 2026-03) cost 70% of the exclusive instance's price and can be reclaimed "
            "at any time; a reclaimed instance is shut down and its data kept for 7 days. One reclaimed within the "
            "first hour after creation is free. They cannot be shut down by the user (release them instead) or "
            "converted to exclusive instances. A warning comes before reclaim; how long before was not found. "
            + HYPERSCALER_RATE_NOTE["en"],
            "抢占式实例（2026-03 上线）按独占式实例价格的 7 折计费，可能随时被回收；回收后自动关机，数据保留 7 天。创建后 "
            "1 小时内被系统回收的免实例费。不支持手动关机（不用时直接释放），也不能转为独占式实例。回收前有预警，提前多久"
            "未查到。" + HYPERSCALER_RATE_NOTE["zh"]),
        "programs": [
            {"id": "compshare-edu-email", "kind": "student_discount",
             "name": T("Compshare university verification: silver member price (95%)",
                       "优云智算高校认证：白银会员价（95 折）"),
             "discount_fraction": 0.05, "needs_student": True, "stackable": False,
             "notes": T("University verification (a university email plus personal real-name verification) makes the "
                        "account a silver (LV2) member: 95% of list on compute, GPU and model API alike. Enterprise "
                        "verification or 500 CNY of total spending reaches the same level. Gold (93%, from 5,000 CNY "
                        "spent) and diamond (90%, from 10,000 CNY) replace it; they do not add up. Limited-time events "
                        "stack with the member price (e.g. 10% off on-demand RTX 4090 24G and 5090 from 01:00 to "
                        "08:00, from 2025-11-20 until further notice); the catalog does not count events.",
                        "高校认证（绑定高校邮箱并完成个人实名认证）后账号为白银会员（LV2）：算力按原价 95 折，GPU 和模型 API "
                        "均适用。企业认证或累计消费满 500 元也可达到该等级。黄金（93 折，累计消费 5000 元起）和钻石（9 折，"
                        "10000 元起）会员折扣取代它，不叠加。限时活动可与会员折扣叠加（如 2025-11-20 起至另行通知，RTX 4090 "
                        "24G 和 5090 按量实例每日 01:00-08:00 享 9 折）；目录不计入活动。"),
             "source": "Compshare help docs mirrored in BennielAllan/compshare-docs @ad2bf8f: "
                       "pages/uaccount/identity/authentication.md (university verification: 95% on compute), edu.md "
                       "(how to verify), pages/overview/member/membership.md (member levels), "
                       "pages/overview/specialevent/event2.md (night discount)",
             "source_date": "2026-05-13"},
        ],
        "source": "Compshare help docs mirrored in BennielAllan/compshare-docs @ad2bf8f (imported 2026-05-13): "
                  "pages/operation/charge/bill.md and billdescribe.md (billing, packages, disks), "
                  "pages/operation/gpuspot/gpuspot.md and pages/overview/announcement/update-gpu.md (preemptible "
                  "instances, reclaim after 7 days shut down); capacity-test plan citing compshare.cn docs (id "
                  "69590643581, ~2026-09)",
        "source_date": "2026-05-13",
    },
    {
        "id": "lanrui", "name": T("LanRui", "揽睿星舟"), "currency": "CNY", "market": "cn",
        "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Billed per hour from start. The data disk (sold in 200 G / 500 G sizes) bills hourly from "
            "creation until destroyed, even while the workspace is stopped. Network disk: 10 GB free, then "
            "¥0.15/GB-month (the disk price recorded here). T1/T2 zones were retired 2025-06-30. " + CN_EGRESS,
            "开机起按小时计费。数据盘（200G / 500G 规格）从创建到销毁按小时计费，工作空间停止时也计费。网盘免费 "
            "10 GB，超出 ¥0.15/GB/月（此处记录的磁盘单价）。T1/T2 区已于 2025-06-30 下线。国内流量不按 GB 收费。"),
        "disk_running_per_gb_month": 0.15, "disk_stopped_per_gb_month": 0.15, "free_disk_gb": 10,
        "egress_per_gb": 0, "egress_free_gb_per_month": 0,
        "has_spot": False, "spot_note": T("No spot tier found.", "未见竞价实例。"),
        "programs": [],
        "source": "RGT (verified docs.lanrui.co 2026-06); no prices in cloud-prices.csv", "source_date": "2026-06",
    },
    {
        "id": "zhixingyun", "name": T("Zhixingyun", "智星云"), "currency": "CNY", "market": "cn",
        "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Container GPU rental priced per card-hour. Billing start, stopped-instance and disk rules were not "
            "found; billing is assumed to run from power-on. " + NOT_READ_GRANULARITY + " A student discount is "
            "advertised (amount not found). " + CN_EGRESS,
            "按卡时计价的容器 GPU 租用。计费起点、关机和磁盘规则未查到，这里假设开机即计费。" + NOT_READ_GRANULARITY_ZH +
            "有学生折扣宣传（金额未查到）。国内流量不按 GB 收费。"),
        "egress_per_gb": 0, "egress_free_gb_per_month": 0,
        "has_spot": False, "spot_note": T("No spot tier found.", "未见竞价实例。"),
        "programs": [],
        "source": "PABLO: 0xPabloLI/inside-china-ai docs/research/cloud-gpu-options.md section 2.1 (2026-08-13)",
        "source_date": "2026-08-13",
    },
    {
        "id": "aliyun", "name": T("Alibaba Cloud", "阿里云"), "currency": "CNY", "market": "cn",
        "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Pay-as-you-go ECS; billing start and granularity were not read precisely. " + NOT_READ_GRANULARITY +
            " Economical-mode stop (StopCharging) stops vCPU, RAM, GPU and image-licence billing, but the "
            "system disk, data disks and EIP keep billing; a restart can fail for lack of stock. Disk and egress "
            "prices were not found in the reference. Prices are CNY inferred from an unlabelled price file.",
            "按量付费 ECS，计费起点和粒度未查明。" + NOT_READ_GRANULARITY_ZH + "节省停机时 vCPU、内存、GPU 和镜像"
            "许可停止计费，系统盘、数据盘和 EIP 继续计费；重新开机可能因库存不足失败。磁盘和流量单价未查到。"
            "价格数字未标币种，按人民币推断。"),
        "has_spot": True, "spot_discount_fraction": 0.7, "spot_notice_seconds": 180,
        "spot_interruptions_per_hour": HYPERSCALER_RATE,
        "spot_note": T(
            "Preemptible instances follow a market price; the API example shows discounts down to 0.1x (90% "
            "off). The 0.7 used here is the midpoint of the source article's 60-80% saving for AWS Spot and "
            "Alibaba preemptible instances (an assumption). A release event comes about 3 minutes ahead; an "
            "optional 1-hour protection exists, after which stock and price are checked every 5 minutes. "
            + HYPERSCALER_RATE_NOTE["en"],
            "抢占式实例按市场价，API 示例折扣可低至一折。这里的 0.7 取原文「AWS Spot 和阿里云抢占式可节省 60-80%」的"
            "中值（假设）。释放前约 3 分钟发出事件；可选 1 小时保护期，之后每 5 分钟检查库存和价格。"
            + HYPERSCALER_RATE_NOTE["zh"]),
        "programs": [
            {"id": "aliyun-student-coupon-300", "kind": "coupon",
             "name": T("Alibaba Cloud student coupon ¥300/year", "阿里云学生无门槛代金券 ¥300/年"),
             "amount": 300, "currency": "CNY", "min_spend": 0, "needs_student": True,
             "applies_to_gpu": False, "stackable": False,
             "notes": T("¥300 coupon per year with no minimum spend after student-status verification on CHSI "
                        "(China's official higher-education records site; third-party pages), for enrolled "
                        "mainland-China students; verification lasts 30 days and ends at graduation. Another "
                        "doc says this coupon does not list GPU coverage, so it is not applied to GPU cost.",
                        "学信网认证后每年 ¥300 无门槛代金券（第三方页面），仅限大陆在读学生；认证 30 天有效，毕业即止。"
                        "另有文档称该券未列出 GPU 适用范围，因此不抵扣 GPU 费用。"),
             "source": "help.aliyun.com/en/account/student-identity-verification; 67wa.com, aliyunyh.com; COMPSHARE doc",
             "source_date": "2026-09"},
        ],
        "source": "ALI-KARP price file (generated 2024-10-10); help.aliyun.com StopInstance API, 58613, 165053",
        "source_date": "2024-12-30",
    },
    {
        "id": "tencent", "name": T("Tencent Cloud", "腾讯云"), "currency": "CNY", "market": "cn",
        "granularity": "second", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Pay-as-you-go CVM bills from creation, per second, settled hourly; pay-as-you-go gets no discounts. "
            "No-charge-when-shut-down mode stops CPU and RAM billing (GPU instances support it) but cloud disks, "
            "bandwidth and images still bill, and the public IP is released. Disk prices were not found. Egress "
            "¥0.8/GB (billed by traffic) comes from an old third-party README: low confidence. Tencent GPU "
            "prices here are third-party estimates.",
            "按量 CVM 从创建起按秒计费、按小时结算，按量付费无折扣。关机不收费时 CPU 和内存停止计费（GPU 实例支持），"
            "云盘、带宽和镜像继续计费，公网 IP 被释放。磁盘单价未查到。流量 ¥0.8/GB（按流量）来自较旧的第三方 "
            "README，可信度低。这里的 GPU 价格是第三方估计。"),
        "egress_per_gb": 0.8, "egress_free_gb_per_month": 0,
        "has_spot": True, "spot_discount_fraction": 0.8, "spot_interruptions_per_hour": HYPERSCALER_RATE,
        "spot_note": T(
            "Spot instances cost about 20% of the pay-as-you-go price per two old third-party repos (low "
            "confidence); the notice period was not found. " + HYPERSCALER_RATE_NOTE["en"],
            "据两个较旧的第三方仓库，竞价实例约为按量价格的 20%（可信度低），提前通知时间未查到。"
            + HYPERSCALER_RATE_NOTE["zh"]),
        "programs": [
            {"id": "tencent-campus", "kind": "student_discount",
             "name": T("Tencent Cloud+Campus (CPU only)", "腾讯云 云+校园（仅 CPU）"), "needs_student": True,
             "applies_to_gpu": False,
             "notes": T("The Cloud+Campus catalogue is CPU-only (no GPU SKU); student offers are typically "
                        "1 year / 1 machine.", "云+校园只有 CPU 机型，无 GPU；学生优惠通常限 1 年 1 台。"),
             "source": "COMPSHARE doc (id 69590643581); blog.lz59.com", "source_date": "2026-09"},
            {"id": "tencent-cloud-studio", "kind": "credit",
             "name": T("Tencent Cloud Studio: 20 machine-hours", "腾讯 Cloud Studio 首次绑定 20 机时"),
             "new_users_only": True, "applies_to_gpu": False,
             "notes": T("20 machine-hours on first binding; GPU and Docker support unverified, so not applied "
                        "to GPU cost.", "首次绑定送 20 机时，是否支持 GPU/Docker 未核实，不抵扣 GPU 费用。"),
             "source": "COMPSHARE doc", "source_date": "2026-09"},
            {"id": "tencent-new-user-coupon", "kind": "coupon",
             "name": T("Tencent Cloud new-user coupon", "腾讯云新人券"), "new_users_only": True, "stackable": True,
             "notes": T("The source article says a new-user coupon can be stacked with student verification "
                        "(a discount on top of a discount), bringing a 3090 to about ¥0.8/h. No amount was found; "
                        "the article is undated.",
                        "原文称新人券可与学生认证叠加（折上折），3090 每小时可能只需约 0.8 元。金额未查到，原文无日期。"),
             "source": "source article (section 6, undated); its amount was looked for in the reference notes "
                       "(2026-09) and not found"},
        ],
        "source": "tencentcloud.com doc 213/2176 (2022-09-19), 213/19922 (2024-01-08); cloud.tencent.com doc "
                  "560/8025 (2025-12-19); TENC-EST; azure99/cvm-blaster",
        "source_date": "2025-12-19",
    },
    {
        "id": "aws", "name": T("AWS", "亚马逊云科技 AWS"), "currency": "USD", "market": "intl",
        "granularity": "second", "min_billed_seconds": 60, "bills_from_creation": True,
        "billing_note": T(
            "Billed per second from start with a 1-minute minimum per start (Linux). A stopped instance has no "
            "instance charge but EBS volumes keep billing (gp3 $0.08/GB-month, us-east-1). Egress: first 100 "
            "GB/month free, then $0.09/GB. Public IPv4 $0.005/h.",
            "从启动起按秒计费，每次启动最少 1 分钟（Linux）。停止后不收实例费，EBS 卷继续计费（gp3 $0.08/GB/月，"
            "us-east-1）。出流量每月前 100 GB 免费，之后 $0.09/GB。公网 IPv4 $0.005/小时。"),
        "disk_running_per_gb_month": 0.08, "disk_stopped_per_gb_month": 0.08,
        "egress_per_gb": 0.09, "egress_free_gb_per_month": 100,
        "has_spot": True, "spot_discount_fraction": "derive", "spot_notice_seconds": 120,
        "spot_interruptions_per_hour": HYPERSCALER_RATE,
        "spot_note": T(
            "Spot instances get a 2-minute interruption notice (EventBridge event and instance metadata). "
            "Discount is the median of this catalog's AWS spot prices (derived). " + HYPERSCALER_RATE_NOTE["en"],
            "Spot 实例被回收前 2 分钟通知（EventBridge 事件和实例元数据）。折扣取本目录 AWS Spot 价格的中位数（推算）。"
            + HYPERSCALER_RATE_NOTE["zh"]),
        "programs": [
            {"id": "aws-educate", "kind": "credit", "name": T("AWS Educate credit", "AWS Educate 额度"),
             "amount": 100, "currency": "USD", "needs_student": True,
             "notes": T("$100 per student at member institutions, $40 at non-members, as of 2019; current "
                        "status not verified. The source article says $100-150 per year.",
                        "成员院校学生 $100，非成员院校 $40（2019 年资料），现状未核实。原文称每年 $100-150。"),
             "source": "sardap/Capstone-2019 wiki (2019); c5m/linuxupskillchallenge; joshuawlambert/STA695"},
            {"id": "aws-research-credits", "kind": "credit",
             "name": T("AWS Cloud Credits for Research (student award)", "AWS 科研额度（学生）"),
             "amount": 5000, "currency": "USD", "needs_student": True,
             "notes": T("Student awards up to $5,000 (faculty uncapped); proposal-based, 90-120 days review; "
                        "covers on-demand and spot EC2 only. The amount is a maximum.",
                        "学生最高 $5,000（教师不设上限）；需提交申请，审核 90-120 天；仅用于按需和 Spot EC2。金额为上限。"),
             "source": "ResearchComputing/Documentation 'AWS Programs for Research and Education.md'"},
            {"id": "aws-free-tier", "kind": "credit", "name": T("AWS 12-month free tier", "AWS 12 个月免费套餐"),
             "expiry_days": 365, "new_users_only": True, "applies_to_gpu": False,
             "notes": T("750 h/month of small instances for 12 months; no GPU.", "12 个月内每月 750 小时小型实例，不含 GPU。"),
             "source": "openhpc/cloudwg wiki (2020)"},
        ],
        "source": "AWS StartInstances API doc; repo price check 2026-09-29 (id 71220014345); "
                  "docs.amazonaws.cn spot-instance-termination-notices; SKY-AWS; DR",
        "source_date": "2026-11-09",
    },
    {
        "id": "gcp", "name": T("Google Cloud", "谷歌云"), "currency": "USD", "market": "intl",
        "granularity": "second", "min_billed_seconds": 60, "bills_from_creation": True,
        "billing_note": T(
            "Billed per second with a 1-minute minimum (standard GCE rule, not re-verified). A stopped VM keeps "
            "billing its disks (pd-balanced $0.10/GB-month, us-central1; europe-west4 about 10% higher). "
            "Premium-tier egress $0.12/GB for the first TB worldwide, but $0.23/GB to China. External IP "
            "$0.005/h. A2-ultra and A3 prices include their local SSD.",
            "按秒计费，最少 1 分钟（GCE 标准规则，未复核）。停止的 VM 仍按磁盘计费（pd-balanced $0.10/GB/月，"
            "us-central1；europe-west4 约贵 10%）。高级层出流量首 TB $0.12/GB，发往中国 $0.23/GB。外部 IP "
            "$0.005/小时。A2-ultra 和 A3 的价格含本地 SSD。"),
        "disk_running_per_gb_month": 0.10, "disk_stopped_per_gb_month": 0.10,
        "egress_per_gb": 0.12, "egress_free_gb_per_month": 0,
        "has_spot": True, "spot_discount_fraction": "derive", "spot_interruptions_per_hour": HYPERSCALER_RATE,
        "spot_note": T(
            "Spot VMs: up to 91% off (localized docs say 60-91%); no maximum runtime unless set. Preemptible "
            "VMs always stop after 24 h. The usual 30-second notice was not read in the reference, so it is "
            "left unknown. Discount is the median of this catalog's GCP spot prices (derived). "
            + HYPERSCALER_RATE_NOTE["en"],
            "Spot VM 最多优惠 91%（本地化文档称 60-91%），默认无最长运行时间；抢占式 VM 24 小时后必然停止。通常的 "
            "30 秒通知未在参考资料中查到，记为未知。折扣取本目录 GCP Spot 价格的中位数（推算）。"
            + HYPERSCALER_RATE_NOTE["zh"]),
        "programs": [
            {"id": "gcp-research-credits", "kind": "credit",
             "name": T("Google Cloud research credits (PhD student)", "谷歌云科研额度（博士生）"),
             "amount": 1000, "currency": "USD", "expiry_days": 365, "needs_student": True,
             "notes": T("PhD students up to $1,000 per year (may reapply yearly); faculty and postdocs one award "
                        "up to $5,000 (the article's 'up to $5000, needs a professor'). Master's students are NOT "
                        "eligible. Needs a proposal, a cost estimate and a billing account; decisions in 4-6 weeks.",
                        "博士生每年最多 $1,000（可每年申请）；教师和博士后单次最多 $5,000（即原文的「最高 $5000，需教授背书」）。"
                        "硕士生不符合条件。需要研究计划、费用估算和结算账号，4-6 周出结果。"),
             "source": "ResearchComputing/Documentation 'Google Cloud research credits.md' (copy of Google's FAQ)"},
            {"id": "gcp-free-trial", "kind": "coupon", "name": T("Google Cloud $300 free trial", "谷歌云 $300 试用额度"),
             "amount": 300, "currency": "USD", "expiry_days": 90, "new_users_only": True,
             "notes": T("$300 credit for 90 days; needs a credit card, and you must upgrade the account before "
                        "GPUs get quota.", "$300 额度 90 天有效；需信用卡，升级账号后才有 GPU 配额。"),
             "source": "PABLO; Otago Student-Freebies; stanford-cs329s/gcp-tutorials", "source_date": "2026-08-18"},
        ],
        "source": "GCP-CYC (Cyclenerd pricing.yml, generated 2026-07-30); docs.cloud.google.com "
                  "create-use-preemptible / spot",
        "source_date": "2026-07-30",
    },
    {
        "id": "azure", "name": T("Microsoft Azure", "微软 Azure"), "currency": "USD", "market": "intl",
        "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Billing start, stop rules and granularity were not found in the reference; billing from start is "
            "assumed. " + NOT_READ_GRANULARITY + " Managed SSD about $0.12/GB-month (one third-party table, "
            "low confidence). Egress: first 100 GB/month free, then $0.087/GB.",
            "计费起点、停机规则和粒度均未查到，假设开机起计费。" + NOT_READ_GRANULARITY_ZH + "托管 SSD 约 "
            "$0.12/GB/月（单一第三方表格，可信度低）。出流量每月前 100 GB 免费，之后 $0.087/GB。"),
        "disk_running_per_gb_month": 0.12, "disk_stopped_per_gb_month": 0.12,
        "egress_per_gb": 0.087, "egress_free_gb_per_month": 100,
        "has_spot": True, "spot_discount_fraction": "derive", "spot_interruptions_per_hour": HYPERSCALER_RATE,
        "spot_note": T(
            "Spot VMs are deallocated or deleted on eviction per their policy; a max price of -1 means never "
            "evicted for price. The notice period was not found. Discount is the median of this catalog's "
            "Azure spot prices (derived). " + HYPERSCALER_RATE_NOTE["en"],
            "Spot VM 被驱逐时按策略释放或删除；最高价设为 -1 表示不会因价格被驱逐。通知时间未查到。折扣取本目录 "
            "Azure Spot 价格的中位数（推算）。" + HYPERSCALER_RATE_NOTE["zh"]),
        "programs": [
            {"id": "azure-for-students", "kind": "credit", "name": T("Azure for Students", "Azure 学生版"),
             "amount": 100, "currency": "USD", "expiry_days": 365, "needs_student": True, "applies_to_gpu": False,
             "notes": T("$100 credit for 12 months, no credit card, academic verification (also via the GitHub "
                        "Student Pack). Whether it can buy GPU VMs was not verified, so it is not applied to "
                        "GPU cost.", "12 个月 $100 额度，无需信用卡，学术认证（也可通过 GitHub 学生包）。"
                        "能否用于 GPU 虚拟机未核实，因此不抵扣 GPU 费用。"),
             "source": "GeekTrainer/student-hack-resources; Otago Student-Freebies; COM673 guide"},
            {"id": "azure-free-trial", "kind": "coupon", "name": T("Azure $200 free trial", "Azure $200 试用额度"),
             "amount": 200, "currency": "USD", "expiry_days": 30, "new_users_only": True, "applies_to_gpu": False,
             "notes": T("$200 credit for 30 days with a credit card. GPU quota on a trial was not verified, so "
                        "it is not applied to GPU cost.", "$200 额度 30 天，需信用卡。试用账号的 GPU 配额未核实，"
                        "不抵扣 GPU 费用。"),
             "source": "PABLO; GeekTrainer", "source_date": "2026-08-18"},
        ],
        "source": "SKY-AZ (skypilot-catalog v6 azure, undated); DR hyperscalers.json (2026-11-09); "
                  "learn.microsoft.com spot eviction policy",
        "source_date": "2026-11-09",
    },
    {
        "id": "lambda", "name": T("Lambda", "Lambda"), "currency": "USD", "market": "intl",
        "granularity": "minute", "min_billed_seconds": 0, "bills_from_creation": False,
        "billing_note": T(
            "Billed per minute from when the instance passes health checks (boot time before that is free). "
            "There is no stop state: sudo shutdown does NOT stop billing; only terminate does. Filesystems "
            "bill $0.20/GiB-month in 1-hour increments until deleted. No ingress or egress fees. Prices "
            "exclude tax.",
            "从实例通过健康检查起按分钟计费（此前的启动时间不计费）。没有停机状态：sudo shutdown 不会停止计费，"
            "只有 Terminate（终止） 才会。文件系统 $0.20/GiB/月，按小时计，直到删除。无出入流量费。价格不含税。"),
        "disk_running_per_gb_month": 0.20, "disk_stopped_per_gb_month": 0.20,
        "egress_per_gb": 0, "egress_free_gb_per_month": 0,
        "has_spot": False, "spot_note": T("No spot tier.", "无竞价实例。"),
        "programs": [],
        "source": "RGT lambda.md (verified docs.lambda.ai/public-cloud/billing 2026-06); LAMBDA-AE "
                  "(lambda.ai/instances, read 2026-09-20)",
        "source_date": "2026-09-20",
    },
    {
        "id": "runpod", "name": T("RunPod", "RunPod"), "currency": "USD", "market": "intl",
        "granularity": "second", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Billed per second from Pod start for compute and container/volume disk; network volumes bill "
            "hourly. A stopped Pod bills its volume disk at 2x ($0.20/GB-month vs $0.10 running); only "
            "terminate stops the meter and it deletes the volume. Network volume $0.07/GB-month. No egress "
            "fees. A low balance auto-stops Pods and can delete storage.",
            "从 Pod 启动起按秒计费（计算和容器/卷磁盘），网络卷按小时计费。停止的 Pod 卷磁盘按 2 倍计费"
            "（$0.20/GB/月，运行时 $0.10），只有 Terminate（终止） 才停止计费并删除卷。网络卷 $0.07/GB/月。无出流量费。"
            "余额不足会自动停止 Pod，可能删除存储。"),
        "disk_running_per_gb_month": 0.10, "disk_stopped_per_gb_month": 0.20,
        "egress_per_gb": 0, "egress_free_gb_per_month": 0,
        "has_spot": True, "spot_discount_fraction": 0.5, "spot_notice_seconds": 5,
        "spot_interruptions_per_hour": MARKET_RATE,
        "spot_note": T(
            "Interruptible Pods cost about 50% below on-demand (RunPod blog example A6000 $0.232 vs $0.491; "
            "marketing says up to 60%). They stop without notice: SIGTERM, then SIGKILL about 5 s later. "
            + MARKET_RATE_NOTE["en"],
            "可中断 Pod 约比按需便宜 50%（官方博客示例 A6000 $0.232 对 $0.491；宣传称最高 60%）。无预先通知："
            "先 SIGTERM，约 5 秒后 SIGKILL。" + MARKET_RATE_NOTE["zh"]),
        "programs": [
            {"id": "runpod-signup-credit", "kind": "coupon", "name": T("RunPod sign-up credit", "RunPod 注册赠额"),
             "amount": 5, "currency": "USD", "new_users_only": True,
             "notes": T("'$5-10 one-time' (low confidence); the low end is recorded.",
                        "「一次性 $5-10」（可信度低），记录下限。"),
             "source": "PABLO", "source_date": "2026-08-18"},
        ],
        "source": "docs.runpod.io/pods/storage; RGT runpod.md (verified 2026-06); SILY; RP-GM; DR",
        "source_date": "2026-11-09",
    },
    {
        "id": "vast", "name": T("Vast.ai", "Vast.ai"), "currency": "USD", "market": "intl",
        "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "A peer-to-peer marketplace: prices move daily, treat them as ranges. Billing starts at rent. "
            + NOT_READ_GRANULARITY + " A stopped instance bills its disk indefinitely; only destroy stops the "
            "full meter. Disk and bandwidth prices are set per host (bandwidth billed in and out, in every "
            "state, often $0 but not guaranteed), so none are recorded.",
            "点对点市场：价格每天变化，应视为区间。租用起计费。" + NOT_READ_GRANULARITY_ZH + "停止的实例磁盘一直"
            "计费，只有 destroy 才完全停止计费。磁盘和带宽价格由各主机设定（进出流量在任何状态都计费，常为 $0 但"
            "不保证），因此不记录。"),
        "has_spot": True, "spot_notice_seconds": 0, "spot_interruptions_per_hour": MARKET_RATE,
        "spot_note": T(
            "Interruptible instances are a bid auction and on-demand always wins; the bid is fixed at "
            "creation. A preempted instance is paused (disk kept) with about 0 s notice and no SIGTERM, and "
            "can only resume on the same GPU. No typical discount was found. " + MARKET_RATE_NOTE["en"],
            "可中断实例为竞价拍卖，按需租用总是优先，出价在创建时固定。被抢占时实例暂停（保留磁盘），几乎没有通知，"
            "也没有 SIGTERM，只能在同一 GPU 上恢复。未查到典型折扣。" + MARKET_RATE_NOTE["zh"]),
        "programs": [],
        "source": "RGT vastai.md (verified docs.vast.ai billing 2026-06); SKY-VAST; SILY; LANTERN",
        "source_date": "2026-10-28",
    },
    {
        "id": "paperspace", "name": T("Paperspace (DigitalOcean)", "Paperspace（DigitalOcean）"), "currency": "USD",
        "market": "intl", "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Billing starts at start. " + NOT_READ_GRANULARITY + " Powered-off machines still bill storage, "
            "public IP and add-ons hourly until destroyed. /storage: 5 GB free, then $0.29/GB-month; "
            "snapshots $0.29/GB-month. Core machines auto-shut down after 1 h to 1 week of wall-clock time. "
            "No egress fee is documented; none is recorded.",
            "启动起计费。" + NOT_READ_GRANULARITY_ZH + "关机的机器仍按小时收取存储、公网 IP 和附加项费用，直到销毁。"
            "/storage 免费 5 GB，超出 $0.29/GB/月；快照 $0.29/GB/月。Core 机器按墙钟时间 1 小时至 1 周自动关机。"
            "未见出流量收费说明，不记录。"),
        "disk_running_per_gb_month": 0.29, "disk_stopped_per_gb_month": 0.29, "free_disk_gb": 5,
        "has_spot": False, "spot_note": T("No spot tier.", "无竞价实例。"),
        "programs": [
            {"id": "digitalocean-new-account", "kind": "coupon",
             "name": T("DigitalOcean $200 new-account credit", "DigitalOcean 新账号 $200 额度"),
             "amount": 200, "currency": "USD", "expiry_days": 60, "new_users_only": True, "applies_to_gpu": False,
             "notes": T("$200 for the first 60 days on new DigitalOcean accounts. Whether it covers Paperspace "
                        "GPU machines was not verified, so it is not applied to GPU cost.",
                        "DigitalOcean 新账号前 60 天 $200。是否可用于 Paperspace GPU 机器未核实，不抵扣 GPU 费用。"),
             "source": "digitalocean.com community page"},
            {"id": "github-student-pack-digitalocean", "kind": "credit",
             "name": T("GitHub Student Pack: DigitalOcean $200", "GitHub 学生包：DigitalOcean $200"),
             "amount": 200, "currency": "USD", "expiry_days": 365, "needs_student": True, "applies_to_gpu": False,
             "notes": T("$200 for one year for verified students (older pack: $50). GPU coverage not verified, so "
                        "not applied to GPU cost.", "认证学生一年 $200（旧版 $50）。是否覆盖 GPU 未核实，不抵扣 GPU 费用。"),
             "source": "Otago Student-Freebies; DigitalOcean community Q&A"},
        ],
        "source": "RGT paperspace.md (verified 2026-06); SKY-PS (skypilot-catalog v7 paperspace, undated)",
        "source_date": "2026-06",
    },
    {
        "id": "colab", "name": T("Google Colab", "Google Colab"), "currency": "USD", "market": "intl",
        "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Paid in compute units (CU): Pay-As-You-Go $9.99 per 100 CU, Pro $9.99/month (100 CU), Pro+ "
            "$49.99/month (500 CU). Hourly prices here are CU burn rates (mccormickml.com, measured 2026-03, not "
            "official) at $9.99 per 100 CU. " + NOT_READ_GRANULARITY + " The GPU type is not guaranteed and "
            "sessions are time-limited. Free tier: a T4 with no fixed quota (~12 h/day claimed) and a ~90 min "
            "idle disconnect. Needs Google access.",
            "按计算单元（CU）付费：随用随付 $9.99/100 CU，Pro $9.99/月（100 CU），Pro+ $49.99/月（500 CU）。这里的"
            "小时价是 CU 消耗速率（mccormickml.com 2026-03 实测，非官方）按 $9.99/100 CU 折算。" + NOT_READ_GRANULARITY_ZH +
            "不保证 GPU 型号，会话有时长限制。免费版：T4，无固定配额（称约 12 小时/天），空闲约 90 分钟断开。需能访问谷歌。"),
        "has_spot": False, "spot_note": T("No spot tier.", "无竞价实例。"),
        "programs": [],
        "source": "PABLO (CU rates from mccormickml.com, measured 2026-03)", "source_date": "2026-08-18",
    },
    {
        "id": "kaggle", "name": T("Kaggle Notebooks", "Kaggle Notebooks"), "currency": "USD", "market": "intl",
        "granularity": "hour", "min_billed_seconds": 0, "bills_from_creation": True,
        "billing_note": T(
            "Free: a GPU notebook costs nothing, within a weekly GPU quota of 30 h (refreshed weekly) and 12 h per "
            "session. The quota counts from the moment a GPU session starts, whether or not code runs. A phone "
            "number must be verified to get a GPU. The P100 tier was retired on 2026-09-15, leaving two T4s per "
            "session. Needs Google access.",
            "免费：GPU 笔记本不收费，但每周有 30 小时 GPU 配额（每周刷新），每次会话最长 12 小时。GPU 会话一启动就开始计入配额，"
            "不论是否在运行代码。需验证手机号才能使用 GPU。P100 档已于 2026-09-15 下线，之后每个会话为两张 T4。需能访问谷歌。"),
        "has_spot": False, "spot_note": T("No spot tier.", "无竞价实例。"),
        "programs": [],
        "source": "PABLO (cloud-billing-notes.md section 5: Kaggle free, T4x2 or P100, 30 GPU-hours/week refreshed "
                  "weekly, 12 h per session, P100 retired 2026-09-15, phone verification); The Kaggle Book (Packt), "
                  "chapter 'Working and Learning with Kaggle Notebooks' (the quota counter runs from the moment the "
                  "notebook starts; GPU quotas may float from week to week)",
        "source_date": "2026-08-18",
    },
]


# Each programme's rule as the user needs it (issue 16, item 4): who qualifies and what it covers, in both
# languages, whether it covers spot instances, and the date of the source. Merged into PROVIDERS' programmes
# by build_catalog.py; a programme without an entry here stops the build. Where a source does not say whether
# spot is covered, applies_to_spot is False: a saving we cannot show is not promised.
PROGRAM_RULES = {
    "autodl-member": {
        "qualifies": T("Users who pass AutoDL's student verification (member status).", "通过 AutoDL 学生认证（会员）的用户。"),
        "covers": T("GPU instances at the member price (95% of list) on every listed GPU; AutoDL has no spot tier.",
                    "所有列出 GPU 的实例按会员价（原价 95%）计费；AutoDL 无竞价实例。"),
        "applies_to_spot": False},
    "autodl-new-user-voucher": {
        "qualifies": T("New AutoDL accounts.", "AutoDL 新注册用户。"),
        "covers": T("Not published (amount, products and expiry not found).", "未公开（金额、适用产品和有效期均未查到）。"),
        "applies_to_spot": False, "source_date": "2026-08"},
    "gpushare-new-user": {
        "qualifies": T("New Gpushare accounts.", "恒源云新注册用户。"),
        "covers": T("Not published (amount, products and expiry not found).", "未公开（金额、适用产品和有效期均未查到）。"),
        "applies_to_spot": False, "source_date": "2026-08"},
    "matpool-academic": {
        "qualifies": T("Students and academic users (verification rules not found).", "学生和学术用户（认证规则未查到）。"),
        "covers": T("Not published (the discount and the products it covers were not found).", "未公开（折扣和适用产品未查到）。"),
        "applies_to_spot": False, "source_date": "2026-08"},
    "compshare-edu-email": {
        "qualifies": T("Users who pass Compshare's university verification: bind a university email, then pass "
                       "personal real-name verification (mainland Chinese ID card with face recognition). The same "
                       "silver level comes with enterprise verification or 500 CNY of total spending.",
                       "完成优云智算高校认证的用户：先绑定高校邮箱，再完成个人实名认证（中国大陆居民身份证，人脸识别）。"
                       "企业认证或累计消费满 500 元也可达到同一白银等级。"),
        "covers": T("Compute at 95% of list: GPU instances (and the model API). Whether it covers preemptible "
                    "(spot) instances is not stated, so it is not applied to them. No cap and no expiry are "
                    "published. It does not stack with a higher member level, which replaces it.",
                    "算力按原价 95 折：GPU 实例（以及模型 API）。未写明是否适用于抢占式实例，因此不用于抢占式。未公布上限和"
                    "有效期。不与更高会员等级叠加，更高等级的折扣取代它。"),
        "applies_to_spot": False},
    "aliyun-student-coupon-300": {
        "qualifies": T("Enrolled mainland-China students verified through CHSI (not Hong Kong, Macao or Taiwan); one "
                       "account per ID card; verification lasts 30 days and ends at graduation.",
                       "经学信网认证的中国大陆在读学生（不含港澳台）；一个身份证一个账号；认证 30 天有效，毕业即止。"),
        "covers": T("Not listed as covering GPU instances (student ECS purchases and renewals), so it is not applied "
                    "to GPU cost. The source article's 90%-off GPU plan was not found in any current source and is "
                    "not in the catalog.",
                    "未写明可用于 GPU 实例（学生 ECS 购买和续费），因此不抵扣 GPU 费用。原文所说的「GPU 1 折」在现有资料中"
                    "均未找到，目录中不收录。"),
        "applies_to_spot": False, "expiry_days": 365},
    "tencent-campus": {
        "qualifies": T("Verified students (Cloud+Campus).", "通过认证的学生（云+校园）。"),
        "covers": T("CPU servers only; no GPU SKU.", "仅 CPU 云服务器，无 GPU 机型。"), "applies_to_spot": False},
    "tencent-cloud-studio": {
        "qualifies": T("First binding of a Cloud Studio account.", "首次绑定 Cloud Studio 的账号。"),
        "covers": T("20 machine-hours of Cloud Studio; GPU support not verified, so not applied to GPU cost.",
                    "Cloud Studio 20 机时；是否含 GPU 未核实，不抵扣 GPU 费用。"), "applies_to_spot": False},
    "tencent-new-user-coupon": {
        "qualifies": T("New Tencent Cloud accounts.", "腾讯云新注册用户。"),
        "covers": T("Not published (amount and products not found); the source article says it stacks with student "
                    "verification.", "未公开（金额和适用产品未查到）；原文称可与学生认证叠加。"),
        "applies_to_spot": False, "source_date": "2026-09"},
    "aws-educate": {
        "qualifies": T("Students at AWS Educate member institutions ($40 elsewhere); current status not verified.",
                       "AWS Educate 成员院校的学生（其他院校 $40）；现状未核实。"),
        "covers": T("AWS usage including EC2, on-demand and spot.", "AWS 用量，含 EC2 按量和竞价实例。"),
        "source_date": "2026-08"},
    "aws-research-credits": {
        "qualifies": T("Researchers and students with an accepted proposal (90-120 days review).",
                       "提交科研申请并获批的研究人员和学生（评审 90-120 天）。"),
        "covers": T("On-demand and spot EC2.", "EC2 按量和竞价实例。"), "source_date": "2026-08"},
    "aws-free-tier": {
        "qualifies": T("New AWS accounts, for 12 months.", "AWS 新账号，12 个月内。"),
        "covers": T("Small instances only (750 h/month); no GPU.", "仅小规格实例（每月 750 小时），不含 GPU。"),
        "applies_to_spot": False, "source_date": "2026-08"},
    "gcp-research-credits": {
        "qualifies": T("PhD students up to $1,000 a year; faculty and postdocs one award up to $5,000; master's "
                       "students not eligible. Needs a research proposal.",
                       "博士生每年最多 1000 美元；教师和博士后一次最多 5000 美元；硕士生不符合条件。需提交科研申请。"),
        "covers": T("Google Cloud usage including Compute Engine GPUs.", "谷歌云用量，含 Compute Engine GPU。"),
        "source_date": "2026-08"},
    "gcp-free-trial": {
        "qualifies": T("New Google Cloud accounts with a credit card.", "绑定信用卡的谷歌云新账号。"),
        "covers": T("Google Cloud usage for 90 days; GPUs need an upgraded account.", "90 天内的谷歌云用量；GPU 需先升级账号。")},
    "azure-for-students": {
        "qualifies": T("Verified students, no credit card.", "通过认证的学生，无需信用卡。"),
        "covers": T("Azure services for 12 months; GPU VMs not verified, so not applied to GPU cost.",
                    "12 个月内的 Azure 服务；GPU 虚拟机未核实，不抵扣 GPU 费用。"),
        "applies_to_spot": False, "source_date": "2026-08"},
    "azure-free-trial": {
        "qualifies": T("New Azure accounts with a credit card.", "绑定信用卡的 Azure 新账号。"),
        "covers": T("Azure services for 30 days; GPU quota not verified, so not applied to GPU cost.",
                    "30 天内的 Azure 服务；GPU 配额未核实，不抵扣 GPU 费用。"), "applies_to_spot": False},
    "runpod-signup-credit": {
        "qualifies": T("New RunPod accounts.", "RunPod 新账号。"),
        "covers": T("RunPod usage (low-confidence figure).", "RunPod 用量（数字可信度低）。")},
    "digitalocean-new-account": {
        "qualifies": T("New DigitalOcean accounts.", "DigitalOcean 新账号。"),
        "covers": T("DigitalOcean for 60 days; Paperspace GPUs not verified, so not applied to GPU cost.",
                    "60 天内的 DigitalOcean 服务；Paperspace GPU 未核实，不抵扣 GPU 费用。"),
        "applies_to_spot": False, "source_date": "2026-08"},
    "github-student-pack-digitalocean": {
        "qualifies": T("Verified students (GitHub Student Developer Pack).", "通过认证的学生（GitHub 学生开发者包）。"),
        "covers": T("DigitalOcean for one year; Paperspace GPUs not verified, so not applied to GPU cost.",
                    "一年内的 DigitalOcean 服务；Paperspace GPU 未核实，不抵扣 GPU 费用。"),
        "applies_to_spot": False, "source_date": "2026-08"},
}


# Chinese platforms with offers for one card type only, and why the rest of the line-up is missing (issue 16,
# item 1). They go into the catalog's "unpriced" list beside the platforms with no offer, so the Guide shows the
# reason; every reason starts with "Line-up incomplete". "checked" is when the search was made.
LINEUP_INCOMPLETE = [
    {"id": "gpushare", "name": T("Gpushare (HengYuan Cloud)", "恒源云"), "checked": "2026-12-04",
     "reason": T("Line-up incomplete: only the RTX 4090 is priced (1.3-1.8 CNY/h, a 2026-08 survey). Searched "
                 "2026-12-04 for gpushare.com price lists and dated prices of its other cards (web pages, "
                 "documentation, code, issues): none found. Its documentation, summarised on 2026-07-02 "
                 "(ImChong/Robotics_Notebooks sources/sites/gpushare.md), names pay-as-you-go, weekly, monthly and "
                 "yearly rental without prices. A third-party index (huggingface.co/datasets/brian8808/"
                 "gpu-price-index) lists an RTX 3090 at 0.76 and an RTX A6000 at 2.2 CNY/h there, but gives no "
                 "date, so they are not used: other cards unknown.",
                 "阵容不全：只有 RTX 4090 有价格（1.3-1.8 元/小时，2026-08 调研）。2026-12-04 检索了 gpushare.com "
                 "价格表及其他卡型带日期的价格（网页、文档、代码、issue），均未找到。其文档（2026-07-02 摘录于 "
                 "ImChong/Robotics_Notebooks sources/sites/gpushare.md）列出按量、包周、包月、包年，但没有价格。"
                 "第三方指数（huggingface.co/datasets/brian8808/gpu-price-index）列有该平台 RTX 3090 0.76 元/小时、"
                 "RTX A6000 2.2 元/小时，但没有日期，因此不采用：其他卡型价格未知。")},
    {"id": "matpool", "name": T("Matpool", "矩池云"), "checked": "2026-12-04",
     "reason": T("Line-up incomplete: only the RTX 4090 is priced (2.0-5 CNY/h, a 2026-08 survey). Searched "
                 "2026-12-04 for matpool.com and matgo.cn price lists (web pages, documentation, code, issues): "
                 "no dated price of another card found. Its market lists RTX A2000, RTX 3090, RTX 4090 and A100 "
                 "80GB hosts billed per minute, without prices (ImChong/Robotics_Notebooks wiki/entities/"
                 "matpool.md, 2026-07-02); prices come live from its market API (quziang/matpool-gpu "
                 "references/inventory.md, 2026-09-07). An undated third-party index lists a T4 at 1.35 CNY/h "
                 "there, not used: other cards unknown.",
                 "阵容不全：只有 RTX 4090 有价格（2.0-5 元/小时，2026-08 调研）。2026-12-04 检索了 matpool.com 和 "
                 "matgo.cn 的价格表（网页、文档、代码、issue），没有找到其他卡型带日期的价格。其算力市场列有 RTX "
                 "A2000、RTX 3090、RTX 4090 和 A100 80GB 主机，按分钟计费，但没有价格（ImChong/Robotics_Notebooks "
                 "wiki/entities/matpool.md，2026-07-02）；价格只能从其市场接口实时查询（quziang/matpool-gpu "
                 "references/inventory.md，2026-09-07）。一个没有日期的第三方指数列有该平台 T4 1.35 元/小时，"
                 "不采用：其他卡型价格未知。")},
    {"id": "openbayes", "name": T("OpenBayes", "OpenBayes"), "checked": "2026-12-04",
     "reason": T("Line-up incomplete: only the RTX 4090 is priced (2.3-2.5 CNY/h, late 2025 to early 2026, from "
                 "openbayes.com/pricing as quoted by the HAW notes). Searched 2026-12-04 for openbayes.com pricing "
                 "and documentation (web pages, documentation, code, issues): no dated price of another card "
                 "found. The same notes give an A800 at about 4.98 CNY/h as a market figure not tied to "
                 "OpenBayes, so it is not used: other cards unknown.",
                 "阵容不全：只有 RTX 4090 有价格（2.3-2.5 元/小时，2025 年底至 2026 年初，HAW 笔记引自 "
                 "openbayes.com/pricing）。2026-12-04 检索了 openbayes.com 的价格页和文档（网页、文档、代码、"
                 "issue），没有找到其他卡型带日期的价格。同一笔记中 A800 约 4.98 元/小时是市场价，未注明是 OpenBayes "
                 "的，因此不采用：其他卡型价格未知。")},
]

# Platforms a student in China would look for that have no offer in the catalog, and why (issue 16, item 1).
# "checked" is when the search was made. A provider in PROVIDERS without offers must be listed here.
UNPRICED = [
    {"id": "lanrui", "name": T("LanRui", "揽睿星舟"), "checked": "2026-12-04",
     "reason": T("Billing rules are known (docs.lanrui.co, verified 2026-06) but no dated GPU price was found in "
                 "the reference or by search.",
                 "计费规则已知（docs.lanrui.co，2026-06 核实），但参考资料和检索中都没有找到带日期的 GPU 价格。")},
    {"id": "virtaicloud", "name": T("VirtAI Cloud (Qudong)", "趋动云"), "checked": "2026-12-04",
     "reason": T("No public price list was found in the reference or by search (pages, docs).",
                 "参考资料和检索（网页、文档）中都没有找到公开价格表。")},
    {"id": "aliyun-pai-dsw", "name": T("Alibaba Cloud PAI-DSW", "阿里云 PAI-DSW"), "checked": "2026-12-04",
     "reason": T("Only ECS GPU instance prices were found (ALI-KARP); no PAI-DSW per-hour GPU price was found.",
                 "只找到 ECS GPU 实例价格（ALI-KARP），没有找到 PAI-DSW 的 GPU 小时价格。")},
    {"id": "tencent-hai", "name": T("Tencent Cloud HAI", "腾讯云 HAI"), "checked": "2026-12-04",
     "reason": T("No HAI price was found; Tencent's official GPU prices were not found at all (reference notes "
                 "section 9), so only two third-party CVM estimates are in the catalog.",
                 "没有找到 HAI 价格；腾讯云官方 GPU 价格也未找到（参考说明第 9 节），目录中只有两条第三方 CVM 估算。")},
    {"id": "huaweicloud", "name": T("Huawei Cloud", "华为云"), "checked": "2026-12-04",
     "reason": T("Only the spec of pi2.2xlarge.4 (8 vCPU, 32 GB, 1x T4) was found, no price (reference notes "
                 "section 9); Huawei's pricing API is queried live by the tools that use it, with no published table. "
                 "Known without a price: an account must pass real-name verification before buying resources in the "
                 "China regions (support.huaweicloud.com devg-bpconsole mc_00002, updated 2023-05-10).",
                 "只找到 pi2.2xlarge.4 的规格（8 vCPU、32 GB、1 张 T4），没有价格（参考说明第 9 节）；华为云价格只能通过询价接口"
                 "实时查询，没有公开价格表。已知但与价格无关：购买中国区资源前账号须完成实名认证（support.huaweicloud.com "
                 "devg-bpconsole mc_00002，2023-05-10 更新）。")},
    {"id": "volcengine", "name": T("Volcano Engine", "火山引擎"), "checked": "2026-12-04",
     "reason": T("No GPU price was found in the reference or by search.", "参考资料和检索中都没有找到 GPU 价格。")},
    {"id": "baiducloud", "name": T("Baidu AI Cloud", "百度智能云"), "checked": "2026-12-04",
     "reason": T("No GPU price was found in the reference or by search. Known without a price: the balance is topped "
                 "up online by UnionPay (personal or business), quick pay, Alipay or WeChat Pay, or by bank transfer "
                 "(cloud.baidu.com doc SPEECH Nl9mh4xu2, updated 2024-12-27); ordinary and special VAT invoices exist, "
                 "the special one for verified companies that are general taxpayers, and an invoice can be requested "
                 "once 500 CNY of spending is invoiceable (cloud.baidu.com doc Finance Mjwvysswx-en and xjwvyszt5-en, "
                 "undated, read 2026-12-04).",
                 "参考资料和检索中都没有找到 GPU 价格。已知但与价格无关：余额可在线通过银联（个人或企业）、快捷支付、支付宝或"
                 "微信支付充值，也可线下汇款（cloud.baidu.com 文档 SPEECH Nl9mh4xu2，2024-12-27 更新）；可开增值税普通发票"
                 "和专用发票，专用发票限通过企业认证的一般纳税人，可开票消费金额满 500 元即可申请（cloud.baidu.com 文档 "
                 "Finance Mjwvysswx-en 和 xjwvyszt5-en，未注明日期，2026-12-04 查阅）。")},
]
