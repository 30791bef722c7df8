-- Profiles: the product's view of a user (spec section 3, "User (admin view)"), one row per auth user.

create table public.profiles (
  auth_id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  username text check (char_length(username) <= 100),
  firstname text check (char_length(firstname) <= 100),
  lastname text check (char_length(lastname) <= 100),
  avatar text check (char_length(avatar) <= 2048),
  role public.user_role not null default 'user',
  status public.user_status not null default 'pending',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is
  'One row per auth user, created by a trigger on auth.users. Users read and edit their own name fields; admins read all and change role and status. Deleting the auth user deletes the profile.';
comment on column public.profiles.auth_id is 'auth.users.id; the key the API uses for a user.';
comment on column public.profiles.email is 'Copy of auth.users.email, kept in sync by a trigger; not editable through the API roles.';
comment on column public.profiles.role is 'Only an active admin may change it, and never on their own row (see private.protect_profile_columns).';
comment on column public.profiles.status is 'pending until the email is confirmed, then active; admins may set inactive or banned. Never changed by the user.';

alter table public.profiles enable row level security;

-- ---------------------------------------------------------------------------------------------
-- Role helpers for policies
-- ---------------------------------------------------------------------------------------------
create function private.current_user_role() returns public.user_role
language sql
stable
security definer
set search_path = ''
as $$
  select p.role from public.profiles p where p.auth_id = (select auth.uid())
$$;
comment on function private.current_user_role() is
  'Role of the requesting user (auth.uid()), or null. SECURITY DEFINER so policies on profiles can call it without recursing into their own RLS; reads only the caller''s own row.';

create function private.is_active_user() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p
    where p.auth_id = (select auth.uid()) and p.status = 'active'
  )
$$;
comment on function private.is_active_user() is
  'True when the requesting user has an active profile. SECURITY DEFINER; reads only the caller''s own row.';

create function private.is_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p
    where p.auth_id = (select auth.uid()) and p.role = 'admin' and p.status = 'active'
  )
$$;
comment on function private.is_admin() is
  'True when the requesting user is an active admin (an inactive or banned admin has no admin rights). SECURITY DEFINER; reads only the caller''s own row. Wrap in (select ...) inside policies so it runs once per statement.';

revoke all on function private.current_user_role() from public, anon, authenticated, service_role;
revoke all on function private.is_active_user() from public, anon, authenticated, service_role;
revoke all on function private.is_admin() from public, anon, authenticated, service_role;
grant execute on function private.current_user_role() to authenticated, service_role;
grant execute on function private.is_active_user() to authenticated, service_role;
grant execute on function private.is_admin() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Policies: one per command, all for signed-in users; anon sees nothing.
-- Nobody inserts directly: the auth trigger below creates the row.
-- ---------------------------------------------------------------------------------------------
create policy "profiles: users read their own, admins read all"
  on public.profiles for select to authenticated
  using (auth_id = (select auth.uid()) or (select private.is_admin()));

create policy "profiles: users update their own, admins update all"
  on public.profiles for update to authenticated
  using (auth_id = (select auth.uid()) or (select private.is_admin()))
  with check (auth_id = (select auth.uid()) or (select private.is_admin()));

create policy "profiles: admins delete"
  on public.profiles for delete to authenticated
  using ((select private.is_admin()));

revoke insert on public.profiles from anon, authenticated;
revoke all on public.profiles from anon;

-- ---------------------------------------------------------------------------------------------
-- Column protection
-- ---------------------------------------------------------------------------------------------
create function private.protect_profile_columns() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Only requests made as an API role are limited; the auth sync trigger and the service role are trusted.
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.auth_id is distinct from old.auth_id
     or new.email is distinct from old.email
     or new.created_at is distinct from old.created_at then
    raise exception 'auth_id, email and created_at cannot be changed'
      using errcode = '42501';
  end if;
  if new.role is distinct from old.role or new.status is distinct from old.status then
    if not (select private.is_admin()) then
      raise exception 'only an admin can change role or status'
        using errcode = '42501';
    end if;
    if old.auth_id = (select auth.uid()) then
      raise exception 'an admin cannot change their own role or status'
        using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;
comment on function private.protect_profile_columns() is
  'Trigger: for the API roles, auth_id, email and created_at never change; role and status change only by an active admin and never on their own row (no self-promotion, no admin locking themselves out). SECURITY INVOKER so current_user is the requesting role.';
revoke all on function private.protect_profile_columns() from public, anon, authenticated, service_role;

create trigger protect_profile_columns
  before update on public.profiles
  for each row execute function private.protect_profile_columns();

create trigger set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Sync from auth.users
-- ---------------------------------------------------------------------------------------------
create function private.handle_new_auth_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
begin
  insert into public.profiles (auth_id, email, username, firstname, lastname, status)
  values (
    new.id,
    coalesce(new.email, ''),
    left(nullif(pg_catalog.split_part(coalesce(new.email, ''), '@', 1), ''), 100),
    left(nullif(pg_catalog.btrim(coalesce(meta ->> 'firstname', meta ->> 'first_name')), ''), 100),
    left(nullif(pg_catalog.btrim(coalesce(meta ->> 'lastname', meta ->> 'last_name')), ''), 100),
    case when new.email_confirmed_at is not null then 'active'::public.user_status
         else 'pending'::public.user_status end
  )
  on conflict (auth_id) do nothing;
  return new;
end
$$;
comment on function private.handle_new_auth_user() is
  'Trigger on auth.users insert: creates the profile (email, username = local part of the email, first/last name from user metadata keys firstname/lastname or first_name/last_name, status active when already confirmed else pending). SECURITY DEFINER because the auth service inserts users; names are user input and only stored, never trusted for access.';

create function private.handle_auth_user_updated() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles p
  set email = coalesce(new.email, p.email),
      status = case
                 when p.status = 'pending' and new.email_confirmed_at is not null then 'active'::public.user_status
                 else p.status
               end
  where p.auth_id = new.id;
  return new;
end
$$;
comment on function private.handle_auth_user_updated() is
  'Trigger on auth.users update of email or email_confirmed_at: keeps profiles.email in sync and moves pending to active once the email is confirmed (never touches inactive or banned). SECURITY DEFINER because the auth service updates users.';

revoke all on function private.handle_new_auth_user() from public, anon, authenticated, service_role;
revoke all on function private.handle_auth_user_updated() from public, anon, authenticated, service_role;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_auth_user();

create trigger on_auth_user_updated
  after update of email, email_confirmed_at on auth.users
  for each row
  when (old.email is distinct from new.email or old.email_confirmed_at is distinct from new.email_confirmed_at)
  execute function private.handle_auth_user_updated();
