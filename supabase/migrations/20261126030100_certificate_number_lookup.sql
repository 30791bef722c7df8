-- The certificate-number channel of verification (issue 9 item 5, issue 8 retrieval): a copy that shows
-- a certificate number but no readable QR code goes straight to the record that number names, and the
-- visual comparison with the registered original still decides (docs/verification-pipeline.md).
--
-- Numbers are compared by a key, so that the ways a number is printed, typed or read by OCR meet:
-- upper case; spaces, dashes, dots, slashes and every other sign dropped (VC-0012 = vc 0012 = VC0012);
-- and the glyphs OCR confuses folded to one (O Q -> 0, I L -> 1, S -> 5, B -> 8, Z -> 2). Folding can
-- make two different numbers share a key: both are then candidates, and the comparison tells them apart.
-- A certificate's numbers come from two places: the certificate_number column (entered at issuance,
-- indexed here by its key) and the number line the engine read on the page at registration
-- (private.certificate_numbers, written with the registration).

create function private.certificate_number_key(p_number text) returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select nullif(
    pg_catalog.translate(
      pg_catalog.regexp_replace(pg_catalog.upper(p_number), '[^0-9A-Z]+', '', 'g'),
      'OQILSBZ', '0011582'),
    '')
$$;
comment on function private.certificate_number_key(text) is
  'The lookup key of a certificate number: upper case, only A-Z and 0-9, OCR look-alikes folded (O Q -> 0, I L -> 1, S -> 5, B -> 8, Z -> 2); null when nothing is left. Immutable: public.certificates is indexed by it. SECURITY INVOKER.';
revoke all on function private.certificate_number_key(text) from public, anon, authenticated, service_role;
-- Whoever writes certificates evaluates the index expression (admins insert and edit them directly).
grant execute on function private.certificate_number_key(text) to authenticated, service_role;

create index certificates_certificate_number_lookup_idx
  on public.certificates (private.certificate_number_key(certificate_number));

create table private.certificate_numbers (
  number_key text not null check (number_key ~ '^[0-9A-Z]{4,100}$'),
  certificate_id uuid not null references public.certificates (id) on delete cascade,
  primary key (number_key, certificate_id)
);
comment on table private.certificate_numbers is
  'Keys (private.certificate_number_key) of the numbers read on each registered certificate''s number line; rewritten with its registration (_shared/verification/store.ts). A copy''s number is looked up here and in the certificate_number column.';

create index certificate_numbers_certificate_idx on private.certificate_numbers (certificate_id);

alter table private.certificate_numbers enable row level security;
revoke all on private.certificate_numbers from public, anon, authenticated;
