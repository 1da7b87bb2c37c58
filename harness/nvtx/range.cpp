// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/nvtx/range.h"

#include <cstdint>
#include <string>

#if defined(CLAMPBENCH_HAVE_CUDA)
#include "harness/nvtx/detail/domain.h"
#endif

namespace clampbench::nvtx {

#if defined(CLAMPBENCH_HAVE_CUDA)

namespace {

nvtxEventAttributes_t attributes(const std::string& message, Level level) {
  nvtxEventAttributes_t a{};
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  a.colorType = NVTX_COLOR_ARGB;
  switch (level) {
    case Level::Case: a.category = detail::kCategoryCase; a.color = 0xFF4E79A7; break;
    case Level::Variant: a.category = detail::kCategoryVariant; a.color = 0xFFF28E2B; break;
    case Level::Call: a.category = detail::kCategoryCall; a.color = 0xFF59A14F; break;
    case Level::Pass: a.category = detail::kCategoryPass; a.color = 0xFFBAB0AC; break;
  }
  a.messageType = NVTX_MESSAGE_TYPE_ASCII;
  a.message.ascii = message.c_str();  // NVTX copies what it keeps
  return a;
}

}  // namespace

Range::Range(std::string_view message, Level level) {
  const std::string text(message);
  const nvtxEventAttributes_t a = attributes(text, level);
  nvtxDomainRangePushEx(detail::domain(), &a);
}

Range::~Range() { nvtxDomainRangePop(detail::domain()); }

void mark(std::string_view message) {
  const std::string text(message);
  const nvtxEventAttributes_t a = attributes(text, Level::Pass);
  nvtxDomainMarkEx(detail::domain(), &a);
}

bool compiled() { return true; }

#else

Range::Range(std::string_view, Level) {}
Range::~Range() = default;
void mark(std::string_view) {}
bool compiled() { return false; }

#endif

}  // namespace clampbench::nvtx
