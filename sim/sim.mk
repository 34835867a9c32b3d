# sim/sim.mk - placeholder, filled in by its owner.
