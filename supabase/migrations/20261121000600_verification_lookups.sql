-- Narrow lookups for the public verification.
--
-- A visitor may learn whether a file matches a stored certificate, but may not list or read the
-- certificates table. These SECURITY DEFINER functions answer one question each and return only the
-- columns a verification result needs: no owner, uploader or reviewer ids and no extracted text.

create type private.verification_candidate as (
  id uuid,
  certificate_name text,
  file_type public.certificate_file_type,
  mime_type text,
  created_at timestamptz,
  file_hash text,
  content_hash text,
  storage_path text,
  visual_fingerprint bytea,
  verification_status public.verification_status,
  revoked boolean,
  revoked_at timestamptz
);
comment on type private.verification_candidate is
  'What the public verification may see of a certificate: identity, evidence hashes, the stored file''s path (to confirm a content match and sign a short-lived URL) and its validity.';

create function private.find_certificate_by_file_hash(p_file_hash text)
returns setof private.verification_candidate
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.certificate_name, c.file_type, c.mime_type, c.created_at, c.file_hash, c.content_hash,
         c.storage_path, c.visual_fingerprint, c.verification_status, c.revoked, c.revoked_at
  from public.certificates c
  where c.file_hash = p_file_hash
$$;
comment on function private.find_certificate_by_file_hash(text) is
  'The certificate whose file has exactly this sha256 (at most one: file_hash is unique). SECURITY DEFINER for the public verification; callers must supply the full hash, so it cannot enumerate certificates.';

create function private.find_certificates_by_content_hash(p_content_hash text)
returns setof private.verification_candidate
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.certificate_name, c.file_type, c.mime_type, c.created_at, c.file_hash, c.content_hash,
         c.storage_path, c.visual_fingerprint, c.verification_status, c.revoked, c.revoked_at
  from public.certificates c
  where c.content_hash = p_content_hash
  order by c.created_at
$$;
comment on function private.find_certificates_by_content_hash(text) is
  'All certificates whose normalised text has exactly this sha256, oldest first. SECURITY DEFINER for the public verification; a text match alone is weak evidence (OCR misreads), so the caller confirms it against the stored original.';

revoke all on function private.find_certificate_by_file_hash(text) from public, anon, authenticated, service_role;
revoke all on function private.find_certificates_by_content_hash(text) from public, anon, authenticated, service_role;
grant execute on function private.find_certificate_by_file_hash(text) to anon, authenticated, service_role;
grant execute on function private.find_certificates_by_content_hash(text) to anon, authenticated, service_role;
