#pragma once
// The ranked table as text: tab-separated (clipboard), CSV and Markdown (downloads).
#include <string>
#include <vector>

#include "app/app.hpp"

namespace gw::app {

enum class TableFormat { tsv, csv, markdown };

// The ticked rows in the order shown, or every shown row when none is ticked.
std::vector<const Row*> rows_for_export(const AppState&, const std::vector<int>& shown);
std::string results_table(const AppState&, const std::vector<const Row*>& rows, TableFormat format);

}  // namespace gw::app
