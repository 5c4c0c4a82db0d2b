"""Pure domain core: part models and shared value types. Imports no Qt."""
