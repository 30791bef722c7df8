-- Issued certificates (issue 9): what the certificate says, who it is for, and its status over time.
--
-- The printed fields become columns (certificate_name stays the title, as in the spec). A certificate
-- is for a recipient: recipient_name and recipient_email as printed/entered, and holder_id, the account
-- with that (confirmed) e-mail, linked in SQL below, also when that person signs up later. The owner
-- (user_id) stays whoever's folder holds the file: the issuing admin, or the user who uploaded it.
-- Lifecycle: revoked (with a reason), suspended (temporary, with a reason), expired (expiry_date in the
-- past; computed, not stored). Each certificate has a random public id for its public page, which the
-- admin and the holder can switch on and off (page_public).

create function private.new_public_id() returns text
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(extensions.gen_random_bytes(16), 'base64'), '+/', '-_'), '=')
$$;
comment on function private.new_public_id() is
  'A fresh public id: 128 random bits (pgcrypto) in base64url, 22 characters; never sequential, so ids cannot be guessed or enumerated. SECURITY INVOKER.';
revoke all on function private.new_public_id() from public, anon, authenticated, service_role;
-- The column default runs as whoever inserts (admins and service_role insert directly).
grant execute on function private.new_public_id() to authenticated, service_role;

alter table public.certificates
  add column recipient_name text check (char_length(recipient_name) between 1 and 200),
  add column recipient_email text check (
    char_length(recipient_email) <= 254
    and recipient_email = lower(recipient_email)
    and recipient_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
  ),
  add column holder_id uuid references auth.users (id) on delete set null,
  add column course text check (char_length(course) between 1 and 200),
  add column grade text check (char_length(grade) between 1 and 50),
  add column issue_date date,
  add column expiry_date date,
  add column certificate_number text check (char_length(certificate_number) between 1 and 100),
  add column issuer text check (char_length(issuer) between 1 and 200),
  add column revocation_reason text check (char_length(btrim(revocation_reason)) between 1 and 500),
  add column suspended boolean not null default false,
  add column suspended_at timestamptz,
  add column suspension_reason text check (char_length(btrim(suspension_reason)) between 1 and 500),
  add column public_id text not null default private.new_public_id() check (public_id ~ '^[A-Za-z0-9_-]{22}$'),
  add column page_public boolean not null default false,
  add constraint certificates_expiry_not_before_issue check (expiry_date is null or issue_date is null or expiry_date >= issue_date),
  add constraint certificates_suspended_at_matches_suspended check (suspended = (suspended_at is not null)),
  add constraint certificates_revocation_reason_only_when_revoked check (revoked or revocation_reason is null),
  add constraint certificates_suspension_reason_only_when_suspended check (suspended or suspension_reason is null);

comment on column public.certificates.certificate_name is 'The certificate''s title.';
comment on column public.certificates.recipient_name is 'Recipient''s name as printed on the certificate.';
comment on column public.certificates.recipient_email is 'Recipient''s e-mail (lower case). The account with this confirmed e-mail becomes the holder, now or when it signs up.';
comment on column public.certificates.holder_id is 'The recipient''s account (holder): reads the certificate and switches its public page. Set in SQL from recipient_email (private.resolve_certificate_holder), never chosen freely when an e-mail is given.';
comment on column public.certificates.course is 'Course or award.';
comment on column public.certificates.issue_date is 'Issue date printed on the certificate (not the upload time).';
comment on column public.certificates.expiry_date is 'Last day the certificate is valid; after it the certificate is expired (authentic but no longer valid).';
comment on column public.certificates.certificate_number is 'The number printed on the certificate; unique, so a copy''s number leads to one record.';
comment on column public.certificates.issuer is 'Who issued it (institution).';
comment on column public.certificates.revocation_reason is 'Why it was revoked; required when it is revoked (trigger), cleared on unrevoke. Shown on the public page.';
comment on column public.certificates.suspended is 'Temporarily not valid (distinct from revocation); resumed by an admin.';
comment on column public.certificates.public_id is 'Random public id (128 bits, base64url) of the page /c/{public_id}. Immutable.';
comment on column public.certificates.page_public is 'Whether /c/{public_id} shows the certificate; the admin and the holder switch it.';

create unique index certificates_certificate_number_key on public.certificates (certificate_number);
create unique index certificates_public_id_key on public.certificates (public_id);
create index certificates_holder_id_idx on public.certificates (holder_id);
create index certificates_recipient_email_idx on public.certificates (recipient_email) where holder_id is null;

-- A holder reads the certificates issued to them; everyone else as before.
drop policy "certificates: owners read their own, admins read all" on public.certificates;
create policy "certificates: owners and holders read theirs, admins read all"
  on public.certificates for select to authenticated
  using (
    user_id = (select auth.uid())
    or holder_id = (select auth.uid())
    or (select private.is_admin())
  );

-- The holder sees the stored file of a certificate issued to them (it sits in the issuer's folder).
drop policy "certificates bucket: owners read their folder, admins read all" on storage.objects;
create policy "certificates bucket: owners read their folder, holders their certificates, admins all"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'certificates'
    and (
      (storage.foldername(name))[1] = (select auth.uid())::text
      or (select private.is_admin())
      or exists (
        select 1 from public.certificates c
        where c.storage_path = name and c.holder_id = (select auth.uid())
      )
    )
  );

-- Lifecycle rules every writer meets (API, Data API, SQL): a revocation or suspension needs a reason,
-- unrevoke/resume clear it, and the public id never changes.
create function private.check_certificate_lifecycle() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.public_id is distinct from old.public_id then
    raise exception 'a certificate''s public id cannot be changed' using errcode = '42501';
  end if;
  if new.revoked and not old.revoked and coalesce(pg_catalog.btrim(new.revocation_reason), '') = '' then
    raise exception 'a reason is required to revoke a certificate' using errcode = '23514';
  end if;
  if new.suspended and not old.suspended and coalesce(pg_catalog.btrim(new.suspension_reason), '') = '' then
    raise exception 'a reason is required to suspend a certificate' using errcode = '23514';
  end if;
  if not new.revoked then
    new.revocation_reason := null;
  end if;
  if not new.suspended then
    new.suspension_reason := null;
  end if;
  return new;
end
$$;
comment on function private.check_certificate_lifecycle() is
  'Trigger: the public id is immutable; revoking or suspending requires a reason; unrevoke and resume clear it. SECURITY INVOKER.';
revoke all on function private.check_certificate_lifecycle() from public, anon, authenticated, service_role;

create trigger check_certificate_lifecycle
  before update on public.certificates
  for each row execute function private.check_certificate_lifecycle();

-- The status in plain words, one rule for the API, the public page and the lists.
create function private.certificate_status(
  p_revoked boolean,
  p_suspended boolean,
  p_expiry_date date,
  p_verification_status public.verification_status
) returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_revoked then 'revoked'
    when p_suspended then 'suspended'
    when p_verification_status = 'failed' then 'failed'
    when p_verification_status = 'pending' then 'pending'
    when p_expiry_date is not null and p_expiry_date < current_date then 'expired'
    else 'valid'
  end
$$;
comment on function private.certificate_status(boolean, boolean, date, public.verification_status) is
  'valid | revoked | suspended | expired | pending | failed (VERIFICATION_OUTCOMES in api-contract.ts): revoked before suspended before review state before expiry. Expired means authentic but past its expiry_date (the day itself is still valid). SECURITY INVOKER.';
revoke all on function private.certificate_status(boolean, boolean, date, public.verification_status) from public;
grant execute on function private.certificate_status(boolean, boolean, date, public.verification_status)
  to anon, authenticated, service_role;
