# vectors/vectors.mk - placeholder, filled in by its owner.
