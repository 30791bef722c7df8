-- Verification engine v2 in the attempts log: the verdict (identical, authentic, altered, unknown),
-- the new evidence channels, and the suspended/expired standings. An altered copy of a valid
-- certificate has outcome 'valid' (the record's standing) but is never verified.
update public.verification_attempts set match_channel = 'visual' where match_channel = 'same_content';

alter table public.verification_attempts
  drop constraint verification_attempts_match_channel_check,
  drop constraint verification_attempts_outcome_check,
  drop constraint verification_attempts_verified_iff_valid,
  add column verdict text check (verdict in ('identical', 'authentic', 'altered', 'unknown'));

alter table public.verification_attempts
  add constraint verification_attempts_match_channel_check
    check (match_channel in ('exact_file', 'certificate_code', 'visual')),
  add constraint verification_attempts_outcome_check
    check (outcome in ('valid', 'revoked', 'suspended', 'expired', 'pending', 'failed', 'not_found')),
  add constraint verification_attempts_verified_iff_valid_and_faithful
    check (verified = (outcome = 'valid' and coalesce(verdict, 'identical') in ('identical', 'authentic')));

comment on column public.verification_attempts.verdict is
  'What the comparison with the registered original concluded; null for attempts logged before engine v2.';
comment on column public.verification_attempts.match_channel is
  'Which evidence found the certificate: exact_file (same bytes), certificate_code (QR or number on the copy) or visual (the page itself); null when nothing matched.';

create function private.record_verification_verdict(
  p_file_hash text,
  p_file_size bigint,
  p_mime_type text,
  p_verdict text,
  p_verified boolean,
  p_outcome text,
  p_match_channel text,
  p_certificate_id uuid,
  p_requester_hash text
) returns bigint
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.verification_attempts (
    file_hash, file_size, mime_type, verdict, verified, outcome, match_channel, certificate_id, requester_hash
  )
  values (
    p_file_hash, p_file_size, p_mime_type, p_verdict, p_verified, p_outcome, p_match_channel, p_certificate_id,
    p_requester_hash
  )
  returning id
$$;
comment on function private.record_verification_verdict(text, bigint, text, text, boolean, text, text, uuid, text) is
  'Logs one verification with its engine v2 verdict and returns its id. SECURITY DEFINER for the same reason as record_verification_attempt: the public verification writes the log without any table grant.';

revoke all on function private.record_verification_verdict(text, bigint, text, text, boolean, text, text, uuid, text)
  from public, anon, authenticated, service_role;
grant execute on function private.record_verification_verdict(text, bigint, text, text, boolean, text, text, uuid, text)
  to anon, authenticated, service_role;

create function private.find_certificate_by_id(p_id uuid)
returns setof private.verification_candidate
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.certificate_name, c.file_type, c.mime_type, c.created_at, c.file_hash, c.content_hash,
         c.storage_path, c.visual_fingerprint, c.verification_status, c.revoked, c.revoked_at
  from public.certificates c
  where c.id = p_id
$$;
comment on function private.find_certificate_by_id(uuid) is
  'The certificate the verification engine found by comparing pages. SECURITY DEFINER for the public verification; only the api calls it, with an id the engine returned (schema private is not exposed).';

revoke all on function private.find_certificate_by_id(uuid) from public, anon, authenticated, service_role;
grant execute on function private.find_certificate_by_id(uuid) to anon, authenticated, service_role;
