// Energy and CO2 of a job: the sourced factor tables, the region -> grid mapping and the one formula.
#include "engine/energy.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/cost.hpp"

namespace gw {

namespace {

// What China's announced factors count: CO2 of the electricity consumed, the grid's average (a region's or
// province's own generation plus what it imports), the same measure as the national factor.
const Text kCnGases = {"CO2 per kWh of electricity consumed, average", "电力平均二氧化碳排放因子（消费侧）"};

// Each factor as its publisher states it, with the year it describes. They count slightly different things
// (a consumption factor of CO2 alone, a generation factor, a lifecycle CO2e factor): `gases` says which, and
// the explanation shows it, so a comparison across countries is read with that in mind.
const std::vector<GridFactor> kGrids = {
    {"cn",
     {"mainland China (national average)", "中国大陆（全国平均）"},
     0.5306,
     2023,
     {"CO2 per kWh of electricity consumed, national average", "全国电力平均二氧化碳排放因子（消费侧）"},
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, announcement of the "
      "2023 "
      "electricity CO2 emission factors: national average 0.5306 kgCO2/kWh (2022: 0.5366), as reported by "
      "Guangming Daily (January 2026)",
      "生态环境部、国家统计局《关于发布2023年电力二氧化碳排放因子的公告》：全国电力平均二氧化碳排放因子 "
      "0.5306 kgCO2/kWh（2022 年为 0.5366），据光明日报报道（2026 年 1 月）"},
     "www.163.com/dy/article/KIQVBKCG05567I2C.html"},
    {"cn-north",
     {"North China grid (Beijing, Tianjin, Hebei, Shanxi, Shandong, Inner Mongolia)",
      "华北电网（北京、天津、河北、山西、山东、内蒙古）"},
     0.6361,
     2023,
     kCnGases,
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, 2023 electricity CO2 "
      "emission factors, regional level: North China 0.6361 kgCO2/kWh, as reported by Guangming Daily "
      "(January 2026)",
      "生态环境部、国家统计局《关于发布2023年电力二氧化碳排放因子的公告》区域层面：华北 0.6361 kgCO2/kWh，"
      "据光明日报报道（2026 年 1 月）"},
     "www.163.com/dy/article/KIQVBKCG05567I2C.html"},
    {"cn-northeast",
     {"Northeast China grid (Liaoning, Jilin, Heilongjiang)", "东北电网（辽宁、吉林、黑龙江）"},
     0.5122,
     2023,
     kCnGases,
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, 2023 electricity CO2 "
      "emission factors, regional level: Northeast 0.5122 kgCO2/kWh, as reported by Guangming Daily (January "
      "2026)",
      "生态环境部、国家统计局《关于发布2023年电力二氧化碳排放因子的公告》区域层面：东北 0.5122 kgCO2/kWh，"
      "据光明日报报道（2026 年 1 月）"},
     "www.163.com/dy/article/KIQVBKCG05567I2C.html"},
    {"cn-east",
     {"East China grid (Shanghai, Jiangsu, Zhejiang, Anhui, Fujian)",
      "华东电网（上海、江苏、浙江、安徽、福建）"},
     0.5500,
     2023,
     kCnGases,
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, 2023 electricity CO2 "
      "emission factors, regional level: East China 0.5500 kgCO2/kWh, as reported by Guangming Daily "
      "(January 2026)",
      "生态环境部、国家统计局《关于发布2023年电力二氧化碳排放因子的公告》区域层面：华东 0.5500 kgCO2/kWh，"
      "据光明日报报道（2026 年 1 月）"},
     "www.163.com/dy/article/KIQVBKCG05567I2C.html"},
    {"cn-central",
     {"Central China grid (Henan, Hubei, Hunan, Jiangxi)", "华中电网（河南、湖北、湖南、江西）"},
     0.5271,
     2023,
     kCnGases,
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, 2023 electricity CO2 "
      "emission factors, regional level: Central China 0.5271 kgCO2/kWh, as reported by Guangming Daily "
      "(January 2026)",
      "生态环境部、国家统计局《关于发布2023年电力二氧化碳排放因子的公告》区域层面：华中 0.5271 kgCO2/kWh，"
      "据光明日报报道（2026 年 1 月）"},
     "www.163.com/dy/article/KIQVBKCG05567I2C.html"},
    {"cn-northwest",
     {"Northwest China grid (Shaanxi, Gansu, Qinghai, Ningxia, Xinjiang)",
      "西北电网（陕西、甘肃、青海、宁夏、新疆）"},
     0.5543,
     2023,
     kCnGases,
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, 2023 electricity CO2 "
      "emission factors, regional level: Northwest 0.5543 kgCO2/kWh, as reported by Guangming Daily (January "
      "2026)",
      "生态环境部、国家统计局《关于发布2023年电力二氧化碳排放因子的公告》区域层面：西北 0.5543 kgCO2/kWh，"
      "据光明日报报道（2026 年 1 月）"},
     "www.163.com/dy/article/KIQVBKCG05567I2C.html"},
    {"cn-south",
     {"China Southern grid (Guangdong, Guangxi, Yunnan, Guizhou, Hainan)",
      "南方电网（广东、广西、云南、贵州、海南）"},
     0.4042,
     2023,
     kCnGases,
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, 2023 electricity CO2 "
      "emission factors, regional level: South 0.4042 kgCO2/kWh, as reported by Guangming Daily (January "
      "2026)",
      "生态环境部、国家统计局《关于发布2023年电力二氧化碳排放因子的公告》区域层面：南方 0.4042 kgCO2/kWh，"
      "据光明日报报道（2026 年 1 月）"},
     "www.163.com/dy/article/KIQVBKCG05567I2C.html"},
    {"cn-southwest",
     {"Southwest China grid (Sichuan, Chongqing, Tibet)", "西南电网（四川、重庆、西藏）"},
     0.2472,
     2023,
     kCnGases,
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, 2023 electricity CO2 "
      "emission factors, regional level: Southwest 0.2472 kgCO2/kWh, as reported by Guangming Daily (January "
      "2026)",
      "生态环境部、国家统计局《关于发布2023年电力二氧化碳排放因子的公告》区域层面：西南 0.2472 kgCO2/kWh，"
      "据光明日报报道（2026 年 1 月）"},
     "www.163.com/dy/article/KIQVBKCG05567I2C.html"},
    {"cn-hebei",
     {"Hebei province", "河北省"},
     0.7252,
     2022,
     kCnGases,
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, 2022 electricity CO2 "
      "emission factors (announced 2024-12-20), provincial level: Hebei 0.7252 kgCO2/kWh, as reported by "
      "the Beijing News via daydaynews.cc (2024-12-27)",
      "生态环境部、国家统计局《关于发布2022年电力二氧化碳排放因子的公告》（2024 年 12 月 20 日）省级层面："
      "河北 0.7252 kgCO2/kWh，据新京报报道（2024 年 12 月 27 日，daydaynews.cc 转载）"},
     "daydaynews.cc/zh-hant/finance/3899452.html"},
    {"cn-nei-mongol",
     {"Inner Mongolia", "内蒙古自治区"},
     0.6849,
     2022,
     kCnGases,
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, 2022 electricity CO2 "
      "emission factors (announced 2024-12-20), provincial level: Inner Mongolia 0.6849 kgCO2/kWh, as "
      "reported by "
      "the Beijing News via daydaynews.cc (2024-12-27)",
      "生态环境部、国家统计局《关于发布2022年电力二氧化碳排放因子的公告》（2024 年 12 月 20 日）省级层面："
      "内蒙古 0.6849 kgCO2/kWh，据新京报报道（2024 年 12 月 27 日，daydaynews.cc 转载）"},
     "daydaynews.cc/zh-hant/finance/3899452.html"},
    {"cn-sichuan",
     {"Sichuan province", "四川省"},
     0.1404,
     2022,
     kCnGases,
     {"Ministry of Ecology and Environment and National Bureau of Statistics of China, 2022 electricity CO2 "
      "emission factors (announced 2024-12-20), provincial level: Sichuan 0.1404 kgCO2/kWh, as reported by "
      "the Beijing News via daydaynews.cc (2024-12-27)",
      "生态环境部、国家统计局《关于发布2022年电力二氧化碳排放因子的公告》（2024 年 12 月 20 日）省级层面："
      "四川 0.1404 kgCO2/kWh，据新京报报道（2024 年 12 月 27 日，daydaynews.cc 转载）"},
     "daydaynews.cc/zh-hant/finance/3899452.html"},
    {"us",
     {"United States (national average)", "美国（全国平均）"},
     0.390,
     2022,
     {"CO2 per kWh generated by utility-scale plants", "公用事业电厂每度发电的二氧化碳"},
     {"U.S. Energy Information Administration, FAQ 'How much carbon dioxide is produced per kilowatthour of "
      "U.S. electricity generation?': in 2022, 1.65 billion t CO2 for 4.23 trillion kWh, about 0.86 lb/kWh "
      "(0.390 kg/kWh)",
      "美国能源信息署（EIA）常见问题“美国每度发电产生多少二氧化碳”：2022 年 16.5 亿吨二氧化碳对应 4.23 "
      "万亿度电，约 0.86 磅/度（0.390 千克/度）"},
     "www.eia.gov/tools/faqs/faq.php?id=74"},
    {"de",
     {"Germany", "德国"},
     0.381,
     2023,
     {"CO2e per kWh generated, lifecycle", "每度发电的全生命周期二氧化碳当量"},
     {"Ember and Energy Institute via Our World in Data, carbon intensity of electricity generation, 2023: "
      "Germany 381 gCO2e/kWh",
      "Ember 与 Energy Institute 数据，经 Our World in Data 整理的发电碳强度，2023 年：德国 381 gCO2e/kWh"},
     "ourworldindata.org/grapher/carbon-intensity-electricity"},
    {"be",
     {"Belgium", "比利时"},
     0.138,
     2023,
     {"CO2e per kWh generated, lifecycle", "每度发电的全生命周期二氧化碳当量"},
     {"Ember and Energy Institute via Our World in Data, carbon intensity of electricity generation, 2023: "
      "Belgium 138 gCO2e/kWh",
      "Ember 与 Energy Institute 数据，经 Our World in Data 整理的发电碳强度，2023 年：比利时 138 gCO2e/kWh"},
     "ourworldindata.org/grapher/carbon-intensity-electricity"},
    {"hu",
     {"Hungary", "匈牙利"},
     0.204,
     2023,
     {"CO2e per kWh generated, lifecycle", "每度发电的全生命周期二氧化碳当量"},
     {"Ember and Energy Institute via Our World in Data, carbon intensity of electricity generation, 2023: "
      "Hungary 204 gCO2e/kWh",
      "Ember 与 Energy Institute 数据，经 Our World in Data 整理的发电碳强度，2023 年：匈牙利 204 gCO2e/kWh"},
     "ourworldindata.org/grapher/carbon-intensity-electricity"},
    {"jp",
     {"Japan", "日本"},
     0.421,
     2023,
     {"CO2 per kWh sold by the main power companies (fiscal 2023, preliminary)",
      "主要电力公司每售出一度电的二氧化碳（2023 财年，初步值）"},
     {"Electric Power Council for a Low Carbon Society (ELCS), preliminary data for April 2023 to March "
      "2024: "
      "311 Mt CO2 for 738.2 TWh sold, 0.421 kg/kWh, as reported by Argus Media",
      "日本低碳社会电力协议会（ELCS）2023 财年（2023 年 4 月至 2024 年 3 月）初步数据：售电 738.2 TWh，"
      "排放 3.11 亿吨二氧化碳，即每度 0.421 千克，据 Argus Media 报道"},
     "www.argusmedia.com/zh/news-and-insights/latest-market-news/"
     "2616297-japan-s-power-sector-cuts-co2-emissions-in-2023-24"},
    {"sg",
     {"Singapore", "新加坡"},
     0.4192,
     2017,
     {"CO2 per kWh, grid average operating margin", "电网平均运行边际二氧化碳排放因子"},
     {"Energy Market Authority of Singapore, Singapore Energy Statistics 2018: average operating margin grid "
      "emission factor 0.4192 kg CO2/kWh in 2017",
      "新加坡能源市场管理局（EMA）《Singapore Energy Statistics 2018》：2017 年电网平均运行边际排放因子"
      "每度 0.4192 千克二氧化碳"},
     "www.ema.gov.sg/cmsmedia/Publications_and_Statistics/Publications/ses/2018/"
     "other-energy-related-statistics/index.html"},
};

// Published fleet-wide PUE of the operators whose own data centres host their offers.
const std::vector<PueFactor> kPues = {
    {"aws",
     1.14,
     2025,
     {"Amazon sustainability, AWS Cloud: in 2025 its data centers reported an average global PUE of 1.14",
      "亚马逊可持续发展页面 AWS Cloud：2025 年其数据中心全球平均 PUE 为 1.14"},
     "sustainability.aboutamazon.com/environment/the-cloud"},
    {"gcp",
     1.10,
     2024,
     {"DatacenterDynamics (December 2024): Google's facilities average a PUE of around 1.1",
      "DatacenterDynamics 报道（2024 年 12 月）：谷歌数据中心平均 PUE 约 1.1"},
     "www.datacenterdynamics.com/en/news/aws-global-data-centers-achieved-pue-of-115-in-2023/"},
    {"azure",
     1.18,
     2024,
     {"DatacenterDynamics (December 2024): Microsoft's global facility average PUE is 1.18",
      "DatacenterDynamics 报道（2024 年 12 月）：微软数据中心全球平均 PUE 为 1.18"},
     "www.datacenterdynamics.com/en/news/aws-global-data-centers-achieved-pue-of-115-in-2023/"},
};

// Region (as the catalog writes it, English) -> grid. First match wins; `grid` empty means the region is
// known not to be one grid with a sourced factor (Hong Kong, Taiwan, the Netherlands have none here).
struct RegionRule {
  std::string_view provider;  // empty: any provider
  std::string_view region;
  bool prefix;
  std::string_view grid;
};
const RegionRule kRules[] = {
    {"aliyun", "cn-hongkong", false, ""},  // Hong Kong's grid is not the mainland's
    // A data centre in a named province or city draws from that province's grid: its own factor where
    // one is published, else its regional grid's (the provinces each regional grid covers, as the
    // ministry groups them).
    {"aliyun", "cn-zhangjiakou", false, "cn-hebei"},
    {"aliyun", "cn-wulanchabu", false, "cn-nei-mongol"},
    {"aliyun", "cn-huhehaote", false, "cn-nei-mongol"},
    {"aliyun", "cn-chengdu", false, "cn-sichuan"},
    {"aliyun", "cn-beijing", false, "cn-north"},
    {"aliyun", "cn-qingdao", false, "cn-north"},
    {"aliyun", "cn-hangzhou", false, "cn-east"},
    {"aliyun", "cn-shanghai", false, "cn-east"},
    {"aliyun", "cn-nanjing", false, "cn-east"},
    {"aliyun", "cn-fuzhou", false, "cn-east"},
    {"aliyun", "cn-wuhan", true, "cn-central"},
    {"aliyun", "cn-shenzhen", false, "cn-south"},
    {"aliyun", "cn-guangzhou", false, "cn-south"},
    {"aliyun", "cn-heyuan", false, "cn-south"},
    {"tencent", "ap-beijing", false, "cn-north"},
    {"tencent", "ap-shanghai", false, "cn-east"},
    {"tencent", "ap-nanjing", false, "cn-east"},
    {"tencent", "ap-guangzhou", false, "cn-south"},
    {"tencent", "ap-chengdu", false, "cn-sichuan"},
    {"tencent", "ap-chongqing", false, "cn-southwest"},
    {"aliyun", "cn-", true, "cn"},  // another mainland region: the national average
    {"aliyun", "ap-southeast-1", false, "sg"},
    {"aliyun", "us-east-1", false, "us"},
    {"aliyun", "us-west-1", false, "us"},
    {"", "CN", true, "cn"},  // the Chinese platforms: "CN", "CN (region/host dependent)", "CN North 2A / ..."
    {"aws", "us-east-1", false, "us"},
    {"aws", "ap-northeast-1", true, "jp"},
    {"aws", "ap-southeast-1", true, "sg"},
    {"azure", "eastus", false, "us"},
    {"gcp", "us-central1", false, "us"},
    {"gcp", "asia-northeast1", true, "jp"},
    {"gcp", "asia-southeast1", true, "sg"},
    {"paperspace", "East Coast (NY2)", false, "us"},
    {"vast", "Germany host", false, "de"},
    {"vast", "Belgium host", false, "be"},
    {"vast", "Hungary host", false, "hu"},
    {"vast", "Oregon host", false, "us"},
};

double fin(double v) {
  return std::isfinite(v) ? v : 0;
}

// Few significant figures: energy estimates carry the estimate's own spread.
std::string short_number(double v) {
  const double a = std::fabs(v);
  return format_number(v, a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3);
}

}  // namespace

const std::vector<GridFactor>& grid_factors() {
  return kGrids;
}

const GridFactor* find_grid_factor(std::string_view key) {
  for (const GridFactor& g : kGrids)
    if (g.key == key) return &g;
  return nullptr;
}

namespace {
// Cities and provinces a Chinese platform's region may name ("CN Chongqing", "中国 成都"), with the grid
// each draws from. A region naming places on two grids ("CN North 2A / Shanghai 2B") keeps the national one.
struct Place {
  std::string_view en, zh, grid;
};
const Place kPlaces[] = {
    {"Zhangjiakou", "张家口", "cn-hebei"},
    {"Hebei", "河北", "cn-hebei"},
    {"Ulanqab", "乌兰察布", "cn-nei-mongol"},
    {"Wulanchabu", "乌兰察布", "cn-nei-mongol"},
    {"Hohhot", "呼和浩特", "cn-nei-mongol"},
    {"Inner Mongolia", "内蒙古", "cn-nei-mongol"},
    {"Chengdu", "成都", "cn-sichuan"},
    {"Sichuan", "四川", "cn-sichuan"},
    {"Ya'an", "雅安", "cn-sichuan"},
    {"Chongqing", "重庆", "cn-southwest"},
    {"CN North", "华北", "cn-north"},
    {"Beijing", "北京", "cn-north"},
    {"Tianjin", "天津", "cn-north"},
    {"Qingdao", "青岛", "cn-north"},
    {"Shandong", "山东", "cn-north"},
    {"Shanghai", "上海", "cn-east"},
    {"Hangzhou", "杭州", "cn-east"},
    {"Nanjing", "南京", "cn-east"},
    {"Suzhou", "苏州", "cn-east"},
    {"Jiangsu", "江苏", "cn-east"},
    {"Zhejiang", "浙江", "cn-east"},
    {"Wuhan", "武汉", "cn-central"},
    {"Changsha", "长沙", "cn-central"},
    {"Guangzhou", "广州", "cn-south"},
    {"Shenzhen", "深圳", "cn-south"},
    {"Guangdong", "广东", "cn-south"},
    {"Guiyang", "贵阳", "cn-south"},
    {"Guizhou", "贵州", "cn-south"},
    {"Xi'an", "西安", "cn-northwest"},
    {"Ningxia", "宁夏", "cn-northwest"},
    {"Zhongwei", "中卫", "cn-northwest"},
};

// The bytes a text holds: a name whose first or last byte is missing from it is not in it, which rules
// out nearly every place without a search (grid_for_offer ran ~60 searches per mainland offer, ~6% of a
// recommendation).
struct ByteSet {
  std::uint64_t bits[4] = {0, 0, 0, 0};
  explicit ByteSet(std::string_view s) {
    for (const char c : s) add(static_cast<unsigned char>(c));
  }
  void add(unsigned char c) { bits[c >> 6] |= std::uint64_t{1} << (c & 63); }
  bool has(unsigned char c) const { return (bits[c >> 6] >> (c & 63)) & 1; }
};

bool holds(std::string_view text, const ByteSet& bytes, std::string_view name) {
  return !name.empty() && name.size() <= text.size() && bytes.has(static_cast<unsigned char>(name.front())) &&
         bytes.has(static_cast<unsigned char>(name.back())) && text.find(name) != std::string_view::npos;
}

const GridFactor* place_grid(const Text& region) {
  std::string_view found;
  const ByteSet en_bytes(region.en), zh_bytes(region.zh);
  for (const Place& p : kPlaces) {
    const bool hit = holds(region.en, en_bytes, p.en) || holds(region.zh, zh_bytes, p.zh);
    if (!hit) continue;
    if (!found.empty() && found != p.grid) return nullptr;  // two grids: not one of them
    found = p.grid;
  }
  return found.empty() ? nullptr : find_grid_factor(found);
}

}  // namespace

const GridFactor* grid_for_offer(const Offer& offer) {
  const std::string& region = offer.region.en;
  // A mainland platform's region that names one place: that place's grid.
  if (region.compare(0, 2, "CN") == 0)
    if (const GridFactor* g = place_grid(offer.region)) return g;
  for (const RegionRule& r : kRules) {
    if (!r.provider.empty() && r.provider != offer.provider) continue;
    const bool hit = r.prefix ? region.compare(0, r.region.size(), r.region) == 0 : region == r.region;
    if (hit) return r.grid.empty() ? nullptr : find_grid_factor(r.grid);
  }
  return nullptr;
}

const std::vector<PueFactor>& pue_factors() {
  return kPues;
}

const PueFactor* pue_for_provider(std::string_view provider_id) {
  for (const PueFactor& p : kPues)
    if (p.provider == provider_id) return &p;
  return nullptr;
}

double energy_kwh(double board_w, double hours, int cards, double pue) {
  return std::max(0.0, fin(board_w)) / 1000.0 * std::max(0.0, fin(hours)) * std::max(0, cards) *
         std::max(1.0, fin(pue));
}

Energy job_energy(const EnergyInputs& in, bool explain) {
  Energy e;
  e.grid = in.grid;
  e.pue_known = in.pue != nullptr;
  e.pue = in.pue ? in.pue->pue : 1.0;
  e.known = in.board_w && std::isfinite(*in.board_w) && *in.board_w > 0;
  if (e.known) {
    e.board_w = *in.board_w;
    e.kwh = energy_kwh(e.board_w, in.hours, in.cards, e.pue);
    if (in.grid) e.kg_co2e = e.kwh * in.grid->kg_per_kwh;
  }
  if (!explain) return e;
  e.explain.formula = {
      "kWh = board power (W) / 1000 x hours x cards x PUE; kg CO2e = kWh x grid factor",
      "耗电 kWh = 显卡功耗 (W) ÷ 1000 × 小时 × 卡数 × PUE；二氧化碳 kg = kWh × 电网排放因子"};
  e.explain.inputs = {{"board power (TDP)", e.board_w, "W", "显卡功耗（TDP）"},
                      {"hours", fin(in.hours), "h", "小时"},
                      {"cards", static_cast<double>(in.cards), "", "卡数"},
                      {"PUE", e.pue, "", "PUE"}};
  if (in.grid) e.explain.inputs.push_back({"grid factor", in.grid->kg_per_kwh, "kg/kWh", "电网排放因子"});
  Text note;
  if (!e.known) {
    note = {"The GPU's board power (TDP) is unknown: no energy or CO2 figure.",
            "该 GPU 的功耗（TDP）未知：不给出耗电和碳排放。"};
  } else {
    note = {
        "Board power is the GPU's TDP from the catalog: a card rarely draws it throughout, so this is the "
        "high end. Setup and idle hours are not counted.",
        "功耗取目录中该 GPU 的 TDP：显卡很少全程满载，所以这是偏高的估计。环境配置和空闲时间未计入。"};
  }
  if (in.pue) {
    const std::string url(in.pue->url);
    note.en += " PUE " + format_number(in.pue->pue, 2) + " (" + std::to_string(in.pue->year) +
               "): " + in.pue->source.en + ", " + url + ".";
    note.zh += " PUE " + format_number(in.pue->pue, 2) + "（" + std::to_string(in.pue->year) + " 年）：" +
               in.pue->source.zh + "，" + url + "。";
  } else {
    note.en += " The data centre's PUE is unknown: the figure counts the cards alone, without cooling.";
    note.zh += " 机房 PUE 未知：只计显卡本身，不含制冷。";
  }
  if (in.grid) {
    const std::string url(in.grid->url);
    note.en += " Grid: " + in.grid->area.en + ", " + in.grid->gases.en + ", " +
               std::to_string(in.grid->year) + ": " + in.grid->source.en + ", " + url + ".";
    note.zh += " 电网：" + in.grid->area.zh + "，" + in.grid->gases.zh + "，" +
               std::to_string(in.grid->year) + " 年：" + in.grid->source.zh + "，" + url + "。";
  } else {
    note.en += " The offer's region is not one grid with a sourced emission factor: CO2 unknown.";
    note.zh += " 该报价的地区无法对应到有来源的电网排放因子：碳排放未知。";
  }
  e.explain.note = note;
  return e;
}

EnergyInputs offer_energy_inputs(const Offer& offer, const Gpu& gpu, double hours) {
  EnergyInputs in;
  in.board_w = gpu.tdp_w;
  in.hours = hours;
  in.cards = std::max(1, offer.gpu_count);
  in.pue = pue_for_provider(offer.provider);
  in.grid = grid_for_offer(offer);
  return in;
}

std::string format_kwh(const Energy& e, Lang lang) {
  if (!e.known) return lang == Lang::zh ? "未知" : "?";
  return short_number(e.kwh);
}

std::string format_kg_co2e(const Energy& e, Lang lang) {
  if (!e.kg_co2e) return lang == Lang::zh ? "未知" : "?";
  return short_number(*e.kg_co2e);
}

Text energy_line(const Energy& e) {
  Text t;
  if (!e.known)
    return {"Energy: unknown (no board power for this GPU).", "耗电：未知（该 GPU 无功耗数据）。"};
  const std::string kwh = format_kwh(e, Lang::en);
  t.en = "Energy: " + kwh + " kWh" +
         (e.pue_known ? " (PUE " + format_number(e.pue, 2) + ")" : " (cards only, PUE unknown)");
  t.zh = "耗电：" + kwh + " kWh" +
         (e.pue_known ? "（PUE " + format_number(e.pue, 2) + "）" : "（仅显卡，PUE 未知）");
  if (e.kg_co2e && e.grid) {
    const std::string kg = format_kg_co2e(e, Lang::en);
    t.en += "; CO2e: " + kg + " kg (" + e.grid->area.en + ", " + std::to_string(e.grid->year) + ").";
    t.zh += "；碳排放：" + kg + " kg 二氧化碳当量（" + e.grid->area.zh + "，" + std::to_string(e.grid->year) +
            " 年）。";
  } else {
    t.en += "; CO2e: unknown (the region's grid factor is not known).";
    t.zh += "；碳排放：未知（该地区电网排放因子未知）。";
  }
  return t;
}

}  // namespace gw
