"""Project lint plug-ins (not shipped): import-linter contract types for `make lint`."""
