import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '../schemas';

/**
 * The labels of a person's account fields, the same on every form that asks for them (register,
 * accept invitation, reset password, Edit Profile); tests find the inputs by them.
 */
export const ACCOUNT_FIELD_LABELS = {
  firstname: 'First name',
  lastname: 'Last name',
  username: 'Username',
  password: 'Password',
  confirm: 'Repeat password',
} as const;

interface NameValues {
  firstname: string;
  lastname: string;
}

export interface NameFieldsProps<Values extends NameValues> {
  form: UseFormReturnType<Values>;
  /** Also ask for the username (Edit Profile, accept invitation). */
  withUsername?: boolean;
}

/** First and last name (and the username when asked), wired to the form whose schema holds their rules. */
export function NameFields<Values extends NameValues>({
  form,
  withUsername = false,
}: NameFieldsProps<Values>) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={ACCOUNT_FIELD_LABELS.firstname}
          autoComplete="given-name"
          withAsterisk
          key={form.key('firstname')}
          {...form.getInputProps('firstname')}
        />
        <TextInput
          label={ACCOUNT_FIELD_LABELS.lastname}
          autoComplete="family-name"
          withAsterisk
          key={form.key('lastname')}
          {...form.getInputProps('lastname')}
        />
      </SimpleGrid>
      {withUsername ? (
        <TextInput
          label={ACCOUNT_FIELD_LABELS.username}
          autoComplete="username"
          description="Letters, digits, dots, hyphens and underscores"
          withAsterisk
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
      ) : null}
    </>
  );
}

interface PasswordValues {
  password: string;
}

export interface NewPasswordFieldsProps<Values extends PasswordValues> {
  form: UseFormReturnType<Values>;
  /** Ask for the password twice (a `confirm` value the schema compares). */
  withConfirm?: boolean;
}

/** A new password (and its repetition when asked), wired to the form whose schema holds the rules. */
export function NewPasswordFields<Values extends PasswordValues>({
  form,
  withConfirm = false,
}: NewPasswordFieldsProps<Values>) {
  return (
    <>
      <PasswordInput
        label={ACCOUNT_FIELD_LABELS.password}
        autoComplete="new-password"
        placeholder={`Minimum ${PASSWORD_MIN_LENGTH} characters`}
        withAsterisk
        visibilityToggleButtonProps={{ 'aria-label': 'Toggle password visibility' }}
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      {withConfirm ? (
        <PasswordInput
          label={ACCOUNT_FIELD_LABELS.confirm}
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': 'Toggle repeated password visibility' }}
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
      ) : null}
    </>
  );
}
