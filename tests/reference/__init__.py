"""Independent reference models of the rules, written from the rule texts (not the engine)."""
