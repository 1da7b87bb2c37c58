// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// refuse_figure and read_error_text of results_json/figures.h.

#include "harness/results_json/figures.h"

#include <fmt/format.h>


namespace clampbench {

namespace {
using json = nlohmann::json;

// A results file nests about ten deep; a deeper value is not a figure the reader reads, and
// the search stays off the stack's limit on a hostile document.
constexpr int kDeepest = 64;

// Appends to `path` the place of `node` under `at` ("variants[0].timing.rounds").
bool find_place(const json& at, const json* node, std::string& path, int depth) {
  if (&at == node) return true;
  if (depth == kDeepest || !at.is_structured()) return false;
  const std::size_t before = path.size();
  std::size_t index = 0;
  for (auto it = at.begin(); it != at.end(); ++it, ++index) {
    if (at.is_object()) path += fmt::format("{}{}", before == 0 ? "" : ".", it.key());
    else path += fmt::format("[{}]", index);
    if (find_place(*it, node, path, depth + 1)) return true;
    path.resize(before);
  }
  return false;
}

// The value as the error shows it: at most 40 characters.
std::string shown(const json& j) {
  std::string value = j.dump(-1, ' ', false, json::error_handler_t::replace);
  return value.size() > 40 ? value.substr(0, 37) + "..." : value;
}
}  // namespace

void refuse_value(const json& j, const std::string& what) {
  throw FigureError(j, fmt::format("{} is not {}", shown(j), what));
}

void refuse_figure(const json& j, std::int64_t least, std::uint64_t most) {
  if (least == 0 && most == static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    refuse_value(j, fmt::format("a count (a whole number from 0 to {})", most));
  refuse_value(j, fmt::format("a whole number from {} to {}", least, most));
}

void need_list(const json& j) {
  if (!j.is_array()) throw FigureError(j, fmt::format("{} is not a list", shown(j)));
}

std::string json_error_text(const std::exception& e) {
  const std::string what = e.what();
  const auto tag = what.rfind("[json.exception.", 0) == 0 ? what.find("] ") : std::string::npos;
  return tag == std::string::npos ? what : what.substr(tag + 2);
}

std::string read_error_text(const std::exception& e, const json& document) {
  const auto* figure = dynamic_cast<const FigureError*>(&e);
  std::string path;
  if (figure == nullptr || !find_place(document, figure->node(), path, 0)) return json_error_text(e);
  return fmt::format("{}: {}", path.empty() ? "the document" : path, e.what());
}

}  // namespace clampbench
