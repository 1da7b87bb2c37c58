// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The exact integer figures of a results file (counts of allocations, bytes, segments,
// instructions; peaks, indices, params, the seed), read by the results reader (results_json/reader.h)
// through these alone, so that every reader of a results file -- `merge`, `run --resume` --
// refuses the same values: a float (8.5, 1e300), a bool, a string, a negative count, a count
// beyond int64 or a value beyond its field's type. The JSON library's own get<> would take
// 8.5 as 8, true as 1, -1 as 18446744073709551615. The error names the value's place in
// the document (read_error_text), for the one line the CLI prints.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace clampbench {

// A figure that is not what its field holds. `node` is the value inside the document read.
class FigureError : public std::invalid_argument {
 public:
  FigureError(const nlohmann::json& node, const std::string& what) : std::invalid_argument(what), node_(&node) {}
  const nlohmann::json* node() const { return node_; }

 private:
  const nlohmann::json* node_;
};

// What a read error says, for one line: the JSON library's "[json.exception.type_error.302] "
// tag left out.
std::string json_error_text(const std::exception& e);

// Throws FigureError: "`j` is not `what`", the value shown short ("\"x\" is not a UTC time").
[[noreturn]] void refuse_value(const nlohmann::json& j, const std::string& what);
// Throws FigureError: `j` is not a JSON integer from `least` to `most`.
[[noreturn]] void refuse_figure(const nlohmann::json& j, std::int64_t least, std::uint64_t most);

// `j` as T when it is a JSON integer from `least` to `most`; else FigureError.
template <typename T>
T read_whole(const nlohmann::json& j, std::int64_t least, std::uint64_t most) {
  if (j.is_number_unsigned()) {
    if (const auto v = j.get<std::uint64_t>(); v <= most) return static_cast<T>(v);
  } else if (j.is_number_integer()) {
    const auto v = j.get<std::int64_t>();
    if (v >= least && (v < 0 || static_cast<std::uint64_t>(v) <= most)) return static_cast<T>(v);
  }
  refuse_figure(j, least, most);
}

// A count (a field results/schema-v1.json gives a minimum): from 0 to T's greatest value,
// and never beyond int64.
template <typename T>
T read_count(const nlohmann::json& j) {
  constexpr std::uint64_t int64_max = std::numeric_limits<std::int64_t>::max();
  return read_whole<T>(j, 0, std::min<std::uint64_t>(std::numeric_limits<T>::max(), int64_max));
}
// Null or a count.
template <typename T>
std::optional<T> read_optional_count(const nlohmann::json& j) {
  return j.is_null() ? std::nullopt : std::optional<T>(read_count<T>(j));
}
// A figure the schema lets be negative (a peak, an index, a shape, a param, an axis value,
// an element value) or a seed: T's whole range.
template <typename T>
T read_integer(const nlohmann::json& j) {
  return read_whole<T>(j, static_cast<std::int64_t>(std::numeric_limits<T>::min()), std::numeric_limits<T>::max());
}

// Throws FigureError: `j` is not a list.
void need_list(const nlohmann::json& j);
// A list of figures, each read by `read_one`: read_list(j, read_count<int>) for CPU numbers,
// read_list(j, read_integer<std::int64_t>) for an index, a shape, an axis's values.
template <typename Reader>
auto read_list(const nlohmann::json& j, Reader read_one) {
  need_list(j);
  std::vector<decltype(read_one(j))> out;
  for (const auto& x : j) out.push_back(read_one(x));
  return out;
}

// What a read error says, for one line: for a FigureError whose value is in `document`, its
// place first ("cases[3].variants[0].instructions: ..."); else json_error_text.
std::string read_error_text(const std::exception& e, const nlohmann::json& document);

}  // namespace clampbench
