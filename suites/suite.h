// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A Suite is one vLLM metadata builder under test: where it comes from, its parameter axes,
// its seeded input generator, which inputs are persistent, and its variants. Each suite file
// defines a make_<name>_suite() that returns one, built with the fluent SuiteBuilder, and
// registers it with CLAMPBENCH_REGISTER_SUITE (below). Every suite file has one shape: its
// seeded make_inputs, one build(CaseData&, const ParamPoint&, ClampMode) that every eager
// variant calls with its clamp form, and make_<name>_suite.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernels/tensor.h"
#include "suites/detail/clamp_mode.h"

namespace clampbench {

enum class SizeSet { Quick, Nightly, Full };
// Parses "quick" / "nightly" / "full"; returns false for anything else.
bool parse_size_set(const std::string& text, SizeSet& out);
const char* size_set_name(SizeSet s);

// Where the builder's tensors live in vLLM: Gpu sites run on cuda when a device exists (on
// host otherwise); Host sites use host tensors in vLLM and always run on host.
enum class SuiteDevice { Gpu, Host };

// One point of the parameter space: ordered (name, value) pairs.
class ParamPoint {
 public:
  void set(const std::string& name, std::int64_t value);
  std::int64_t get(const std::string& name) const;  // throws std::out_of_range naming it
  bool has(const std::string& name) const;
  const std::vector<std::pair<std::string, std::int64_t>>& values() const { return values_; }
  std::string label() const;  // "R=64,B=256"

 private:
  std::vector<std::pair<std::string, std::int64_t>> values_;
};

struct Axis {
  std::string name;
  std::vector<std::int64_t> quick, nightly, full;
  const std::vector<std::int64_t>& values(SizeSet s) const;
};

// Role of an input buffer, which decides what the mutation check allows.
enum class Role {
  Fresh,               // made for this call; the builder may do what it likes with it
  Persistent,          // owned by the runner and read after the builder: must not change
  PersistentWritable,  // owned by the runner, and writing it is the builder's declared job
};
const char* role_name(Role r);

struct Buffer {
  std::string name;
  Tensor tensor;  // may be a view; the check compares the view's elements
  Role role = Role::Fresh;
  bool host_tensor = false;  // a CPU tensor in vLLM (query_start_loc_cpu): on the host on every backend
};

// All inputs of one case, on the device the case runs on.
struct CaseData {
  DeviceType device = DeviceType::Host;
  std::vector<Buffer> buffers;

  Tensor& get(const std::string& name);  // throws std::out_of_range naming it
  const Tensor& get(const std::string& name) const;
  void add(std::string name, Tensor t, Role role = Role::Fresh);
  // A CPU tensor in vLLM: `t` must be host-side (from_numpy, kernels/host_planning.h), so
  // that reading it costs no sync and copying it to the device is a host-device copy.
  void add_host(std::string name, Tensor t, Role role = Role::Fresh);
  // Deep copy: new storage for every distinct storage, preserving views, strides, offsets
  // and aliasing between buffers (two views of one storage stay views of one new storage).
  CaseData clone() const;
  // Overwrites every storage of this clone of `source` with source's bytes, reusing this
  // clone's memory (no new pages to fault in); throws std::logic_error when the layouts differ.
  void copy_from(const CaseData& source);
};

struct NamedTensor {
  std::string name;
  Tensor tensor;
};
using Outputs = std::vector<NamedTensor>;

using InputFn = std::function<CaseData(const ParamPoint&, std::uint64_t seed, DeviceType device)>;
using VariantFn = std::function<Outputs(CaseData&, const ParamPoint&)>;
// A later reader of the step (consequence pass): runs on the inputs as the variant left them
// and on its outputs, and returns what it observes. It gets them const (the in-place ops take
// a Tensor&), so every reader of a variant sees the same state without a copy of it; a reader
// that models a later writer clones what it writes.
using ReaderFn = std::function<Outputs(const CaseData&, const Outputs&, const ParamPoint&)>;

struct Variant {
  std::string name;  // "clamp", "clamp_", "clamp_naive", "fused"
  std::string description;
  VariantFn fn;
};

struct Reader {
  std::string name;
  std::string description;
  ReaderFn fn;
};

struct Suite {
  std::string name;           // "mamba_prefix_caching"
  std::string description;
  std::string vllm_file;      // "vllm/v1/attention/backends/mamba_attn.py"
  std::string vllm_function;  // "_compute_prefix_caching_block_indices"
  SuiteDevice device = SuiteDevice::Gpu;
  std::vector<Axis> axes;
  // Optional filter over the cartesian product of the axes (e.g. min_n <= max_n).
  std::function<bool(const ParamPoint&)> accept;
  InputFn make_inputs;
  // What a call returns, in order. A name holding "<k>" belongs to a family that follows the
  // fixed names once per k = 0, 1, ... (the indexer's prefill chunks, as many as the batch has).
  std::vector<std::string> output_names;
  std::vector<Variant> variants;  // variants[0] is the reference, always "clamp"
  std::vector<Reader> readers;

  std::vector<ParamPoint> points(SizeSet s) const;
  const Variant* find_variant(const std::string& name) const;
  // Whether `names` are output_names as declared: every fixed name, then whole families.
  bool declares_outputs(const std::vector<std::string>& names) const;
};

class SuiteBuilder {
 public:
  explicit SuiteBuilder(std::string name);
  SuiteBuilder& describe(std::string text);
  SuiteBuilder& source(std::string vllm_file, std::string vllm_function);
  SuiteBuilder& device(SuiteDevice d);
  SuiteBuilder& axis(std::string name, std::vector<std::int64_t> quick,
                     std::vector<std::int64_t> nightly, std::vector<std::int64_t> full);
  SuiteBuilder& accept(std::function<bool(const ParamPoint&)> predicate);
  SuiteBuilder& inputs(InputFn fn);
  SuiteBuilder& outputs(std::vector<std::string> names);
  SuiteBuilder& variant(std::string name, std::string description, VariantFn fn);
  // The two eager variants every suite has, from its one build: "clamp" (the reference,
  // ClampMode::OutOfPlace) and "clamp_" (ClampMode::InPlace), described as given.
  using BuildFn = Outputs (*)(CaseData&, const ParamPoint&, suites::detail::ClampMode);
  SuiteBuilder& clamp_variants(BuildFn build, std::string out_of_place, std::string in_place);
  // The floor, "fused": one loop or one custom kernel that allocates only the outputs, checked
  // bitwise against clamp. It is listed last whatever the order of the calls.
  SuiteBuilder& floor(std::string description, VariantFn fn);
  SuiteBuilder& reader(std::string name, std::string description, ReaderFn fn);
  Suite build();  // checks the registration is complete; throws std::logic_error otherwise

 private:
  Suite suite_;
  std::optional<Variant> floor_;
};

// Every registered suite, by name; built on first use. The order is derived, never chosen:
// suites of one family share a name's prefix (mamba_, ngram_, sparse_mla_) and so sit
// together. Throws std::logic_error when two registrations build suites of the same name.
const std::vector<Suite>& all_suites();
const Suite* find_suite(const std::string& name);

// A suite registers itself from its own file, with one line at namespace scope after its
// factory (docs/adding-a-suite.md):
//   CLAMPBENCH_REGISTER_SUITE(make_ngram_find_suite);
// Nothing else names that file, so clampbench::suites links its archive whole (CMake).
class SuiteRegistrar {
 public:
  explicit SuiteRegistrar(Suite (*make)());
};
#define CLAMPBENCH_REGISTER_SUITE(factory) \
  static const ::clampbench::SuiteRegistrar clampbench_registrar_##factory { &factory }

}  // namespace clampbench
