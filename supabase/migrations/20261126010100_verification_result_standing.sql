-- A verification result says why a matched certificate is not valid, as its public page does (issue 9):
-- revoked on which day and why, suspended since when, expired on which day. Both verification paths
-- return the recipient, the printed issue and expiry dates, the revocation date and reason and the
-- suspension date besides the columns they returned before.
--
-- What a verifier may see is what the public page shows, whether or not the page is public: the verifier
-- holds a copy that matched (the same bytes, or a page the engine compared region by region), so the
-- recipient and dates printed on it are already in their hands, and a valid result's link to the stored
-- original shows them too. Not the suspension reason: the public page does not show it either (a
-- suspension is temporary, often while something is looked into), nor e-mail, owner, holder or text.
--
-- One shape for both paths: find_certificate_by_id is the verification's view of a certificate, and
-- verify_exact_file uses it for the certificate its hash found. Their return types change, so both are
-- created anew, with the grants they had.

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
  suspended_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.certificate_name, c.file_type, c.created_at, c.file_hash, c.content_hash, c.storage_path,
         private.certificate_status(c.revoked, c.suspended, c.expiry_date, c.verification_status),
         c.recipient_name, c.issue_date, c.expiry_date, c.revoked_at, c.revocation_reason, c.suspended_at
  from public.certificates c
  where c.id = p_id
$$;
comment on function private.find_certificate_by_id(uuid) is
  'The certificate a verification matched, as a verification result shows it: title, file, hashes, status (private.certificate_status) and what explains it (printed recipient and dates, revocation date and reason, suspension date; what its public page shows). SECURITY DEFINER for the public verification; only the api calls it, with an id the engine returned or private.verify_exact_file found (schema private is not exposed).';

revoke all on function private.find_certificate_by_id(uuid) from public, anon, authenticated, service_role;
grant execute on function private.find_certificate_by_id(uuid) to anon, authenticated, service_role;

drop function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text);
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
  created_at timestamptz,
  file_hash text,
  content_hash text,
  storage_path text,
  outcome text,
  recipient_name text,
  issue_date date,
  expiry_date date,
  revoked_at timestamptz,
  revocation_reason text,
  suspended_at timestamptz,
  attempt_id bigint,
  registered_copy boolean
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_limit record;
  v_found record;
  v_copy boolean := false;
  v_attempt bigint;
begin
  if p_action not in ('verify', 'verify_hash') then
    raise exception 'verify_exact_file counts verify or verify_hash only' using errcode = '22023';
  end if;
  select * into v_limit from private.take_rate_limit(p_action, p_subject_kind, p_subject, p_limit, p_window_seconds);
  if not v_limit.allowed then
    return query select false, v_limit.retry_after, v_limit.max_hits, null::uuid, null::text,
      null::public.certificate_file_type, null::timestamptz, null::text, null::text, null::text, null::text,
      null::text, null::date, null::date, null::timestamptz, null::text, null::timestamptz, null::bigint,
      null::boolean;
    return;
  end if;

  select f.* into v_found
  from public.certificates c
  cross join lateral private.find_certificate_by_id(c.id) f
  where c.file_hash = p_file_hash;
  if v_found.id is null then
    select f.* into v_found
    from public.certificate_copies k
    cross join lateral private.find_certificate_by_id(k.certificate_id) f
    where k.file_hash = p_file_hash;
    v_copy := v_found.id is not null;
  end if;
  if v_found.id is null then
    -- A miss is not logged here: the file path goes on to compare content and logs then; the
    -- hash-first client sends the file next, and that attempt is logged.
    return query select true, v_limit.retry_after, v_limit.max_hits, null::uuid, null::text,
      null::public.certificate_file_type, null::timestamptz, null::text, null::text, null::text, null::text,
      null::text, null::date, null::date, null::timestamptz, null::text, null::timestamptz, null::bigint,
      null::boolean;
    return;
  end if;
  v_attempt := private.record_verification_verdict(
    p_file_hash, p_file_size, p_mime_type, 'identical', v_found.status = 'valid', v_found.status, 'exact_file',
    v_found.id, p_requester_hash);
  return query select
    true, v_limit.retry_after, v_limit.max_hits,
    v_found.id, v_found.certificate_name, v_found.file_type, v_found.created_at, v_found.file_hash,
    v_found.content_hash, v_found.storage_path, v_found.status, v_found.recipient_name, v_found.issue_date,
    v_found.expiry_date, v_found.revoked_at, v_found.revocation_reason, v_found.suspended_at, v_attempt, v_copy;
end
$$;
comment on function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text) is
  'Exact-file verification in one round trip: counts the hit against the caller''s rate limit (private.take_rate_limit; when refused, allowed is false and nothing else happens), then finds the certificate whose stored file, or else one of whose registered verifiable copies (public.certificate_copies; registered_copy true), has this sha256, and logs the attempt (verdict identical) with its outcome, private.certificate_status. The certificate''s columns are private.find_certificate_by_id''s (outcome is its status). Always one row; id is null when no file matches (a miss is not logged).';

revoke all on function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text)
  from public, anon, authenticated, service_role;
grant execute on function private.verify_exact_file(text, text, text, integer, integer, text, bigint, text, text)
  to service_role;
