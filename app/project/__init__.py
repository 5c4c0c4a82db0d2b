"""Project files: versioned JSON holding customer details, currency, builds, notes and quote terms."""

from app.project.errors import ProjectChangedOnDiskError, ProjectFileError
from app.project.io import (
    PROJECT_SUFFIX,
    PROJECT_SUFFIXES,
    dumps_project,
    file_fingerprint,
    load_project,
    parse_project,
    save_project,
    with_project_suffix,
)
from app.project.migrations import MIGRATIONS, migrate, migration
from app.project.model import (
    PROJECT_FORMAT,
    PROJECT_VERSION,
    Customer,
    Project,
    ProjectInfo,
    QuoteTerms,
    project_json_schema,
)

__all__ = [
    "MIGRATIONS",
    "PROJECT_FORMAT",
    "PROJECT_SUFFIX",
    "PROJECT_SUFFIXES",
    "PROJECT_VERSION",
    "Customer",
    "Project",
    "ProjectChangedOnDiskError",
    "ProjectFileError",
    "ProjectInfo",
    "QuoteTerms",
    "dumps_project",
    "file_fingerprint",
    "load_project",
    "migrate",
    "migration",
    "parse_project",
    "project_json_schema",
    "save_project",
    "with_project_suffix",
]
