/**
 * What other parts of the app may use from the auth feature: the account fields (names, new password)
 * that every form asking for them shares, so labels and rules are the same everywhere.
 */
export {
  ACCOUNT_FIELD_LABELS,
  NameFields,
  type NameFieldsProps,
  NewPasswordFields,
  type NewPasswordFieldsProps,
} from './components/account-fields';
