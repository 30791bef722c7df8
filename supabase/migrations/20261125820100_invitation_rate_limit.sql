-- Issue 9: an admin may send a certificate's invitation again (POST /certificates/{id}/invite). Each
-- resend is a mail to someone without an account, so it is counted per admin like the other actions.
insert into private.rate_limit_rules (action, window_seconds, per_ip, per_user, per_admin, description) values
  ('invite', 3600, 1, 1, 30, 'POST /certificates/{id}/invite: invitations sent again by an admin (admins only)');
