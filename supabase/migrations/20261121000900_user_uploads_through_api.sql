-- A user's certificate row may only be written by the API, which computed its evidence.
--
-- Attack closed here: on hosted Supabase the Data API (PostgREST) serves `public`, so a signed-in user
-- could `POST /rest/v1/certificates` a pending row of their own with any file_hash, content_hash,
-- visual fingerprint and text, next to an innocent-looking stored file. An admin reviews the stored
-- file and approves; from then on a forged document whose hash the attacker registered verifies as
-- valid. RLS cannot tell the API's insert from a direct one (both run as `authenticated`), so users
-- lose the direct INSERT and the API calls a SECURITY DEFINER function in schema `private`, which the
-- Data API does not expose (as for private.record_verification_attempt). Admins keep the direct
-- INSERT: they are trusted to register certificates.

drop policy "certificates: users add own pending ones, admins add any" on public.certificates;

create policy "certificates: admins add"
  on public.certificates for insert to authenticated
  with check ((select private.is_admin()));

create function private.add_own_pending_certificate(
  p_id uuid,
  p_certificate_name text,
  p_certificate_hash text,
  p_storage_path text,
  p_file_type public.certificate_file_type,
  p_mime_type text,
  p_file_size bigint,
  p_file_hash text,
  p_content_hash text,
  p_ocr_content text,
  p_visual_fingerprint bytea
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
    file_size, file_hash, content_hash, ocr_content, visual_fingerprint, verification_status
  )
  values (
    p_id, caller, caller, p_certificate_name, p_certificate_hash, p_storage_path, p_file_type, p_mime_type,
    p_file_size, p_file_hash, p_content_hash, p_ocr_content, p_visual_fingerprint, 'pending'
  )
  returning * into inserted;
  return inserted;
end
$$;
comment on function private.add_own_pending_certificate(
  uuid, text, text, text, public.certificate_file_type, text, bigint, text, text, text, bytea
) is
  'The API''s insert of an active user''s own upload: always owned and uploaded by auth.uid(), always pending, never reviewed or revoked. SECURITY DEFINER because users have no direct INSERT (they could forge the evidence columns over the Data API); reachable only through the edge function, since schema private is not exposed. The table''s checks (storage path in the owner''s folder, hash formats, unique file_hash) still apply.';

revoke all on function private.add_own_pending_certificate(
  uuid, text, text, text, public.certificate_file_type, text, bigint, text, text, text, bytea
) from public, anon, authenticated, service_role;
grant execute on function private.add_own_pending_certificate(
  uuid, text, text, text, public.certificate_file_type, text, bigint, text, text, text, bytea
) to authenticated;
