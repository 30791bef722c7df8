-- SQL that no code uses any more, dropped. Engine v2 compares pages (private.certificate_registrations)
-- instead of text hashes and fingerprints, and both verification paths read the certificate themselves
-- (private.verify_exact_file, private.find_certificate_by_id), so these were left without a caller:
--  - private.record_verification_attempt: every attempt is logged through record_verification_verdict;
--  - private.find_certificates_by_content_hash and private.find_certificate_by_file_hash, and the
--    private.verification_candidate type they returned;
--  - private.current_user_role: no policy or function calls it (policies use is_admin, is_active_user);
--  - certificates.visual_fingerprint: never written or read;
--  - the index on certificates.content_hash: it served only the content-hash lookup (the column stays,
--    it is part of the API's Certificate);
--  - verification_attempts.content_hash: written only by record_verification_attempt, read by nothing.
-- private.add_own_pending_certificate loses the evidence parameters the API always passed as null
-- (content hash, text, fingerprint): a user's upload now cannot set them at all.

drop function private.record_verification_attempt(text, text, bigint, text, boolean, text, text, uuid, text);
drop function private.find_certificates_by_content_hash(text);
drop function private.find_certificate_by_file_hash(text);
drop type private.verification_candidate;
drop function private.current_user_role();

drop function private.add_own_pending_certificate(
  uuid, text, text, text, public.certificate_file_type, text, bigint, text, text, text, bytea
);
create function private.add_own_pending_certificate(
  p_id uuid,
  p_certificate_name text,
  p_certificate_hash text,
  p_storage_path text,
  p_file_type public.certificate_file_type,
  p_mime_type text,
  p_file_size bigint,
  p_file_hash text
) returns public.certificates
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  inserted public.certificates;
begin
  if caller is null or not (select private.is_active_user()) then
    raise exception 'only an active user can add a certificate' using errcode = '42501';
  end if;
  insert into public.certificates (
    id, user_id, uploaded_by, certificate_name, certificate_hash, storage_path, file_type, mime_type,
    file_size, file_hash, verification_status
  )
  values (
    p_id, caller, caller, p_certificate_name, p_certificate_hash, p_storage_path, p_file_type, p_mime_type,
    p_file_size, p_file_hash, 'pending'
  )
  returning * into inserted;
  return inserted;
end
$$;
comment on function private.add_own_pending_certificate(
  uuid, text, text, text, public.certificate_file_type, text, bigint, text
) is
  'The API''s insert of an active user''s own upload: always owned and uploaded by auth.uid(), always pending, never reviewed or revoked. SECURITY DEFINER because users have no direct INSERT (they could forge the evidence columns over the Data API); reachable only through the edge function, since schema private is not exposed. The table''s checks (storage path in the owner''s folder, hash formats, unique file_hash) still apply.';

revoke all on function private.add_own_pending_certificate(
  uuid, text, text, text, public.certificate_file_type, text, bigint, text
) from public, anon, authenticated, service_role;
grant execute on function private.add_own_pending_certificate(
  uuid, text, text, text, public.certificate_file_type, text, bigint, text
) to authenticated;

drop index public.certificates_content_hash_idx;
alter table public.certificates drop column visual_fingerprint;
alter table public.verification_attempts drop column content_hash;

comment on table public.certificates is
  'Stored certificate files and their evidence. Owners read their own; active admins read and write all; users may only add their own pending, unrevoked rows. Moderators have no extra rights (spec: no screens tied to them). Public verification never reads this table directly: it goes through the narrow private.verify_exact_file and private.find_certificate_by_id.';
comment on table public.verification_attempts is
  'One row per public verification (no file bytes, no text, no raw IP). Only active admins read it; nobody writes it directly: the API records through private.record_verification_verdict.';
comment on function private.record_verification_verdict(text, bigint, text, text, boolean, text, text, uuid, text) is
  'Logs one verification with its verdict and returns its id. SECURITY DEFINER so the public verification (anon) can write the log without any table grant; the table''s checks validate every value. Caveat: any caller can add rows and so move the success rate; it is reachable only through the API (schema private is not exposed), which records only real attempts.';
