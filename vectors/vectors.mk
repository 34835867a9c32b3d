# vectors.mk - vector library, generator and dump tools (owner: vectors).
VEC_LIB := $(BUILD)/libstc_vec.a
