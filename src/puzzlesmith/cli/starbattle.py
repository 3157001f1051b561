"""Star Battle subcommands."""
