// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where a tensor lives, and the stream its work is ordered on.

#include <cstdint>
#include <string_view>

namespace clampbench {

enum class DeviceType : std::uint8_t { Host = 0, Cuda = 1 };
inline constexpr int kNumDeviceTypes = 2;

constexpr std::string_view device_name(DeviceType d) { return d == DeviceType::Host ? "host" : "cuda"; }

// An opaque stream handle: a cudaStream_t on cuda (nullptr is the legacy default stream),
// ignored on host. Kept opaque so that host-only code never includes CUDA headers.
struct Stream {
  void* handle = nullptr;
  friend bool operator==(Stream a, Stream b) { return a.handle == b.handle; }
};

// True when this binary was built with CUDA sources (not whether a device exists).
bool cuda_compiled();
// True when the CUDA runtime reports at least one usable device. Never throws.
bool cuda_device_available();

}  // namespace clampbench
