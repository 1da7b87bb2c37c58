// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one CUPTI return-code check. CB_CUPTI_CHECK(expr) throws detail::CuptiError naming the
// call and CUPTI's own text for the code (cuptiGetResultString). Setup code catches it and
// makes the tracer unavailable with that text as the reason; scope code lets the tracer turn
// it into an unavailable scope. Nothing here reaches the runner as an exception.

#include <cupti.h>

#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace clampbench::cupti::detail {

class CuptiError : public std::runtime_error {
 public:
  CuptiError(CUptiResult result, const std::string& message) : std::runtime_error(message), result_(result) {}
  CUptiResult result() const { return result_; }

 private:
  CUptiResult result_;
};

inline std::string cupti_result_text(CUptiResult result) {
  const char* text = nullptr;
  if (cuptiGetResultString(result, &text) != CUPTI_SUCCESS || text == nullptr) return fmt::format("CUPTI error {}", static_cast<int>(result));
  return text;
}

}  // namespace clampbench::cupti::detail

#define CB_CUPTI_CHECK(expr)                                                                            \
  do {                                                                                                  \
    const CUptiResult cb_cupti_status_ = (expr);                                                        \
    if (cb_cupti_status_ != CUPTI_SUCCESS)                                                              \
      throw ::clampbench::cupti::detail::CuptiError(                                                    \
          cb_cupti_status_, ::fmt::format("{} failed: {}", #expr,                                       \
                                          ::clampbench::cupti::detail::cupti_result_text(cb_cupti_status_))); \
  } while (0)
