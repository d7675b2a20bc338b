# The C loaders' error record (core/common/pp_load_error.h), declared once in
# pickpack/_game_ops.pxd with the rest of core/common; this name stays for the bindings
# that cimport it from here.
from pickpack._game_ops cimport pp_load_error
