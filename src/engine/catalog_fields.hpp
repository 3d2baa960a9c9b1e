#pragma once
// Every field of the catalog, described once: its JSON key, the member it fills, its type, unit, range and
// whether it is required, and its label in both languages. load_catalog reads through these tables,
// catalog_to_json writes through them, the fuzz targets compare catalogs field by field with them, `gpuwise
// catalog gpus|offers` takes its columns from them, and scripts/build_catalog.py checks that the keys it
// writes are the ones listed here (`gpuwise catalog fields`). A new catalog field is one entry here, the
// member in catalog.hpp, and the code that uses it.
#include <string>
#include <variant>
#include <vector>

#include "catalog.hpp"

namespace gw {

enum class CatalogType {
  id,       // lowercase letters, digits and single '-'
  string,   // one-language text: a name as its maker prints it, a citation
  choice,   // one of `choices`: a string member, or an enum member whose value is the index
  date,     // YYYY-MM or YYYY-MM-DD
  text,     // {"en": ..., "zh": ...}
  label,    // a plain string (an identifier) or {"en": ..., "zh": ...}
  number,   // within `range`
  integer,  // a whole number within `range`
  flag,     // true or false
  list,     // an array of strings (a GPU's aliases)
  records,  // an array of objects with their own table (programmes, packages, the catalog's sections)
  record,   // one object with its own table (a provider's access facts)
};
const char* to_string(CatalogType);

enum class Need {
  optional,
  required,  // a `prose` field only when the catalog keeps its prose inline (no Catalog::notes_file)
};

// A number's allowed interval (lo excluded when lo_open). Far wider than any real value: bounds exist so a
// typo such as 1e300 cannot overflow later arithmetic.
struct CatalogRange {
  double lo = 0;
  bool lo_open = false;
  double hi = 0;
};

template <class R>
using CatalogMember =
    std::variant<std::string R::*, Text R::*, double R::*, std::optional<double> R::*, int R::*,
                 std::optional<int> R::*, bool R::*, std::optional<bool> R::*, std::vector<std::string> R::*,
                 Granularity R::*, ProgramKind R::*, PackagePeriod R::*, ProviderMarket R::*,
                 std::vector<Program> R::*, ProviderAccess R::*, std::vector<Package> R::*,
                 std::vector<Gpu> R::*, std::vector<Provider> R::*, std::vector<Offer> R::*,
                 std::vector<UnpricedPlatform> R::*>;

template <class R>
struct CatalogField {
  const char* key = "";  // JSON key
  CatalogType type = CatalogType::string;
  Need need = Need::optional;
  CatalogMember<R> member;
  Text label;
  const char* unit = "";                   // "GiB", "TFLOPS", "per hour" (the offer's currency) ...
  CatalogRange range;                      // number and integer
  std::vector<const char*> choices;        // choice: accepted names, in enum order for an enum member
  std::vector<const char*> required_with;  // also required when any of these keys is present
  const char* only_with = "";              // a flag of the same record that must be true when this is set
  const char* column = "";                 // `gpuwise catalog` column heading ("" = not a column)
  int decimals = 0;                        // a numeric column's decimals
  // Text nothing computes with (citations, notes, descriptions): a catalog may leave it to its notes file
  // (catalog_notes.cpp), which the web page fetches only when the prose is first shown.
  bool prose = false;
};

// One table per kind of record, in the order the JSON is written.
const std::vector<CatalogField<Catalog>>& catalog_top_fields();
const std::vector<CatalogField<Gpu>>& gpu_fields();
const std::vector<CatalogField<Provider>>& provider_fields();
const std::vector<CatalogField<Program>>& program_fields();
const std::vector<CatalogField<ProviderAccess>>& access_fields();
const std::vector<CatalogField<Offer>>& offer_fields();
const std::vector<CatalogField<Package>>& package_fields();
const std::vector<CatalogField<UnpricedPlatform>>& unpriced_fields();

// Every field of every table, flattened: `section` is where the record sits ("" the top level, "gpus",
// "providers/programs", "offers/packages"...). `gpuwise catalog fields` prints this list.
struct CatalogFieldInfo {
  std::string section;
  const char* key;
  CatalogType type;
  Need need;
  Text label;
  const char* unit;
  bool prose;
};
std::vector<CatalogFieldInfo> catalog_field_list();

}  // namespace gw
