// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Allocator: the one door through which every tensor's memory passes. allocate()/release()
// are non-virtual so that the ledger is told of every event, whatever the policy behind them.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "kernels/device.h"
#include "kernels/ledger.h"

namespace clampbench {

struct Block {
  void* ptr = nullptr;
  std::size_t requested = 0;  // bytes the caller asked for
  std::size_t reserved = 0;   // bytes held for it (after rounding)
  Stream stream{};
};

class Allocator {
 public:
  // `host_side`: every block is host memory of the modelled code (kernels/host_planning.h),
  // booked apart from the devices' counters.
  explicit Allocator(AllocationLedger* ledger, bool host_side = false) : ledger_(ledger), host_side_(host_side) {}
  virtual ~Allocator() = default;
  Allocator(const Allocator&) = delete;
  Allocator& operator=(const Allocator&) = delete;

  virtual std::string_view name() const = 0;
  virtual DeviceType device() const = 0;

  // Zero-byte requests return a Block with ptr == nullptr and are still counted, as PyTorch
  // counts an allocation for an empty tensor result.
  Block allocate(std::size_t bytes, Stream stream);
  void release(const Block& block);

  // Returns cached memory to the system (no-op for allocators that cache nothing).
  virtual void empty_cache() {}

  AllocationLedger* ledger() const { return ledger_; }
  bool host_side() const { return host_side_; }

 protected:
  virtual Block do_allocate(std::size_t bytes, Stream stream) = 0;
  virtual void do_release(const Block& block) = 0;
  // Policies that obtain memory from the system in segments report them here.
  void note_segment(bool created, const void* address, std::size_t bytes, Stream stream);

 private:
  void emit(LedgerEventKind kind, const Block& block);
  AllocationLedger* ledger_;
  bool host_side_;
};

}  // namespace clampbench
