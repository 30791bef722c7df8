-- The three statistics of the spec, computed in SQL in the API contract's shapes
-- (supabase/functions/_shared/api-contract.ts: VerificationStats, CertificateStats, UserStats).

create function private.verification_stats() returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'totalCertificates', c.total,
    'verifiedCertificates', c.verified,
    'revokedCertificates', c.revoked,
    'verificationRate', a.rate
  )
  from (
    select count(*) as total,
           count(*) filter (where verification_status = 'verified' and not revoked) as verified,
           count(*) filter (where revoked) as revoked
    from public.certificates
  ) c
  cross join (
    select coalesce(round(100.0 * count(*) filter (where verified) / nullif(count(*), 0), 1), 0) as rate
    from public.verification_attempts
  ) a
$$;
comment on function private.verification_stats() is
  'Public verification page tiles: {totalCertificates, verifiedCertificates (verified and not revoked), revokedCertificates, verificationRate (percent of logged attempts that verified, 1 decimal, 0 without attempts)}. SECURITY DEFINER so visitors get the aggregate counts; it returns no row data.';

revoke all on function private.verification_stats() from public, anon, authenticated, service_role;
grant execute on function private.verification_stats() to anon, authenticated, service_role;

create function public.certificate_stats(scope text default 'all') returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  result json;
begin
  if scope is null or scope not in ('all', 'revoked') then
    raise exception 'scope must be all or revoked' using errcode = '22023';
  end if;
  with scoped as (
    select c.file_type, c.verification_status, c.file_size, c.revoked_at
    from public.certificates c
    where scope = 'all' or c.revoked
  )
  select json_build_object(
    'total', (select count(*) from scoped),
    'totalFileSize', (select coalesce(sum(file_size), 0) from scoped),
    'byFileType', coalesce(
      (select json_object_agg(t.file_type, t.n) from (
         select file_type, count(*) as n from scoped group by file_type order by file_type
       ) t),
      '{}'::json),
    'byVerificationStatus', coalesce(
      (select json_object_agg(s.verification_status, s.n) from (
         select verification_status, count(*) as n from scoped group by verification_status order by verification_status
       ) s),
      '{}'::json),
    'latestRevokedAt', (select max(revoked_at) from scoped)
  )
  into result;
  return result;
end
$$;
comment on function public.certificate_stats(text) is
  'Admin certificate screens: {total, totalFileSize (bytes), byFileType, byVerificationStatus, latestRevokedAt}; scope revoked counts revoked certificates only. SECURITY INVOKER: RLS decides what is counted, so an admin sees all and anyone else only their own.';

revoke all on function public.certificate_stats(text) from public, anon, authenticated, service_role;
grant execute on function public.certificate_stats(text) to authenticated, service_role;

create function public.user_stats() returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select json_build_object(
    'total', (select count(*) from public.profiles),
    'byRole', coalesce(
      (select json_object_agg(r.role, r.n) from (
         select role, count(*) as n from public.profiles group by role order by role
       ) r),
      '{}'::json),
    'byStatus', coalesce(
      (select json_object_agg(s.status, s.n) from (
         select status, count(*) as n from public.profiles group by status order by status
       ) s),
      '{}'::json)
  )
$$;
comment on function public.user_stats() is
  'User management panel: {total, byRole, byStatus}. SECURITY INVOKER: RLS decides what is counted, so an admin sees all users and anyone else only themselves.';

revoke all on function public.user_stats() from public, anon, authenticated, service_role;
grant execute on function public.user_stats() to authenticated, service_role;
