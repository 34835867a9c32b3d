# rtl/rtl.mk - placeholder, filled in by its owner.
