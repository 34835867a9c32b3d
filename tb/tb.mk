# tb/tb.mk - placeholder, filled in by its owner.
