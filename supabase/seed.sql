-- Demo accounts for local development and tests.
--
-- NEVER run this on a production project: it creates confirmed accounts with a published password,
-- one of them an admin. `supabase db reset` and the local stack run it after the migrations.
--
-- Accounts (password `password123` for all):
--   admin@example.com      role admin
--   moderator@example.com  role moderator
--   user@example.com       role user
--
-- Rows are written the way GoTrue writes them (empty strings, not NULL, in the token columns; the
-- zero instance id; an email identity per user), so the accounts can sign in through /auth/v1.
-- No certificates here: sample certificates are uploaded through the API, which computes their hashes.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token,
  raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000',
  demo.id,
  'authenticated',
  'authenticated',
  demo.email,
  extensions.crypt('password123', extensions.gen_salt('bf')),
  now(),
  '', '', '', '', '', '', '', '',
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('firstname', demo.firstname, 'lastname', demo.lastname),
  false,
  now(),
  now()
from (
  values
    ('11111111-1111-4111-8111-111111111111'::uuid, 'admin@example.com', 'Ada', 'Admin'),
    ('22222222-2222-4222-8222-222222222222'::uuid, 'moderator@example.com', 'Morgan', 'Moderator'),
    ('33333333-3333-4333-8333-333333333333'::uuid, 'user@example.com', 'Uma', 'User')
) as demo(id, email, firstname, lastname)
on conflict (id) do nothing;

-- The email identity of each account, as GoTrue writes one at sign-up (it lists the sign-in methods;
-- password sign-in itself needs only auth.users). `postgres` may write auth.identities only through a
-- default privilege that GoTrue's migrations inherit, and new hosted projects may not grant it: there the
-- identities are skipped with a notice instead of failing the seed, and the accounts still sign in.
do $seed_identities$
begin
  if not has_table_privilege('auth.identities', 'insert') then
    raise notice 'seed.sql: % may not insert into auth.identities here; demo accounts get no identity rows', current_user;
    return;
  end if;
  insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
  select
    gen_random_uuid(),
    u.id::text,
    u.id,
    jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
    'email',
    now(),
    now(),
    now()
  from auth.users u
  where u.id in (
    '11111111-1111-4111-8111-111111111111',
    '22222222-2222-4222-8222-222222222222',
    '33333333-3333-4333-8333-333333333333'
  )
  on conflict (provider_id, provider) do nothing;
end
$seed_identities$;

-- The auth trigger created the profiles as confirmed (active) users; give the demo roles.
update public.profiles
set role = 'admin'
where auth_id = '11111111-1111-4111-8111-111111111111';

update public.profiles
set role = 'moderator'
where auth_id = '22222222-2222-4222-8222-222222222222';
