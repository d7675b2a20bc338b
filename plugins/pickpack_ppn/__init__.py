"""PPN game records for pickpack (entry point pickpack.notations:ppn)."""
