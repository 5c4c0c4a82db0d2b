-- Schema version 2: GPU memory is stored as vram_gib (the number was always GiB; only the name said GB).
-- Rows that are not valid JSON are left alone: the store's damaged-row repair deals with them.
UPDATE parts
SET data = json_set(json_remove(data, '$.vram_gb'), '$.vram_gib', json_extract(data, '$.vram_gb'))
WHERE kind = 'gpu'
  AND CASE WHEN json_valid(data) THEN json_type(data, '$.vram_gb') IS NOT NULL ELSE 0 END;
