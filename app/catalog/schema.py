"""SQLAlchemy ORM mapping of the catalog database (the DDL itself is in db/migrations)."""

from __future__ import annotations

from sqlalchemy import String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class MetaRow(Base):
    __tablename__ = "meta"
    key: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class PartRow(Base):
    __tablename__ = "parts"
    id: Mapped[str] = mapped_column(String, primary_key=True)
    kind: Mapped[str] = mapped_column(String)
    vendor: Mapped[str] = mapped_column(String)
    name: Mapped[str] = mapped_column(String)
    sku: Mapped[str | None] = mapped_column(String, nullable=True)
    origin: Mapped[str] = mapped_column(String)
    search_text: Mapped[str] = mapped_column(Text)
    data: Mapped[str] = mapped_column(Text)


class PriceOverrideRow(Base):
    __tablename__ = "price_overrides"
    part_id: Mapped[str] = mapped_column(String, primary_key=True)
    price: Mapped[str] = mapped_column(String)
    currency: Mapped[str] = mapped_column(String)
    source: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[str] = mapped_column(String)
