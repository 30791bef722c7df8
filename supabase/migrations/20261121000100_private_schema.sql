-- Extensions and the private schema for helper functions.
--
-- Helpers used by RLS policies and the narrow SECURITY DEFINER functions the API calls live in
-- `private`, which the Data API does not expose (only `public` is), so nobody can call them over
-- REST; they stay callable from policies and from the edge function's SQL connection.

create extension if not exists pgcrypto with schema extensions;

create schema if not exists private;
comment on schema private is
  'Helpers for RLS policies and narrow SECURITY DEFINER functions. Not exposed by the Data API; every function revokes execute from public and grants it only to the roles that need it.';

-- Policies run as the requesting role, so the API roles must be able to resolve the helpers.
grant usage on schema private to anon, authenticated, service_role;

create function private.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end
$$;
comment on function private.set_updated_at() is
  'Trigger: stamps updated_at on every update. SECURITY INVOKER; not callable directly.';
revoke all on function private.set_updated_at() from public, anon, authenticated, service_role;
