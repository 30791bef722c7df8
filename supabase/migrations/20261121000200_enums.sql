-- Value sets shared by the tables (spec section 3; api-contract.ts repeats them for the clients).

create type public.user_role as enum ('user', 'moderator', 'admin');
comment on type public.user_role is
  'Role of a profile. moderator exists as a value only: the spec ties no extra screens or rights to it.';

create type public.user_status as enum ('active', 'inactive', 'banned', 'pending');
comment on type public.user_status is
  'pending = email not confirmed yet (set automatically); active = may use the product; inactive and banned = may not sign in or call the API.';

create type public.verification_status as enum ('verified', 'pending', 'failed');
comment on type public.verification_status is
  'Review state of a certificate: an admin upload that processed cleanly is verified; a user upload stays pending until an admin approves (verified) or rejects (failed).';

create type public.certificate_file_type as enum ('image', 'pdf');
comment on type public.certificate_file_type is 'Kind of stored certificate file, derived from its magic bytes.';
