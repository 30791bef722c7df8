-- The exact-file verification in one round trip: take the caller's rate limit, look the SHA-256 up
-- (unique index on file_hash) and log the attempt, in one statement. Used by POST /verification/verify
-- (the function hashed the bytes) and POST /verification/verify-hash (the browser hashed them and sent
-- only the hash).

create function private.verify_exact_file(
  p_action text,
  p_subject_kind text,
  p_subject text,
  p_limit integer,
  p_window_seconds integer,
  p_file_hash text,
  p_file_size bigint,
  p_mime_type text,
  p_requester_hash text
) returns table (
  allowed boolean,
  retry_after integer,
  max_hits integer,
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
  v_limit record;
  v_found private.verification_candidate;
  v_outcome text;
  v_attempt bigint;
begin
  if p_action not in ('verify', 'verify_hash') then
    raise exception 'verify_exact_file counts verify or verify_hash only' using errcode = '22023';
  end if;
  select * into v_limit from private.take_rate_limit(p_action, p_subject_kind, p_subject, p_limit, p_window_seconds);
  if not v_limit.allowed then
    return query select false, v_limit.retry_after, v_limit.max_hits, null::uuid, null::text,
      null::public.certificate_file_type, null::text, null::timestamptz, null::text, null::text, null::text,
      null::public.verification_status, null::boolean, null::text, null::bigint;
    return;
  end if;

  select * into v_found from private.find_certificate_by_file_hash(p_file_hash) limit 1;
  if v_found.id is null then
    -- A miss is not logged here: the file path goes on to compare content and logs then; the
    -- hash-first client sends the file next, and that attempt is logged.
    return query select true, v_limit.retry_after, v_limit.max_hits, null::uuid, null::text,
      null::public.certificate_file_type, null::text, null::timestamptz, null::text, null::text, null::text,
      null::public.verification_status, null::boolean, null::text, null::bigint;
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
    true, v_limit.retry_after, v_limit.max_hits,
    v_found.id, v_found.certificate_name, v_found.file_type, v_found.mime_type, v_found.created_at,
    v_found.file_hash, v_found.content_hash, v_found.storage_path, v_found.verification_status,
    v_found.revoked, v_outcome, v_attempt;
end
$$;
comment on function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text) is
  'Exact-file verification in one round trip: counts the hit against the caller''s rate limit (private.take_rate_limit; when refused, allowed is false and nothing else happens), then finds the certificate whose file has this sha256 and logs the attempt with its outcome (revoked, valid, pending, failed). Always one row; id is null when no file matches (a miss is not logged).';

revoke all on function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text)
  from public, anon, authenticated, service_role;
grant execute on function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text)
  to service_role;
