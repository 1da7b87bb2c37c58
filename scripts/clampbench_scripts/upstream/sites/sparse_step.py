# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""One DeepSeek V4 step of KV-cache group 0: the runner hands the indexer and both sparse-MLA
builders ONE CommonAttentionMetadata, so one block table and one cached request index, and
builds them in the order of the layers' registration (axis `order`: 0 = indexer, C4A, C128A;
1 = C128A, indexer, C4A).

The three `build` calls run as released, in the case's order, inside one counted region: the
sparse-MLA builder of sparse.py (ratios 4 and 128, each with its own buffers) and the
indexer's builder (indexer_builder.py: what it compiles, the configuration it is made from).
The second sparse builder gets the first one's request index back from the metadata's cache,
as in vLLM (asserted: the same slice). Outputs: each builder's metadata `slot_mapping` (its
buffer's first num_tokens), that request index, the C128A fields (sparse.py: 0.27.0's
packed rows laid out as 0.25.0's), the indexer's decode `block_table` (a view of the table,
as the step leaves it), `seq_lens` and `decode_lens` (None without decodes), and each of its
prefill chunks' cu_seqlen_ks/ke and cu_seq_lens."""
from .indexer_builder import indexer_class, new_indexer
from .model import Site
from .sparse import C128A, SPARSE, builder_class, c128a_outputs, common_metadata, locator, new_builder

# output -> the builder whose metadata's slot_mapping it is
SLOT_MAPPINGS = {"c4a_compressed_slot_mapping": 4, "c128a_compressed_slot_mapping": 128,
                 "indexer_compressed_slot_mapping": "indexer"}
# the fields of an indexer prefill chunk's metadata the port dumps (not token_to_seq:
# suites/detail/indexer_metadata.h says why)
CHUNK_FIELDS = ("cu_seqlen_ks", "cu_seqlen_ke", "cu_seq_lens")
# order -> the builders in the order the runner calls them
ORDERS = {0: ("indexer", 4, 128), 1: (128, "indexer", 4)}


def _bind(release):
    sparse_cls, cm_cls = builder_class(release, SPARSE)
    indexer_cls = indexer_class(release)

    def run(params, inputs, counted):
        c128a = {name: inputs[name] for name in C128A}
        before = {name: t.clone() for name, t in c128a.items()}
        no_c128a = {name: t[:0, :0] if t.dim() == 2 else t[:0] for name, t in c128a.items()}
        builders = {
            4: new_builder(sparse_cls, 4, inputs["c4a_req_id_per_token_buffer"],
                           inputs["c4a_compressed_slot_mapping"], no_c128a),
            128: new_builder(sparse_cls, 128, inputs["c128a_req_id_per_token_buffer"],
                             inputs["c128a_compressed_slot_mapping"], c128a),
            "indexer": new_indexer(indexer_cls, params["L"], {
                "compressed_slot_mapping_buffer": inputs["indexer_compressed_slot_mapping"],
                "decode_lens_buffer": inputs["indexer_decode_lens_buffer"],
                "expanded_seq_lens_buffer": inputs["indexer_expanded_seq_lens_buffer"]}, inputs["block_table"].shape[1]),
        }
        cm = common_metadata(cm_cls, inputs)  # ONE for the three builders, as the runner's
        md = {}
        with counted():
            for which in ORDERS[params["order"]]:
                md[which] = builders[which].build(0, cm)
        first = md[next(which for which in ORDERS[params["order"]] if which != "indexer")]
        for ratio in (4, 128):  # the second sparse builder got the first one's cached slice
            assert _same_tensor(md[ratio].req_id_per_token, first.req_id_per_token), ratio
        slots = {name: md[which].slot_mapping for name, which in SLOT_MAPPINGS.items()}
        for name, slot_mapping in slots.items():  # each builder's slice of its own buffer
            assert _same_tensor(slot_mapping, inputs[name][:slot_mapping.shape[0]]), name
        return {**slots, "req_id_per_token": first.req_id_per_token, **c128a_outputs(md[128], inputs, before),
                **_indexer_outputs(md["indexer"])}
    return run


def _indexer_outputs(md):
    """The indexer metadata's decode fields (None without decodes) and each prefill chunk's
    tensors, chunk k's as indexer_prefill_<k>_<field>."""
    decode = md.decode
    out = {"indexer_decode_block_table": None if decode is None else decode.block_table,
           "indexer_decode_seq_lens": None if decode is None else decode.seq_lens,
           "indexer_decode_lens": None if decode is None else decode.decode_lens}
    for k, chunk in enumerate(md.prefill.chunks if md.prefill is not None else []):
        for field in CHUNK_FIELDS:
            out[f"indexer_prefill_{k}_{field}"] = getattr(chunk, field)
    return out


def _same_tensor(a, b):
    """The same elements of the same storage (two views of one slice)."""
    return a.data_ptr() == b.data_ptr() and a.shape == b.shape and a.stride() == b.stride()


SITES = [
    Site("sparse_mla_step", SPARSE,
         "DeepseekV4FlashMLAMetadataBuilder.build at ratios 4 and 128 and DeepseekV32IndexerMetadataBuilder.build "
         "(v1/attention/backends/mla/indexer.py) on one CommonAttentionMetadata, in the runner's order",
         locator(SPARSE), _bind, views={"block_table": "block_table_base"}, uses_triton=True,
         floor_room=frozenset({"indexer_floor_cu_seq_lens", "indexer_floor_cu_seqlen_ks", "indexer_floor_cu_seqlen_ke"})),
]
