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

create function private.find_certificates_by_similar_text(p_text text, min_similarity real, max_rows integer)
returns table (
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
  revoked_at timestamptz,
  similarity real
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  probe text := left(coalesce(p_text, ''), 20000);
begin
  if char_length(btrim(probe)) < 8 then
    return;
  end if;
  -- The trigram operator reads its threshold from this setting; local to the transaction.
  perform set_config('pg_trgm.similarity_threshold', greatest(least(coalesce(min_similarity, 0.5), 1.0), 0.3)::text, true);
  return query
    select c.id, c.certificate_name, c.file_type, c.mime_type, c.created_at, c.file_hash, c.content_hash,
           c.storage_path, c.visual_fingerprint, c.verification_status, c.revoked, c.revoked_at,
           extensions.similarity(c.ocr_content, probe) as similarity
    from public.certificates c
    where c.ocr_content operator(extensions.%) probe
    order by extensions.similarity(c.ocr_content, probe) desc, c.created_at
    limit greatest(least(coalesce(max_rows, 5), 20), 1);
end
$$;
comment on function private.find_certificates_by_similar_text(text, real, integer) is
  'Candidates whose extracted text is trigram-similar to the given text (similarity >= min_similarity, clamped to 0.3..1; at most max_rows, clamped to 1..20; probes under 8 characters return nothing), best first. SECURITY DEFINER for the public verification: only candidates to confirm against the stored original, never proof of validity on their own. Sets pg_trgm.similarity_threshold for the rest of the transaction.';

revoke all on function private.find_certificate_by_file_hash(text) from public, anon, authenticated, service_role;
revoke all on function private.find_certificates_by_content_hash(text) from public, anon, authenticated, service_role;
revoke all on function private.find_certificates_by_similar_text(text, real, integer)
  from public, anon, authenticated, service_role;
grant execute on function private.find_certificate_by_file_hash(text) to anon, authenticated, service_role;
grant execute on function private.find_certificates_by_content_hash(text) to anon, authenticated, service_role;
grant execute on function private.find_certificates_by_similar_text(text, real, integer)
  to anon, authenticated, service_role;
