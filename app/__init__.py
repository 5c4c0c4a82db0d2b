"""Inference Sizer: configure and validate AI-inference GPU servers."""

__version__ = "0.1.0"
