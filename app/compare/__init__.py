"""Builds side by side: the figures that decide a purchase, computed by the same core as everything else."""

from app.compare.figures import ROWS, BuildFigures, Row, best_per_row, build_figures

__all__ = ["ROWS", "BuildFigures", "Row", "best_per_row", "build_figures"]
