"""Bill-of-materials export: the client PDF, CSV and XLSX (pure Python, no Qt).

Public API (import from the modules; this package imports nothing so ``import app.export.bom``
stays light):

- ``app.export.quote.prepare_quote(project, parts, options=None, *, build_names=None,
  catalog_version=None, engine=None, measured=None) -> QuoteDocument``: BOM, rules report and
  performance per build, plus the configuration hash. ``ExportOptions`` holds the quote terms the
  project file lacks (discount, tax, quote number/date override, exchange rates, cost terms).
- ``app.export.pdf.render_pdf(doc, *, paper="a4", charts=None) -> bytes`` and
  ``write_pdf(doc, path, *, paper="a4", charts=None)``; ``charts`` maps build names to PNG/JPEG/SVG
  bytes or paths (the GUI's chart); builds without one get a drawn chart.
- ``app.export.tabular.render_csv(boms) / write_csv(doc, path)``,
  ``render_xlsx(doc) / write_xlsx(doc, path)``.
- ``app.export.bom.build_bom(build, parts, pricing=None) -> Bom``: the pure BOM.
- ``app.export.hashing.config_digest(builds, parts, pricing) -> str``.
- ``app.export.atomic.write_files_atomically({path: bytes})``.

Every error meant for the user is an ``app.export.errors.ExportError``, raised before any file is
written.
"""
