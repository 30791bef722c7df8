-- Recipients become holders by e-mail, and certificates get a public page (issue 9).

-- The holder follows recipient_email: the account whose e-mail is confirmed and equal. Applied when a
-- certificate is written (issued to an existing user) and when an account confirms its e-mail (the
-- invited recipient signs up later). An unconfirmed account never gets a certificate: anyone can sign up
-- with someone else's address, only its owner can confirm it.
create function private.resolve_certificate_holder() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.recipient_email is not null
     and (tg_op = 'INSERT' or new.recipient_email is distinct from old.recipient_email) then
    new.holder_id := (
      select u.id from auth.users u
      where lower(u.email) = new.recipient_email and u.email_confirmed_at is not null
      limit 1
    );
  end if;
  return new;
end
$$;
comment on function private.resolve_certificate_holder() is
  'Trigger before insert or update of recipient_email on public.certificates: holder_id := the confirmed account with that e-mail, or null until it signs up. SECURITY DEFINER to read auth.users.';
revoke all on function private.resolve_certificate_holder() from public, anon, authenticated, service_role;

create trigger resolve_certificate_holder
  before insert or update of recipient_email on public.certificates
  for each row execute function private.resolve_certificate_holder();

create function private.link_certificates_to_new_holder() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email is not null and new.email_confirmed_at is not null then
    update public.certificates c
    set holder_id = new.id
    where c.holder_id is null and c.recipient_email = lower(new.email);
  end if;
  return new;
end
$$;
comment on function private.link_certificates_to_new_holder() is
  'Trigger on auth.users once an e-mail is confirmed (insert or update): certificates issued to that address and not yet held become this account''s. SECURITY DEFINER because the auth service writes auth.users.';
revoke all on function private.link_certificates_to_new_holder() from public, anon, authenticated, service_role;

create trigger link_certificates_on_user_created
  after insert on auth.users
  for each row execute function private.link_certificates_to_new_holder();
create trigger link_certificates_on_user_confirmed
  after update of email, email_confirmed_at on auth.users
  for each row
  when (old.email is distinct from new.email or old.email_confirmed_at is distinct from new.email_confirmed_at)
  execute function private.link_certificates_to_new_holder();

-- The public page: only what the page shows, only for a public and admin-verified certificate.
create type private.public_certificate_page as (
  public_id text,
  certificate_name text,
  recipient_name text,
  course text,
  grade text,
  issue_date date,
  expiry_date date,
  certificate_number text,
  issuer text,
  status text,
  revoked_at timestamptz,
  revocation_reason text,
  suspended_at timestamptz,
  created_at timestamptz,
  file_type public.certificate_file_type,
  mime_type text,
  storage_path text
);
comment on type private.public_certificate_page is
  'What /c/{public id} shows: the printed fields, the status in words with revocation date and reason, and the stored file''s path (signed for a short time by the API). No owner, holder, e-mail, hashes or text.';

create function private.find_public_certificate(p_public_id text)
returns setof private.public_certificate_page
language sql
stable
security definer
set search_path = ''
as $$
  select c.public_id, c.certificate_name, c.recipient_name, c.course, c.grade, c.issue_date, c.expiry_date,
         c.certificate_number, c.issuer,
         private.certificate_status(c.revoked, c.suspended, c.expiry_date, c.verification_status),
         c.revoked_at, c.revocation_reason, c.suspended_at, c.created_at, c.file_type, c.mime_type, c.storage_path
  from public.certificates c
  where c.public_id = p_public_id and c.page_public and c.verification_status = 'verified'
$$;
comment on function private.find_public_certificate(text) is
  'The public page of one certificate, for anyone (anon too): nothing unless the page is public and the certificate was verified by an admin, so a private, unreviewed or unknown id all answer the same. SECURITY DEFINER; the caller must know the 128-bit random id.';
revoke all on function private.find_public_certificate(text) from public, anon, authenticated, service_role;
grant execute on function private.find_public_certificate(text) to anon, authenticated, service_role;

-- The holder (and owner) may switch the page without the right to update anything else.
create function private.set_certificate_page_public(p_id uuid, p_public boolean)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  changed boolean;
begin
  if caller is null or not (select private.is_active_user()) then
    raise exception 'only an active user can change a certificate page' using errcode = '42501';
  end if;
  update public.certificates c
  set page_public = p_public
  where c.id = p_id
    and (c.holder_id = caller or c.user_id = caller or (select private.is_admin()))
  returning true into changed;
  return coalesce(changed, false);
end
$$;
comment on function private.set_certificate_page_public(uuid, boolean) is
  'Makes a certificate''s public page public or private, for its holder, its owner or an admin; false when the caller may not (or it does not exist). SECURITY DEFINER because holders have no UPDATE on certificates; only page_public changes.';
revoke all on function private.set_certificate_page_public(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function private.set_certificate_page_public(uuid, boolean) to authenticated;
