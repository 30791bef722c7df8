-- An altered verification may show the registered text where the copy differs, and the registered
-- original's page, only when the certificate's public page is public or the caller may read the
-- certificate anyway (its owner, its holder or an admin: the table's select policy, asked as the
-- caller; api/verification/disclosure.ts decides). find_certificate_by_id returns page_public for it.
-- Its return type changes, so it is created anew with the grants it had; verify_exact_file selects its
-- columns by name and is left as it is.

drop function private.find_certificate_by_id(uuid);
create function private.find_certificate_by_id(p_id uuid)
returns table (
  id uuid,
  certificate_name text,
  file_type public.certificate_file_type,
  created_at timestamptz,
  file_hash text,
  content_hash text,
  storage_path text,
  status text,
  recipient_name text,
  issue_date date,
  expiry_date date,
  revoked_at timestamptz,
  revocation_reason text,
  suspended_at timestamptz,
  page_public boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.certificate_name, c.file_type, c.created_at, c.file_hash, c.content_hash, c.storage_path,
         private.certificate_status(c.revoked, c.suspended, c.expiry_date, c.verification_status),
         c.recipient_name, c.issue_date, c.expiry_date, c.revoked_at, c.revocation_reason, c.suspended_at,
         c.page_public
  from public.certificates c
  where c.id = p_id
$$;
comment on function private.find_certificate_by_id(uuid) is
  'The certificate a verification matched, as a verification result shows it: title, file, hashes, status (private.certificate_status) and what explains it (printed recipient and dates, revocation date and reason, suspension date; what its public page shows), and whether its public page is public (page_public: an altered result may then show its registered text and page; decided by the api). SECURITY DEFINER for the public verification; only the api calls it, with an id the engine returned or private.verify_exact_file found (schema private is not exposed).';

revoke all on function private.find_certificate_by_id(uuid) from public, anon, authenticated, service_role;
grant execute on function private.find_certificate_by_id(uuid) to anon, authenticated, service_role;
