-- Both verification paths report the certificate's standing by private.certificate_status, the rule every
-- other screen uses: a suspended or expired certificate was answered 'valid' (and verified) before,
-- because the exact path and the engine path each had their own rule that knew only revoked and the
-- review state.

-- The exact path: same signature and columns; the outcome is the certificate's status, and the hit is
-- logged with its verdict ('identical') like every other verification.
create or replace function private.verify_exact_file(
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
  v_found record;
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

  select c.id, c.certificate_name, c.file_type, c.mime_type, c.created_at, c.file_hash, c.content_hash,
         c.storage_path, c.verification_status, c.revoked,
         private.certificate_status(c.revoked, c.suspended, c.expiry_date, c.verification_status) as status
  into v_found
  from public.certificates c
  where c.file_hash = p_file_hash;
  if v_found.id is null then
    -- A miss is not logged here: the file path goes on to compare content and logs then; the
    -- hash-first client sends the file next, and that attempt is logged.
    return query select true, v_limit.retry_after, v_limit.max_hits, null::uuid, null::text,
      null::public.certificate_file_type, null::text, null::timestamptz, null::text, null::text, null::text,
      null::public.verification_status, null::boolean, null::text, null::bigint;
    return;
  end if;
  v_attempt := private.record_verification_verdict(
    p_file_hash, p_file_size, p_mime_type, 'identical', v_found.status = 'valid', v_found.status, 'exact_file',
    v_found.id, p_requester_hash);
  return query select
    true, v_limit.retry_after, v_limit.max_hits,
    v_found.id, v_found.certificate_name, v_found.file_type, v_found.mime_type, v_found.created_at,
    v_found.file_hash, v_found.content_hash, v_found.storage_path, v_found.verification_status,
    v_found.revoked, v_found.status, v_attempt;
end
$$;
comment on function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text) is
  'Exact-file verification in one round trip: counts the hit against the caller''s rate limit (private.take_rate_limit; when refused, allowed is false and nothing else happens), then finds the certificate whose file has this sha256 and logs the attempt (verdict identical) with its outcome, private.certificate_status (valid, revoked, suspended, expired, pending, failed). Always one row; id is null when no file matches (a miss is not logged).';

-- The engine path: the certificate the engine found, with its status instead of the raw columns the
-- api had to interpret itself. The return type changes, so the function is created anew.
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
  status text
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.certificate_name, c.file_type, c.created_at, c.file_hash, c.content_hash, c.storage_path,
         private.certificate_status(c.revoked, c.suspended, c.expiry_date, c.verification_status)
  from public.certificates c
  where c.id = p_id
$$;
comment on function private.find_certificate_by_id(uuid) is
  'The certificate the verification engine found by comparing pages, with its status (private.certificate_status). SECURITY DEFINER for the public verification; only the api calls it, with an id the engine returned (schema private is not exposed).';

revoke all on function private.find_certificate_by_id(uuid) from public, anon, authenticated, service_role;
grant execute on function private.find_certificate_by_id(uuid) to anon, authenticated, service_role;
