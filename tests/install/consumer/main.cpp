// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// One out-of-place add under a ledger scope, through the installed headers and library:
// PyTorch semantics say exactly one host allocation. Prints "allocations 1".

#include <iostream>

#include "kernels/ledger.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"

int main() {
  using namespace clampbench;
  const Tensor a = arange(4, DType::Int64, DeviceType::Host);
  LedgerScope scope(Runtime::current().ledger(), "consumer");
  const Tensor b = add(a, 1);
  const PerDevice counts = scope.close();
  std::cout << "allocations " << counts[static_cast<int>(DeviceType::Host)].allocations << "\n";
  return 0;
}
