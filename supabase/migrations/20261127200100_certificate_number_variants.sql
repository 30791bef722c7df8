-- Near numbers (issue 8 retrieval): a copy whose number is a registered one but for one glyph (a forged
-- digit, or an OCR slip on either side) finds that certificate among all registered ones, not only
-- among the few the page hash names: a design used for many certificates hashes alike, and the one the
-- forgery was made from was often not among them (full-corpus shards: 143 of 227 unknowns).
--
-- Each key has one variant per position, that glyph replaced by '_' (never a key's glyph): two keys of
-- one length that differ in at most one position share a variant. Both places a certificate's number
-- is kept are GIN-indexed by their keys' variants, so `variants && copy's variants` is an index lookup,
-- O(key length x log n); equal keys are the exact lookup's and are left to it.

create function private.certificate_number_variants(p_key text) returns text[]
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select pg_catalog.array_agg(pg_catalog.overlay(p_key, '_', glyph, 1) order by glyph)
  from pg_catalog.generate_series(1, pg_catalog.length(p_key)) as glyph
$$;
comment on function private.certificate_number_variants(text) is
  'A number key (private.certificate_number_key) with each glyph in turn replaced by _: keys of one length sharing a variant differ in at most one glyph. Immutable: GIN indexes of certificate numbers use it. SECURITY INVOKER.';
revoke all on function private.certificate_number_variants(text) from public, anon, authenticated, service_role;
-- Whoever writes certificates evaluates the index expression (admins insert and edit them directly).
grant execute on function private.certificate_number_variants(text) to authenticated, service_role;

create index certificates_certificate_number_variants_idx
  on public.certificates
  using gin (private.certificate_number_variants(private.certificate_number_key(certificate_number)));

create index certificate_numbers_variants_idx
  on private.certificate_numbers
  using gin (private.certificate_number_variants(number_key));
