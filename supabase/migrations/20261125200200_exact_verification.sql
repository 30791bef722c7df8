-- The exact-file verification in one round trip: look the SHA-256 up (unique index on file_hash) and
-- log the attempt in the same statement. Used by POST /verification/verify (the bytes were hashed by
-- the function) and POST /verification/verify-hash (the browser hashed them and sent only the hash).

create function private.verify_exact_file(
  p_file_hash text,
  p_file_size bigint,
  p_mime_type text,
  p_requester_hash text,
  p_record_miss boolean
) returns table (
  id uuid,
  certificate_name text,
  file_type public.certificate_file_type,
  mime_type text,
  created_at timestamptz,
  file_hash text,
  content_hash text,
  storage_path text,
  verification_status public.verification_status,
  revoked boolean,
  outcome text,
  attempt_id bigint
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_found private.verification_candidate;
  v_outcome text;
  v_attempt bigint;
begin
  select * into v_found from private.find_certificate_by_file_hash(p_file_hash) limit 1;
  if v_found.id is null then
    if p_record_miss then
      v_attempt := private.record_verification_attempt(
        p_file_hash, null, p_file_size, p_mime_type, false, 'not_found', null, null, p_requester_hash);
    end if;
    return;
  end if;
  v_outcome := case
    when v_found.revoked then 'revoked'
    when v_found.verification_status = 'verified' then 'valid'
    else v_found.verification_status::text
  end;
  v_attempt := private.record_verification_attempt(
    p_file_hash, null, p_file_size, p_mime_type, v_outcome = 'valid', v_outcome, 'exact_file', v_found.id,
    p_requester_hash);
  return query select
    v_found.id, v_found.certificate_name, v_found.file_type, v_found.mime_type, v_found.created_at,
    v_found.file_hash, v_found.content_hash, v_found.storage_path, v_found.verification_status,
    v_found.revoked, v_outcome, v_attempt;
end
$$;
comment on function private.verify_exact_file(text, bigint, text, text, boolean) is
  'Exact-file verification: the certificate whose file has this sha256 (if any) with its outcome (revoked, valid, pending, failed), after logging the attempt. A miss is logged only when p_record_miss (the hash-first path ends there; the file path goes on to compare content and logs then).';

revoke all on function private.verify_exact_file(text, bigint, text, text, boolean)
  from public, anon, authenticated, service_role;
grant execute on function private.verify_exact_file(text, bigint, text, text, boolean) to service_role;
