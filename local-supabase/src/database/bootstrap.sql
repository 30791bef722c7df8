-- Platform bootstrap of the local stand-in.
--
-- Run once by the stack as the superuser `supabase_admin`, connected to database `postgres`, before
-- any project migration. It recreates what a hosted Supabase project already has when the project's
-- own migrations start: the API roles, `postgres` with its hosted (non-superuser) rights, schema
-- `extensions`, and the parts of schemas `auth` and `storage` the product uses, with Supabase's names.
--
-- It deliberately leaves `postgres` with the same limits as on hosted (reference section 10): it does
-- not own `auth` or `storage`, cannot alter their tables or create functions in them, yet may reference
-- auth.users, add triggers to it, insert buckets and manage policies on storage.objects. A migration
-- that only works here because of extra rights would break on hosted, so none are given.
--
-- Locally every login role's password equals its name; the server only listens on 127.0.0.1.

-- ---------------------------------------------------------------------------------------------
-- Roles (cluster-wide, so guarded: a database reset keeps them)
-- ---------------------------------------------------------------------------------------------
do $roles$
declare
  spec record;
begin
  for spec in
    select *
    from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit password ''authenticator'''),
      ('postgres', 'login nosuperuser createdb createrole replication bypassrls password ''postgres'''),
      ('supabase_auth_admin', 'login noinherit createrole password ''supabase_auth_admin'''),
      ('supabase_storage_admin', 'login noinherit createrole password ''supabase_storage_admin''')
    ) as roles(name, options)
  loop
    if exists (select 1 from pg_catalog.pg_roles where rolname = spec.name) then
      execute format('alter role %I with %s', spec.name, spec.options);
    else
      execute format('create role %I with %s', spec.name, spec.options);
    end if;
  end loop;
end
$roles$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
-- The storage service switches to the caller's role per request (`set local role`), as Supabase Storage does.
grant anon, authenticated, service_role to supabase_storage_admin;

-- Same timeouts as hosted, so a slow policy shows up locally too.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

alter role postgres set search_path = "$user", public, extensions;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;

-- ---------------------------------------------------------------------------------------------
-- Database and schema public, as on hosted: `postgres` owns the database (so it owns schema public
-- through pg_database_owner) and whatever it creates there is reachable by the API roles, with RLS
-- deciding row access.
-- ---------------------------------------------------------------------------------------------
do $db$
begin
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant all on database %I to postgres', current_database());
end
$db$;

grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres;

alter default privileges for role postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to anon, authenticated, service_role;

alter default privileges for role supabase_admin in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on functions to postgres, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Extensions live in their own schema, as on hosted.
-- ---------------------------------------------------------------------------------------------
create schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres;

create extension pgcrypto with schema extensions;
create extension "uuid-ossp" with schema extensions;
create extension pg_trgm with schema extensions;

-- ---------------------------------------------------------------------------------------------
-- Schema auth: the tables and columns GoTrue's migrations leave (for the parts the product uses)
-- ---------------------------------------------------------------------------------------------
create schema auth authorization supabase_auth_admin;
set role supabase_auth_admin;

create table auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
comment on table auth.users is 'Auth: stores user login data within a secure schema.';
comment on column auth.users.is_sso_user is 'Auth: set when the account is managed by an SSO provider; such accounts may share an email.';

create unique index users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index users_instance_id_idx on auth.users (instance_id);
create index users_instance_id_email_idx on auth.users (instance_id, lower(email::text));
create index users_is_anonymous_idx on auth.users (is_anonymous);
create unique index confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token::text !~ '^[0-9 ]*$';
create unique index recovery_token_idx on auth.users (recovery_token)
  where recovery_token::text !~ '^[0-9 ]*$';
create unique index email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current::text !~ '^[0-9 ]*$';
create unique index email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new::text !~ '^[0-9 ]*$';
create unique index reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token::text !~ '^[0-9 ]*$';

create table auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
comment on table auth.identities is 'Auth: stores identities associated to a user.';
comment on column auth.identities.email is 'Auth: email is a generated column that references the optional email property in the identity_data';
create index identities_user_id_idx on auth.identities (user_id);
create index identities_email_idx on auth.identities (email text_pattern_ops);

create table auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text check (aal in ('aal1', 'aal2', 'aal3')),
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
comment on table auth.sessions is 'Auth: stores session data associated to a user.';
comment on column auth.sessions.not_after is 'Auth: not_after is a nullable column that contains a timestamp after which the session should be regarded as expired.';
create index sessions_user_id_idx on auth.sessions (user_id);
create index sessions_not_after_idx on auth.sessions (not_after desc);
create index user_id_created_at_idx on auth.sessions (user_id, created_at);

create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';
create index refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

-- The request's identity, as PostgREST and the storage service set it: the legacy single-claim
-- settings first, then the JSON claims.
create function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';

create function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';

create function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

create function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

reset role;

-- Hosted grants: the API roles may call the helpers but never read auth tables; `postgres` may
-- read and write them (seed.sql inserts users, migrations add FKs and triggers) without owning them,
-- so it cannot alter them, index them or create functions in the schema.
grant usage on schema auth to postgres, anon, authenticated, service_role;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant execute on all functions in schema auth to postgres, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Schema storage: buckets and objects as Supabase Storage's migrations leave them
-- ---------------------------------------------------------------------------------------------
create schema storage authorization supabase_storage_admin;
set role supabase_storage_admin;

create type storage.buckettype as enum ('STANDARD', 'ANALYTICS');

create table storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD',
  versioning_status text
);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
create unique index bname on storage.buckets (name);

create table storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  level integer
);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
create unique index bucketid_objname on storage.objects (bucket_id, name);
create index name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- Path helpers for policies: 'a/b/c.pdf' -> foldername {a,b}, filename 'c.pdf', extension 'pdf'
-- (a name without a dot is its own extension, as on hosted).
create function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:cardinality(string_to_array(name, '/')) - 1]
$$;

create function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[cardinality(string_to_array(name, '/'))]
$$;

create function storage.extension(name text) returns text
language sql immutable
as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;

-- Rows may only disappear through the Storage API (which sets storage.allow_delete_query), so that
-- no object metadata is removed while its bytes stay behind.
create function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using errcode = '42501',
            hint = 'This prevents accidental data loss from orphaned objects.';
  end if;
  return null;
end
$$;

create trigger protect_buckets_delete
  before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete
  before delete on storage.objects
  for each statement execute function storage.protect_delete();

reset role;

grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres, anon, authenticated, service_role;
grant execute on all functions in schema storage to postgres, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Policy management on platform tables, as hosted grants it to `postgres` (Supabase's supautils
-- `policy_grants` / `drop_trigger_grants`): Postgres itself only lets a table's owner create policies
-- or drop triggers. While one such statement runs, the listed tables are owned by `postgres`; the
-- owner is put back when the statement ends (or rolled back with it). Only these statement types are
-- covered, so `alter table storage.objects ...` still fails with 'must be owner' as on hosted.
-- ---------------------------------------------------------------------------------------------
create function extensions.lend_platform_tables_to_postgres() returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Only for statements issued as postgres: the real owners (and anyone else) keep normal behaviour.
  -- Inside a SECURITY DEFINER function the caller's role is the `role` setting, or the login role.
  if (case when current_setting('role') = 'none' then session_user::text else current_setting('role') end)
     <> 'postgres' then
    return;
  end if;
  update pg_catalog.pg_class
  set relowner = 'postgres'::regrole
  where oid in ('auth.users'::regclass, 'auth.identities'::regclass,
                'storage.buckets'::regclass, 'storage.objects'::regclass);
end
$$;

create function extensions.return_platform_tables() returns event_trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update pg_catalog.pg_class
  set relowner = case relnamespace
                   when 'auth'::regnamespace then 'supabase_auth_admin'::regrole
                   else 'supabase_storage_admin'::regrole
                 end
  where oid in ('auth.users'::regclass, 'auth.identities'::regclass,
                'storage.buckets'::regclass, 'storage.objects'::regclass)
    and relowner = 'postgres'::regrole;
end
$$;

revoke all on function extensions.lend_platform_tables_to_postgres() from public;
revoke all on function extensions.return_platform_tables() from public;

create event trigger platform_policy_grants_start on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function extensions.lend_platform_tables_to_postgres();
create event trigger platform_policy_grants_end on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER')
  execute function extensions.return_platform_tables();
