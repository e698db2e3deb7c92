"""Spreadsheet back ends. Each third-party spreadsheet library is imported in exactly one module here."""

__all__: list[str] = []
