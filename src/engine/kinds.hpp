#pragma once
// An enum with one table: each value has an entry `X_info(value)` holding at least its word (`key`), in
// enum order. These read that table both ways, so an enum's words are written once, in its table, and the
// loaders, writers, CLI and JSON exports go through it.
#include <cstddef>
#include <string_view>
#include <vector>

namespace gw {

// The words of an enum's `count` values, in enum order: a catalog choice field's choices (the loader and
// the writer go by position).
template <class E, class Info>
std::vector<const char*> kind_keys(int count, const Info& (*info)(E)) {
  std::vector<const char*> keys;
  for (int i = 0; i < count; ++i) keys.push_back(info(static_cast<E>(i)).key);
  return keys;
}

// The value whose word is `key`; false (and `out` untouched) when no value has it.
template <class E, class Info>
bool kind_from_key(int count, const Info& (*info)(E), std::string_view key, E& out) {
  for (int i = 0; i < count; ++i)
    if (key == info(static_cast<E>(i)).key) {
      out = static_cast<E>(i);
      return true;
    }
  return false;
}

// The entry of `value` in a table indexed by the enum; the first entry for a value out of range (a cast
// from a bad integer), so a lookup never reads past the table.
template <class E, class Info, std::size_t N>
const Info& kind_entry(const Info (&table)[N], E value) {
  const auto i = static_cast<std::size_t>(value);
  return table[i < N ? i : 0];
}

}  // namespace gw
